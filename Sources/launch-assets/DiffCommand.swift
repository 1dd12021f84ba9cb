import ArgumentParser
import Foundation
import LaunchAssetCompiler
import LaunchScreenRepair

/// `launch-assets diff OLD NEW`: what changed between two render folders, for review and CI.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two render folders: variants added, removed, changed (with the share of pixels changed), unchanged.",
        discussion: """
            Reads each folder's manifest.json and checks its images (images/<id>.png, else the pack) \
            against the manifest's MD5s. With \
            --output, writes report.json and differences/<id>.png (the new image washed out, changed \
            pixels in red) for every changed variant; with --gallery also index.html with the old, \
            new and difference images side by side (old/ and new/ hold copies, so the folder stands \
            alone as a CI artifact). With --language, only the variants of those languages are \
            compared (and counted, and decide the exit status); layout changes are listed whatever \
            the language. Exit status: 0 identical, 3 different, 1 bad input (the message names the \
            file, or a tag neither render has), 2 usage.
            """
    )

    @Argument(help: ArgumentHelp("The earlier render folder.", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The later render folder.", valueName: "new"))
    var new: String

    @Option(
        help: ArgumentHelp(
            "Write the report, difference images and (with --gallery) a page into this folder (replaced whole).", valueName: "dir"
        ))
    var output: String?

    @Flag(help: "Also write <output>/index.html, the changed, added and removed variants side by side.")
    var gallery = false

    @Flag(help: "Print the report as JSON instead of text.")
    var json = false

    @Option(
        name: .customLong("language"),
        help: ArgumentHelp(
            "Only the variants that show this language (a BCP 47 tag: ar, zh-Hans), or with `neutral` those that are the same "
                + "in every language; repeat for several.",
            valueName: "tag|neutral"))
    var languages: [String] = []

    func validate() throws {
        guard !(gallery && output == nil) else { throw ValidationError("--gallery needs --output: the page is written into that folder") }
        for language in languages where language.lowercased() != ReviewLanguages.neutral && LanguageTag(language) == nil {
            throw ValidationError(
                "--language \(language): not a BCP 47 language tag (e.g. \"ar\", \"zh-Hans\") nor \"\(ReviewLanguages.neutral)\"")
        }
    }

    /// The languages asked for, in canonical case, `nil` for `neutral`.
    private var wantedLanguages: [String?] {
        languages.map { $0.lowercased() == ReviewLanguages.neutral ? nil : LanguageTag($0)?.description }
    }

    func run() throws {
        let before = try RenderFolder(directory: URL(fileURLWithPath: old))
        let after = try RenderFolder(directory: URL(fileURLWithPath: new))
        try before.verify()
        try after.verify()
        var comparison = RenderComparison(old: before.manifest, new: after.manifest)
        if !languages.isEmpty { comparison = try keepingLanguages(of: comparison, before.manifest, after.manifest) }

        var files: [String: FileContents] = [:]
        var rows: [DiffReport.Variant] = []
        var cards: [RenderComparison.Change: [Gallery.Card]] = [:]
        for entry in comparison.entries where entry.change != .unchanged {
            var row = DiffReport.Variant(id: entry.id, change: entry.change, differences: entry.differences)
            var images: [(label: String, path: String)] = []
            var note: String?
            if let variant = entry.old, entry.change != .added {
                if gallery { files["old/\(entry.id).png"] = try before.contents(of: variant) }
                images.append(("old", "old/\(entry.id).png"))
            }
            if let variant = entry.new, entry.change != .removed {
                if gallery { files["new/\(entry.id).png"] = try after.contents(of: variant) }
                images.append(("new", "new/\(entry.id).png"))
                if let previous = entry.old, entry.differences.contains("pixels"),
                    let difference = try PixelDifference(previous, in: before, variant, in: after)
                {
                    row.changedPixels = difference.changedPixels
                    row.share = difference.share
                    note = "\(Self.percent(difference.share)) of pixels changed"
                    if output != nil {
                        row.difference = "differences/\(entry.id).png"
                        files["differences/\(entry.id).png"] = .bytes(difference.png)
                        images.append(("difference", "differences/\(entry.id).png"))
                    }
                }
            }
            if entry.change == .changed, note == nil { note = entry.differences.joined(separator: ", ") + " changed" }
            rows.append(row)
            if let variant = entry.new ?? entry.old {
                let thumbnail = entry.change == .removed ? "old/\(entry.id).png" : "new/\(entry.id).png"
                cards[entry.change, default: []].append(Gallery.Card(variant: variant, thumbnail: thumbnail, images: images, note: note))
            }
        }
        let report = DiffReport(
            old: .init(folder: old, version: before.manifest.version), new: .init(folder: new, version: after.manifest.version),
            identical: comparison.isIdentical,
            counts: Dictionary(uniqueKeysWithValues: RenderComparison.Change.allCases.map { ($0.rawValue, comparison.entries($0).count) }),
            layouts: comparison.layoutChanges, variants: rows,
            languages: languages.isEmpty ? nil : wantedLanguages.map { $0 ?? ReviewLanguages.neutral }
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let reportJSON = try encoder.encode(report) + Data("\n".utf8)

        if let output {
            files["report.json"] = .bytes(reportJSON)
            if gallery {
                let page = try Gallery(
                    title: "Launch screens \(before.manifest.version) → \(after.manifest.version)",
                    summary: summary(comparison),
                    groups: [RenderComparison.Change.changed, .added, .removed].compactMap { change in
                        cards[change].map { Gallery.Group(title: change.rawValue.capitalized, subtitle: "\($0.count) variants", cards: $0) }
                    },
                    layouts: after.manifest.layouts + before.manifest.layouts,
                    deviceNames: Self.deviceNames,
                    developmentLanguage: after.manifest.developmentLanguage ?? before.manifest.developmentLanguage
                ).html()
                files["index.html"] = .bytes(Data(page.utf8))
            }
            let folder = URL(fileURLWithPath: output).standardizedFileURL
            let placed = Dictionary(uniqueKeysWithValues: files.map { (folder.appendingPathComponent($0.key), $0.value) })
            try OutputWriter(directory: folder).write(placed)
        }

        if json {
            FileHandle.standardOutput.write(reportJSON)
        } else {
            for row in rows {
                let detail = row.share.map { "\(Self.percent($0)) of pixels changed" } ?? row.differences.joined(separator: ", ")
                let change = row.change.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                print([change, row.id, detail].filter { !$0.isEmpty }.joined(separator: "  "))
            }
            for line in comparison.layoutChanges { print(line) }
            print("\(old) → \(new): \(summary(comparison))")
        }
        if !comparison.isIdentical { throw ExitCode(3) }
    }

    private func summary(_ comparison: RenderComparison) -> String {
        let languages = wantedLanguages.map { $0 ?? ReviewLanguages.neutral }.joined(separator: ", ")
        guard !comparison.isIdentical else {
            return "identical (\(comparison.entries.count) variants\(languages.isEmpty ? "" : " of \(languages)"))"
        }
        var counts = RenderComparison.Change.allCases.map { "\(comparison.entries($0).count) \($0.rawValue)" }.joined(separator: ", ")
        if !languages.isEmpty { counts += " variants of \(languages)" }
        return comparison.layoutChanges.isEmpty ? counts : "\(counts), \(comparison.layoutChanges.count) layout changes"
    }

    /// The comparison of the languages asked for. A tag neither render has is bad input, so that
    /// a mistyped tag does not pass for an identical render; `neutral` may find none.
    private func keepingLanguages(
        of comparison: RenderComparison, _ old: LaunchManifest, _ new: LaunchManifest
    ) throws(CompilerError) -> RenderComparison {
        let present = ReviewLanguages(
            locales: (new.variants + old.variants).map(\.locale), developmentLanguage: new.developmentLanguage ?? old.developmentLanguage)
        let known = Set(present.tags.map { $0.lowercased() })
        for (given, language) in zip(languages, wantedLanguages) {
            guard let language, !known.contains(language.lowercased()) else { continue }
            let theirs =
                present.isLocalized
                ? "theirs: " + (present.tags + (present.hasNeutral ? [ReviewLanguages.neutral] : [])).joined(separator: ", ")
                : "none is localized"
            throw CompilerError(
                Diagnostic(message: "--language \(given): neither render has a variant in \(language) (\(theirs))"))
        }
        return comparison.keeping(languages: Set(wantedLanguages))
    }

    private static func percent(_ share: Double) -> String {
        String(format: "%.2f %%", share * 100)
    }

    /// Names of the built-in catalog's devices, for the page.
    private static var deviceNames: [String: String] {
        let devices = (try? DeviceCatalog.builtIn().devices) ?? []
        return Dictionary(devices.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }
}

/// What `diff --json` prints and `diff --output` writes as report.json.
private struct DiffReport: Encodable {
    struct Folder: Encodable {
        var folder: String
        var version: String
    }

    struct Variant: Encodable {
        var id: String
        var change: RenderComparison.Change
        var differences: [String]
        var changedPixels: Int?
        var share: Double?
        /// The difference image, relative to the output folder.
        var difference: String?
    }

    var old: Folder
    var new: Folder
    var identical: Bool
    var counts: [String: Int]
    var layouts: [String]
    /// Every variant that is not unchanged.
    var variants: [Variant]
    /// The languages compared (`neutral` for the language-neutral variants); absent when all were.
    var languages: [String]?
}
