import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

/// `render --config`: the build plugin passes the target's `launch-assets.json` and the tool
/// reads its settings each time it runs, so an edited file takes effect on the next build.
/// (Bad settings are in the bad-input catalogue.)
@Suite("render --config, end to end")
struct ConfigFileTests {
    /// A small layout for phones and pads: a mark on a flat background.
    struct Workspace {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("launch-assets-config-\(UUID().uuidString)")

        init() throws {
            for folder in ["Layouts", "Templates"] {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            try write(
                "Layouts/default.json",
                """
                {"id": "default", "template": "mark.svg", "idioms": ["phone", "pad"], "orientations": "portrait",
                 "appearances": {"light": {"background": "#FAFAFA", "ink": "#222222"}, "dark": {"background": "#111111", "ink": "#EEEEEE"}}}
                """)
            try write(
                "Templates/mark.svg",
                """
                <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}" viewBox="0 0 {{pointWidth}} {{pointHeight}}">
                  <rect width="100%" height="100%" fill="{{background}}"/>
                  <circle cx="{{safeArea.centerX}}" cy="{{safeArea.centerY}}" r="40" fill="{{ink}}"/>
                </svg>
                """)
        }

        func write(_ path: String, _ text: String) throws {
            try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }

        /// Renders into `output` and returns its manifest and pack.
        func render(_ output: String, _ arguments: [String]) throws -> (manifest: LaunchManifest, pack: Data) {
            let result = try CLIRunner.run(["render", "--quiet", "--no-cache", "--no-images", "--output", output] + arguments, in: root)
            #expect(result.status == 0, "\(result.stderr)")
            let folder = root.appendingPathComponent(output)
            let manifest = try JSONDecoder().decode(
                LaunchManifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
            return (manifest, try Data(contentsOf: folder.appendingPathComponent(manifest.pack)))
        }

        /// Runs `launch-assets` with `arguments` in the workspace.
        func run(_ arguments: [String]) throws -> CLIRunner.Result {
            try CLIRunner.run(arguments, in: root)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func settingsApplyWhereTheCommandLineGivesNone() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.write("launch-assets.json", #"{ "idioms": ["phone"], "compressionLevel": 12 }"#)

        let configured = try workspace.render("configured", ["--config", "launch-assets.json"])
        let phoneDefault = try workspace.render("phone-default", ["--idiom", "phone"])
        #expect(Set(configured.manifest.variants.map(\.idiom)) == [.phone])
        #expect(configured.manifest.variants.map(\.id) == phoneDefault.manifest.variants.map(\.id))
        #expect(
            configured.pack.count < phoneDefault.pack.count,
            "level 12 from the file: \(configured.pack.count) vs \(phoneDefault.pack.count) bytes")

        let overridden = try workspace.render(
            "overridden", ["--config", "launch-assets.json", "--idiom", "pad", "--compression-level", "7"])
        let padDefault = try workspace.render("pad-default", ["--idiom", "pad"])
        #expect(Set(overridden.manifest.variants.map(\.idiom)) == [.pad])
        #expect(overridden.pack == padDefault.pack, "the command line's level and idiom win")
    }

    @Test func multitaskingFromTheFileOrTheFlag() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.write("launch-assets.json", #"{ "idioms": ["pad"], "multitasking": true }"#)

        let configured = try workspace.render("configured", ["--config", "launch-assets.json"])
        let flagged = try workspace.render("flagged", ["--idiom", "pad", "--multitasking"])
        let plain = try workspace.render("plain", ["--idiom", "pad"])
        // The layout is portrait only: the portrait Split View widths and Slide Over of every iPad.
        #expect(Set(configured.manifest.variants.compactMap(\.window)) == [.splitViewTwoThirds, .splitViewOneThird, .slideOver])
        #expect(configured.manifest == flagged.manifest && configured.pack == flagged.pack, "the file and the flag give the same render")
        #expect(plain.manifest.variants.allSatisfy { $0.window == nil })
        #expect(configured.manifest.variants.filter { $0.window == nil }.map(\.id) == plain.manifest.variants.map(\.id))

        let overridden = try workspace.render("overridden", ["--config", "launch-assets.json", "--no-multitasking"])
        #expect(overridden.manifest == plain.manifest, "--no-multitasking wins over the file")
    }
}
