/// A BCP 47 language tag cut into the parts the fallback needs: `language[-Script][-REGION]`,
/// anything after the region kept whole.
package struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    /// The language subtag, lower case: `zh`.
    package var language: String
    /// The script subtag, title case: `Hant`.
    package var script: String?
    /// The region subtag, upper case (or three digits): `HK`.
    package var region: String?
    /// Variant and extension subtags, lower-cased, joined by `-`.
    package var rest: String?

    /// Languages written in more than one script, whose script is never dropped.
    static let multiScript: Set<String> = [
        "az", "bs", "ff", "ha", "kk", "ks", "ku", "mn", "ms", "pa", "sd", "shi", "sr", "tg", "uz", "vai", "yue", "zh",
    ]

    /// Reads `zh-Hant-HK`, `zh_TW` or `EN-us`; `nil` for `Base` and for what is not a tag.
    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard let first = parts.first, (2...3).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        language = first.lowercased()
        var index = 1
        if index < parts.count, parts[index].count == 4, parts[index].allSatisfy({ $0.isASCII && $0.isLetter }) {
            script = parts[index].prefix(1).uppercased() + parts[index].dropFirst().lowercased()
            index += 1
        }
        if index < parts.count,
            (parts[index].count == 2 && parts[index].allSatisfy { $0.isASCII && $0.isLetter })
                || (parts[index].count == 3 && parts[index].allSatisfy { $0.isASCII && $0.isNumber })
        {
            region = parts[index].uppercased()
            index += 1
        }
        let rest = parts[index...]
        guard rest.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }) else {
            return nil
        }
        self.rest = rest.isEmpty ? nil : rest.map { $0.lowercased() }.joined(separator: "-")
    }

    private init(language: String, script: String?, region: String?) {
        self.language = language
        self.script = script
        self.region = region
    }

    /// The script the tag is written in: its own, or for Chinese the one its region writes
    /// (Traditional in Taiwan, Hong Kong and Macao, Simplified elsewhere).
    var writtenScript: String? {
        guard script == nil, language == "zh" else { return script }
        return region.map { ["TW", "HK", "MO"].contains($0) } == true ? "Hant" : "Hans"
    }

    /// The less specific tags to fall back on, in order: without the variants, with the script
    /// written out, without the region, and without the script where that does not change the
    /// writing. A bare `zh` stands for Simplified Chinese.
    var fallbacks: [LanguageTag] {
        let written = writtenScript
        var tags: [LanguageTag] = []
        if rest != nil { tags.append(LanguageTag(language: language, script: script, region: region)) }
        if script == nil, let written { tags.append(LanguageTag(language: language, script: written, region: region)) }
        if region != nil { tags.append(LanguageTag(language: language, script: written, region: nil)) }
        if let written, !Self.multiScript.contains(language) || (language == "zh" && written == "Hans") {
            tags.append(LanguageTag(language: language, script: nil, region: nil))
        }
        return tags.filter { $0 != self }
    }

    /// Whether text in this language runs right to left: Arabic, Hebrew, Persian, Urdu and the
    /// other languages written in a right-to-left script, or any tag naming such a script.
    package var isRightToLeft: Bool {
        if let script { return Self.rightToLeftScripts.contains(script) }
        return Self.rightToLeftLanguages.contains(language)
    }

    /// Whether its script joins letters into words, so that letter-spacing would tear them apart:
    /// Arabic and the other cursive scripts, and the headline of Devanagari, Bengali and Gurmukhi.
    package var joinsLetters: Bool {
        Self.joiningScripts.contains(script ?? Self.joiningLanguages[language] ?? "")
    }

    /// Scripts whose letters join (ISO 15924).
    static let joiningScripts: Set<String> = ["Adlm", "Arab", "Beng", "Deva", "Guru", "Mand", "Mong", "Nkoo", "Rohg", "Syrc"]
    /// Languages usually written in a joining script, and that script.
    static let joiningLanguages: [String: String] = [
        "ar": "Arab", "ckb": "Arab", "fa": "Arab", "ks": "Arab", "lrc": "Arab", "mzn": "Arab", "ps": "Arab", "sd": "Arab", "ug": "Arab",
        "ur": "Arab", "syr": "Syrc", "nqo": "Nkoo", "hi": "Deva", "mr": "Deva", "ne": "Deva", "sa": "Deva", "kok": "Deva",
        "mai": "Deva", "bho": "Deva", "doi": "Deva", "brx": "Deva", "new": "Deva", "bn": "Beng", "as": "Beng", "mni": "Beng",
        "pa": "Guru",
    ]

    /// Scripts written right to left (ISO 15924).
    static let rightToLeftScripts: Set<String> = ["Adlm", "Arab", "Hebr", "Mand", "Nkoo", "Rohg", "Samr", "Syrc", "Thaa", "Yezi"]
    /// Languages whose usual script runs right to left.
    static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "lrc", "mzn", "nqo", "ps", "sd", "syr", "ug", "ur", "yi",
    ]

    /// The tag in canonical case: `zh-Hant-HK`.
    package var description: String {
        [language, script, region, rest].compactMap { $0 }.joined(separator: "-")
    }
}
