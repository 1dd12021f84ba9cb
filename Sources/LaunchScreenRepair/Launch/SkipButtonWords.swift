import Foundation

/// The splash's skip button in the app's language: the language the app runs in
/// (`Bundle.main.preferredLocalizations.first`), not one the module's own bundle would pick, so an
/// English-only app on a German device says "Skip". Written here rather than read from `.strings`
/// files: the words are needed on the main thread while the splash appears, where no file is read.
struct SkipButtonWords: Sendable, Hashable {
    /// The button's word ("Skip"), also its VoiceOver label.
    var skip: String

    /// The words of the best language of `language`'s fallback chain that has them, else English.
    init(language: String?) {
        let chain = LanguageChain(language: language, developmentLanguage: "en")
        skip = chain.tags.lazy.compactMap { Self.words[$0] }.first ?? "Skip"
    }

    /// The button with `seconds` left, or without a count (`nil`: a splash without a timed end,
    /// or one waiting for the button under VoiceOver).
    func button(secondsLeft seconds: Int?) -> SkipButton {
        SkipButton(title: seconds.map { "\(skip) \(max(0, $0))" } ?? skip, label: skip)
    }

    /// The word in each language the module speaks, by canonical tag.
    private static let words: [String: String] = [
        "ar": "تخطي", "de": "Überspringen", "en": "Skip", "es": "Omitir", "fr": "Passer", "hi": "छोड़ें", "it": "Salta",
        "ja": "スキップ", "ko": "건너뛰기", "pt": "Pular", "ru": "Пропустить", "zh-Hans": "跳过", "zh-Hant": "略過",
    ]
}
