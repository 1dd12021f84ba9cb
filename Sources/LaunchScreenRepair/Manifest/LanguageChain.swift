/// The languages whose images a device may show, best first: the language the app runs in,
/// then its less specific forms, then the development language. It is how the system falls back
/// from one `.lproj` folder to the next (`zh-Hant-HK` → `zh-Hant` → the development language),
/// applied to a manifest's localized variants.
///
/// A script is never dropped where it changes the writing: a `zh-Hant` user is not shown
/// Simplified Chinese because a `zh` image exists. Chinese tags without a script take the one
/// their region writes (`zh-TW` → `zh-Hant`).
package struct LanguageChain: Sendable, Hashable, CustomStringConvertible {
    /// The tags to try, best first, in canonical case (`zh-Hant-HK`); empty when neither a
    /// language nor a development language is known.
    package let tags: [String]

    /// The chain for the language the app runs in (`Bundle.main.preferredLocalizations.first`;
    /// `Base` and `nil` mean the development language) ending in the manifest's development language.
    package init(language: String?, developmentLanguage: String?) {
        var tags: [String] = []
        func add(_ tag: String) {
            if !tags.contains(where: { $0.caseInsensitiveCompare(tag) }) { tags.append(tag) }
        }
        if let language, let tag = LanguageTag(language) {
            add(tag.description)
            for fallback in tag.fallbacks { add(fallback.description) }
        }
        if let developmentLanguage, let tag = LanguageTag(developmentLanguage) { add(tag.description) }
        self.tags = tags
    }

    /// The language the chain starts with, when one was given.
    package var language: String? { tags.first }

    /// Where `locale` stands in the chain: 0 for the language itself; language-neutral images
    /// (`nil`) come after every tag; `nil` for a language outside the chain.
    package func rank(of locale: String?) -> Int? {
        guard let locale else { return tags.count }
        return tags.firstIndex { $0.caseInsensitiveCompare(locale) }
    }

    /// For each image a device may need (a layout's size, window and appearance), the variants of
    /// the best language there: those of the first tag of the chain that has any, else the
    /// language-neutral ones. Variants of languages outside the chain are never chosen. The
    /// order of `variants` is kept.
    package func preferred(_ variants: [LaunchManifest.Variant]) -> [LaunchManifest.Variant] {
        guard variants.contains(where: { $0.locale != nil }) else { return variants }
        struct Slot: Hashable {
            var layout: String, idiom: Idiom, width: Int, height: Int, window: MultitaskingWindow?, appearance: Appearance
        }
        func slot(_ variant: LaunchManifest.Variant) -> Slot {
            Slot(
                layout: variant.layout, idiom: variant.idiom, width: variant.width, height: variant.height, window: variant.window,
                appearance: variant.appearance)
        }
        var best: [Slot: Int] = [:]
        for variant in variants {
            guard let rank = rank(of: variant.locale) else { continue }
            best[slot(variant)] = min(best[slot(variant)] ?? rank, rank)
        }
        return variants.filter { variant in rank(of: variant.locale).map { $0 == best[slot(variant)] } ?? false }
    }

    package var description: String { tags.joined(separator: " → ") }
}

extension String {
    /// Equal but for letter case (tags are matched this way).
    fileprivate func caseInsensitiveCompare(_ other: String) -> Bool {
        lowercased() == other.lowercased()
    }
}
