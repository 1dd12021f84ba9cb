import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

@testable import LaunchAssetCompiler

@Suite("Loading the layout files")
struct LayoutLoaderTests {
    /// A layouts folder holding `files` (name → JSON text).
    private func load(_ files: [String: String]) throws -> (layouts: [SeasonalLayout], warnings: [Diagnostic]) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, text) in files { try folder.write("Layouts/\(name)", text) }
        var warnings: [Diagnostic] = []
        let layouts = try LayoutLoader(directory: folder.path("Layouts")).load(warnings: &warnings)
        return (layouts, warnings)
    }

    /// The diagnostics for a folder of `files`, which must fail to load; `folder` is where it was.
    private func failure(
        _ files: [String: String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (diagnostics: [Diagnostic], folder: URL) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, text) in files { try folder.write("Layouts/\(name)", text) }
        var warnings: [Diagnostic] = []
        let error = try #require(throws: CompilerError.self, sourceLocation: sourceLocation) {
            _ = try LayoutLoader(directory: folder.path("Layouts")).load(warnings: &warnings)
        }
        #expect(error.diagnostics.allSatisfy { $0.severity == .error }, sourceLocation: sourceLocation)
        return (error.diagnostics, folder.path("Layouts"))
    }

    /// The one diagnostic for `bad.json` next to a valid fallback layout, checked to name the
    /// file, the JSON path and the line and column where `needle` starts.
    private func singleError(
        _ text: String, path: String, at needle: String, occurrence: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Diagnostic {
        let (diagnostics, folder) = try failure(
            ["default.json": layoutJSON(id: "default"), "bad.json": text], sourceLocation: sourceLocation)
        #expect(diagnostics.count == 1, "\(diagnostics)", sourceLocation: sourceLocation)
        let diagnostic = try #require(diagnostics.first, sourceLocation: sourceLocation)
        let expected = place(of: needle, in: text, occurrence: occurrence)
        #expect(diagnostic.file == displayed(folder.appendingPathComponent("bad.json")), sourceLocation: sourceLocation)
        #expect(diagnostic.file?.hasSuffix("Layouts/bad.json") == true, sourceLocation: sourceLocation)
        #expect(diagnostic.path == path, sourceLocation: sourceLocation)
        #expect(diagnostic.line == expected.line, "line of \(needle)", sourceLocation: sourceLocation)
        #expect(diagnostic.column == expected.column, "column of \(needle)", sourceLocation: sourceLocation)
        #expect(
            diagnostic.description.hasPrefix("\(diagnostic.file!):\(expected.line):\(expected.column): error: \(path): "),
            sourceLocation: sourceLocation)
        return diagnostic
    }

    private static let winter = """
        {
          "id": "winter",
          "template": "snowfall.svg",
          "schedule": [{ "from": "12-01", "through": "02-29" }],
          "appearances": {
            "light": { "background": "#EEF4FB", "ink": "#1B3A5C" },
            "dark":  { "background": "#0D1724", "ink": "#DCE8F5" }
          }
        }
        """

    // MARK: Valid layouts

    @Test func minimalLayoutGetsTheDefaults() throws {
        let (layouts, warnings) = try load([
            "default.json": """
            {
              "id": "default",
              "template": "calm.svg",
              "appearances": {
                "light": { "background": "#FFFFFF" },
                "dark": { "background": "#000000" }
              }
            }
            """
        ])
        #expect(warnings.isEmpty)
        let layout = try #require(layouts.first)
        #expect(layouts.count == 1)
        #expect(layout.id == "default")
        #expect(layout.displayName == "default")
        #expect(layout.template == "calm.svg")
        #expect(layout.priority == 0)
        #expect(layout.orientations == .automatic)
        #expect(layout.idioms == [.phone, .pad])
        #expect(layout.schedule.isEmpty)
        #expect(layout.isFallback)
        #expect(layout.strings.isEmpty)
        #expect(layout.palettes[.light] == ["background": "#FFFFFF"])
        #expect(layout.palettes[.dark] == ["background": "#000000"])
        #expect(layout.file.hasSuffix("Layouts/default.json"))
        #expect(layout.manifestEntry == LaunchManifest.Layout(id: "default", displayName: "default", priority: 0, schedule: []))
    }

    @Test func everyFieldIsRead() throws {
        let (layouts, _) = try load([
            "default.json": layoutJSON(id: "default"),
            "festival.json": """
            {
              "id": "lunar-new-year",
              "displayName": "Lunar New Year",
              "template": "lanterns.svg",
              "schedule": [{ "from": "2028-02-29", "through": "2028-03-04" }, { "from": "12-30", "through": "01-02" }],
              "priority": 10,
              "appearances": { "light": { "ink": "#6B1212" }, "dark": { "ink": "#FFE8C4" } },
              "strings": { "title": "Lunar New Year" },
              "orientations": "both",
              "idioms": ["pad"]
            }
            """,
        ])
        // Sorted by id.
        #expect(layouts.map(\.id) == ["default", "lunar-new-year"])
        let layout = layouts[1]
        #expect(layout.displayName == "Lunar New Year")
        #expect(layout.template == "lanterns.svg")
        #expect(
            layout.schedule == [
                DateRange(from: SeasonDate(year: 2028, month: 2, day: 29), through: SeasonDate(year: 2028, month: 3, day: 4)),
                DateRange(from: SeasonDate(month: 12, day: 30), through: SeasonDate(month: 1, day: 2)),
            ])
        #expect(layout.priority == 10)
        #expect(layout.strings == ["title": "Lunar New Year"])
        #expect(layout.orientations == .both)
        #expect(layout.idioms == [.pad])
        #expect(!layout.isFallback)
    }

    @Test func filesThatAreNotJSONAreIgnored() throws {
        let (layouts, _) = try load(["default.json": layoutJSON(id: "default"), "README.md": "# notes", "winter.json.bak": "{"])
        #expect(layouts.map(\.id) == ["default"])
    }

    @Test func emptyOrMissingFolderIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var warnings: [Diagnostic] = []
        let empty = try folder.folder("Layouts")
        let error = try #require(throws: CompilerError.self) { _ = try LayoutLoader(directory: empty).load(warnings: &warnings) }
        #expect(error.diagnostics.map(\.file) == [displayed(empty)])
        #expect(error.diagnostics.first?.message.contains("no layout files") == true)

        let missing = folder.path("Nope")
        let unreadable = try #require(throws: CompilerError.self) { _ = try LayoutLoader(directory: missing).load(warnings: &warnings) }
        #expect(unreadable.diagnostics.map(\.file) == [displayed(missing)])
    }

    // MARK: Errors in one file

    @Test func unknownKeyIsPlacedAtTheKey() throws {
        let text = """
            {
              "id": "winter",
              "template": "snowfall.svg",
              "shedule": [{ "from": "12-01", "through": "02-29" }],
              "appearances": { "light": { "ink": "#000000" }, "dark": { "ink": "#FFFFFF" } }
            }
            """
        let (diagnostics, folder) = try failure(["default.json": layoutJSON(id: "default"), "bad.json": text])
        let diagnostic = try #require(diagnostics.first { $0.path == "shedule" }, "\(diagnostics)")
        #expect(diagnostic.file == displayed(folder.appendingPathComponent("bad.json")))
        #expect(diagnostic.message.contains("unknown key \"shedule\""))
        #expect(diagnostic.message.contains("schedule"), "the message lists the allowed keys")
        #expect(diagnostic.line == 4)
        #expect(diagnostic.column == place(of: "\"shedule\"", in: text).column, "at the key, not its value")
    }

    @Test func unknownKeyInsideAScheduleEntry() throws {
        let text = layoutJSON(id: "winter", schedule: [("12-01", "02-29")])
            .replacingOccurrences(of: "\"through\"", with: "\"thru\"")
        let (diagnostics, _) = try failure(["default.json": layoutJSON(id: "default"), "bad.json": text])
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.path == "schedule[0].thru")
        #expect(diagnostic.message.contains("unknown key \"thru\""))
        #expect(diagnostic.line == place(of: "\"thru\"", in: text).line)
    }

    @Test func yearsBeforeOneThousandAreErrorsAtTheirPlace() throws {
        let text = layoutJSON(id: "winter", schedule: [("0001-01-01", "2027-02-28")])
        let diagnostic = try singleError(text, path: "schedule[0].from", at: "\"0001-01-01\"")
        #expect(diagnostic.message.contains("0001-01-01"))
        #expect(
            try load([
                "default.json": layoutJSON(id: "default"),
                "winter.json": layoutJSON(id: "winter", schedule: [("1000-01-01", "1000-01-02")]),
            ]).layouts.count == 2)
    }

    @Test func wrongTypes() throws {
        let priority = layoutJSON(id: "winter", schedule: [("12-01", "02-29")]).replacingOccurrences(
            of: "\"appearances\"", with: "\"priority\": \"high\",\n  \"appearances\"")
        let diagnostic = try singleError(priority, path: "priority", at: "\"high\"")
        #expect(diagnostic.message.contains("expected an integer"))

        let idioms = layoutJSON(id: "winter", schedule: [("12-01", "02-29")]).replacingOccurrences(
            of: "\"appearances\"", with: "\"idioms\": \"phone\",\n  \"appearances\"")
        #expect(try singleError(idioms, path: "idioms", at: "\"phone\"").message.contains("expected an array"))

        let palette = layoutJSON(id: "winter", schedule: [("12-01", "02-29")]).replacingOccurrences(
            of: "\"ink\": \"#FFFFFF\"", with: "\"ink\": 255")
        #expect(try singleError(palette, path: "appearances.dark.ink", at: "255").message.contains("expected a string"))
    }

    @Test func missingRequiredKey() throws {
        let text = """
            {
              "id": "winter",
              "schedule": [{ "from": "12-01", "through": "02-29" }],
              "appearances": { "light": { "ink": "#000000" }, "dark": { "ink": "#FFFFFF" } }
            }
            """
        let (diagnostics, _) = try failure(["default.json": layoutJSON(id: "default"), "bad.json": text])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("missing required key \"template\"") == true)
        #expect(diagnostics.first?.line == 1)
    }

    @Test(arguments: [
        ("13-01", "01-31", "schedule[0].from", "\"13-01\""),
        ("02-01", "02-30", "schedule[0].through", "\"02-30\""),
        ("2027-02-01", "2027-02-29", "schedule[0].through", "\"2027-02-29\""),
        ("00-10", "01-31", "schedule[0].from", "\"00-10\""),
        ("1-5", "01-31", "schedule[0].from", "\"1-5\""),
        ("2027/02/01", "2027-02-03", "schedule[0].from", "\"2027/02/01\""),
    ])
    func badDates(from: String, through: String, path: String, needle: String) throws {
        let text = layoutJSON(id: "winter", schedule: [("12-01", "12-31"), (from, through)])
        let diagnostic = try singleError(text, path: path.replacingOccurrences(of: "[0]", with: "[1]"), at: needle)
        #expect(diagnostic.message.contains(needle.trimmingCharacters(in: CharacterSet(charactersIn: "\""))))
        #expect(diagnostic.message.contains("MM-DD"))
    }

    @Test func leapDayIsValidInLeapYearsAndYearly() throws {
        let (layouts, _) = try load([
            "default.json": layoutJSON(id: "default"),
            "leap.json": layoutJSON(id: "leap", schedule: [("2028-02-29", "2028-02-29"), ("02-29", "02-29")]),
        ])
        #expect(layouts.first { $0.id == "leap" }?.schedule.count == 2)
    }

    @Test func mixedYearlyAndAbsoluteEndsAreAnError() throws {
        let text = layoutJSON(id: "winter", schedule: [("12-01", "2027-01-05")])
        let diagnostic = try singleError(text, path: "schedule[0]", at: "{ \"from\"")
        #expect(diagnostic.message.contains("both be MM-DD or both be YYYY-MM-DD"))
    }

    @Test func reversedAbsoluteRangeIsAnError() throws {
        let text = layoutJSON(id: "festival", schedule: [("2027-02-12", "2027-02-06")])
        let diagnostic = try singleError(text, path: "schedule[0].through", at: "\"2027-02-06\"")
        #expect(diagnostic.message.contains("2027-02-06"))
        #expect(diagnostic.message.contains("before it starts"))
        // A yearly range that wraps the year end is not reversed.
        _ = try load(["default.json": layoutJSON(id: "default"), "winter.json": layoutJSON(id: "winter", schedule: [("12-01", "02-29")])])
    }

    @Test func emptyScheduleIsAnError() throws {
        let text = layoutJSON(id: "winter", schedule: [])
        let diagnostic = try singleError(text, path: "schedule", at: "[]")
        #expect(diagnostic.message.contains("empty schedule"))
    }

    @Test func lightAndDarkMustDefineTheSameKeys() throws {
        let text = layoutJSON(
            id: "winter", schedule: [("12-01", "02-29")],
            light: ["background": "#FFFFFF", "accent": "#FF0000"], dark: ["background": "#000000"]
        )
        let diagnostic = try singleError(text, path: "appearances.dark", at: "{ \"background\": \"#000000\"")
        #expect(diagnostic.message.contains("missing \"accent\""))
    }

    @Test func paletteKeyMayNotShadowABuiltInKey() throws {
        let text = layoutJSON(
            id: "winter", schedule: [("12-01", "02-29")],
            light: ["width": "100", "ink": "#000000"], dark: ["width": "100", "ink": "#FFFFFF"]
        )
        let (diagnostics, folder) = try failure(["default.json": layoutJSON(id: "default"), "bad.json": text])
        #expect(diagnostics.count == 1, "\(diagnostics)")
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.file == displayed(folder.appendingPathComponent("bad.json")))
        #expect(diagnostic.message.contains("\"width\" is a built-in template key"))
        #expect(diagnostic.path == "appearances.light.width")
        #expect(diagnostic.line == place(of: "\"width\"", in: text).line)
    }

    @Test func stringKeyMayNotShadowABuiltInOrPaletteKey() throws {
        let builtIn = layoutJSON(id: "winter", schedule: [("12-01", "02-29")], strings: ["height": "tall"])
        #expect(try singleError(builtIn, path: "strings.height", at: "\"tall\"").message.contains("built-in template key"))

        let palette = layoutJSON(id: "winter", schedule: [("12-01", "02-29")], strings: ["ink": "words"])
        #expect(try singleError(palette, path: "strings.ink", at: "\"words\"").message.contains("also an appearance key"))
    }

    @Test(arguments: ["Winter", "winter_sale", "-winter", "winter-", "winter--sale", "", "wïnter"])
    func badIDs(id: String) throws {
        let text = layoutJSON(id: id, schedule: [("12-01", "02-29")])
        let diagnostic = try singleError(text, path: "id", at: "\"\(id)\"")
        #expect(diagnostic.message.contains("kebab-case"))
    }

    @Test(arguments: ["../snowfall.svg", "sub/snowfall.svg", ".hidden.svg", ""])
    func templateMustBeAFileNameInTheFolder(template: String) throws {
        let text = layoutJSON(id: "winter", template: template, schedule: [("12-01", "02-29")])
        _ = try singleError(text, path: "template", at: "\"\(template)\"")
    }

    @Test func idiomsMustBeDistinctAndNonEmpty() throws {
        let empty = layoutJSON(id: "winter", schedule: [("12-01", "02-29")], idioms: [])
        _ = try singleError(empty, path: "idioms", at: "[]")
        let twice = layoutJSON(id: "winter", schedule: [("12-01", "02-29")], idioms: ["pad", "pad"])
        _ = try singleError(twice, path: "idioms", at: "[\"pad\"")
        let unknown = layoutJSON(id: "winter", schedule: [("12-01", "02-29")], idioms: ["phone", "watch"])
        _ = try singleError(unknown, path: "idioms[1]", at: "\"watch\"")
    }

    @Test func unknownOrientationPolicy() throws {
        let text = layoutJSON(id: "winter", schedule: [("12-01", "02-29")], orientations: "landscape")
        _ = try singleError(text, path: "orientations", at: "\"landscape\"")
    }

    @Test func deliveryIsReadAndDefaultsToBundled() throws {
        let (layouts, _) = try load([
            "default.json": layoutJSON(id: "default"),
            "spring.json": layoutJSON(id: "spring", schedule: [("03-01", "05-31")], delivery: "remote"),
            "summer.json": layoutJSON(id: "summer", schedule: [("06-01", "08-31")], delivery: "bundled"),
            "winter.json": layoutJSON(id: "winter", schedule: [("12-01", "02-29")]),
        ])
        #expect(layouts.map(\.id) == ["default", "spring", "summer", "winter"])
        #expect(layouts.map(\.delivery) == [.bundled, .remote, .bundled, .bundled])
        #expect(layouts.map(\.manifestEntry.delivery) == [.bundled, .remote, .bundled, .bundled])
    }

    @Test func aRemoteFallbackIsAnErrorAtItsDelivery() throws {
        let diagnostic = try singleError(layoutJSON(id: "plain", delivery: "remote"), path: "delivery", at: "\"remote\"")
        #expect(diagnostic.message.contains("the fallback layout (no \"schedule\") must be bundled"))
        #expect(diagnostic.message.contains("a device offline on its first launch"))
    }

    @Test func unknownDeliveryIsPlacedAtItsValue() throws {
        let text = layoutJSON(id: "winter", schedule: [("12-01", "02-29")], delivery: "cdn")
        _ = try singleError(text, path: "delivery", at: "\"cdn\"")
    }

    @Test(arguments: [("automatic", OrientationPolicy.automatic), ("portrait", .portraitOnly), ("both", .both)])
    func orientationPolicies(text: String, policy: OrientationPolicy) throws {
        let (layouts, _) = try load(["default.json": layoutJSON(id: "default", orientations: text)])
        #expect(layouts.first?.orientations == policy)
    }

    @Test func syntaxErrorsNameTheFile() throws {
        let text = "{\n  \"id\": \"winter\"\n  \"template\": \"a.svg\"\n}\n"
        let (diagnostics, folder) = try failure(["default.json": layoutJSON(id: "default"), "bad.json": text])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.file == displayed(folder.appendingPathComponent("bad.json")))
        #expect(diagnostics.first?.line == 3)
        #expect(diagnostics.first?.column == 3)
    }

    // MARK: Errors across files

    @Test func noFallbackLayout() throws {
        let (diagnostics, folder) = try failure([
            "spring.json": layoutJSON(id: "spring", schedule: [("03-01", "05-31")]),
            "summer.json": layoutJSON(id: "summer", schedule: [("06-01", "08-31")]),
        ])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.file == displayed(folder))
        #expect(diagnostics.first?.message.contains("no fallback layout") == true)
    }

    @Test func twoFallbackLayouts() throws {
        let (diagnostics, folder) = try failure([
            "a-default.json": layoutJSON(id: "calm"),
            "b-default.json": layoutJSON(id: "quiet"),
            "spring.json": layoutJSON(id: "spring", schedule: [("03-01", "05-31")]),
        ])
        #expect(diagnostics.count == 1, "\(diagnostics)")
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.file == displayed(folder.appendingPathComponent("b-default.json")))
        #expect(diagnostic.path == nil)
        #expect(diagnostic.line == 1 && diagnostic.column == 1, "placed at the document")
        #expect(diagnostic.message.contains("a-default.json"), "names the other fallback")
    }

    @Test func duplicateLayoutIDs() throws {
        let (diagnostics, folder) = try failure([
            "default.json": layoutJSON(id: "default"),
            "spring.json": layoutJSON(id: "spring", schedule: [("03-01", "05-31")]),
            "spring-copy.json": layoutJSON(id: "spring", schedule: [("03-01", "04-30")]),
        ])
        #expect(diagnostics.count == 1, "\(diagnostics)")
        let diagnostic = try #require(diagnostics.first)
        // Files load in name order: "spring-copy.json" before "spring.json".
        #expect(diagnostic.file == displayed(folder.appendingPathComponent("spring.json")))
        #expect(diagnostic.path == "id")
        #expect(diagnostic.message.contains("duplicate layout id \"spring\""))
        #expect(diagnostic.message.contains("spring-copy.json"))
    }

    @Test func everyErrorIsReportedInOnePass() throws {
        let many = layoutJSON(
            id: "Bad_ID", schedule: [],
            light: ["background": "#FFFFFF", "accent": "#FF0000"], dark: ["background": "#000000"]
        )
        let (diagnostics, folder) = try failure([
            "default.json": layoutJSON(id: "default"),
            "a.json": layoutJSON(id: "a", schedule: [("13-01", "01-31")]),
            "b.json": "{ \"id\": \"b\",\n  \"shedule\": [] }",
            "c.json": "{ \"id\": \"c\" ",
            "many.json": many,
        ])
        let byFile = Dictionary(grouping: diagnostics) { $0.file ?? "" }
        for name in ["a.json", "b.json", "c.json", "many.json"] {
            #expect(byFile[displayed(folder.appendingPathComponent(name))] != nil, "an error for \(name): \(diagnostics)")
        }
        let inMany = byFile[displayed(folder.appendingPathComponent("many.json"))] ?? []
        #expect(Set(inMany.compactMap(\.path)) == ["id", "schedule", "appearances.dark"], "\(inMany)")
        #expect(inMany.allSatisfy { $0.line != nil && $0.column != nil })
        #expect(byFile[displayed(folder.appendingPathComponent("default.json"))] == nil)
    }

    // MARK: Warnings

    @Test func completeScheduleHasNoWarnings() throws {
        let (layouts, warnings) = try load([
            "default.json": layoutJSON(id: "default"),
            "winter.json": Self.winter,
            "spring.json": layoutJSON(id: "spring", schedule: [("03-01", "05-31")]),
            "summer.json": layoutJSON(id: "summer", schedule: [("06-01", "06-30"), ("07-01", "08-31")]),
            "autumn.json": layoutJSON(id: "autumn", schedule: [("09-01", "11-30")]),
            "festival.json": layoutJSON(id: "festival", schedule: [("2027-02-06", "2027-02-12")], priority: 10),
            "campaign.json": layoutJSON(id: "campaign", schedule: [("2027-03-01", "2027-03-07")], priority: 10),
        ])
        #expect(layouts.count == 7)
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test func scheduleGapsAreWarnings() throws {
        let (_, warnings) = try load([
            "default.json": layoutJSON(id: "default"),
            "spring.json": layoutJSON(id: "spring", schedule: [("03-01", "05-31")]),
            "autumn.json": layoutJSON(id: "autumn", schedule: [("09-01", "11-30")]),
        ])
        #expect(warnings.allSatisfy { $0.severity == .warning })
        #expect(
            warnings.map(\.message) == [
                "no yearly schedule covers 01-01 through 02-29; the fallback layout shows then",
                "no yearly schedule covers 06-01 through 08-31; the fallback layout shows then",
                "no yearly schedule covers 12-01 through 12-31; the fallback layout shows then",
            ])
        #expect(warnings.allSatisfy { $0.file?.hasSuffix("Layouts") == true })
    }

    @Test func aWinterEndingOnFebruary28LeavesTheLeapDay() throws {
        let (_, warnings) = try load([
            "default.json": layoutJSON(id: "default"),
            "winter.json": layoutJSON(id: "winter", schedule: [("12-01", "02-28")]),
            "rest.json": layoutJSON(id: "rest", schedule: [("03-01", "11-30")]),
        ])
        #expect(warnings.map(\.message) == ["no yearly schedule covers 02-29; the fallback layout shows then"])
    }

    @Test func scheduleOverlapsAreWarnings() throws {
        let (_, warnings) = try load([
            "default.json": layoutJSON(id: "default"),
            "easter.json": layoutJSON(id: "easter", schedule: [("04-01", "04-15")], priority: 5),
            "year.json": layoutJSON(id: "year", schedule: [("01-01", "12-31")]),
        ])
        #expect(warnings.count == 1, "\(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("easter and year overlap on 04-01 through 04-15"))
    }

    @Test func overlappingAbsoluteRangesAreWarnings() throws {
        let (_, warnings) = try load([
            "default.json": layoutJSON(id: "default"),
            "year.json": layoutJSON(id: "year", schedule: [("01-01", "12-31")]),
            "sale.json": layoutJSON(id: "sale", schedule: [("2027-02-01", "2027-02-07")]),
            "festival.json": layoutJSON(id: "festival", schedule: [("2027-02-06", "2027-02-12")]),
            "later.json": layoutJSON(id: "later", schedule: [("2027-02-13", "2027-02-20")]),
        ])
        #expect(warnings.count == 1, "\(warnings)")
        let message = try #require(warnings.first?.message)
        #expect(message.contains("festival") && message.contains("sale"))
        #expect(message.contains("overlap"))
        #expect(!message.contains("later"))
    }
}
