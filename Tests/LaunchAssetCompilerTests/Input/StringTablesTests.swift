import Foundation
import TestSupport
import Testing

@testable import LaunchAssetCompiler

@Suite("The app's string tables")
struct StringTablesTests {
    /// A catalog in the shape Xcode writes, `en` the source language.
    private static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Hello, Winter" : {
              "comment" : "Launch screen title",
              "extractionState" : "manual",
              "localizations" : {
                "ar" : { "stringUnit" : { "state" : "translated", "value" : "مرحبا يا شتاء" } },
                "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Hallo, Winter" } },
                "fr" : { "stringUnit" : { "state" : "stale", "value" : "Bonjour, l’hiver" } },
                "ja" : { "stringUnit" : { "state" : "new", "value" : "Hello, Winter" } },
                "zh-Hans" : { "stringUnit" : { "state" : "translated", "value" : "你好，冬天" } }
              }
            },
            "%lld days of snow" : {
              "localizations" : {
                "en" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld day of snow" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld days of snow" } }
                    }
                  }
                },
                "de" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Schneetag" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Schneetage" } }
                    }
                  }
                }
              }
            },
            "Tap to continue" : {
              "localizations" : {
                "de" : {
                  "variations" : {
                    "device" : {
                      "ipad" : { "stringUnit" : { "state" : "translated", "value" : "Tippen (iPad)" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "Tippen" } }
                    }
                  }
                }
              }
            },
            "Days of snow" : {
              "localizations" : {
                "de" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "Schneetag" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "Schneetage" } }
                    }
                  }
                }
              }
            },
            "Snow in town" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@snow@ in %#@town@" },
                  "substitutions" : {
                    "snow" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Flocken" } } } } },
                    "town" : { "argNum" : 2, "formatSpecifier" : "@", "variations" : { "plural" : {
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } } } } }
                  }
                }
              }
            },
            "Welcome back" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Willkommen zurück, %1$@" } },
                "fr" : { "stringUnit" : { "state" : "machine_translated", "value" : "Bon retour" } }
              }
            },
            "Save 50% today" : {
              "shouldTranslate" : false
            },
            "Snow 100%" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Heute 50% Schnee, 100% Winter, 10%% Sonne" } }
              }
            },
            "STAY WARM" : {
              "extractionState" : "manual"
            },
            "winter.footer" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "See you in spring" } },
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Bis zum Frühling" } }
              }
            }
          },
          "version" : "1.1"
        }
        """

    /// The tables read from `files` (path → text) in `folder`, in the order `tables` lists them.
    private func read(_ tables: [String], in folder: TemporaryFolder) throws -> StringTables {
        try StringTables(tables: tables.map(folder.path))
    }

    /// The diagnostics for reading `tables`, which must fail.
    private func failure(
        _ tables: [URL], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [Diagnostic] {
        let error = try #require(throws: CompilerError.self, sourceLocation: sourceLocation) { try StringTables(tables: tables) }
        #expect(error.diagnostics.allSatisfy { $0.severity == .error }, sourceLocation: sourceLocation)
        return error.diagnostics
    }

    /// The one diagnostic for the table `text` written to `name`, checked to name the file and
    /// the line and column where `needle` starts.
    private func singleError(
        _ text: String, name: String = "en.lproj/Launch.strings", at needle: String, occurrence: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Diagnostic {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write(name, text)
        let diagnostics = try failure([file], sourceLocation: sourceLocation)
        #expect(diagnostics.count == 1, "\(diagnostics)", sourceLocation: sourceLocation)
        let diagnostic = try #require(diagnostics.first, sourceLocation: sourceLocation)
        let expected = place(of: needle, in: text, occurrence: occurrence)
        #expect(diagnostic.file == displayed(file), sourceLocation: sourceLocation)
        #expect(diagnostic.line == expected.line, "line of \(needle)", sourceLocation: sourceLocation)
        #expect(diagnostic.column == expected.column, "column of \(needle)", sourceLocation: sourceLocation)
        #expect(
            diagnostic.description.hasPrefix("\(displayed(file)):\(expected.line):\(expected.column): error: "),
            sourceLocation: sourceLocation)
        return diagnostic
    }

    // MARK: String Catalogs

    @Test func catalogShipsTranslatedReviewedAndStaleUnitsButNotNewOnes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App/Localizable.xcstrings", Self.catalog)
        let tables = try read(["App/Localizable.xcstrings"], in: folder)
        #expect(tables.sourceLanguage == "en")
        #expect(tables.translation(of: "Hello, Winter", into: "ar") == "مرحبا يا شتاء")
        #expect(tables.translation(of: "Hello, Winter", into: "de") == "Hallo, Winter")
        #expect(tables.translation(of: "Hello, Winter", into: "fr") == "Bonjour, l’hiver")
        #expect(tables.translation(of: "Hello, Winter", into: "zh-Hans") == "你好，冬天")
        // `new`: not translated yet, so Japanese has no title.
        #expect(tables.translation(of: "Hello, Winter", into: "ja") == nil)
        #expect(tables.translations["ja"] == nil)
        // The source language is not a language to translate into.
        #expect(tables.languages == ["ar", "de", "fr", "zh-Hans"])
    }

    @Test func pluralsGiveTheirOtherFormAndMachineTranslationsShip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Localizable.xcstrings", Self.catalog)
        let tables = try read(["Localizable.xcstrings"], in: folder)
        #expect(tables.translation(of: "Days of snow", into: "de") == "Schneetage")
        #expect(tables.translation(of: "Welcome back", into: "fr") == "Bon retour")
        // A percent sign that is text stays, whatever stands after it.
        #expect(tables.translation(of: "Snow 100%", into: "de") == "Heute 50% Schnee, 100% Winter, 10%% Sonne")
        // `shouldTranslate: false`, and no `en` entry: the key is its own English text.
        #expect(tables.translation(of: "Save 50% today", into: "en") == "Save 50% today")
        #expect(tables.translation(of: "Tap to continue", into: "en") == "Tap to continue")
    }

    @Test(arguments: [
        ("Tap to continue", ".variations", "it varies by device"),
        ("Snow in town", ".substitutions", "its \"substitutions\" are filled in by the app"),
        ("Welcome back", ".stringUnit.value", "its text holds the format specifier %1$@"),
        ("%lld days of snow", ".variations.plural.other.stringUnit.value", "its text holds the format specifier %lld"),
    ])
    func textTheAppFillsInOrThatVariesByDeviceIsLeftOutWithItsReason(key: String, path: String, reason: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("Localizable.xcstrings", Self.catalog)
        let tables = try read(["Localizable.xcstrings"], in: folder)
        #expect(tables.translation(of: key, into: "de") == nil)
        let warning = try #require(tables.reasonLeftOut(key, in: "de"))
        #expect(warning.severity == .warning)
        #expect(warning.file == displayed(file))
        #expect(warning.path == "strings.\(key).localizations.de\(path)")
        #expect(warning.line != nil)
        #expect(warning.message.hasPrefix("left out of this language: \(reason)"), "\(warning.message)")
        #expect(warning.message.hasSuffix("give the layout this translation in its \"localizations\""))
    }

    @Test func stringsTableTextWithAFormatSpecifierIsLeftOutWithItsReason() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("en.lproj/Launch.strings", #""Welcome back" = "Welcome back";"#)
        let german = try folder.write("de.lproj/Launch.strings", #""Welcome back" = "Willkommen zurück, %@"; "Hi" = "Hallo 50% of";"#)
        let tables = try read(["en.lproj/Launch.strings"], in: folder)
        #expect(tables.translation(of: "Welcome back", into: "de") == nil)
        #expect(tables.translation(of: "Hi", into: "de") == "Hallo 50% of")
        let warning = try #require(tables.reasonLeftOut("Welcome back", in: "de"))
        #expect(warning.severity == .warning && warning.file == displayed(german) && warning.path == "Welcome back")
        #expect(warning.message.contains("the format specifier %@"))
    }

    @Test func keysAreTheirOwnSourceTextUnlessTheSourceLanguageSaysOtherwise() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Localizable.xcstrings", Self.catalog)
        let tables = try read(["Localizable.xcstrings"], in: folder)
        #expect(tables.translation(of: "STAY WARM", into: "en") == "STAY WARM")
        #expect(tables.translation(of: "STAY WARM", into: "de") == nil)
        #expect(tables.translation(of: "winter.footer", into: "en") == "See you in spring")
        #expect(tables.translation(of: "winter.footer", into: "de") == "Bis zum Frühling")
        #expect(tables.translation(of: "Not in any table", into: "de") == nil)
        #expect(tables.translation(of: "Hello, Winter", into: "pt-BR") == nil)
    }

    // MARK: .strings tables

    private static let germanTable = #"""
        /* Launch screen */
        "Hello, Winter" = "Hallo, Winter";   // the title
        // A line comment before an entry
        "STAY WARM" = "BLEIB\tWARM\n";
        "quote" = 'Sag "Hallo" \\ und \"tschüss\"';
        "accented" = "\U00e9t\U00E9 \UD83C\UDF84";
        unquoted_key.with-dash = value/unquoted:1.0;
        "Its own value";
        /* a comment
           over two lines */ "after" = "the comment";
        """#

    @Test func stringsTableReadsCommentsEscapesAndUnquotedKeys() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Resources/de.lproj/Launch.strings", Self.germanTable)
        let tables = try read(["Resources/de.lproj/Launch.strings"], in: folder)
        #expect(
            tables.translations == [
                "de": [
                    "Hello, Winter": "Hallo, Winter",
                    "STAY WARM": "BLEIB\tWARM\n",
                    "quote": #"Sag "Hallo" \ und "tschüss""#,
                    "accented": "été 🎄",
                    "unquoted_key.with-dash": "value/unquoted:1.0",
                    "Its own value": "Its own value",
                    "after": "the comment",
                ]
            ])
        #expect(tables.sourceLanguage == nil)
        #expect(tables.languages == ["de"])
    }

    /// What an app reads from the table at run time is what Foundation's property-list parser
    /// reads; the tables reader must agree with it on every valid table.
    @Test(arguments: [
        germanTable,
        "",
        "  // nothing but a comment\n",
        "{ \"braced\" = \"table\"; }\n",
        "\"octal\" = \"\\101\\102\";\n\"unknown escape\" = \"\\q\\'\";\n\"a\" = \"1\";\n\"a\" = \"2\";\n",
        "\"multi\nline\" = \"a\\\nb\";\n",
    ])
    func stringsTableReadsAsFoundationDoes(_ text: String) throws {
        let entries = try StringsFile(Data(text.utf8)).entries
        guard !text.isEmpty else {
            // Foundation on Linux refuses zero bytes; Xcode and the app see an empty table.
            #expect(entries.isEmpty)
            return
        }
        let foundation = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [String: String]
        #expect(entries == foundation)
    }

    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian])
    func utf16TablesWithAByteOrderMarkAreRead(_ encoding: String.Encoding) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let mark: [UInt8] = encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        try folder.write("Resources/ja.lproj/Launch.strings", Data(mark) + Self.germanTable.data(using: encoding)!)
        let tables = try read(["Resources/ja.lproj/Launch.strings"], in: folder)
        #expect(tables.translation(of: "Hello, Winter", into: "ja") == "Hallo, Winter")
        #expect(tables.translation(of: "accented", into: "ja") == "été 🎄")
        #expect(tables.translations["ja"]?.count == 7)
    }

    @Test func utf8ByteOrderMarkIsSkipped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("R/it.lproj/Launch.strings", Data([0xEF, 0xBB, 0xBF]) + Data("\"Hello, Winter\" = \"Ciao, inverno\";".utf8))
        #expect(try read(["R/it.lproj/Launch.strings"], in: folder).translation(of: "Hello, Winter", into: "it") == "Ciao, inverno")
    }

    @Test func everySiblingLanguageFolderIsRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        func table(_ language: String, _ title: String) throws {
            try folder.write("App/Resources/\(language).lproj/Launch.strings", "\"Hello, Winter\" = \"\(title)\";\n")
        }
        try table("en", "Hello, Winter")
        try table("zh-Hans", "你好，冬天")
        try table("zh_CN", "你好，冬天 (CN)")
        try table("pt-BR", "Olá, inverno")
        try table("English", "Hello, Winter (legacy)")
        try table("Japanese", "こんにちは、冬")
        try table("French", "Bonjour, l’hiver")
        try table("German", "Hallo, Winter")
        try table("Spanish", "Hola, invierno")
        try table("Italian", "Ciao, inverno")
        try table("Dutch", "Hallo, winter")
        // A folder without this table, another table, and a folder that is not a language.
        try folder.folder("App/Resources/ko.lproj")
        try folder.write("App/Resources/ko.lproj/Other.strings", "\"Hello, Winter\" = \"안녕\";")
        try folder.write("App/Resources/Images/Launch.strings", "\"Hello, Winter\" = \"not a language\";")

        let tables = try read(["App/Resources/en.lproj/Launch.strings"], in: folder)
        #expect(tables.languages == ["de", "en", "es", "fr", "it", "ja", "nl", "pt-BR", "zh-CN", "zh-Hans"])
        #expect(tables.translation(of: "Hello, Winter", into: "zh-CN") == "你好，冬天 (CN)")
        #expect(tables.translation(of: "Hello, Winter", into: "zh-Hans") == "你好，冬天")
        #expect(tables.translation(of: "Hello, Winter", into: "pt-BR") == "Olá, inverno")
        #expect(tables.translation(of: "Hello, Winter", into: "ja") == "こんにちは、冬")
        #expect(tables.translation(of: "Hello, Winter", into: "nl") == "Hallo, winter")
        #expect(tables.translation(of: "Hello, Winter", into: "ko") == nil)
        // `English.lproj` and `en.lproj` both give English; folders are read by name, and
        // capitals sort first.
        #expect(tables.translation(of: "Hello, Winter", into: "en") == "Hello, Winter (legacy)")
    }

    @Test func baseFolderIsTheCatalogsSourceLanguage() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("R/Base.lproj/Launch.strings", "\"winter.title\" = \"Hello, Winter\";\n\"winter.subtitle\" = \"STAY WARM\";\n")
        try folder.write("R/en.lproj/Launch.strings", "\"winter.title\" = \"Hello, Winter!\";\n")
        try folder.write("R/de.lproj/Launch.strings", "\"winter.title\" = \"Hallo, Winter\";\n")
        try folder.write("Localizable.xcstrings", #"{ "sourceLanguage": "en", "strings": {}, "version": "1.0" }"#)

        let withCatalog = try read(["R/de.lproj/Launch.strings", "Localizable.xcstrings"], in: folder)
        #expect(withCatalog.sourceLanguage == "en")
        // `en.lproj` comes before `Base.lproj`, as the app looks them up.
        #expect(withCatalog.translation(of: "winter.title", into: "en") == "Hello, Winter!")
        #expect(withCatalog.translation(of: "winter.subtitle", into: "en") == "STAY WARM")
        #expect(withCatalog.translations["Base"] == nil)
        #expect(withCatalog.languages == ["de"])

        // Without a catalog the development language is unknown: `Base` is skipped.
        let alone = try read(["R/de.lproj/Launch.strings"], in: folder)
        #expect(alone.sourceLanguage == nil)
        #expect(alone.translation(of: "winter.subtitle", into: "en") == nil)
        #expect(alone.languages == ["de", "en"])
    }

    @Test func firstListedTableWins() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("R/de.lproj/Launch.strings", "\"Hello, Winter\" = \"Servus, Winter\";\n\"Only here\" = \"Nur hier\";\n")
        try folder.write("Localizable.xcstrings", Self.catalog)
        let stringsFirst = try read(["R/de.lproj/Launch.strings", "Localizable.xcstrings"], in: folder)
        #expect(stringsFirst.translation(of: "Hello, Winter", into: "de") == "Servus, Winter")
        #expect(stringsFirst.translation(of: "Only here", into: "de") == "Nur hier")
        #expect(stringsFirst.translation(of: "winter.footer", into: "de") == "Bis zum Frühling")
        let catalogFirst = try read(["Localizable.xcstrings", "R/de.lproj/Launch.strings"], in: folder)
        #expect(catalogFirst.translation(of: "Hello, Winter", into: "de") == "Hallo, Winter")
        #expect(catalogFirst.translation(of: "Only here", into: "de") == "Nur hier")
    }

    @Test func languagesDifferingOnlyInCaseAreOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("R/zh-Hans.lproj/Launch.strings", "\"Hello, Winter\" = \"你好，冬天\";\n")
        try folder.write(
            "Localizable.xcstrings",
            #"{ "sourceLanguage": "en", "strings": { "STAY WARM": { "localizations": { "zh-hans": { "stringUnit": { "state": "translated", "value": "保暖" } } } } } }"#
        )
        let tables = try read(["R/zh-Hans.lproj/Launch.strings", "Localizable.xcstrings"], in: folder)
        #expect(tables.languages == ["zh-Hans"])
        #expect(tables.translation(of: "STAY WARM", into: "zh-Hans") == "保暖")
        #expect(tables.translation(of: "Hello, Winter", into: "ZH-HANS") == "你好，冬天")
    }

    // MARK: Errors

    @Test func catalogSyntaxErrorNamesFileLineAndColumn() throws {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Hello, Winter" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo" } }
                  }
                }
                "STAY WARM" : {}
              }
            }
            """
        let diagnostic = try singleError(text, name: "Localizable.xcstrings", at: "\"STAY WARM\"")
        #expect(diagnostic.message == "expected ',' or '}', found '\"'")
    }

    @Test(arguments: [
        (#"{ "stringUnit" : { "state" : "translated", "value" : 42 } }"#, "42", ".stringUnit.value", "expected the text in quotes"),
        (
            #"{ "stringUnit" : { "state" : "translated", "valu" : "Hallo" } }"#, #"{ "state""#, ".stringUnit",
            "missing \"value\": expected the text of the string unit"
        ),
        (
            #"{ "stringUnit" : { "state" : true, "value" : "Hallo" } }"#, "true", ".stringUnit.state",
            "expected a state in quotes (translated, needs_review, stale or new)"
        ),
        (#"{ "variations" : { "plural" : [] } }"#, "[]", ".variations.plural", "expected an object of plural forms (\"one\", \"other\")"),
        (#""Hallo""#, #""Hallo""#, "", "expected an object with \"stringUnit\" or \"variations\""),
    ])
    func catalogShapeErrorNamesThePlaceAndWhatWasExpected(localization: String, needle: String, path: String, message: String) throws {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Hello, Winter" : {
                  "localizations" : {
                    "de" : \(localization)
                  }
                }
              }
            }
            """
        let diagnostic = try singleError(text, name: "Localizable.xcstrings", at: needle)
        #expect(diagnostic.path == "strings.Hello, Winter.localizations.de" + path)
        #expect(diagnostic.message == message)
    }

    @Test func catalogThatIsNotOneSaysSo() throws {
        let diagnostic = try singleError(#"["Hello, Winter"]"#, name: "Localizable.xcstrings", at: "[")
        #expect(diagnostic.message == "expected a String Catalog: an object with \"sourceLanguage\" and \"strings\"")
        let noStrings = try singleError(#"{ "sourceLanguage": "en" }"#, name: "Localizable.xcstrings", at: "{")
        #expect(noStrings.message == "missing \"strings\": expected a String Catalog")
    }

    /// Each table, where its error is placed (just after the value or key, for a missing ';'
    /// or '='), and the message.
    @Test(arguments: [
        (
            "\"Hello, Winter\" = \"Hallo, Winter\"\n\"STAY WARM\" = \"BLEIB WARM\";\n", "\n",
            "expected ';' after the value of \"Hello, Winter\""
        ),
        ("\"title\" = \"Hallo\" \"more\";\n", " \"more\"", "expected ';' after the value of \"title\", found '\"'"),
        (
            "\"a\" = \"b\";\n\"subtitle\" = \"BLEIB WARM\" // no semicolon\n", " //",
            "expected ';' after the value of \"subtitle\", found the end of the file"
        ),
        ("\"title\" \"Hallo\";\n", " \"Hallo\"", "expected '=' after the key \"title\", found '\"'"),
        ("\"title\" = ;\n", ";", "expected the text of \"title\" in quotes, found ';'"),
        ("\"title\" = { a = b; };\n", "{", "expected the text of \"title\" in quotes, found '{'"),
        ("\"a\" = \"b\";\n= \"c\";\n", "= \"c\"", "expected a key in quotes, found '='"),
        ("\"a\" = \"b\";\n\"title\" = \"Hallo;\n", "\"Hallo", "quoted text never closed: no closing quote after this one"),
        ("\"a\" = \"b\";\n/* unclosed\n\"c\" = \"d\";\n", "/*", "comment never closed: no '*/' after this '/*'"),
        ("\"title\" = \"caf\\U00e\";\n", "\\U00e", "expected four hex digits after \\U"),
        (
            "\"title\" = \"\\UD83C!\";\n", "\\UD83C",
            "\\UD83C is the first half of a surrogate pair; the second (\\UDC00 to \\UDFFF) must follow"
        ),
        ("\"title\" = \"\\351t\\351\";\n", "\\351", "octal escape above \\177 (a NeXTSTEP character); write it as \\UXXXX"),
        ("{ \"title\" = \"Hallo\";\n", "{", "table never closed: no '}' after this '{'"),
        ("{ \"title\" = \"Hallo\"; }\n\"more\" = \"x\";", "\"more\"", "unexpected text after the closing '}', found '\"'"),
    ])
    func stringsSyntaxErrorNamesFileLineColumnAndWhatWasExpected(text: String, needle: String, message: String) throws {
        let diagnostic = try singleError(text, at: needle)
        #expect(diagnostic.message == message)
    }

    @Test func notUTF8TextIsPlaced() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("fr.lproj/Launch.strings", Data("\"a\" = \"b\";\n\"title\" = \"caf".utf8) + Data([0xE9, 0x22, 0x3B]))
        let diagnostic = try #require(try failure([file]).first)
        #expect(diagnostic.file == displayed(file))
        #expect(diagnostic.line == 2)
        #expect(diagnostic.column == 15)
        #expect(diagnostic.message.hasPrefix("not UTF-8 text (byte offset 25)"))
    }

    @Test func errorsOfEveryTableAreReported() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let german = try folder.write("R/de.lproj/Launch.strings", "\"title\" = \"Hallo\"\n")
        try folder.write("R/en.lproj/Launch.strings", "\"title\" = \"Hello\";\n")
        let catalog = try folder.write("Localizable.xcstrings", "{ \"sourceLanguage\": \"en\", }")
        let diagnostics = try failure([folder.path("R/en.lproj/Launch.strings"), catalog])
        #expect(diagnostics.map(\.file) == [displayed(german), displayed(catalog)])
        #expect(diagnostics.map(\.line) == [1, 1])
        #expect(diagnostics[0].message == "expected ';' after the value of \"title\", found the end of the file")
    }

    @Test func missingTablesAreNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = folder.path("App/Localizable.xcstrings")
        let strings = folder.path("App/en.lproj/Launch.strings")
        let diagnostics = try failure([catalog, strings])
        #expect(diagnostics.map(\.file) == [displayed(catalog), displayed(strings)])
        // The reason is the system's words ("No such file or directory", "The file doesn’t exist.").
        #expect(diagnostics[0].message.hasPrefix("cannot read the string catalog ("))
        #expect(diagnostics[1].message.hasPrefix("cannot read the strings table ("))
    }

    @Test func tablesOutsideALanguageFolderOrOfAnotherKindAreRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let loose = try folder.write("App/Launch.strings", "\"a\" = \"b\";")
        let plurals = try folder.write("App/en.lproj/Launch.stringsdict", "<plist/>")
        let diagnostics = try failure([loose, plurals])
        #expect(diagnostics.map(\.file) == [displayed(loose), displayed(plurals)])
        #expect(diagnostics[0].message == "expected a strings table inside a language folder (<language>.lproj/Launch.strings)")
        #expect(diagnostics[1].message == "expected a String Catalog (.xcstrings) or a strings table (.strings)")
    }
}
