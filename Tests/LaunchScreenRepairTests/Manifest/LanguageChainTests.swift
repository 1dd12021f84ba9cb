import Foundation
import Testing

@testable import LaunchScreenRepair

@Suite("The app's language and its fallbacks")
struct LanguageChainTests {
    @Test(
        "the chain from the app's language to the development language, as the system falls back between .lproj folders",
        arguments: [
            ("zh-Hant-HK", ["zh-Hant-HK", "zh-Hant", "en"]),
            ("zh-HK", ["zh-HK", "zh-Hant-HK", "zh-Hant", "en"]),
            ("zh-TW", ["zh-TW", "zh-Hant-TW", "zh-Hant", "en"]),
            ("zh-CN", ["zh-CN", "zh-Hans-CN", "zh-Hans", "zh", "en"]),
            ("zh", ["zh", "zh-Hans", "en"]),
            ("zh-Hans", ["zh-Hans", "zh", "en"]),
            ("pt-BR", ["pt-BR", "pt", "en"]),
            ("pt_BR", ["pt-BR", "pt", "en"]),
            ("sr-Latn-RS", ["sr-Latn-RS", "sr-Latn", "en"]),
            ("EN-gb", ["en-GB", "en"]),
            ("ar", ["ar", "en"]),
            ("en", ["en"]),
            ("Base", ["en"]),
        ])
    func chain(language: String, expected: [String]) {
        #expect(LanguageChain(language: language, developmentLanguage: "en").tags == expected)
    }

    @Test("no language and no development language: an empty chain that takes only language-neutral images")
    func empty() {
        let chain = LanguageChain(language: nil, developmentLanguage: nil)
        #expect(chain.tags.isEmpty)
        #expect(chain.rank(of: nil) == 0)
        #expect(chain.rank(of: "en") == nil)
    }

    @Test("right-to-left languages and scripts")
    func direction() {
        for tag in ["ar", "he", "fa", "ur", "ar-EG", "pa-Arab", "az-Arab"] { #expect(LanguageTag(tag)?.isRightToLeft == true, "\(tag)") }
        for tag in ["en", "zh-Hans", "hi", "ja", "th", "ko", "pa", "az-Latn"] {
            #expect(LanguageTag(tag)?.isRightToLeft == false, "\(tag)")
        }
    }

    @Test("what is not a tag is refused", arguments: ["", "e", "english-language", "en--US", "en-US-", "日本語", "en US"])
    func notATag(text: String) {
        #expect(LanguageTag(text) == nil)
    }

    static func variant(_ id: String, width: Int = 1179, appearance: Appearance = .light, locale: String?) -> LaunchManifest.Variant {
        LaunchManifest.Variant(
            id: id, layout: "winter", width: width, height: 2556, orientation: .portrait, appearance: appearance, idiom: .phone,
            devices: ["iphone-14-pro"], md5: id, offset: 0, length: 1, locale: locale)
    }

    @Test("each image is taken in the best language it has; other languages' images are never taken")
    func preferred() {
        let variants = [
            Self.variant("en", locale: "en"), Self.variant("zh-Hant", locale: "zh-Hant"), Self.variant("zh-Hans", locale: "zh-Hans"),
            Self.variant("ar", locale: "ar"), Self.variant("en-dark", appearance: .dark, locale: "en"),
            Self.variant("ar-dark", appearance: .dark, locale: "ar"),
            // Another size, the same in every language.
            Self.variant("neutral", width: 1290, locale: nil),
        ]
        func chosen(_ language: String?) -> [String] {
            LanguageChain(language: language, developmentLanguage: "en").preferred(variants).map(\.id)
        }
        #expect(chosen("zh-Hant-HK") == ["zh-Hant", "en-dark", "neutral"])
        #expect(chosen("zh-CN") == ["zh-Hans", "en-dark", "neutral"])
        #expect(chosen("ar-EG") == ["ar", "ar-dark", "neutral"])
        #expect(chosen("fr") == ["en", "en-dark", "neutral"])
        #expect(chosen(nil) == ["en", "en-dark", "neutral"])
    }

    @Test("a manifest without localized images is taken as it is, whatever the language")
    func neutralManifest() {
        let variants = [Self.variant("a", locale: nil), Self.variant("b", appearance: .dark, locale: nil)]
        #expect(LanguageChain(language: "ar", developmentLanguage: nil).preferred(variants) == variants)
    }
}
