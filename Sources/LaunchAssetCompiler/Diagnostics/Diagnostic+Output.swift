// What writing and reading back a render's outputs can run into: the output folder, the files
// outside it, the launch screen, the signing key, a render folder changed after the render, and
// the shards of a merge. Each factory words one finding; the caller places it.
extension Diagnostic {
    // MARK: - Writing

    /// A file of `init`'s starter that is already there; nothing was written.
    static var starterWouldOverwrite: Diagnostic {
        Diagnostic(message: "already exists: init writes into a folder without the starter's files, and changed nothing")
    }

    /// A file of `init`'s starter that could not be written, for `reason`; the ones written before were removed.
    static func starterNotWritten(reason: String) -> Diagnostic {
        Diagnostic(message: "cannot write the starter (\(reason)); the files written before it were removed")
    }

    /// The starter is not among the tool's resources (a build that left them out).
    static var starterMissing: Diagnostic {
        Diagnostic(message: "the starter is missing from launch-assets' resources: build launch-assets again")
    }

    /// The output folder could not be written, for `reason`; nothing was replaced.
    static func outputNotWritten(reason: String) -> Diagnostic {
        Diagnostic(message: "cannot write the output (\(reason)); the previous output is untouched")
    }

    /// A file is where the output folder goes.
    static var outputIsAFile: Diagnostic {
        Diagnostic(message: "the output path exists and is not a folder")
    }

    /// A folder the render replaces whole inside another such folder (`container`).
    static func ownedFolderInside(_ container: String) -> Diagnostic {
        Diagnostic(message: "cannot be inside \(container), which is replaced whole")
    }

    /// The output folder could not be swapped in, for `reason`; the previous one stays.
    static func outputNotReplaced(reason: String) -> Diagnostic {
        Diagnostic(message: "cannot replace the output folder (\(reason)); the previous output is untouched")
    }

    /// A file outside the output folder could not be renamed into place; `restored` says the
    /// previous output folder was put back.
    static func fileNotReplaced(reason: String, restored: Bool) -> Diagnostic {
        Diagnostic(message: "cannot replace the file (\(reason))\(restored ? "; the previous output folder is restored" : "")")
    }

    /// A file that could not be staged, for `reason`; nothing was replaced.
    static func fileNotStaged(reason: String) -> Diagnostic {
        Diagnostic(message: "\(reason); the previous output is untouched")
    }

    /// A file that could not be read or written, for `reason`.
    static func fileFailed(reason: String) -> Diagnostic {
        Diagnostic(message: reason)
    }

    // MARK: - The launch screen

    /// The launch screen's logo could not be drawn, for `reason`.
    static func logoNotDrawn(reason: String) -> Diagnostic {
        Diagnostic(message: reason)
    }

    // MARK: - Signing keys

    /// A key file that is not one line of base64 of 32 bytes.
    static var notASigningKey: Diagnostic {
        Diagnostic(message: "not a launch-assets signing key: expected one line of base64 of 32 bytes, as `launch-assets keygen` writes")
    }

    /// `keygen --output` names a file that exists.
    static var signingKeyExists: Diagnostic {
        Diagnostic(message: "already exists: a signing key is never overwritten; choose another file")
    }

    /// A step of writing a key file failed, for `reason`.
    static func signingKeyNotWritten(_ action: String, reason: String) -> Diagnostic {
        Diagnostic(message: "cannot \(action) (\(reason))")
    }

    // MARK: - Reading renders back

    /// An image or pack entry whose bytes are not the manifest's.
    static func bytesChanged(md5: String) -> Diagnostic {
        Diagnostic(message: "the bytes do not match the manifest's md5 \(md5): the folder was changed after the render")
    }

    /// A variant's bytes that could not be read or decoded, for `reason`.
    static func imageUnusable(_ reason: String) -> Diagnostic {
        Diagnostic(message: reason)
    }

    /// The gallery's template is missing from the generator's resources.
    static var galleryTemplateMissing: Diagnostic {
        Diagnostic(message: "the gallery template is missing from the generator's resources")
    }

    /// The gallery's template could not be loaded, for `reason`.
    static func galleryTemplateUnusable(reason: String) -> Diagnostic {
        Diagnostic(message: "cannot load the gallery template (\(reason))")
    }

    // MARK: - Shards

    /// A folder given to `merge` without a shard record (`record`).
    static func notAShardFolder(record: String) -> Diagnostic {
        Diagnostic(message: "not a shard folder: no \(record) (render it with --shard K/N)")
    }

    /// `merge` with no folders.
    static var noShards: Diagnostic {
        Diagnostic(message: "no shard folders to merge")
    }

    /// A shard of another plan than the first (`first`, its plan `firstPlan`; this one's `plan`).
    static func shardOfAnotherRender(first: String, plan: String, firstPlan: String) -> Diagnostic {
        Diagnostic(
            message: "belongs to another render than \(first) (plan \(plan.prefix(12)) vs \(firstPlan.prefix(12))): "
                + "render every shard from the same inputs, options and launch-assets version")
    }

    /// Shard `shard` given a second time (also `other`).
    static func shardTwice(_ shard: String, also other: String) -> Diagnostic {
        Diagnostic(message: "shard \(shard) is given twice (also \(other))")
    }

    /// Shards `missing` of `count` not given.
    static func shardsMissing(_ missing: [String], of count: Int) -> Diagnostic {
        let names = missing.joined(separator: ", ")
        let subject = missing.count == 1 ? "shard \(names) is" : "shards \(names) are"
        return Diagnostic(message: "\(subject) missing: a merge needs all \(count)")
    }

    /// A shard record that does not list its own variants.
    static func shardListsOtherVariants(_ shard: String) -> Diagnostic {
        Diagnostic(message: "does not list exactly the variants of shard \(shard)")
    }

    /// A shard's image that could not be read, for `reason`.
    static func shardImageUnreadable(reason: String) -> Diagnostic {
        Diagnostic(message: "cannot read the shard's image (\(reason))")
    }

    /// A shard's image whose bytes are not the ones its record (`record`) lists.
    static func shardImageChanged(record: String) -> Diagnostic {
        Diagnostic(message: "does not match its md5 in \(record): the folder was changed after the render")
    }

    /// Shard 1 of a render with `--preview` without its `preview.png`.
    static var shardPreviewMissing: Diagnostic {
        Diagnostic(message: "missing: shard 1 of a render with --preview holds it")
    }
}
