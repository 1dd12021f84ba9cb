import Foundation
import LaunchScreenRepair

/// The languages layouts are drawn in, and where their translations come from: each layout's
/// own `localizations`, then the app's String Catalogs and `.strings` tables, which are looked
/// up by a string's development-language text (how Xcode keys a catalog).
public struct LocalizationSettings: Sendable, Hashable {
    /// The language of the layouts' `strings`, used where a translation is missing.
    public var developmentLanguage: String
    /// Only these languages are drawn (with the development language); empty: every language
    /// some layout or table translates into.
    public var languages: [String]
    /// The app's String Catalogs (`.xcstrings`) and `.strings` tables.
    public var stringTables: [URL]

    /// What a project without settings gets.
    public static let defaultDevelopmentLanguage = "en"

    public init(developmentLanguage: String = defaultDevelopmentLanguage, languages: [String] = [], stringTables: [URL] = []) {
        self.developmentLanguage = developmentLanguage
        self.languages = languages
        self.stringTables = stringTables
    }

    /// Completes each layout's translations from the string tables, keeps the languages to draw,
    /// and sets its development language. A language a layout translates only some strings
    /// into gets a warning naming the keys shown in the development language.
    public func localize(_ layouts: inout [SeasonalLayout], warnings: inout [Diagnostic]) throws(CompilerError) {
        guard let development = LanguageTag(developmentLanguage)?.description else {
            throw CompilerError(.developmentLanguageNotATag(developmentLanguage))
        }
        var chosen: Set<String>?
        if !languages.isEmpty {
            var tags: Set<String> = []
            for language in languages {
                guard let tag = LanguageTag(language) else {
                    throw CompilerError(.drawnLanguageNotATag(language))
                }
                tags.insert(tag.description)
            }
            chosen = tags
        }
        let tables = stringTables.isEmpty ? nil : try StringTables(tables: stringTables)
        var leftOut: Set<Diagnostic> = []
        for index in layouts.indices {
            var layout = layouts[index]
            layout.developmentLanguage = development
            var translations = layout.localizations
            if let tables {
                for table in tables.languages {
                    guard let language = LanguageTag(table)?.description, language != development else { continue }
                    for (key, text) in layout.strings where translations[language]?[key] == nil {
                        if let translated = tables.translation(of: text, into: table) {
                            translations[language, default: [:]][key] = translated
                        } else if let reason = tables.reasonLeftOut(text, in: table), chosen?.contains(language) ?? true,
                            leftOut.insert(reason).inserted
                        {
                            warnings.append(reason)
                        }
                    }
                }
            }
            translations[development] = nil
            if let chosen { translations = translations.filter { chosen.contains($0.key) } }
            layout.localizations = translations.filter { !$0.value.isEmpty }
            if let warning = missingTranslations(in: layout) { warnings.append(warning) }
            layouts[index] = layout
        }
    }

    /// One warning per layout: each language it is drawn in whose translations lack some keys.
    private func missingTranslations(in layout: SeasonalLayout) -> Diagnostic? {
        let gaps = layout.localizations.keys.sorted().compactMap { language -> String? in
            let missing = layout.strings.keys.filter { layout.localizations[language]?[$0] == nil }.sorted()
            return missing.isEmpty ? nil : "\(language) (\(missing.joined(separator: ", ")))"
        }
        guard !gaps.isEmpty else { return nil }
        return layout.diagnostic(at: "strings", .missingTranslations(layout: layout.id, shownIn: layout.developmentLanguage, gaps: gaps))
    }
}
