import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

/// iPad multitasking end to end: `render` with `multitasking` then `repair --idiom pad` on a
/// container holding a Split View snapshot and a Stage Manager one.
@Suite("Multitasking: render, then repair Split View snapshots")
struct MultitaskingRepairTests {

    let root = FileManager.default.temporaryDirectory.appendingPathComponent("multitasking-cli-\(UUID().uuidString)")
    var container: URL { root.appendingPathComponent("Container") }
    var folder: URL {
        container.appendingPathComponent("Library/SplashBoard/Snapshots/\(SnapshotFixtures.bundleIdentifier) - {DEFAULT GROUP}")
    }

    init() throws {
        for path in ["Layouts", "Templates"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        // One layout for iPads; the mark sits in the safe area's centre, so windows differ from screens.
        try Data(
            """
            {"id": "default", "template": "mark.svg", "idioms": ["pad"],
             "appearances": {"light": {"background": "#FAFAFA", "ink": "#222222"}, "dark": {"background": "#111111", "ink": "#EEEEEE"}}}
            """.utf8
        ).write(to: root.appendingPathComponent("Layouts/default.json"))
        try Data(
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}" viewBox="0 0 {{pointWidth}} {{pointHeight}}">
              <rect width="100%" height="100%" fill="{{background}}"/>
              <circle cx="{{safeArea.centerX}}" cy="{{safeArea.centerY}}" r="40" fill="{{ink}}"/>
            </svg>
            """.utf8
        ).write(to: root.appendingPathComponent("Templates/mark.svg"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }

    /// Renders the iPad variants into `output` and returns the manifest.
    func render(_ output: String, _ extra: [String]) throws -> LaunchManifest {
        let result = try CLIRunner.run(
            ["render", "--quiet", "--no-cache", "--idiom", "pad", "--compression-level", "1", "--output", output] + extra, in: root
        )
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(LaunchManifest.self, from: Data(contentsOf: root.appendingPathComponent("\(output)/manifest.json")))
    }

    /// `repair --idiom pad` as a 12.9-inch iPad Pro (3rd generation) in dark mode; the report.
    func repair(_ output: String) throws -> RepairReport {
        let manifest = root.appendingPathComponent("\(output)/manifest.json")
        let result = try CLIRunner.run([
            "repair", "--container", container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier, "--manifest", manifest.path,
            "--idiom", "pad", "--device", "ipad-pro-12-9-3", "--appearance", "dark",
            "--date", "2026-01-10", "--app-version", "1.0", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(RepairReport.self, from: Data(result.stdout.utf8))
    }

    @Test("a Split View snapshot: skipped with a hint, replaced once rendered with --multitasking; a Stage Manager size stays skipped")
    func splitViewReplacedStageManagerSkipped() throws {
        defer { cleanUp() }
        let full = try render("Full", [])
        #expect(full.variants.allSatisfy { $0.window == nil })
        let windows = try render("Windows", ["--multitasking"])
        #expect(windows.variants.filter { $0.window == nil }.map(\.id) == full.variants.map(\.id), "full screens unchanged")

        // The 12.9-inch iPad Pro's landscape ½ Split View window: 678 × 1024 pt, 1356 × 2048 pixels.
        let dark = try #require(
            windows.variants.first {
                $0.window == .splitViewHalf && $0.devices.contains("ipad-pro-12-9-3") && $0.appearance == .dark
            })
        #expect((dark.width, dark.height) == (1356, 2048))
        // What iOS drew: PNG-headed files of a Split View size and of a Stage Manager size.
        let splitView = "\(UUID().uuidString)@2x.ktx"
        let stageManager = "\(UUID().uuidString)@2x.ktx"
        try PNGBytes.synthetic(width: 1356, height: 2048, text: "Split View").write(to: folder.appendingPathComponent(splitView))
        try PNGBytes.synthetic(width: 1200, height: 1600, text: "Stage Manager").write(to: folder.appendingPathComponent(stageManager))

        let before = try repair("Full")
        let beforeByName = Dictionary(uniqueKeysWithValues: before.files.map { ($0.name, $0) })
        #expect(beforeByName[splitView]?.outcome == .skipped)
        #expect(
            beforeByName[splitView]?.reason == "no pad variant of 1356x2048 in layout default: an iPad window size no variant covers; "
                + "Stage Manager windows can be any size and are not rendered; "
                + "Split View and Slide Over sizes are rendered with multitasking: true")

        let after = try repair("Windows")
        let afterByName = Dictionary(uniqueKeysWithValues: after.files.map { ($0.name, $0) })
        #expect(afterByName[splitView]?.outcome == .replaced)
        #expect(afterByName[splitView]?.variant == dark.id)
        let pack = try Data(contentsOf: root.appendingPathComponent("Windows/\(windows.pack)"))
        let written = try Data(contentsOf: folder.appendingPathComponent(splitView))
        #expect(written == pack.subdata(in: dark.packRange!))
        #expect(afterByName[stageManager]?.outcome == .skipped)
        #expect(
            afterByName[stageManager]?.reason
                == "no pad variant of 1200x1600 in layout default: an iPad window size no variant covers, "
                + "so a Stage Manager window; Stage Manager windows can be any size and are not rendered")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == [splitView, stageManager], "names kept")
    }
}
