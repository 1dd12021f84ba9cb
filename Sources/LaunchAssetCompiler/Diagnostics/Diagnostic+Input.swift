import Foundation

// What the input files can get wrong: reading them, their JSON, the layouts, the devices,
// `launch-assets.json` and the string tables. Each factory words one finding; the caller
// places it (a file, or a value's line and column).
extension Diagnostic {
    // MARK: - Files

    /// The file could not be read, for `reason` (`kind` names it: "devices file").
    static func unreadable(_ kind: String, reason: String) -> Diagnostic {
        Diagnostic(message: "cannot read the \(kind) (\(reason))")
    }

    /// A key the object does not take; `expected` are the ones it does.
    static func unknownKey(_ key: String, expected: Set<String>) -> Diagnostic {
        Diagnostic(message: "unknown key \"\(key)\"; expected one of \(expected.sorted().joined(separator: ", "))")
    }

    /// Bytes that are not UTF-8 from `offset` on; `hint` says how to save the file instead.
    static func notUTF8(byteOffset offset: Int, hint: String? = nil) -> Diagnostic {
        Diagnostic(message: "not UTF-8 text (byte offset \(offset))" + (hint.map { "; \($0)" } ?? ""))
    }

    /// UTF-16 text (after a byte-order mark) of an odd number of bytes.
    static var oddUTF16: Diagnostic {
        Diagnostic(message: "UTF-16 text (it starts with a byte-order mark) with an odd number of bytes")
    }

    /// UTF-16 text with a surrogate alone, after `characters` characters.
    static func unpairedSurrogate(after characters: Int) -> Diagnostic {
        Diagnostic(message: "not UTF-16 text: a surrogate without its other half (after \(characters) characters)")
    }

    /// A JSON string that the line ends in.
    static var stringNotClosedOnItsLine: Diagnostic {
        Diagnostic(message: "string not closed before the end of the line")
    }

    /// A JSON string the file ends in.
    static var stringNeverClosed: Diagnostic {
        Diagnostic(message: "string never closed")
    }

    /// A `.strings` table's `{` without its `}`.
    static var tableNeverClosed: Diagnostic {
        Diagnostic(message: "table never closed: no '}' after this '{'")
    }

    /// A `.strings` table's quoted text without its closing quote.
    static var quotedTextNeverClosed: Diagnostic {
        Diagnostic(message: "quoted text never closed: no closing quote after this one")
    }

    /// A `.strings` table's `/*` without its `*/`.
    static var commentNeverClosed: Diagnostic {
        Diagnostic(message: "comment never closed: no '*/' after this '/*'")
    }

    /// A key that appears twice in one JSON object.
    static func duplicateKey(_ key: String) -> Diagnostic {
        Diagnostic(message: "duplicate key \"\(key)\"")
    }

    // MARK: - Layouts

    /// No `*.json` in the layouts folder.
    static var noLayoutFiles: Diagnostic {
        Diagnostic(message: "no layout files (*.json) in this folder")
    }

    /// A layout id that is not kebab-case.
    static func notKebabCase(_ id: String) -> Diagnostic {
        Diagnostic(message: "expected a kebab-case id (a-z, 0-9 and '-'), found \"\(id)\"")
    }

    /// A `template` that is not a file name in the templates folder.
    static func notATemplateName(_ name: String) -> Diagnostic {
        Diagnostic(message: "expected a file name in the templates folder, found \"\(name)\"")
    }

    /// The fallback layout delivered remotely by its own file.
    static var remoteFallback: Diagnostic {
        Diagnostic(
            message:
                "the fallback layout (no \"schedule\") must be bundled: a device offline on its first launch has nothing else to show; "
                + "remove \"delivery\" or give the layout a schedule")
    }

    /// `"schedule": []`.
    static var emptySchedule: Diagnostic {
        Diagnostic(message: "an empty schedule is never active; omit the key to make this the fallback layout")
    }

    /// A range with one yearly and one absolute date.
    static var mixedDateRange: Diagnostic {
        Diagnostic(message: "\"from\" and \"through\" must both be MM-DD or both be YYYY-MM-DD")
    }

    /// An absolute range whose end is before its start.
    static func rangeEndsBeforeItStarts(from: String, through: String) -> Diagnostic {
        Diagnostic(message: "ends (\(through)) before it starts (\(from))")
    }

    /// A palette key the other appearance does not define.
    static func paletteKeyInOneAppearance(_ key: String) -> Diagnostic {
        Diagnostic(message: "missing \"\(key)\": light and dark must define the same keys")
    }

    /// A palette or string key that a built-in template key would hide.
    static func builtInKeyShadowed(_ key: String) -> Diagnostic {
        Diagnostic(message: "\"\(key)\" is a built-in template key; choose another name")
    }

    /// A string key that is also a palette key.
    static func stringShadowsPalette(_ key: String) -> Diagnostic {
        Diagnostic(message: "\"\(key)\" is also an appearance key; one would hide the other")
    }

    /// An empty or repeating `idioms`.
    static var badIdioms: Diagnostic {
        Diagnostic(message: "expected a non-empty list of distinct idioms (phone, pad)")
    }

    /// A `localizations` key that is no language tag.
    static func localizationNotATag(_ text: String) -> Diagnostic {
        Diagnostic(
            message: "\"\(text)\" is not a BCP 47 language tag: expected language[-Script][-REGION], e.g. \"zh-Hans\", \"ar\", \"pt-BR\"")
    }

    /// Two `localizations` keys of one language.
    static func sameLanguageTwice(_ text: String, as other: String) -> Diagnostic {
        Diagnostic(message: "\"\(text)\" is the same language as \"\(other)\": give its strings once")
    }

    /// A translation of a key the layout's `strings` does not have; `known` are the ones it has.
    static func translationOfUnknownString(_ key: String, known: [String]) -> Diagnostic {
        let list = known.isEmpty ? "it has none" : known.map { "\"\($0)\"" }.joined(separator: ", ")
        return Diagnostic(
            message:
                "\"\(key)\" is not one of the layout's strings (\(list)): a translation needs its development-language text in \"strings\""
        )
    }

    /// A layout id another file (`other`) uses too.
    static func duplicateLayoutID(_ id: String, alsoIn other: String) -> Diagnostic {
        Diagnostic(message: "duplicate layout id \"\(id)\" (also in \(other))")
    }

    /// Every layout has a schedule.
    static var noFallback: Diagnostic {
        Diagnostic(message: "no fallback layout: exactly one layout must have no \"schedule\"")
    }

    /// A launch screen described by a layout that is not the fallback (in `fallback`).
    static func launchScreenOutsideFallback(fallback: String) -> Diagnostic {
        Diagnostic(
            message: "only the fallback layout (no \"schedule\", here \(fallback)) describes the launch screen: "
                + "iOS draws it before any season is known")
    }

    /// A second layout without a schedule (the first in `fallback`).
    static func secondFallback(first fallback: String) -> Diagnostic {
        Diagnostic(message: "a second fallback layout (\(fallback) has no schedule either): exactly one layout may omit \"schedule\"")
    }

    /// Days of the year no yearly schedule covers.
    static func scheduleGap(_ days: String) -> Diagnostic {
        Diagnostic(.warning, message: "no yearly schedule covers \(days); the fallback layout shows then")
    }

    /// Days of the year several yearly layouts claim.
    static func yearlyOverlap(_ layouts: [String], on days: String) -> Diagnostic {
        Diagnostic(.warning, message: "\(layouts.joined(separator: " and ")) overlap on \(days); the higher priority wins")
    }

    /// Absolute ranges of two layouts that share days.
    static func absoluteOverlap(_ first: String, _ firstRange: String, _ second: String, _ secondRange: String) -> Diagnostic {
        Diagnostic(.warning, message: "\(first) (\(firstRange)) and \(second) (\(secondRange)) overlap; the higher priority wins")
    }

    /// A layout drawn in languages its translations only partly cover: `gaps` names each one's missing keys.
    static func missingTranslations(layout: String, shownIn development: String, gaps: [String]) -> Diagnostic {
        Diagnostic(
            .warning,
            message: "layout \"\(layout)\" lacks translations, shown in \(development) instead: \(gaps.joined(separator: "; ")); "
                + "add them to its \"localizations\" or to the app's string tables")
    }

    // MARK: - The launch screen

    /// A `launchScreen.logo` that is not an `.svg` file name.
    static func notALogoName(_ name: String) -> Diagnostic {
        Diagnostic(message: "expected an .svg file name in the templates folder, found \"\(name)\"")
    }

    /// A logo frame side that is not a whole number of points from 1 to 2000.
    static func badLogoSide(_ value: Double) -> Diagnostic {
        Diagnostic(message: "expected a whole number of points from 1 to 2000 (whole pixels at every scale), found \(svgNumber(value))")
    }

    /// A logo too large for iOS's launch-screen memory: `megabytes` decoded at 3x, `pixels` wide and high.
    static func logoTooLarge(megabytes: Double, pixels: String) -> Diagnostic {
        Diagnostic(
            message: "the logo takes \(String(format: "%.1f", megabytes)) MB decoded at 3x (\(pixels) pixels, 4 bytes each); "
                + "iOS shows a blank launch screen when its images take more than about 25 MB: make the frame smaller")
    }

    /// A `launchScreen.background` that is not a key of the palette at `palette`.
    static func backgroundNotInPalette(_ key: String, palette: String) -> Diagnostic {
        Diagnostic(message: "the background colour \"\(key)\" is not a key of \(palette)")
    }

    /// A launch screen background that is not `#RRGGBB`.
    static func backgroundNotSRGB(_ value: String) -> Diagnostic {
        Diagnostic(
            message:
                "the launch screen's background must be an sRGB colour #RRGGBB (a named colour in the asset catalog), found \"\(value)\"")
    }

    // MARK: - Devices

    /// The devices file that ships with the generator is missing.
    static var builtInCatalogMissing: Diagnostic {
        Diagnostic(message: "the built-in device catalog is missing from the generator's resources")
    }

    /// A device id given twice.
    static func duplicateDeviceID(_ id: String) -> Diagnostic {
        Diagnostic(message: "duplicate device id \"\(id)\"")
    }

    /// A device with a zero or negative size or scale.
    static var nonPositiveScreen: Diagnostic {
        Diagnostic(message: "points and scale must be greater than zero")
    }

    /// A screen of `pixels` with a side outside 1…`maximum`.
    static func screenOutOfRange(_ pixels: String, maximum: Int) -> Diagnostic {
        Diagnostic(message: "screen of \(pixels) pixels is out of range: each side must be 1 to \(maximum) pixels")
    }

    /// A device given in landscape.
    static var landscapePoints: Diagnostic {
        Diagnostic(message: "give the portrait size (width ≤ height)")
    }

    /// Safe-area insets below zero.
    static var negativeInsets: Diagnostic {
        Diagnostic(message: "insets must not be negative")
    }

    /// Multitasking windows on a device that is no iPad.
    static var windowsOnPhone: Diagnostic {
        Diagnostic(message: "only iPads have Split View and Slide Over windows")
    }

    /// A window kind given twice in one orientation.
    static func windowTwice(_ window: String, in orientation: String) -> Diagnostic {
        Diagnostic(message: "\(window) appears twice in \(orientation)")
    }

    /// A window side outside `0 < side < limit` (`≤ limit` where `inclusive`).
    static func windowSideOutOfRange(_ side: String, limit: String, inclusive: Bool) -> Diagnostic {
        Diagnostic(message: "must be more than 0 and \(inclusive ? "at most" : "less than") \(limit), found \(side)")
    }

    // MARK: - Settings and string tables

    /// A value that should be a language tag; `examples` are tags to show.
    static func notALanguageTag(_ text: String, examples: String) -> Diagnostic {
        Diagnostic(message: "\"\(text)\" is not a BCP 47 language tag (e.g. \(examples))")
    }

    /// The development language given is no language tag.
    static func developmentLanguageNotATag(_ text: String) -> Diagnostic {
        Diagnostic(message: "development language \"\(text)\" is not a BCP 47 language tag (e.g. \"en\", \"de\")")
    }

    /// A language to draw that is no language tag.
    static func drawnLanguageNotATag(_ text: String) -> Diagnostic {
        Diagnostic(message: "language \"\(text)\" is not a BCP 47 language tag (e.g. \"zh-Hans\", \"ar\", \"pt-BR\")")
    }

    /// A string table that is neither a String Catalog nor a `.strings` table.
    static var notAStringTable: Diagnostic {
        Diagnostic(message: "expected a String Catalog (.xcstrings) or a strings table (.strings)")
    }

    /// A `.strings` table outside a language folder.
    static func stringsOutsideLanguageFolder(_ name: String) -> Diagnostic {
        Diagnostic(message: "expected a strings table inside a language folder (<language>.lproj/\(name))")
    }

    /// A String Catalog without its `strings`.
    static var catalogWithoutStrings: Diagnostic {
        Diagnostic(message: "missing \"strings\": expected a String Catalog")
    }

    /// A String Catalog localization with `substitutions`, left out of its language.
    static var substitutionsLeftOut: Diagnostic {
        Diagnostic(
            .warning,
            message: "left out of this language: its \"substitutions\" are filled in by the app at run time, "
                + "which a launch screen, drawn before the app runs, cannot be; give the layout this translation in its \"localizations\"")
    }

    /// A String Catalog localization that varies by `kinds` other than plural, left out of its language.
    static func variationsLeftOut(_ kinds: [String]) -> Diagnostic {
        Diagnostic(
            .warning,
            message: "left out of this language: it varies by \(kinds.joined(separator: " and ")), and a launch screen draws one text "
                + "for every device of a layout; give the layout this translation in its \"localizations\"")
    }

    /// A table's text holding `specifier`, left out of its language.
    static func formatSpecifierLeftOut(_ specifier: String) -> Diagnostic {
        Diagnostic(
            .warning,
            message: "left out of this language: its text holds the format specifier \(specifier), which the app fills in at run time "
                + "and a launch screen, drawn before the app runs, cannot; give the layout this translation in its \"localizations\"")
    }

    /// A String Catalog's string unit without its `value`.
    static var stringUnitWithoutValue: Diagnostic {
        Diagnostic(message: "missing \"value\": expected the text of the string unit")
    }

    /// A folder that could not be listed, for `reason`.
    static func unlistableFolder(reason: String) -> Diagnostic {
        Diagnostic(message: "cannot read the folder (\(reason))")
    }
}
