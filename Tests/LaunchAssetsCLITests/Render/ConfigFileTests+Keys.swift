import Foundation
import LaunchScreenRepair
import Testing

/// Every key of `launch-assets.json` that names a file or an output, through the real binary:
/// honoured by `render`, `validate` and `publish` alike where the command line gives none, or
/// refused at its line and column (`render --config` once ignored them, and rendered the
/// bundled layouts for a `"layouts"` folder that was not there).
extension ConfigFileTests {
    @Test func typeNameNamesTheGeneratedTypeAndPackUnlessTheCommandLineDoes() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.write("launch-assets.json", #"{ "typeName": "Seasons", "idioms": ["phone"] }"#)

        let configured = try workspace.render("configured", ["--config", "launch-assets.json"])
        #expect(configured.manifest.pack == "Seasons.launchpack")
        let swift = try String(contentsOf: workspace.root.appendingPathComponent("configured/Seasons.swift"), encoding: .utf8)
        #expect(swift.contains("public enum Seasons"))
        let flagged = try workspace.render("flagged", ["--config", "launch-assets.json", "--type-name", "Other"])
        #expect(flagged.manifest.pack == "Other.launchpack", "the command line wins")

        try workspace.write("launch-assets.json", #"{ "typeName": "my-type" }"#)
        let refused = try workspace.run(["render", "--output", "configured", "--config", "launch-assets.json"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "launch-assets.json:1:15: error: typeName: must be a Swift identifier, found \"my-type\"\n")
    }

    @Test func layoutsAndTemplatesAreTheFoldersBesideTheFileForEveryCommand() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // The settings in App/ name the folders beside them; every command runs from the workspace root.
        try FileManager.default.createDirectory(at: workspace.root.appendingPathComponent("App"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: workspace.root.appendingPathComponent("Layouts"), to: workspace.root.appendingPathComponent("App/Seasons"))
        try FileManager.default.moveItem(
            at: workspace.root.appendingPathComponent("Templates"), to: workspace.root.appendingPathComponent("App/Art"))
        try workspace.write("App/launch-assets.json", #"{ "layouts": "Seasons", "templates": "Art", "idioms": ["phone"] }"#)
        let config = ["--config", "App/launch-assets.json"]

        let rendered = try workspace.render("configured", config)
        #expect(rendered.manifest.layouts.map(\.id) == ["default"])
        let validated = try workspace.run(["validate"] + config)
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stdout.contains("1 layouts, "))
        #expect(try workspace.run(["keygen", "--output", "signing.key"]).status == 0)
        let published = try workspace.run(["publish", "--key", "signing.key", "--output", "public"] + config)
        #expect(published.status == 1, "the folders are read: nothing in them is delivered remotely")
        #expect(published.stderr.contains("App/Seasons: error: no layout is delivered remotely"), "\(published.stderr)")

        // A folder that is not there is refused at its key, by each command, the output untouched.
        let before = try FileTree.contents(of: workspace.root.appendingPathComponent("configured"))
        try workspace.write("App/launch-assets.json", #"{ "layouts": "NoSuchFolder" }"#)
        let expected =
            "App/launch-assets.json:1:14: error: layouts: \"NoSuchFolder\" names no folder (App/NoSuchFolder): "
            + "paths in launch-assets.json are relative to its folder\n"
        for command in [["render", "--output", "configured"], ["validate"], ["publish", "--key", "signing.key", "--output", "public"]] {
            let refused = try workspace.run(command + config)
            #expect(refused.status == 1, "\(command[0])")
            #expect(refused.stderr == expected, "\(command[0])")
        }
        #expect(try FileTree.contents(of: workspace.root.appendingPathComponent("configured")) == before)
    }

    @Test func devicesAddsTheFilesDevicesUnlessTheCommandLineNamesAnother() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.write("extra.json", Self.device(id: "odd", points: (100, 200)))
        try workspace.write("other.json", Self.device(id: "even", points: (110, 220)))
        try workspace.write("launch-assets.json", #"{ "devices": "extra.json", "idioms": ["phone"] }"#)

        let configured = try workspace.render("configured", ["--config", "launch-assets.json"])
        #expect(configured.manifest.variants.contains { $0.devices == ["odd"] && $0.width == 200 && $0.height == 400 })
        let flagged = try workspace.render("flagged", ["--config", "launch-assets.json", "--devices", "other.json"])
        #expect(!flagged.manifest.variants.contains { $0.devices.contains("odd") })
        #expect(flagged.manifest.variants.contains { $0.devices == ["even"] })

        try workspace.write("launch-assets.json", #"{ "devices": "nowhere.json" }"#)
        let refused = try workspace.run(["validate", "--config", "launch-assets.json"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("launch-assets.json:1:14: error: devices: \"nowhere.json\" names no file (nowhere.json)"))
    }

    @Test func assetCatalogWritesTheCatalogIntoTheOutputFolderForAnApp() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.write("launch-assets.json", #"{ "assetCatalog": true, "idioms": ["phone"] }"#)

        _ = try workspace.render("configured", ["--config", "launch-assets.json"])
        let catalog = workspace.root.appendingPathComponent("configured/LaunchAssets.xcassets/LaunchAssetsPack.dataset")
        #expect(FileManager.default.fileExists(atPath: catalog.appendingPathComponent("LaunchAssets-iphone.launchpack").path))
        let swift = try String(contentsOf: workspace.root.appendingPathComponent("configured/LaunchAssets.swift"), encoding: .utf8)
        #expect(swift.contains(#".dataAsset(name: "LaunchAssetsPack")"#))

        _ = try workspace.render("elsewhere", ["--config", "launch-assets.json", "--asset-catalog", "App"])
        #expect(FileManager.default.fileExists(atPath: workspace.root.appendingPathComponent("App/LaunchAssets.xcassets").path))
        #expect(!FileManager.default.fileExists(atPath: workspace.root.appendingPathComponent("elsewhere/LaunchAssets.xcassets").path))

        // A SwiftPM target keeps its .launchpack: the key is a warning at its place, not silence.
        let module = try workspace.run(["render", "--quiet", "--output", "module", "--bundle", "module", "--config", "launch-assets.json"])
        #expect(module.status == 0, "\(module.stderr)")
        #expect(
            module.stderr.contains(
                "launch-assets.json:1:19: warning: assetCatalog: a SwiftPM target (--bundle module) keeps its .launchpack"))
        #expect(!FileManager.default.fileExists(atPath: workspace.root.appendingPathComponent("module/LaunchAssets.xcassets").path))
        let moduleSwift = try String(contentsOf: workspace.root.appendingPathComponent("module/LaunchAssets.swift"), encoding: .utf8)
        #expect(moduleSwift.contains(".file(Bundle.module.url(forResource:"))
    }

    /// A devices file with one phone of `points` at 2x and no safe area.
    static func device(id: String, points: (Int, Int)) -> String {
        """
        {"devices": [{"id": "\(id)", "name": "\(id)", "idiom": "phone", "points": {"width": \(points.0), "height": \(points.1)}, "scale": 2,
         "safeArea": {"portrait": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "landscape": {"top": 0, "left": 0, "bottom": 0, "right": 0}}}]}
        """
    }
}
