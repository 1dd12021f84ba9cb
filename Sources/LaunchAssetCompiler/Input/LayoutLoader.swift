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
    static let reservedKeys: Set<String> = TemplateContext.builtInKeys

    /// Loads all layouts, sorted by id. Warnings (schedule gaps and overlaps) go to `warnings`.
    public func load(warnings: inout [Diagnostic]) throws(CompilerError) -> [SeasonalLayout] {
        let folder = directory.relativePathForDisplay
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.isDirectoryKey])
                .filter { $0.pathExtension == "json" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        } catch {
            throw CompilerError(Diagnostic(file: folder, message: "cannot read the layouts folder (\(error.localizedDescription))"))
        }
        guard !files.isEmpty else {
            throw CompilerError(Diagnostic(file: folder, message: "no layout files (*.json) in this folder"))
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
            errors.append(diagnostic("id", "expected a kebab-case id (a-z, 0-9 and '-'), found \"\(layout.id)\""))
        }
        if layout.template.isEmpty || layout.template.contains("/") || layout.template.hasPrefix(".") {
            errors.append(diagnostic("template", "expected a file name in the templates folder, found \"\(layout.template)\""))
        }
        if layout.isFallback, layout.delivery == .remote {
            errors.append(
                diagnostic(
                    "delivery",
                    "the fallback layout (no \"schedule\") must be bundled: a device offline on its first launch has nothing else to show; "
                        + "remove \"delivery\" or give the layout a schedule"))
        }
        if document.schedule?.isEmpty == true {
            errors.append(diagnostic("schedule", "an empty schedule is never active; omit the key to make this the fallback layout"))
        }
        for (index, range) in layout.schedule.enumerated() {
            if (range.from.year == nil) != (range.through.year == nil) {
                errors.append(diagnostic("schedule[\(index)]", "\"from\" and \"through\" must both be MM-DD or both be YYYY-MM-DD"))
            } else if range.isAbsolute, range.through.description < range.from.description {
                errors.append(diagnostic("schedule[\(index)].through", "ends (\(range.through)) before it starts (\(range.from))"))
            }
        }
        let light = Set(layout.palettes[.light]!.keys)
        let dark = Set(layout.palettes[.dark]!.keys)
        for key in light.symmetricDifference(dark).sorted() {
            let side = light.contains(key) ? "dark" : "light"
            errors.append(diagnostic("appearances.\(side)", "missing \"\(key)\": light and dark must define the same keys"))
        }
        for key in light.union(dark).union(layout.strings.keys).sorted() where reservedKeys.contains(key) {
            let path = light.contains(key) ? "appearances.light.\(key)" : dark.contains(key) ? "appearances.dark.\(key)" : "strings.\(key)"
            errors.append(diagnostic(path, "\"\(key)\" is a built-in template key; choose another name"))
        }
        for key in light.intersection(layout.strings.keys).sorted() {
            errors.append(diagnostic("strings.\(key)", "\"\(key)\" is also an appearance key; one would hide the other"))
        }
        if layout.idioms.isEmpty || Set(layout.idioms).count != layout.idioms.count {
            errors.append(diagnostic("idioms", "expected a non-empty list of distinct idioms (phone, pad)"))
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
                errors.append(
                    layout.diagnostic(
                        at: path,
                        "\"\(text)\" is not a BCP 47 language tag: expected language[-Script][-REGION], e.g. \"zh-Hans\", \"ar\", \"pt-BR\""
                    ))
                continue
            }
            if let other = spelled[tag.description] {
                errors.append(layout.diagnostic(at: path, "\"\(text)\" is the same language as \"\(other)\": give its strings once"))
                continue
            }
            spelled[tag.description] = text
            for key in strings.keys.sorted() where layout.strings[key] == nil {
                let known = layout.strings.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                errors.append(
                    layout.diagnostic(
                        at: "\(path).\(key)",
                        "\"\(key)\" is not one of the layout's strings (\(known.isEmpty ? "it has none" : known)): a translation needs its development-language text in \"strings\""
                    ))
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
                errors.append(layout.diagnostic(at: "id", "duplicate layout id \"\(id)\" (also in \(group[0].file))"))
            }
        }
        let fallbacks = layouts.filter(\.isFallback)
        if fallbacks.isEmpty, !layouts.isEmpty {
            errors.append(
                Diagnostic(
                    file: layouts[0].file.parentFolderForDisplay,
                    message: "no fallback layout: exactly one layout must have no \"schedule\""))
        }
        // With no fallback, or two, a launch screen's place is unclear: those errors come first.
        if fallbacks.count == 1 {
            for layout in layouts where !layout.isFallback && layout.launchScreen != nil {
                errors.append(
                    layout.diagnostic(
                        at: "launchScreen",
                        "only the fallback layout (no \"schedule\", here \(fallbacks[0].file)) describes the launch screen: "
                            + "iOS draws it before any season is known"))
            }
        }
        for extra in fallbacks.dropFirst() {
            errors.append(
                extra.diagnostic(
                    at: "",
                    "a second fallback layout (\(fallbacks[0].file) has no schedule either): exactly one layout may omit \"schedule\""))
        }
        return errors
    }
}

extension DecodingError {
    /// The JSON path the error is about and a sentence saying what was expected.
    var placeAndMessage: (String, String) {
        switch self {
        case .typeMismatch(let type, let context):
            return (JSONSourceMap.path(context.codingPath), "expected \(Self.describe(type))")
        case .valueNotFound(let type, let context):
            return (JSONSourceMap.path(context.codingPath), "expected \(Self.describe(type)), found null")
        case .keyNotFound(let key, let context):
            return (JSONSourceMap.path(context.codingPath), "missing required key \"\(key.stringValue)\"")
        case .dataCorrupted(let context):
            let message =
                context.debugDescription.contains("Cannot initialize")
                ? "unexpected value: \(context.debugDescription)" : context.debugDescription
            return (JSONSourceMap.path(context.codingPath), message)
        @unknown default:
            return ("", "\(self)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [String: String].Type, is [String: Any].Type: "an object of strings"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : "a value of type \(type)"
        }
    }
}
