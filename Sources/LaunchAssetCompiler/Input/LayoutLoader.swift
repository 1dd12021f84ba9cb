import Foundation
import LaunchScreenRepair

/// Reads and checks every `*.json` file of a layouts folder.
///
/// Reports every error it finds in one pass, each placed at its file, line, column and JSON path.
public struct LayoutLoader: Sendable {
    /// The folder holding the layout files.
    public var directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The context keys a palette or string must not shadow.
    static let reservedKeys: Set<String> = TemplateKeys.builtIn

    /// Loads all layouts, sorted by id. Warnings (schedule gaps and overlaps) go to `warnings`.
    public func load(warnings: inout [Diagnostic]) throws(CompilerError) -> [SeasonalLayout] {
        let folder = directory.relativePathForDisplay
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.isDirectoryKey])
                .filter { $0.pathExtension == "json" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        } catch {
            throw CompilerError(Diagnostic.unreadable("layouts folder", reason: error.localizedDescription).placed(file: folder, path: nil))
        }
        guard !files.isEmpty else {
            throw CompilerError(Diagnostic.noLayoutFiles.placed(file: folder, path: nil))
        }
        var layouts: [SeasonalLayout] = []
        var errors: [Diagnostic] = []
        for file in files {
            do {
                layouts.append(try Self.layout(from: file))
            } catch {
                errors += error.diagnostics
            }
        }
        // A file that failed may be the fallback or a duplicate: set checks would only mislead.
        if errors.isEmpty { errors += Self.setErrors(layouts) }
        guard errors.isEmpty else { throw CompilerError(errors) }
        warnings += ScheduleCoverage(layouts: layouts).warnings
        return layouts.sorted { $0.id < $1.id }
    }

    /// Decodes and checks one layout file.
    static func layout(from url: URL) throws(CompilerError) -> SeasonalLayout {
        let input = try JSONInputFile(contentsOf: url, kind: "file")
        let document = try input.decode(SeasonalLayout.Document.self, allowedKeys: SeasonalLayout.Document.allowedKeys)
        let diagnostic = input.diagnostic(at:_:)
        var errors: [Diagnostic] = []

        var layout = SeasonalLayout(
            id: document.id,
            displayName: document.displayName ?? document.id,
            template: document.template,
            schedule: document.schedule ?? [],
            priority: document.priority ?? 0,
            palettes: [.light: document.appearances.light, .dark: document.appearances.dark],
            strings: document.strings ?? [:],
            orientations: document.orientations ?? .automatic,
            idioms: document.idioms ?? Idiom.allCases,
            multitasking: document.multitasking ?? false,
            delivery: document.delivery ?? .bundled,
            launchScreen: document.launchScreen.map {
                LaunchScreenDesign(logo: $0.logo, logoFrame: $0.logoFrame, background: $0.background ?? "background")
            },
            file: input.file,
            positions: input.map.positions
        )

        if layout.id.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) == nil {
            errors.append(diagnostic("id", .notKebabCase(layout.id)))
        }
        if layout.template.isEmpty || layout.template.contains("/") || layout.template.hasPrefix(".") {
            errors.append(diagnostic("template", .notATemplateName(layout.template)))
        }
        if layout.isFallback, layout.delivery == .remote {
            errors.append(diagnostic("delivery", .remoteFallback))
        }
        if document.schedule?.isEmpty == true {
            errors.append(diagnostic("schedule", .emptySchedule))
        }
        for (index, range) in layout.schedule.enumerated() {
            if (range.from.year == nil) != (range.through.year == nil) {
                errors.append(diagnostic("schedule[\(index)]", .mixedDateRange))
            } else if range.isAbsolute, range.through.description < range.from.description {
                errors.append(
                    diagnostic("schedule[\(index)].through", .rangeEndsBeforeItStarts(from: "\(range.from)", through: "\(range.through)")))
            }
        }
        let light = Set(layout.palettes[.light]!.keys)
        let dark = Set(layout.palettes[.dark]!.keys)
        for key in light.symmetricDifference(dark).sorted() {
            let side = light.contains(key) ? "dark" : "light"
            errors.append(diagnostic("appearances.\(side)", .paletteKeyInOneAppearance(key)))
        }
        for key in light.union(dark).union(layout.strings.keys).sorted() where reservedKeys.contains(key) {
            let path = light.contains(key) ? "appearances.light.\(key)" : dark.contains(key) ? "appearances.dark.\(key)" : "strings.\(key)"
            errors.append(diagnostic(path, .builtInKeyShadowed(key)))
        }
        for key in light.intersection(layout.strings.keys).sorted() {
            errors.append(diagnostic("strings.\(key)", .stringShadowsPalette(key)))
        }
        if layout.idioms.isEmpty || Set(layout.idioms).count != layout.idioms.count {
            errors.append(diagnostic("idioms", .badIdioms))
        }
        errors += LaunchScreenDesign.errors(in: layout)
        layout.localizations = localizations(document.localizations ?? [:], of: layout, errors: &errors)
        guard errors.isEmpty else { throw CompilerError(errors) }
        return layout
    }

    /// The file's `localizations` under canonical tags (`zh_hans` → `zh-Hans`); an unknown tag,
    /// a tag given twice and a key that `strings` does not have are errors.
    private static func localizations(
        _ given: [String: [String: String]], of layout: SeasonalLayout, errors: inout [Diagnostic]
    ) -> [String: [String: String]] {
        var localizations: [String: [String: String]] = [:]
        var spelled: [String: String] = [:]
        for (text, strings) in given.sorted(by: { $0.key < $1.key }) {
            let path = "localizations.\(text)"
            guard let tag = LanguageTag(text) else {
                errors.append(layout.diagnostic(at: path, .localizationNotATag(text)))
                continue
            }
            if let other = spelled[tag.description] {
                errors.append(layout.diagnostic(at: path, .sameLanguageTwice(text, as: other)))
                continue
            }
            spelled[tag.description] = text
            for key in strings.keys.sorted() where layout.strings[key] == nil {
                errors.append(
                    layout.diagnostic(at: "\(path).\(key)", .translationOfUnknownString(key, known: layout.strings.keys.sorted())))
            }
            localizations[tag.description] = strings.filter { layout.strings[$0.key] != nil }
        }
        return localizations
    }

    /// Errors that involve several layouts: duplicate ids, not exactly one fallback, and a
    /// launch screen described by another layout than the fallback.
    static func setErrors(_ layouts: [SeasonalLayout]) -> [Diagnostic] {
        var errors: [Diagnostic] = []
        for (id, group) in Dictionary(grouping: layouts, by: \.id).sorted(by: { $0.key < $1.key }) where group.count > 1 {
            for layout in group.dropFirst() {
                errors.append(layout.diagnostic(at: "id", .duplicateLayoutID(id, alsoIn: group[0].file)))
            }
        }
        let fallbacks = layouts.filter(\.isFallback)
        if fallbacks.isEmpty, !layouts.isEmpty {
            errors.append(Diagnostic.noFallback.placed(file: layouts[0].file.parentFolderForDisplay, path: nil))
        }
        // With no fallback, or two, a launch screen's place is unclear: those errors come first.
        if fallbacks.count == 1 {
            for layout in layouts where !layout.isFallback && layout.launchScreen != nil {
                errors.append(layout.diagnostic(at: "launchScreen", .launchScreenOutsideFallback(fallback: fallbacks[0].file)))
            }
        }
        for extra in fallbacks.dropFirst() {
            errors.append(extra.diagnostic(at: "", .secondFallback(first: fallbacks[0].file)))
        }
        return errors
    }
}
