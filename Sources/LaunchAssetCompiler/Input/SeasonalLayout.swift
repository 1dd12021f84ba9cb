import LaunchScreenRepair

/// One seasonal look, as read from `Layouts/<id>.json`.
public struct SeasonalLayout: Sendable, Hashable {
    /// Unique, kebab-case; names the layout's variants and images.
    public var id: String
    public var displayName: String
    /// The template's file name in `Templates/`.
    public var template: String
    /// When the layout is active; empty for the fallback.
    public var schedule: [DateRange]
    /// Breaks ties between layouts active on the same day (higher wins).
    public var priority: Int
    /// Template values for each appearance; both hold the same keys.
    public var palettes: [Appearance: [String: String]]
    /// Template values shared by both appearances (titles and other text), in the development language.
    public var strings: [String: String]
    /// Translations of `strings` by BCP 47 tag (`zh-Hans`): the file's `localizations`, which the
    /// plan completes from the app's string tables and keeps to the languages rendered.
    public var localizations: [String: [String: String]] = [:]
    /// The language `strings` are written in; the plan sets the project's.
    public var developmentLanguage = LocalizationSettings.defaultDevelopmentLanguage
    public var orientations: OrientationPolicy
    public var idioms: [Idiom]
    /// Whether iPads also get their Split View and Slide Over window sizes.
    public var multitasking = false
    /// Whether the layout's images are in the app's pack or fetched from its remote source.
    public var delivery: LaunchManifest.Delivery = .bundled
    /// The launch screen iOS draws before the app runs; only the fallback layout has one.
    public var launchScreen: LaunchScreenDesign?
    /// The file it was read from, for diagnostics.
    public var file: String
    /// Where each JSON path starts in `file`.
    var positions: [String: JSONSourceMap.Position] = [:]

    public var isFallback: Bool { schedule.isEmpty }

    /// The languages the layout is drawn in: the development language, then every language it
    /// has a translation for. Other languages show the development language's images.
    public var languages: [String] { [developmentLanguage] + localizations.keys.sorted() }

    /// `strings` in `language`: its translations, and the development language's text for the
    /// keys it lacks.
    public func strings(in language: String) -> [String: String] {
        strings.merging(localizations[language] ?? [:]) { _, translated in translated }
    }

    /// `finding`, placed at the value at `path` in the layout's file.
    func diagnostic(at path: String, _ finding: Diagnostic) -> Diagnostic {
        let position = positions[path]
        return finding.placed(file: file, line: position?.line, column: position?.column, path: path.isEmpty ? nil : path)
    }

    /// The layout as the manifest records it.
    public var manifestEntry: LaunchManifest.Layout {
        LaunchManifest.Layout(id: id, displayName: displayName, priority: priority, schedule: schedule, delivery: delivery)
    }
}

extension OrientationPolicy {
    /// The orientations to render for `idiom`: landscape only where landscape-sized snapshots
    /// do not take the portrait image.
    public func orientations(for idiom: Idiom) -> [Orientation] {
        isPortraitOnly(on: idiom) ? [.portrait] : [.portrait, .landscape]
    }
}

extension SeasonalLayout {
    /// The JSON shape of a layout file; decoding checks types, `SeasonalLayout.init` the rest.
    struct Document: Decodable {
        struct Palettes: Decodable {
            var light: [String: String]
            var dark: [String: String]
        }

        var id: String
        var displayName: String?
        var template: String
        var schedule: [DateRange]?
        var priority: Int?
        var appearances: Palettes
        var strings: [String: String]?
        var localizations: [String: [String: String]]?
        var orientations: OrientationPolicy?
        var idioms: [Idiom]?
        var multitasking: Bool?
        var delivery: LaunchManifest.Delivery?
        var launchScreen: LaunchScreenDesign.Document?

        /// Keys allowed at each object path; anything else is a typo worth an error.
        static let allowedKeys: [String: Set<String>] = [
            "": [
                "id", "displayName", "template", "schedule", "priority", "appearances", "strings", "localizations", "orientations",
                "idioms",
                "multitasking", "delivery", "launchScreen",
            ],
            "appearances": ["light", "dark"],
            "schedule[]": ["from", "through"],
        ].merging(LaunchScreenDesign.allowedKeys) { $1 }
    }
}
