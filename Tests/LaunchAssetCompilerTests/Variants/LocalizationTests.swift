import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

@testable import LaunchAssetCompiler

/// Localized layouts: `localizations` in a layout file, the app's string tables, and the
/// language axis the planner adds only where text differs.
@Suite("Localized layouts")
struct LocalizationTests {
    /// Draws `title` as text, in the variant's language and direction.
    static let titled = """
        <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}" viewBox="0 0 {{pointWidth}} {{pointHeight}}">
          <rect width="100%" height="100%" fill="{{background}}"/>
          <text x="{{centerX}}" y="{{centerY}}" xml:lang="{{language}}" direction="{{layoutDirection}}" fill="{{ink}}">{{title}}</text>
        </svg>
        """

    static let phone = device("phone", points: (25, 50), scale: 2, portrait: insets(4, 0, 2, 0), landscape: insets(0, 4, 2, 4))

    /// A layout file with `strings` and the given `localizations` JSON (an object's text).
    static func layout(id: String, template: String = "titled.svg", strings: String, localizations: String? = nil) -> String {
        """
        {
          "id": "\(id)",
          "template": "\(template)",
          "appearances": { "light": { "background": "#FFFFFF", "ink": "#000000" }, "dark": { "background": "#000000", "ink": "#FFFFFF" } },
          "strings": \(strings)\(localizations.map { ",\n  \"localizations\": \($0)" } ?? ""),
          "idioms": ["phone"]
        }

        """
    }

    func plan(
        _ layouts: [String: String], settings: LocalizationSettings = LocalizationSettings(), warnings: inout [Diagnostic]
    ) throws -> [PlannedVariant] {
        let fixture = try PlannerFixture(layouts: layouts, templates: ["titled.svg": Self.titled])
        defer { fixture.remove() }
        var loaded = try LayoutLoader(directory: fixture.layouts).load(warnings: &warnings)
        try settings.localize(&loaded, warnings: &warnings)
        return try VariantPlanner(
            layouts: loaded, screens: screens([Self.phone]), templates: try TemplateLibrary(directory: fixture.templates)
        ).plan()
    }

    @Test("a layout without translations renders once per screen and appearance, language-neutral")
    func neutral() throws {
        var warnings: [Diagnostic] = []
        let variants = try plan(["a.json": Self.layout(id: "a", strings: #"{ "title": "Hello" }"#)], warnings: &warnings)
        #expect(variants.map(\.id) == ["a-phone-50x100-light", "a-phone-50x100-dark"])
        #expect(variants.allSatisfy { $0.locale == nil })
        #expect(warnings.isEmpty)
    }

    @Test("a localized layout gets the development language's variant and one per language, each drawing its own text")
    func localized() throws {
        var warnings: [Diagnostic] = []
        let layout = Self.layout(
            id: "a", strings: #"{ "title": "Hello" }"#, localizations: #"{ "ar": { "title": "مرحباً" }, "zh-hans": { "title": "你好" } }"#)
        let variants = try plan(["a.json": layout], warnings: &warnings)
        #expect(
            variants.map(\.id) == [
                "a-phone-50x100-light-en", "a-phone-50x100-light-ar", "a-phone-50x100-light-zh-Hans",
                "a-phone-50x100-dark-en", "a-phone-50x100-dark-ar", "a-phone-50x100-dark-zh-Hans",
            ])
        #expect(variants.map(\.locale) == ["en", "ar", "zh-Hans", "en", "ar", "zh-Hans"])
        let arabic = try #require(variants.first { $0.locale == "ar" })
        #expect(arabic.svg.contains(#"xml:lang="ar" direction="rtl""#) && arabic.svg.contains(">مرحباً</text>"))
        let chinese = try #require(variants.first { $0.locale == "zh-Hans" })
        #expect(chinese.svg.contains(#"xml:lang="zh-Hans" direction="ltr""#) && chinese.svg.contains(">你好</text>"))
        #expect(variants.first?.svg.contains(">Hello</text>") == true)
    }

    @Test("a template that shows no text: translations add no variants")
    func languageNeutralArt() throws {
        var warnings: [Diagnostic] = []
        let layout = Self.layout(
            id: "a", template: "plain.svg", strings: #"{ "title": "Hello" }"#, localizations: #"{ "ja": { "title": "こんにちは" } }"#)
        let variants = try plan(["a.json": layout], warnings: &warnings)
        #expect(variants.map(\.id) == ["a-phone-50x100-light", "a-phone-50x100-dark"])
        #expect(variants.allSatisfy { $0.locale == nil })
    }

    @Test("a translation that lacks keys falls back to the development language's text, with a warning listing them")
    func missingKeys() throws {
        var warnings: [Diagnostic] = []
        let layout = Self.layout(
            id: "a", strings: #"{ "title": "Hello", "subtitle": "Welcome back" }"#, localizations: #"{ "hi": { "title": "नमस्ते" } }"#)
        let variants = try plan(["a.json": layout], warnings: &warnings)
        #expect(variants.map(\.locale) == ["en", "hi", "en", "hi"])
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.severity == .warning && warning.file?.hasSuffix("a.json") == true && warning.line == 5)
        #expect(
            warning.message
                == #"layout "a" lacks translations, shown in en instead: hi (subtitle); add them to its "localizations" or to the app's string tables"#
        )
    }

    @Test("the app's String Catalog translates a layout's strings by their development-language text; the layout's own win")
    func stringCatalog() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try folder.write(
            "Localizable.xcstrings",
            """
            { "sourceLanguage": "en", "version": "1.0", "strings": {
              "Hello": { "localizations": {
                "ja": { "stringUnit": { "state": "translated", "value": "こんにちは" } },
                "ar": { "stringUnit": { "state": "translated", "value": "أهلاً" } } } } } }
            """)
        var warnings: [Diagnostic] = []
        let layout = Self.layout(id: "a", strings: #"{ "title": "Hello" }"#, localizations: #"{ "ar": { "title": "مرحباً" } }"#)
        let variants = try plan(["a.json": layout], settings: LocalizationSettings(stringTables: [catalog]), warnings: &warnings)
        #expect(variants.filter { $0.appearance == .light }.map(\.locale) == ["en", "ar", "ja"])
        #expect(variants.first { $0.locale == "ja" }?.svg.contains(">こんにちは</text>") == true)
        #expect(variants.first { $0.locale == "ar" }?.svg.contains(">مرحباً</text>") == true, "the layout's own translation wins")
        #expect(warnings.isEmpty)

        // Only the languages asked for.
        var fewer: [Diagnostic] = []
        let arabicOnly = try plan(
            ["a.json": layout], settings: LocalizationSettings(languages: ["ar"], stringTables: [catalog]), warnings: &fewer)
        #expect(arabicOnly.filter { $0.appearance == .light }.map(\.locale) == ["en", "ar"])
    }

    @Test("a catalog text the app fills in (format specifiers, substitutions) is left out of its language, with a warning at the entry")
    func fillInTextLeftOut() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try folder.write(
            "Localizable.xcstrings",
            """
            { "sourceLanguage": "en", "version": "1.0", "strings": {
              "Hello": { "localizations": {
                "ja": { "stringUnit": { "state": "translated", "value": "こんにちは、%@" } },
                "ar": { "stringUnit": { "state": "translated", "value": "أهلاً" } } } },
              "Unused": { "localizations": {
                "ja": { "stringUnit": { "state": "translated", "value": "%lld 件" } } } } } }
            """)
        var warnings: [Diagnostic] = []
        let layouts = ["a.json": Self.layout(id: "a", strings: #"{ "title": "Hello", "subtitle": "Hello" }"#)]
        let variants = try plan(layouts, settings: LocalizationSettings(stringTables: [catalog]), warnings: &warnings)
        #expect(Set(variants.compactMap(\.locale)) == ["en", "ar"], "Japanese has no title to draw")
        #expect(!variants.contains { $0.svg.contains("%@") })
        // Once for the entry both strings use, none for the entry no layout uses.
        let leftOut = warnings.filter { $0.message.hasPrefix("left out") }
        #expect(leftOut.count == 1, "\(warnings)")
        let warning = try #require(leftOut.first)
        #expect(warning.description.hasPrefix("\(displayed(catalog)):3:"), "\(warning)")
        #expect(warning.description.contains("warning: strings.Hello.localizations.ja.stringUnit.value: left out of this language"))

        // Not warned about a language that is not drawn.
        var arabicOnly: [Diagnostic] = []
        _ = try plan(layouts, settings: LocalizationSettings(languages: ["ar"], stringTables: [catalog]), warnings: &arabicOnly)
        #expect(!arabicOnly.contains { $0.message.hasPrefix("left out") })
    }

    @Test("a tag that is not BCP 47, one given twice, and a key strings lack are errors at their place")
    func errors() throws {
        let fixture = try PlannerFixture(
            layouts: [
                "a.json": Self.layout(
                    id: "a", strings: #"{ "title": "Hello" }"#,
                    localizations:
                        #"{ "arabic language": { "title": "x" }, "zh-Hans": { "title": "你好" }, "zh_hans": { "title": "你好" }, "ja": { "titel": "x" } }"#
                )
            ])
        defer { fixture.remove() }
        var warnings: [Diagnostic] = []
        let error = #expect(throws: CompilerError.self) { try LayoutLoader(directory: fixture.layouts).load(warnings: &warnings) }
        let messages = error?.diagnostics.map(\.description) ?? []
        #expect(messages.count == 3, "\(messages)")
        #expect(
            messages.contains {
                $0.hasSuffix(
                    #"localizations.arabic language: "arabic language" is not a BCP 47 language tag: expected language[-Script][-REGION], e.g. "zh-Hans", "ar", "pt-BR""#
                )
            })
        #expect(
            messages.contains {
                $0.hasSuffix(#"localizations.zh_hans: "zh_hans" is the same language as "zh-Hans": give its strings once"#)
            })
        #expect(
            messages.contains {
                $0.contains(":6:")
                    && $0.hasSuffix(
                        #"localizations.ja.titel: "titel" is not one of the layout's strings ("title"): a translation needs its development-language text in "strings""#
                    )
            })
    }

    @Test("template keys: language, layoutDirection, isRTL and joinsLetters")
    func templateKeys() throws {
        let fixture = try PlannerFixture(layouts: ["a.json": Self.layout(id: "a", strings: "{}")])
        defer { fixture.remove() }
        var warnings: [Diagnostic] = []
        let layouts = try LayoutLoader(directory: fixture.layouts).load(warnings: &warnings)
        let canvas = fullScreen(screens([Self.phone])[0], .portrait)
        let cases = [
            ("en", "ltr", false), ("ar", "rtl", true), ("he", "rtl", false), ("hi", "ltr", true), ("ur", "rtl", true),
            ("zh-Hant", "ltr", false), ("bn", "ltr", true), ("th", "ltr", false), ("pa-Arab", "rtl", true),
        ]
        for (language, direction, joins) in cases {
            let values = TemplateContext(layout: layouts[0], canvas: canvas, appearance: .light, language: language).values
            #expect(values["language"] as? String == language)
            #expect(values["layoutDirection"] as? String == direction)
            #expect(values["isRTL"] as? Bool == (direction == "rtl"))
            #expect(values["joinsLetters"] as? Bool == joins, "\(language)")
        }
        #expect(TemplateContext(layout: layouts[0], canvas: canvas, appearance: .light).values["language"] as? String == "en")
    }
}
