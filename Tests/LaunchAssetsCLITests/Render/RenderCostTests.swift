import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

/// `render` reporting what each layout cost, and warning about the one that costs far more.
@Suite("render, layout costs")
struct RenderCostTests {
    /// A band of noise across the top of the screen: PNG cannot compress it, so each image of
    /// this layout is about ten times the flat fallback's (0.30 MB against 0.03 MB).
    static let grainy = """
        <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}" viewBox="0 0 {{pointWidth}} {{pointHeight}}" preserveAspectRatio="none">
          <filter id="grain" x="0" y="0" width="1" height="1"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="1"/></filter>
          <rect width="100%" height="100%" fill="{{background}}"/>
          <rect width="100%" height="40" filter="url(#grain)"/>
        </svg>
        """

    /// The package's fallback layout and templates, and a `grainy` layout, in a temporary folder.
    private func workspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launch-assets-costs-\(UUID().uuidString)")
        let layouts = folder.appendingPathComponent("Layouts")
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: PackageRoot.url.appendingPathComponent("Layouts/default.json"), to: layouts.appendingPathComponent("default.json"))
        try FileManager.default.copyItem(
            at: PackageRoot.url.appendingPathComponent("Templates"), to: folder.appendingPathComponent("Templates"))
        try Self.grainy.write(to: folder.appendingPathComponent("Templates/grainy.svg"), atomically: true, encoding: .utf8)
        let layout = """
            {
              "id": "grainy",
              "template": "grainy.svg",
              "schedule": [{ "from": "06-01", "through": "08-31" }],
              "appearances": { "light": { "background": "#FFFFFF" }, "dark": { "background": "#000000" } }
            }
            """
        try layout.write(to: layouts.appendingPathComponent("grainy.json"), atomically: true, encoding: .utf8)
        return folder
    }

    /// What `render --json` prints of each layout.
    struct Summary: Decodable {
        struct Cost: Decodable {
            var layout: String
            var variants: Int
            var rendered: Int
            var cached: Int
            var renderSeconds: Double
            var packBytes: Int
        }
        var version: String
        var variants: Int
        var rendered: Int
        var cached: Int
        var packBytes: Int
        var layoutCosts: [Cost]
        var warnings: [String]
    }

    @Test func jsonAndSummaryGiveEachLayoutsSecondsAndPackBytesAndWarnAboutTheLargeOne() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A cache of its own, empty at first, full the second time.
        func render(_ output: String, _ arguments: [String]) throws -> CLIRunner.Result {
            try CLIRunner.run(
                ["render", "--idiom", "phone", "--no-images", "--cache-dir", "cache", "--output", output] + arguments, in: folder)
        }

        // Given a render that draws every variant
        let first = try render("first", ["--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let summary = try JSONDecoder().decode(Summary.self, from: Data(first.stdout.utf8))

        // Then each layout's variants were drawn, in time, and its bytes add up to the pack's body
        #expect(summary.layoutCosts.map(\.layout) == ["default", "grainy"])
        #expect(summary.layoutCosts.map(\.variants).reduce(0, +) == summary.variants)
        for cost in summary.layoutCosts {
            #expect(cost.rendered == cost.variants && cost.cached == 0 && cost.renderSeconds > 0, "\(cost)")
        }
        let header = LaunchPack.headerLength(version: summary.version)
        #expect(summary.layoutCosts.map(\.packBytes).reduce(0, +) == summary.packBytes - header)
        let pack = try Data(contentsOf: folder.appendingPathComponent("first/LaunchAssets.launchpack"))
        #expect(pack.count == summary.packBytes)

        // And the noisy layout, many times the fallback's bytes an image, is named in a warning
        let costWarnings = summary.warnings.filter { $0.contains("layout \"grainy\"") }
        #expect(costWarnings.count == 1, "\(summary.warnings)")
        #expect(costWarnings.first?.contains("adds far more than the others to the pack") == true)
        #expect(
            costWarnings.first?.contains("filter \"grain\" (feTurbulence numOctaves=1, used by 1 element) at Templates/grainy.svg:2:")
                == true)
        #expect(costWarnings.first?.hasPrefix("Templates/grainy.svg:2:") == true)
        #expect(first.stderr.contains(costWarnings.first ?? "?"), "the warning also goes to standard error")
        #expect(!summary.warnings.contains { $0.contains("layout \"default\"") })

        // When the same inputs render again from the render cache, for people
        let again = try render("again", [])
        #expect(again.status == 0, "\(again.stderr)")

        // Then the summary has a line per layout, with nothing drawn and the same bytes
        let bytes = Dictionary(uniqueKeysWithValues: summary.layoutCosts.map { ($0.layout, $0.packBytes) })
        for cost in summary.layoutCosts {
            let megabytes = String(format: "%.2f MB", Double(bytes[cost.layout]!) / 1_000_000)
            let line = "layout \(cost.layout): \(cost.variants) variants, all from the cache; \(megabytes) in the pack\n"
            #expect(again.stderr.contains(line), "\(again.stderr)")
        }
        // A layout whose variants all came from the cache is not judged on time, but still on bytes.
        #expect(again.stderr.contains("layout \"grainy\" adds far more than the others to the pack"))
    }
}
