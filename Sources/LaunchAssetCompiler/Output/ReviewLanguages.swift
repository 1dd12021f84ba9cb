import Foundation
import LaunchScreenRepair

/// The languages of a render's variants in the order a reviewer reads them: the development
/// language, then the others in the order the variants first name them. The gallery's language
/// filter, the preview's rows and `diff --language` follow it.
public struct ReviewLanguages: Sendable, Hashable {
    /// What stands for the language-neutral variants where a tag is expected: the gallery
    /// filter's value and `diff --language neutral`. No BCP 47 tag starts with seven letters.
    public static let neutral = "neutral"

    /// The variants' tags, in review order.
    public var tags: [String]
    /// Whether some variant is the same image in every language (`locale` is `nil`).
    public var hasNeutral: Bool

    public init(locales: some Sequence<String?>, developmentLanguage: String?) {
        var tags: [String] = []
        var hasNeutral = false
        for locale in locales {
            guard let locale else {
                hasNeutral = true
                continue
            }
            if !tags.contains(locale) { tags.append(locale) }
        }
        if let developmentLanguage, let index = tags.firstIndex(of: developmentLanguage) {
            tags.insert(tags.remove(at: index), at: 0)
        }
        self.tags = tags
        self.hasNeutral = hasNeutral
    }

    /// Whether some variant shows a language's own text.
    public var isLocalized: Bool { !tags.isEmpty }

    /// The language's name in English (`Arabic`, `Chinese, Simplified`), or `nil` for a tag
    /// Foundation has no name for.
    public static func name(of tag: String) -> String? {
        Locale(identifier: "en").localizedString(forIdentifier: tag)
    }

    /// The tag and its English name, `ar · Arabic`, or the tag alone.
    public static func label(of tag: String) -> String {
        name(of: tag).map { "\(tag) · \($0)" } ?? tag
    }

    /// The language's name in itself (`العربية`), or `nil` when Foundation has none.
    public static func autonym(of tag: String) -> String? {
        Locale(identifier: tag).localizedString(forIdentifier: tag)
    }
}
