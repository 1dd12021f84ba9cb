import Foundation
import TestSupport
import Testing

/// `launch-assets init` through the real binary: a starter that validates, renders, passes
/// `render --check` and is never written over anything.
@Suite("init, end to end")
struct InitCommandTests {
    @Test("the starter validates, renders for iPhone with its launch screen, and the committed render checks as up to date")
    func starterRendersAndChecks() throws {
        let temporary = try TemporaryFolder("launch-assets-init")
        defer { temporary.remove() }
        let folder = temporary.url
        let initialized = try CLIRunner.run(["init", "App"], in: folder)
        #expect(initialized.status == 0, "\(initialized.stderr)")
        #expect(initialized.stdout.contains("  Layouts/default.json\n") && initialized.stdout.contains("  launch-assets.json\n"))
        #expect(initialized.stdout.contains(#"exclude: ["Layouts", "Templates", "launch-assets.json"]"#))
        #expect(initialized.stdout.contains("SnapshotRepair.repairOnLaunch(LaunchAssets.self)"))

        let app = folder.appendingPathComponent("App")
        let validated = try CLIRunner.run(["validate", "--config", "launch-assets.json"], in: app)
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stdout.contains("2 layouts"), "\(validated.stdout)")
        #expect(!validated.stderr.contains("error:"), "\(validated.stderr)")

        let render = [
            "render", "--quiet", "--config", "launch-assets.json", "--idiom", "phone", "--no-images", "--output", "build/launch-assets",
            "--swift", "LaunchAssets.swift", "--asset-catalog", ".", "--storyboard", "LaunchScreen.storyboard",
        ]
        let rendered = try CLIRunner.run(render, in: app)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let swift = try String(contentsOf: app.appendingPathComponent("LaunchAssets.swift"), encoding: .utf8)
        #expect(swift.contains("2 layouts") && swift.contains(#"id: "winter""#))
        let storyboard = try String(contentsOf: app.appendingPathComponent("LaunchScreen.storyboard"), encoding: .utf8)
        #expect(storyboard.contains("LaunchAssetsLogo") && !storyboard.contains("<label"), "the launch screen draws the mark, no text")
        let checked = try CLIRunner.run(render + ["--check"], in: app)
        #expect(checked.status == 0, "\(checked.stderr)")
    }

    @Test("init writes nothing where any starter file exists, and names each one")
    func refusesToOverwrite() throws {
        let temporary = try TemporaryFolder("launch-assets-init")
        defer { temporary.remove() }
        let folder = temporary.url
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Layouts"), withIntermediateDirectories: true)
        let mine = Data(#"{ "id": "mine" }"#.utf8)
        try mine.write(to: folder.appendingPathComponent("Layouts/default.json"))
        try Data("{}".utf8).write(to: folder.appendingPathComponent("launch-assets.json"))

        let refused = try CLIRunner.run(["init"], in: folder)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Layouts/default.json: error: already exists"), "\(refused.stderr)")
        #expect(refused.stderr.contains("launch-assets.json: error: already exists"), "\(refused.stderr)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("Layouts/default.json")) == mine)
        let written = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        #expect(written == ["Layouts", "Layouts/default.json", "launch-assets.json"], "nothing else written")
    }
}
