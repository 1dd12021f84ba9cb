import Foundation

/// The splash's skip button and timed end: its words in the app's language, and when the splash
/// may end by itself.
public struct SplashCountdown: Sendable, Hashable {
    /// The button's word ("Skip"), also its VoiceOver label.
    public var skip: String
    /// The button's title with the seconds left, a format taking one integer ("Skip %d").
    public var countdownFormat: String

    /// The words of `localization` (a BCP 47 tag such as `ja` or `zh-Hans`), else those the
    /// module's bundle picks for the running app's languages; English where it has none.
    public init(localization: String? = nil) {
        let table = Self.table(localization)
        skip = table["splash.skip"] ?? "Skip"
        countdownFormat = table["splash.skip.countdown"] ?? "Skip %d"
    }

    /// The title with `seconds` left (never below zero).
    public func title(_ seconds: Int) -> String {
        String(format: countdownFormat, locale: .current, max(0, seconds))
    }

    /// The VoiceOver label: the word alone, so it is not read out again every second.
    public var accessibilityLabel: String { skip }

    /// Whether a splash with a duration ends by itself: not while VoiceOver runs, whose user
    /// may still be listening to it; the skip button ends it then.
    public static func endsByItself(voiceOverRunning: Bool) -> Bool { !voiceOverRunning }

    /// The strings of one localization of the module's bundle: `localization`'s closest
    /// (`zh-Hant-HK`, then `zh-Hant`, then `zh`), else the one the bundle picks for the running
    /// app's languages.
    private static func table(_ localization: String?) -> [String: String] {
        let bundle = Bundle.module
        // Folder names are matched without regard to case: SwiftPM lowercases them on Linux.
        let available = Dictionary(bundle.localizations.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var name = bundle.preferredLocalizations.first ?? "en"
        if var tag = localization?.lowercased() {
            while available[tag] == nil, let cut = tag.lastIndex(of: "-") { tag = String(tag[..<cut]) }
            name = available[tag] ?? "en"
        }
        guard let folder = bundle.url(forResource: name, withExtension: "lproj"),
            let data = try? Data(contentsOf: folder.appendingPathComponent("Localizable.strings")),
            let table = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
        else { return [:] }
        return table
    }
}
