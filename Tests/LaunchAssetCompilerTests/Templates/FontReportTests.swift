import Foundation
import TestSupport
import Testing

@testable import LaunchAssetCompiler

@Suite("The fonts a render uses")
struct FontReportTests {
    /// Plans `template` for one phone and reads its fonts.
    private func report(_ template: String, strings: [String: String] = [:]) throws -> FontReport {
        let fixture = try PlannerFixture(
            layouts: ["a.json": layoutJSON(id: "a", template: "text.svg", strings: strings)], templates: ["text.svg": template])
        defer { fixture.remove() }
        let planner = try fixture.planner([VariantPlannerTests.phone])
        return FontReport(layouts: planner.layouts, variants: try planner.plan(), templates: planner.templates)
    }

    private func svg(_ body: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{{width}}\" height=\"{{height}}\">\n\(body)\n</svg>\n"
    }

    @Test func familyListsAreReadFromAttributesStyleAttributesAndStyleSheets() {
        let text = """
            <svg><style>.st0{font-family:'MyriadPro-Regular', "Myriad Pro";font-size:12px} .x { -webkit-font-family: no }</style>
            <text font-family="Inter, 'DejaVu Sans', sans-serif">a</text><text style="fill:red; font-family: Menlo !important">b</text>
            <text font-family="{{font}}">c</text></svg>
            """
        #expect(
            FontFamilyList.all(in: text).map(\.families) == [
                ["Inter", "DejaVu Sans", "sans-serif"], ["Menlo"], ["MyriadPro-Regular", "Myriad Pro"],
            ])
    }

    @Test func anInstalledFamilyResolvesToItsFileAndNeedsNoWord() throws {
        let report = try report(svg("<text font-family=\"DejaVu Sans\">Hi</text>"))
        let use = try #require(report.uses.first?.uses.first)
        #expect(use.font?.family == "DejaVu Sans" && use.font?.isShipped == false)
        #expect(report.diagnostics.isEmpty)
        #expect(report.listing.first?.hasPrefix("a: \"DejaVu Sans\" → DejaVu Sans (DejaVuSans") == true, "\(report.listing)")
    }

    @Test func aFamilyNoFontProvidesIsAnErrorAtItsTemplateLine() throws {
        let report = try report(svg("<g>\n  <text font-family=\"'MyriadPro-Regular'\">Hi</text></g>"))
        let diagnostic = try #require(report.diagnostics.first)
        #expect(report.diagnostics.count == 1)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.file?.hasSuffix("Templates/text.svg") == true)
        #expect((diagnostic.line, diagnostic.column) == (3, 22))
        #expect(diagnostic.message.hasPrefix("font family \"MyriadPro-Regular\" is neither in "))
        #expect(diagnostic.message.hasSuffix("or end the family list with a generic family such as sans-serif"))
    }

    @Test func aListEndingInAGenericFamilyMakesItAWarningThatSaysWhatDrawsTheText() throws {
        let report = try report(svg("<text font-family=\"Myriad Pro, Gill Sans, sans-serif\">Hi</text>"))
        let diagnostic = try #require(report.diagnostics.first)
        #expect(report.diagnostics.count == 1, "one per list: \(report.diagnostics)")
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.message.hasPrefix("font families \"Myriad Pro\", \"Gill Sans\" are neither in "))
        #expect(diagnostic.message.contains("this text is drawn with DejaVu Sans here (\"sans-serif\" in the list)"))
    }

    /// Design tools write fontconfig's generic names (Inkscape: `font-family:Sans`), in any case:
    /// they resolve to an installed font like CSS's generic families, with no word.
    @Test(arguments: ["Sans", "SERIF", "Monospace", "mono", "sans-serif"])
    func fontconfigsGenericNamesResolveToAnInstalledFont(family: String) throws {
        let report = try report(svg("<text style=\"font-family:\(family);font-size:12px\">Hi</text>"))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let use = try #require(report.uses.first?.uses.first)
        #expect(use.font?.isShipped == false && use.font?.file.path.isEmpty == false)
    }

    @Test func aFamilyALayoutStringWritesIsCheckedInTheInstance() throws {
        let report = try report(svg("<text font-family=\"{{font}}\">Hi</text>"), strings: ["font": "Brand Sans"])
        let diagnostic = try #require(report.diagnostics.first)
        #expect(diagnostic.path == "variant a-phone-50x100-light")
        #expect(diagnostic.message.hasPrefix("font family \"Brand Sans\""))
    }

    @Test func aShippedFontAnswersToItsPostScriptNameAsDesignToolsWriteIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.path("Templates/Fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.bundledFonts.appendingPathComponent("Inter-Bold.otf"), to: folder.path("Templates/Fonts/Inter-Bold.otf"))
        let fonts = TemplateFonts(templatesDirectory: folder.path("Templates"))
        #expect(fonts.font(for: "Inter-Bold")?.file.lastPathComponent == "Inter-Bold.otf")
        // Illustrator writes `font-family="'Inter-Bold'"` for Inter's bold face: drawn as that face.
        func drawn(_ attributes: String) throws -> Data {
            let svg =
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" height=\"60\"><rect width=\"300\" height=\"60\" fill=\"#fff\"/><text x=\"4\" y=\"44\" font-size=\"40\" \(attributes)>Hamburg</text></svg>"
            return try SVGRenderer(fonts: fonts).png(svg, width: 300, height: 60)
        }
        let byPostScriptName = try drawn("font-family=\"'Inter-Bold'\"")
        #expect(byPostScriptName == (try drawn("font-family=\"Inter\" font-weight=\"700\"")))
        #expect(byPostScriptName != (try drawn("font-family=\"DejaVu Sans\" font-weight=\"700\"")))
    }

    /// The package's own shipped fonts.
    static let bundledFonts = PackageRoot.url("Templates/Fonts")

    @Test func aFontShippedInTheFontsFolderProvidesItsFamilyAndIsPreferred() throws {
        let fixture = try PlannerFixture(
            layouts: ["a.json": layoutJSON(id: "a", template: "text.svg")],
            templates: ["text.svg": svg("<text font-family=\"Inter\" font-weight=\"700\">Hi</text>")])
        defer { fixture.remove() }
        try FileManager.default.createDirectory(at: fixture.templates.appendingPathComponent("Fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.bundledFonts.appendingPathComponent("Inter-Bold.otf"),
            to: fixture.templates.appendingPathComponent("Fonts/Inter-Bold.otf"))
        let fonts = TemplateFonts(templatesDirectory: fixture.templates)
        #expect(fonts.files.map(\.lastPathComponent) == ["Inter-Bold.otf"])
        let inter = try #require(fonts.font(for: "Inter"))
        #expect(inter.isShipped && inter.file.lastPathComponent == "Inter-Bold.otf")
        // The machine's fonts stay there beside it.
        #expect(fonts.font(for: "DejaVu Sans")?.isShipped == false)
    }
}
