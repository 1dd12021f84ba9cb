import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

@testable import LaunchAssetCompiler

/// A templates folder and a layouts folder in a temporary directory.
struct PlannerFixture {
    static let plain = """
        <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}" viewBox="0 0 {{pointWidth}} {{pointHeight}}" preserveAspectRatio="none">
          <rect width="100%" height="100%" fill="{{background}}"/>
          <circle cx="{{centerX}}" cy="{{centerY}}" r="4" fill="{{ink}}"/>
        </svg>
        """

    /// Draws a bar under the top safe-area inset, so screens with other insets differ.
    static let safe = """
        <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}" viewBox="0 0 {{pointWidth}} {{pointHeight}}" preserveAspectRatio="none">
          <rect width="100%" height="100%" fill="{{background}}"/>
          <rect y="{{safeArea.top}}" width="100%" height="2" fill="{{ink}}"/>
        </svg>
        """

    let folder: TemporaryFolder
    var templates: URL { folder.path("Templates") }
    var layouts: URL { folder.path("Layouts") }

    /// `layouts`: file name → JSON text; `templates`: extra templates beside plain.svg and safe.svg.
    init(layouts: [String: String], templates: [String: String] = [:]) throws {
        folder = try TemporaryFolder()
        try folder.write("Templates/plain.svg", Self.plain)
        try folder.write("Templates/safe.svg", Self.safe)
        for (name, text) in templates { try folder.write("Templates/\(name)", text) }
        for (name, text) in layouts { try folder.write("Layouts/\(name)", text) }
    }

    func planner(_ devices: [Device]) throws -> VariantPlanner {
        var warnings: [Diagnostic] = []
        let layouts = try LayoutLoader(directory: layouts).load(warnings: &warnings)
        return VariantPlanner(layouts: layouts, screens: screens(devices), templates: try TemplateLibrary(directory: templates))
    }

    func plan(_ devices: [Device]) throws -> [PlannedVariant] {
        try planner(devices).plan()
    }

    func remove() { folder.remove() }
}

@Suite("The variant planner")
struct VariantPlannerTests {
    static let phone = device("phone", points: (25, 50), scale: 2, portrait: insets(4, 0, 2, 0), landscape: insets(0, 4, 2, 4))
    static let pad = device("pad", .pad, points: (30, 40), scale: 2, portrait: insets(3, 0, 2, 0), landscape: insets(3, 0, 2, 0))
    static let phoneA = device("phone-a", points: (20, 40), scale: 2, portrait: insets(4))
    static let phoneB = device("phone-b", points: (20, 40), scale: 2, portrait: insets(6))

    private func summary(_ variants: [PlannedVariant]) -> [String] {
        variants.map { "\($0.id) \($0.orientation.rawValue) \($0.devices.joined(separator: ","))" }
    }

    @Test func automaticGivesPhonesPortraitAndPadsBothInLightAndDark() throws {
        let fixture = try PlannerFixture(layouts: ["x.json": layoutJSON(id: "x")])
        defer { fixture.remove() }
        let variants = try fixture.plan([Self.pad, Self.phone])
        #expect(
            summary(variants) == [
                "x-phone-50x100-light portrait phone",
                "x-phone-50x100-dark portrait phone",
                "x-pad-60x80-light portrait pad",
                "x-pad-60x80-dark portrait pad",
                "x-pad-80x60-light landscape pad",
                "x-pad-80x60-dark landscape pad",
            ])
        #expect(variants.map(\.appearance) == [.light, .dark, .light, .dark, .light, .dark])
        #expect(variants.map(\.idiom) == [.phone, .phone, .pad, .pad, .pad, .pad])
        #expect(
            variants.map(\.pixels) == [
                PixelSize(width: 50, height: 100), PixelSize(width: 50, height: 100),
                PixelSize(width: 60, height: 80), PixelSize(width: 60, height: 80),
                PixelSize(width: 80, height: 60), PixelSize(width: 80, height: 60),
            ])
        #expect(variants.allSatisfy { $0.layout == "x" && $0.templateFile == fixture.templates.appendingPathComponent("plain.svg") })
        // The instance is the template with this variant's values.
        let landscapeDark = variants[5]
        #expect(landscapeDark.svg.contains(#"width="80" height="60" viewBox="0 0 40 30""#))
        #expect(landscapeDark.svg.contains(##"fill="#000000""##))
        #expect(variants[0].svg.contains(#"width="50" height="100" viewBox="0 0 25 50""#))
        #expect(variants[0].svg.contains(##"<circle cx="12.5" cy="25" r="4" fill="#000000"/>"##))
    }

    @Test func bothAndPortraitPolicies() throws {
        let fixture = try PlannerFixture(layouts: [
            "a-all.json": layoutJSON(id: "all", orientations: "both"),
            "b-portrait.json": layoutJSON(id: "portrait", schedule: [("01-01", "12-31")], orientations: "portrait"),
        ])
        defer { fixture.remove() }
        let variants = try fixture.plan([Self.phone, Self.pad])
        let all = variants.filter { $0.layout == "all" }
        #expect(
            summary(all) == [
                "all-phone-50x100-light portrait phone", "all-phone-50x100-dark portrait phone",
                "all-phone-100x50-light landscape phone", "all-phone-100x50-dark landscape phone",
                "all-pad-60x80-light portrait pad", "all-pad-60x80-dark portrait pad",
                "all-pad-80x60-light landscape pad", "all-pad-80x60-dark landscape pad",
            ])
        let portrait = variants.filter { $0.layout == "portrait" }
        #expect(
            summary(portrait) == [
                "portrait-phone-50x100-light portrait phone", "portrait-phone-50x100-dark portrait phone",
                "portrait-pad-60x80-light portrait pad", "portrait-pad-60x80-dark portrait pad",
            ])
        // Layouts come in the order given (the loader sorts by id).
        #expect(variants.map(\.layout) == Array(repeating: "all", count: 8) + Array(repeating: "portrait", count: 4))
    }

    @Test func idiomsLimitTheScreens() throws {
        let fixture = try PlannerFixture(layouts: ["x.json": layoutJSON(id: "x", idioms: ["pad"])])
        defer { fixture.remove() }
        let variants = try fixture.plan([Self.phone, Self.pad])
        #expect(variants.count == 4)
        #expect(variants.allSatisfy { $0.idiom == .pad && $0.devices == ["pad"] })
    }

    @Test func screensGivingIdenticalSVGShareOneVariant() throws {
        let fixture = try PlannerFixture(layouts: ["x.json": layoutJSON(id: "x", template: "plain.svg")])
        defer { fixture.remove() }
        // Two screens (other safe areas) that the template draws the same way.
        #expect(screens([Self.phoneA, Self.phoneB]).count == 2)
        let variants = try fixture.plan([Self.phoneA, Self.phoneB])
        #expect(
            summary(variants) == [
                "x-phone-40x80-light portrait phone-a,phone-b",
                "x-phone-40x80-dark portrait phone-a,phone-b",
            ])
    }

    @Test func sameSizeButDifferentSVGGetsNumberedIDs() throws {
        let fixture = try PlannerFixture(layouts: ["x.json": layoutJSON(id: "x", template: "safe.svg")])
        defer { fixture.remove() }
        let variants = try fixture.plan([Self.phoneA, Self.phoneB])
        #expect(
            summary(variants) == [
                "x-phone-40x80-light portrait phone-a",
                "x-phone-40x80-dark portrait phone-a",
                "x-phone-40x80-light-2 portrait phone-b",
                "x-phone-40x80-dark-2 portrait phone-b",
            ])
        #expect(variants[0].svg.contains(#"<rect y="4""#))
        #expect(variants[2].svg.contains(#"<rect y="6""#))
        #expect(Set(variants.map(\.svg)).count == 4)
    }

    @Test func builtInCatalogGivesUniqueDeterministicCompleteVariants() throws {
        let fixture = try PlannerFixture(layouts: [
            "default.json": layoutJSON(id: "default", template: "safe.svg"),
            "winter.json": layoutJSON(id: "winter", schedule: [("12-01", "02-29")]),
        ])
        defer { fixture.remove() }
        let catalog = try DeviceCatalog.builtIn()
        let first = try fixture.plan(catalog.devices)
        let second = try fixture.plan(catalog.devices)
        #expect(first == second)
        #expect(Set(first.map(\.id)).count == first.count)

        // Ordered by layout, idiom (phone first), portrait pixel size, orientation, appearance.
        func key(_ variant: PlannedVariant) -> (Int, Int, Int, Int) {
            let portrait = variant.orientation == .portrait ? variant.pixels : variant.pixels.transposed
            return (variant.layout == "default" ? 0 : 1, variant.idiom == .phone ? 0 : 1, portrait.width, portrait.height)
        }
        #expect(zip(first, first.dropFirst()).allSatisfy { key($0) <= key($1) }, "sorted")

        // Every device has a variant for its every pixel size, appearance and orientation.
        for layout in ["default", "winter"] {
            for device in catalog.devices {
                let orientations: [Orientation] = device.idiom == .phone ? [.portrait] : [.portrait, .landscape]
                for size in device.pixelSizes {
                    for orientation in orientations {
                        let pixels = orientation == .portrait ? size : size.transposed
                        for appearance in Appearance.allCases {
                            let matches = first.filter {
                                $0.layout == layout && $0.devices.contains(device.id) && $0.pixels == pixels
                                    && $0.orientation == orientation && $0.appearance == appearance
                            }
                            #expect(matches.count == 1, "\(layout) \(device.id) \(pixels) \(orientation) \(appearance)")
                        }
                    }
                }
            }
        }
        // A device is never listed twice in a variant.
        #expect(first.allSatisfy { Set($0.devices).count == $0.devices.count })
    }

    @Test func idsFollowTheDocumentedForm() throws {
        let fixture = try PlannerFixture(layouts: ["lunar-new-year.json": layoutJSON(id: "lunar-new-year")])
        defer { fixture.remove() }
        let variants = try fixture.plan([Self.pad])
        for variant in variants {
            #expect(variant.id == "lunar-new-year-pad-\(variant.pixels.width)x\(variant.pixels.height)-\(variant.appearance.rawValue)")
        }
    }

    @Test func firstInstancesGivesOnePerLayout() throws {
        let fixture = try PlannerFixture(layouts: [
            "default.json": layoutJSON(id: "default"),
            "winter.json": layoutJSON(id: "winter", schedule: [("12-01", "02-29")], idioms: ["pad"]),
        ])
        defer { fixture.remove() }
        let planner = try fixture.planner([Self.phone, Self.pad])
        #expect(try planner.firstInstances().map(\.id) == ["default-phone-50x100-light", "winter-pad-60x80-light"])
    }

    @Test func missingTemplateIsPlacedInTheLayout() throws {
        let text = layoutJSON(id: "winter", template: "snowfal.svg", schedule: [("12-01", "02-29")])
        let fixture = try PlannerFixture(layouts: ["default.json": layoutJSON(id: "default"), "winter.json": text])
        defer { fixture.remove() }
        let error = try #require(throws: CompilerError.self) { _ = try fixture.plan([Self.phone]) }
        #expect(error.diagnostics.count == 1)
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.file == displayed(fixture.layouts.appendingPathComponent("winter.json")))
        #expect(diagnostic.path == "template")
        let expected = place(of: "\"snowfal.svg\"", in: text)
        #expect(diagnostic.line == expected.line)
        #expect(diagnostic.column == expected.column)
        #expect(diagnostic.message.contains("snowfal.svg"))
        #expect(diagnostic.message.contains("plain.svg, safe.svg"), "lists the templates found")
    }

    @Test func referencePolicyViolationsNameTheTemplateAndVariant() throws {
        let evil = """
            <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}">
              <image href="https://example.com/tracker.png" width="1" height="1"/>
            </svg>
            """
        let fixture = try PlannerFixture(
            layouts: [
                "default.json": layoutJSON(id: "default", template: "evil.svg"),
                "b.json": layoutJSON(id: "b", template: "evil.svg", schedule: [("01-01", "12-31")]),
            ],
            templates: ["evil.svg": evil]
        )
        defer { fixture.remove() }
        let error = try #require(throws: CompilerError.self) { _ = try fixture.plan([Self.phone]) }
        // Once, at the template's own line: every variant of both layouts has the same fault.
        #expect(error.diagnostics.count == 1, "\(error.diagnostics)")
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.file == displayed(fixture.templates.appendingPathComponent("evil.svg")))
        #expect((diagnostic.line, diagnostic.column) == (2, 16), "\(diagnostic)")
        #expect(diagnostic.path == nil)
        #expect(diagnostic.message.contains("https: scheme"))
    }

    @Test func aReferenceMadeByAStringIsNamedAtTheVariant() throws {
        let template = """
            <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}">
              <image href="{{title}}" width="1" height="1"/>
            </svg>
            """
        let fixture = try PlannerFixture(
            layouts: ["x.json": layoutJSON(id: "x", template: "t.svg", strings: ["title": "https://example.com/t.png"])],
            templates: ["t.svg": template]
        )
        defer { fixture.remove() }
        let error = try #require(throws: CompilerError.self) { _ = try fixture.plan([Self.phone]) }
        #expect(error.diagnostics.count == 1, "light and dark are one cause: \(error.diagnostics)")
        #expect(error.diagnostics.first?.path?.hasPrefix("variant x-phone-50x100-light, instantiated line 2:") == true)
    }

    @Test func specialCharactersInStringsKeepTheSVGWellFormed() throws {
        let template =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}"><text>{{title}}</text><desc data-x="{{title}}"/></svg>"#
        let fixture = try PlannerFixture(
            layouts: ["x.json": layoutJSON(id: "x", template: "text.svg", strings: ["title": "Rock & Roll <3 'n' more"])],
            templates: ["text.svg": template]
        )
        defer { fixture.remove() }
        let variants = try fixture.plan([Self.phone])
        #expect(variants.first?.svg.contains("Rock &amp; Roll &lt;3 &#39;n&#39; more") == true)
    }
}
