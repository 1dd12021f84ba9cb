import Foundation
import LaunchScreenRepair

/// `launch-assets diff OLD NEW`: two render folders compared for review and CI. Both are read
/// and their images checked against their manifests first; then each changed, added and removed
/// variant is reported, the changed pixels measured, and, with an output folder, the report,
/// difference images and (with a gallery) a page with copies of the images written there.
package struct RenderDiff: Sendable {
    /// The earlier and the later render, with their folders as the command line named them.
    package var old: (name: String, folder: RenderFolder)
    package var new: (name: String, folder: RenderFolder)
    /// The languages compared, canonical (`nil` for `neutral`); empty for every variant.
    package var languages: [String?]
    /// What changed.
    package var comparison: RenderComparison

    /// What `--json` prints and `report.json` holds.
    package struct Report: Sendable, Encodable {
        /// A render folder and its manifest's version.
        package struct Folder: Sendable, Encodable {
            package var folder: String
            package var version: String
        }

        /// One variant that is not unchanged.
        package struct Variant: Sendable, Encodable {
            package var id: String
            package var change: RenderComparison.Change
            /// The fields that differ (`pixels`, `size`, `devices`…).
            package var differences: [String]
            /// How many pixels changed, where the size did not.
            package var changedPixels: Int?
            /// Their share of the image.
            package var share: Double?
            /// The difference image, relative to the output folder.
            package var difference: String?
        }

        package var old: Folder
        package var new: Folder
        package var identical: Bool
        /// Variants by kind of change.
        package var counts: [String: Int]
        /// One line per layout change.
        package var layouts: [String]
        /// Every variant that is not unchanged.
        package var variants: [Variant]
        /// The languages compared (`neutral` for the language-neutral variants); absent when all were.
        package var languages: [String]?
    }

    /// What a comparison found and wrote.
    package struct Result: Sendable {
        /// `report.json`: what `--json` prints.
        package var reportJSON: Data
        /// The report as text: a line per variant that is not unchanged, per layout change, and the counts.
        package var lines: [String]
        /// Whether the renders are the same (of the languages asked for).
        package var isIdentical: Bool
    }

    /// Reads the folders `old` and `new` and checks every image against its manifest's MD5.
    /// `languages` (BCP 47 tags, or ``ReviewLanguages/neutral``) keep the variants of those
    /// languages; a tag neither render has is bad input, so that a mistyped tag does not pass for
    /// an identical render.
    package init(old: String, new: String, languages: [String]) throws(CompilerError) {
        let before = try RenderFolder(directory: URL(fileURLWithPath: old))
        let after = try RenderFolder(directory: URL(fileURLWithPath: new))
        try before.verify()
        try after.verify()
        self.old = (old, before)
        self.new = (new, after)
        self.languages = languages.map { $0.lowercased() == ReviewLanguages.neutral ? nil : LanguageTag($0)?.description }
        comparison = RenderComparison(old: before.manifest, new: after.manifest)
        guard !languages.isEmpty else { return }
        let present = ReviewLanguages(
            locales: (after.manifest.variants + before.manifest.variants).map(\.locale),
            developmentLanguage: after.manifest.developmentLanguage ?? before.manifest.developmentLanguage)
        let known = Set(present.tags.map { $0.lowercased() })
        for (given, language) in zip(languages, self.languages) {
            guard let language, !known.contains(language.lowercased()) else { continue }
            let theirs = present.isLocalized ? present.tags + (present.hasNeutral ? [ReviewLanguages.neutral] : []) : []
            throw CompilerError(.languageInNeitherRender(given, canonical: language, theirs: theirs))
        }
        comparison = comparison.keeping(languages: Set(self.languages))
    }

    /// Compares the images of every changed variant and, with `output`, writes the report, the
    /// difference images and, with `gallery`, the page (the folder is replaced whole).
    package func run(output: URL?, gallery: Bool) throws(CompilerError) -> Result {
        var files: [String: FileContents] = [:]
        var rows: [Report.Variant] = []
        var cards: [RenderComparison.Change: [Gallery.Card]] = [:]
        for entry in comparison.entries where entry.change != .unchanged {
            let (row, card) = try compare(entry, writing: output != nil, gallery: gallery, into: &files)
            rows.append(row)
            if let card { cards[entry.change, default: []].append(card) }
        }
        let report = Report(
            old: .init(folder: old.name, version: old.folder.manifest.version),
            new: .init(folder: new.name, version: new.folder.manifest.version),
            identical: comparison.isIdentical,
            counts: Dictionary(uniqueKeysWithValues: RenderComparison.Change.allCases.map { ($0.rawValue, comparison.entries($0).count) }),
            layouts: comparison.layoutChanges, variants: rows,
            languages: languages.isEmpty ? nil : languages.map { $0 ?? ReviewLanguages.neutral })
        let reportJSON = PrettyJSON.data(report)
        if let output {
            files["report.json"] = .bytes(reportJSON)
            if gallery { files["index.html"] = .bytes(Data(try page(cards).utf8)) }
            let folder = output.standardizedFileURL
            let placed = Dictionary(uniqueKeysWithValues: files.map { (folder.appendingPathComponent($0.key), $0.value) })
            try OutputWriter(directory: folder).write(placed)
        }
        return Result(reportJSON: reportJSON, lines: lines(rows), isIdentical: comparison.isIdentical)
    }

    /// One variant that is not unchanged: its row of the report, and its card for the page.
    /// Copies of its images (with `gallery`) and its difference image (when `writing`) go into `files`.
    private func compare(
        _ entry: RenderComparison.Entry, writing: Bool, gallery: Bool, into files: inout [String: FileContents]
    ) throws(CompilerError) -> (Report.Variant, Gallery.Card?) {
        var row = Report.Variant(id: entry.id, change: entry.change, differences: entry.differences)
        var images: [(label: String, path: String)] = []
        var note: String?
        if let variant = entry.old, entry.change != .added {
            if gallery { files["old/\(entry.id).png"] = try old.folder.contents(of: variant) }
            images.append(("old", "old/\(entry.id).png"))
        }
        if let variant = entry.new, entry.change != .removed {
            if gallery { files["new/\(entry.id).png"] = try new.folder.contents(of: variant) }
            images.append(("new", "new/\(entry.id).png"))
            if let previous = entry.old, entry.differences.contains("pixels"),
                let difference = try PixelDifference(previous, in: old.folder, variant, in: new.folder)
            {
                row.changedPixels = difference.changedPixels
                row.share = difference.share
                note = "\(Self.percent(difference.share)) of pixels changed"
                if writing {
                    row.difference = "differences/\(entry.id).png"
                    files["differences/\(entry.id).png"] = .bytes(difference.png)
                    images.append(("difference", "differences/\(entry.id).png"))
                }
            }
        }
        if entry.change == .changed, note == nil { note = entry.differences.joined(separator: ", ") + " changed" }
        guard let variant = entry.new ?? entry.old else { return (row, nil) }
        let thumbnail = entry.change == .removed ? "old/\(entry.id).png" : "new/\(entry.id).png"
        return (row, Gallery.Card(variant: variant, thumbnail: thumbnail, images: images, note: note))
    }

    /// The page: the changed, added and removed variants side by side.
    private func page(_ cards: [RenderComparison.Change: [Gallery.Card]]) throws(CompilerError) -> String {
        let before = old.folder.manifest
        let after = new.folder.manifest
        let devices = (before.variants + after.variants).flatMap(\.devices)
        return try Gallery(
            title: "Launch screens \(before.version) → \(after.version)",
            summary: summary,
            groups: [RenderComparison.Change.changed, .added, .removed].compactMap { change in
                cards[change].map { Gallery.Group(title: change.rawValue.capitalized, subtitle: "\($0.count) variants", cards: $0) }
            },
            layouts: after.layouts + before.layouts,
            deviceNames: (try? DeviceCatalog.builtIn())?.names(of: devices) ?? [:],
            developmentLanguage: after.developmentLanguage ?? before.developmentLanguage
        ).html()
    }

    /// The report as text.
    private func lines(_ rows: [Report.Variant]) -> [String] {
        var lines = rows.map { row in
            let detail = row.share.map { "\(Self.percent($0)) of pixels changed" } ?? row.differences.joined(separator: ", ")
            let change = row.change.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            return [change, row.id, detail].filter { !$0.isEmpty }.joined(separator: "  ")
        }
        lines += comparison.layoutChanges
        lines.append("\(old.name) → \(new.name): \(summary)")
        return lines
    }

    /// `32 changed, 0 added, 0 removed, 32 unchanged`, or `identical (64 variants)`, of the languages asked for.
    private var summary: String {
        let languages = languages.map { $0 ?? ReviewLanguages.neutral }.joined(separator: ", ")
        guard !comparison.isIdentical else {
            return "identical (\(comparison.entries.count) variants\(languages.isEmpty ? "" : " of \(languages)"))"
        }
        var counts = RenderComparison.Change.allCases.map { "\(comparison.entries($0).count) \($0.rawValue)" }.joined(separator: ", ")
        if !languages.isEmpty { counts += " variants of \(languages)" }
        return comparison.layoutChanges.isEmpty ? counts : "\(counts), \(comparison.layoutChanges.count) layout changes"
    }

    private static func percent(_ share: Double) -> String {
        String(format: "%.2f %%", share * 100)
    }
}
