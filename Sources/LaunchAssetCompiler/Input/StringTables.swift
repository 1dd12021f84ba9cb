import Foundation

/// Translations from an app's String Catalogs and `.strings` tables: the layouts' strings are
/// looked up by their development-language text, which is how Xcode keys a catalog.
///
/// Tables are read in the order given; when two translate a key into the same language
/// differently, the first one listed wins. Language tags are kept as the tables name them
/// (`zh-Hans`, `pt-BR`), with `_` written as `-` (`zh_CN` → `zh-CN`) and the old English
/// folder names read as tags (`English.lproj` → `en`); tags differing only in case are one
/// language, spelt as first seen.
///
/// - A String Catalog (`.xcstrings`) gives each language's `stringUnit.value`, as Xcode builds
///   it into the app: a unit in state `translated`, `needs_review` or `stale` is used (the last
///   two are real translations Xcode flags for a look, and still ships); a unit in state `new`
///   is not, as it is a translation not yet made. `machine_translated` (catalog version 1.3)
///   counts as `translated`, as Xcode ships it. A plural string gives its `other` form (a
///   launch screen has no count). Left out of that language, each with a warning saying why
///   when a layout asks for it (``leftOut``): a string that varies another way (by device), one
///   with `substitutions`, and one whose text holds format specifiers (`%@`, `%lld`, `%1$@`),
///   which nothing fills on a launch screen. In the catalog's `sourceLanguage`, a string with no
///   entry is its own key, `shouldTranslate: false` ones included.
/// - A `.strings` table (`App/Resources/en.lproj/Launch.strings`) is read from every
///   `*.lproj` folder beside the one named, wherever that folder has one. `Base.lproj` holds
///   the development language: it counts as the catalogs' `sourceLanguage`, after that
///   language's own folder, and is skipped when no catalog names a source language (its text
///   is then the layouts' own, with nothing to translate). A text with format specifiers is
///   left out as in a catalog.
public struct StringTables: Sendable, Equatable {
    /// The catalogs' `sourceLanguage` (the first one that has it), or `nil`.
    public var sourceLanguage: String?
    /// language tag (as the table names it: "zh-Hans", "ar", "pt-BR") → key → translated text.
    public var translations: [String: [String: String]]
    /// language tag → key → the warning that says why a table's text for it is not drawn.
    public var leftOut: [String: [String: Diagnostic]]

    public init(
        sourceLanguage: String? = nil, translations: [String: [String: String]] = [:], leftOut: [String: [String: Diagnostic]] = [:]
    ) {
        self.sourceLanguage = sourceLanguage
        self.translations = translations
        self.leftOut = leftOut
    }

    /// Reads every table, reporting the errors of all of them; `urls` as resolved from the
    /// configuration (diagnostics show them relative to the working directory).
    public init(tables urls: [URL]) throws(CompilerError) {
        /// Each table's entries in reading order; a `nil` language is `Base.lproj`.
        var tables: [Table] = []
        var sourceLanguage: String?
        var errors: [Diagnostic] = []
        for url in urls {
            do throws(CompilerError) {
                switch url.pathExtension.lowercased() {
                case "xcstrings":
                    let catalog = try StringCatalog(contentsOf: url)
                    sourceLanguage = sourceLanguage ?? catalog.sourceLanguage
                    tables += Set(catalog.translations.keys).union(catalog.leftOut.keys).sorted().map {
                        Table(language: $0, entries: catalog.translations[$0] ?? [:], leftOut: catalog.leftOut[$0] ?? [:])
                    }
                case "strings":
                    tables += try Self.lprojTables(named: url)
                default:
                    throw CompilerError(Diagnostic.notAStringTable.placed(file: url.relativePathForDisplay, path: nil))
                }
            } catch {
                errors += error.diagnostics
            }
        }
        guard errors.isEmpty else { throw CompilerError(errors) }
        self.init(sourceLanguage: sourceLanguage)
        for table in tables {
            guard let language = table.language ?? sourceLanguage else { continue }
            let tag = Set(translations.keys).union(leftOut.keys).first { $0.lowercased() == language.lowercased() } ?? language
            translations[tag, default: [:]].merge(table.entries) { first, _ in first }
            leftOut[tag, default: [:]].merge(table.leftOut) { first, _ in first }
        }
    }

    /// One table's text in one language (`nil`: `Base.lproj`), and what it has that is not drawn.
    private struct Table {
        var language: String?
        var entries: [String: String]
        var leftOut: [String: Diagnostic] = [:]
    }

    /// The translation of `key` into `language`, if a table has one. Tags match whatever their case.
    public func translation(of key: String, into language: String) -> String? {
        Self.entry(of: key, in: language, of: translations)
    }

    /// Why a table's text for `key` in `language` is not drawn, when one is left out.
    public func reasonLeftOut(_ key: String, in language: String) -> Diagnostic? {
        Self.entry(of: key, in: language, of: leftOut)
    }

    private static func entry<Value>(of key: String, in language: String, of tables: [String: [String: Value]]) -> Value? {
        if let table = tables[language] { return table[key] }
        return tables.first { $0.key.lowercased() == language.lowercased() }?.value[key]
    }

    /// Every language some table translates into, sorted; not the source language, whose text
    /// the layouts already hold.
    public var languages: [String] {
        translations.keys.filter { $0.lowercased() != sourceLanguage?.lowercased() }.sorted()
    }

    /// The language tag a table folder or catalog names; `nil` for `Base`.
    static func languageTag(_ name: String) -> String? {
        if name == "Base" { return nil }
        let legacy = ["English": "en", "Japanese": "ja", "French": "fr", "German": "de", "Spanish": "es", "Italian": "it", "Dutch": "nl"]
        return legacy[name] ?? name.replacing("_", with: "-")
    }

    /// The table named by `url` (`…/en.lproj/Launch.strings`) in every `*.lproj` folder beside
    /// its own, language folders by name and `Base` last.
    private static func lprojTables(named url: URL) throws(CompilerError) -> [Table] {
        guard TargetConfigurationFile.namesSiblingTables(url) else {
            throw CompilerError(
                Diagnostic.stringsOutsideLanguageFolder(url.lastPathComponent).placed(file: url.relativePathForDisplay, path: nil))
        }
        let named = try StringsFile(contentsOf: url)
        let files: [URL]
        do { files = try TargetConfigurationFile.siblingTables(of: url) } catch {
            let resources = url.deletingLastPathComponent().deletingLastPathComponent()
            throw CompilerError(
                Diagnostic.unlistableFolder(reason: systemReason(error)).placed(file: resources.relativePathForDisplay, path: nil))
        }
        var tables: [Table] = []
        var errors: [Diagnostic] = []
        for file in files {
            let language = languageTag(file.deletingLastPathComponent().deletingPathExtension().lastPathComponent)
            do {
                let isNamed = file.deletingLastPathComponent().lastPathComponent == url.deletingLastPathComponent().lastPathComponent
                var table = Table(language: language, entries: isNamed ? named.entries : try StringsFile(contentsOf: file).entries)
                for (key, text) in table.entries {
                    guard let specifier = FormatSpecifiers.first(in: text) else { continue }
                    table.entries[key] = nil
                    table.leftOut[key] = Diagnostic.formatSpecifierLeftOut(specifier).placed(file: file.relativePathForDisplay, path: key)
                }
                tables.append(table)
            } catch {
                errors += error.diagnostics
            }
        }
        guard errors.isEmpty else { throw CompilerError(errors) }
        return tables
    }
}

/// One String Catalog (`.xcstrings`), reduced to the text of each language (see ``StringTables``
/// for what is taken), every shape error placed at its line and column.
struct StringCatalog {
    var sourceLanguage: String?
    /// language tag → key → text.
    var translations: [String: [String: String]] = [:]
    /// language tag → key → why its text there is not drawn.
    var leftOut: [String: [String: Diagnostic]] = [:]

    /// Reads and checks the catalog at `url`.
    init(contentsOf url: URL) throws(CompilerError) {
        let input = try JSONInputFile(contentsOf: url, kind: "string catalog")
        let reader = Reader(input: input)
        let root = try reader.object(
            try reader.document(), at: "", "expected a String Catalog: an object with \"sourceLanguage\" and \"strings\"")
        if let language = root["sourceLanguage"] {
            let tag = try reader.string(language, at: "sourceLanguage", "expected a language tag in quotes")
            sourceLanguage = StringTables.languageTag(tag)
        }
        guard let strings = root["strings"] else {
            throw CompilerError(input.diagnostic(at: "", .catalogWithoutStrings))
        }
        let entries = try reader.object(strings, at: "strings", "expected an object of strings keyed by their source text")
        for (key, entry) in reader.inOrder(entries, at: "strings") {
            let entryPath = "strings.\(key)"
            let entry = try reader.object(entry, at: entryPath, "expected an object with \"localizations\"")
            var localizations: [String: Any] = [:]
            if let value = entry["localizations"] {
                localizations = try reader.object(value, at: "\(entryPath).localizations", "expected an object keyed by language")
            }
            if let source = sourceLanguage, !localizations.keys.contains(where: { StringTables.languageTag($0) == source }) {
                translations[source, default: [:]][key] = key
            }
            for (language, localization) in reader.inOrder(localizations, at: "\(entryPath).localizations") {
                let text = try reader.text(of: localization, at: "\(entryPath).localizations.\(language)")
                guard let tag = StringTables.languageTag(language) else { continue }
                switch text {
                case .drawn(let text): translations[tag, default: [:]][key] = text
                case .leftOut(let reason): leftOut[tag, default: [:]][key] = reason
                case nil: break
                }
            }
        }
    }

    /// Walks the parsed document, naming the place of each value of the wrong shape.
    private struct Reader {
        let input: JSONInputFile

        func document() throws(CompilerError) -> Any {
            do {
                return try JSONSerialization.jsonObject(with: input.data, options: [.fragmentsAllowed])
            } catch {
                throw CompilerError(input.diagnostic(at: "", Diagnostic(message: error.localizedDescription)))
            }
        }

        func object(_ value: Any, at path: String, _ expected: String) throws(CompilerError) -> [String: Any] {
            guard let object = value as? [String: Any] else {
                throw CompilerError(input.diagnostic(at: path, Diagnostic(message: expected)))
            }
            return object
        }

        /// The object's members in document order.
        func inOrder(_ object: [String: Any], at path: String) -> [(key: String, value: Any)] {
            (input.map.keys[path] ?? object.keys.sorted()).compactMap { key in object[key].map { (key, $0) } }
        }

        func string(_ value: Any, at path: String, _ expected: String) throws(CompilerError) -> String {
            guard let string = value as? String else { throw CompilerError(input.diagnostic(at: path, Diagnostic(message: expected))) }
            return string
        }

        /// What a localization gives a launch screen: its text, the reason it is left out, or
        /// `nil` when it gives nothing (not yet translated).
        func text(of localization: Any, at path: String) throws(CompilerError) -> CatalogText? {
            let localization = try object(localization, at: path, "expected an object with \"stringUnit\" or \"variations\"")
            if localization["substitutions"] != nil {
                return .leftOut(input.diagnostic(at: "\(path).substitutions", .substitutionsLeftOut))
            }
            if let unit = localization["stringUnit"] {
                return try text(ofUnit: unit, at: "\(path).stringUnit")
            }
            guard let variations = localization["variations"] else { return nil }
            let kinds = try object(variations, at: "\(path).variations", "expected an object of variations (\"plural\", \"device\")")
            guard let plural = kinds["plural"] else {
                return kinds.isEmpty ? nil : .leftOut(input.diagnostic(at: "\(path).variations", .variationsLeftOut(kinds.keys.sorted())))
            }
            let cases = try object(plural, at: "\(path).variations.plural", "expected an object of plural forms (\"one\", \"other\")")
            guard let other = cases["other"] else { return nil }
            let form = try object(other, at: "\(path).variations.plural.other", "expected an object with \"stringUnit\"")
            guard let unit = form["stringUnit"] else { return nil }
            return try text(ofUnit: unit, at: "\(path).variations.plural.other.stringUnit")
        }

        /// A string unit's value, unless its state is `new`; left out when it holds a format specifier.
        private func text(ofUnit unit: Any, at path: String) throws(CompilerError) -> CatalogText? {
            let unit = try object(unit, at: path, "expected an object with \"state\" and \"value\"")
            guard let value = unit["value"] else {
                throw CompilerError(input.diagnostic(at: path, .stringUnitWithoutValue))
            }
            let text = try string(value, at: "\(path).value", "expected the text in quotes")
            if let state = unit["state"] {
                let state = try string(state, at: "\(path).state", "expected a state in quotes (translated, needs_review, stale or new)")
                if state == "new" { return nil }
            }
            if let specifier = FormatSpecifiers.first(in: text) {
                return .leftOut(input.diagnostic(at: "\(path).value", .formatSpecifierLeftOut(specifier)))
            }
            return .drawn(text)
        }
    }

    /// What a catalog's localization gives a launch screen.
    enum CatalogText {
        case drawn(String)
        case leftOut(Diagnostic)
    }
}
