import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

/// `render` with layouts delivered remotely and with `--asset-catalog`, through the real binary.
@Suite("render: remote layouts and the asset catalog, end to end")
struct RenderRemoteDeliveryTests {
    @Test func remoteLayoutsAreInTheManifestButNotInThePack() throws {
        let workspace = try RemoteWorkspace()
        defer { workspace.remove() }
        let result = try workspace.render("out", ["--remote-layout", "spring", "--remote-layout", "summer", "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        let manifest = try workspace.manifest("out")
        #expect(manifest.layouts.map(\.delivery) == [.bundled, .remote, .remote])
        let pack = try LaunchPack(contentsOf: workspace.url("out/LaunchAssets.launchpack"), for: manifest)
        for variant in manifest.variants {
            let png = try Data(contentsOf: workspace.url("out/images/\(variant.id).png"))
            #expect(png.md5Hex == variant.md5 && png.count == variant.length, "\(variant.id)")
            if variant.layout == "default" {
                #expect(variant.sha256 == nil)
                #expect(try pack.bytes(of: variant) == png)
            } else {
                #expect(variant.offset == nil, "\(variant.id)")
                #expect(variant.sha256 == png.sha256Hex, "\(variant.id)")
                #expect(throws: LaunchPackError.self) { try pack.bytes(of: variant) }
            }
        }
        // The pack holds the fallback's images only.
        let fallback = Dictionary(
            manifest.variants.filter { $0.layout == "default" }.map { ("\($0.idiom)\($0.md5)", $0.length) }, uniquingKeysWith: { a, _ in a }
        )
        #expect(pack.body.count == fallback.values.reduce(0, +))

        let swift = try String(contentsOf: workspace.url("out/LaunchAssets.swift"), encoding: .utf8)
        #expect(swift.contains("public static let remote: RemoteLayoutSource? = RemoteLayoutSource("))
        #expect(swift.contains("url: URL(string: \"\(RemoteWorkspace.url)\")!,"))
        #expect(swift.contains("publicKey: \"\(RemoteWorkspace.publicKey)\","))
        #expect(swift.contains("prefetchDays: 7"))
        #expect(swift.contains(#".file(Bundle.main.url(forResource: "LaunchAssets", withExtension: "launchpack"))"#))

        // The same from launch-assets.json: the same manifest and Swift.
        try workspace.write(
            "launch-assets.json",
            """
            {"remoteLayouts": ["spring", "summer"], "remote": {"url": "\(RemoteWorkspace.url)", "publicKey": "\(RemoteWorkspace.publicKey)"}}
            """)
        let configured = try workspace.run(["render", "--quiet", "--output", "configured", "--config", "launch-assets.json"])
        try #require(configured.status == 0, "\(configured.stderr)")
        #expect(try workspace.manifest("configured") == manifest)
        #expect(
            try FileTree.rendered(of: workspace.url("configured"))["LaunchAssets.swift"]
                == FileTree.rendered(of: workspace.url("out"))["LaunchAssets.swift"])
        // And from the layout files themselves.
        for id in ["spring", "summer"] {
            let file = workspace.url("Layouts/\(id).json")
            try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
                of: "\"template\"", with: "\"delivery\": \"remote\", \"template\""
            )
            .write(to: file, atomically: true, encoding: .utf8)
        }
        let byFile = try workspace.render("by-file", [])
        try #require(byFile.status == 0, "\(byFile.stderr)")
        #expect(try workspace.manifest("by-file") == manifest)
    }

    @Test func theJSONSummaryGivesBytesBundledPerIdiomAndFetchedPerDeviceAndLayout() throws {
        let workspace = try RemoteWorkspace()
        defer { workspace.remove() }
        let result = try workspace.render("out", ["--remote-layout", "spring", "--asset-catalog", "App", "--json", "--no-images"])
        try #require(result.status == 0, "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let manifest = try workspace.manifest("out")
        let dataSet = workspace.url("App/LaunchAssets.xcassets/LaunchAssetsPack.dataset")
        let bundled = try #require(summary["bundledBytes"] as? [String: Int])
        #expect(bundled["phone"] == (try Data(contentsOf: dataSet.appendingPathComponent("LaunchAssets-iphone.launchpack"))).count)
        #expect(bundled["pad"] == (try Data(contentsOf: dataSet.appendingPathComponent("LaunchAssets-ipad.launchpack"))).count)
        #expect(summary["packBytes"] as? Int == (try Data(contentsOf: workspace.url("out/LaunchAssets.launchpack"))).count)
        #expect(summary["assetCatalog"] as? String == workspace.url("App/LaunchAssets.xcassets").standardizedFileURL.path)

        let fetched = try #require(summary["fetchedBytes"] as? [String: [String: Int]])
        #expect(Array(fetched.keys) == ["spring"])
        for device in ["iphone-15", "iphone-se-3", "ipad-pro-13-m4"] {
            let own = manifest.variants.filter { $0.layout == "spring" && $0.devices.contains(device) && $0.window == nil }
            #expect(own.count == (device.hasPrefix("ipad") ? 4 : 2), "portrait only on phones, both orientations on pads: \(device)")
            let distinct = Dictionary(own.map { ($0.sha256!, $0.length) }, uniquingKeysWith: { a, _ in a })
            #expect(fetched["spring"]?[device] == distinct.values.reduce(0, +), "\(device)")
        }
        // The human summary says the same.
        let spoken = try workspace.run(
            [
                "render", "--output", "spoken", "--remote-layout", "spring", "--no-images", "--remote-url", RemoteWorkspace.url,
                "--remote-public-key", RemoteWorkspace.publicKey,
            ])
        #expect(spoken.stderr.contains("bundled per idiom: iPhone "), "\(spoken.stderr)")
        #expect(spoken.stderr.contains("1 remote layout"), "\(spoken.stderr)")
    }

    @Test func theAssetCatalogHoldsEachIdiomsWindowOfThePack() throws {
        let workspace = try RemoteWorkspace()
        defer { workspace.remove() }
        let result = try workspace.render("out", ["--asset-catalog", "App", "--remote-layout", "summer"])
        try #require(result.status == 0, "\(result.stderr)")
        let manifest = try workspace.manifest("out")
        let catalog = workspace.url("App/LaunchAssets.xcassets")
        let contents = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: catalog.appendingPathComponent("LaunchAssetsPack.dataset/Contents.json"))) as? [String: Any])
        let entries = try #require(contents["data"] as? [[String: String]])
        #expect(entries.map { $0["idiom"] } == ["iphone", "ipad"])
        #expect(entries.allSatisfy { $0["universal-type-identifier"] == "public.data" })

        let whole = try Data(contentsOf: workspace.url("out/LaunchAssets.launchpack"))
        var sections: [Range<Int>] = []
        for entry in entries {
            let idiom: Idiom = entry["idiom"] == "iphone" ? .phone : .pad
            let data = try Data(contentsOf: catalog.appendingPathComponent("LaunchAssetsPack.dataset/\(entry["filename"]!)"))
            let window = try LaunchPack(data: data, name: entry["filename"]!, for: manifest)
            sections.append(window.body)
            for variant in manifest.variants where variant.layout != "summer" {
                let png = try Data(contentsOf: workspace.url("out/images/\(variant.id).png"))
                if variant.idiom == idiom {
                    #expect(try window.bytes(of: variant) == png, "\(variant.id) in the \(idiom) data")
                } else {
                    #expect(!window.contains(variant), "\(variant.id) is not in the \(idiom) data")
                }
            }
        }
        // The two windows tile the whole pack's body: an iPhone carries the first, an iPad the second.
        #expect(sections.count == 2 && sections[0].upperBound == sections[1].lowerBound)
        #expect(sections[1].upperBound == whole.count)
        let swift = try String(contentsOf: workspace.url("out/LaunchAssets.swift"), encoding: .utf8)
        #expect(swift.contains(#"        .dataAsset(name: "LaunchAssetsPack")"#))

        // A failed render leaves the catalog as it was; --bundle module is refused.
        let before = try FileTree.contents(of: catalog)
        try workspace.write("Templates/mark.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{{width}}\" height=\"{{nope}}\">")
        let failed = try workspace.render("out", ["--asset-catalog", "App"])
        #expect(failed.status == 1)
        #expect(try FileTree.contents(of: catalog) == before)
        let module = try workspace.render("out", ["--asset-catalog", "App", "--bundle", "module"])
        #expect(module.status == 2)
        #expect(module.stderr.contains("--asset-catalog puts the pack in the app's asset catalog (Bundle.main)"), "\(module.stderr)")
        #expect(try FileTree.contents(of: catalog) == before)
    }

    @Test func theRuntimeRepairsAnIPhoneFromItsOwnDataSetAlone() throws {
        let workspace = try RemoteWorkspace()
        defer { workspace.remove() }
        let result = try workspace.render("out", ["--asset-catalog", "App"])
        try #require(result.status == 0, "\(result.stderr)")
        let manifest = try workspace.manifest("out")
        let phonePack = workspace.url("App/LaunchAssets.xcassets/LaunchAssetsPack.dataset/LaunchAssets-iphone.launchpack")

        // Real iPhone 14 Pro snapshots (1179 × 2556), repaired on a day of no season: the fallback.
        let folder = workspace.url("Container/Library/SplashBoard/Snapshots/\(SnapshotFixtures.bundleIdentifier) - {DEFAULT GROUP}")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var installed: [String: Appearance] = [:]
        for fixture in SnapshotFixtures.aapl.map(\.name) {
            let name = "\(UUID().uuidString)@3x.ktx"
            try FileManager.default.copyItem(
                at: SnapshotFixtures.folder.appendingPathComponent(fixture), to: folder.appendingPathComponent(name))
            installed[name] = fixture.contains("dark") ? .dark : .light
        }
        let repaired = try workspace.run([
            "repair", "--container", workspace.url("Container").path, "--bundle-id", SnapshotFixtures.bundleIdentifier,
            "--manifest", workspace.url("out/manifest.json").path, "--pack", phonePack.path,
            "--date", "2026-10-10", "--app-version", "1.0",
        ])
        #expect(repaired.status == 0, "\(repaired.stderr)")
        #expect(repaired.stdout.contains("total: 4 replaced"), "\(repaired.stdout)")
        for (name, appearance) in installed {
            let variant = try #require(
                manifest.variants.first { $0.layout == "default" && $0.width == 1179 && $0.height == 2556 && $0.appearance == appearance })
            #expect(
                try Data(contentsOf: folder.appendingPathComponent(name)) == Data(contentsOf: workspace.url("out/images/\(variant.id).png"))
            )
        }
    }

    @Test func shardsWithRemoteLayoutsMergeToTheSingleRenderAndItsAssetCatalog() throws {
        let workspace = try RemoteWorkspace()
        defer { workspace.remove() }
        for part in ["1/2", "2/2"] {
            let shard = try workspace.render("part-\(part.prefix(1))", ["--remote-layout", "spring", "--shard", part])
            try #require(shard.status == 0, "\(shard.stderr)")
        }
        let merged = try workspace.run(["merge", "part-1", "part-2", "--output", "merged", "--asset-catalog", "merged-app"])
        try #require(merged.status == 0, "\(merged.stderr)")
        let single = try workspace.render("single", ["--remote-layout", "spring", "--asset-catalog", "single-app"])
        try #require(single.status == 0, "\(single.stderr)")
        #expect(try FileTree.rendered(of: workspace.url("merged")) == FileTree.rendered(of: workspace.url("single")))
        #expect(try FileTree.rendered(of: workspace.url("merged-app")) == FileTree.rendered(of: workspace.url("single-app")))
        #expect(try String(contentsOf: workspace.url("merged/LaunchAssets.swift"), encoding: .utf8).contains(RemoteWorkspace.url))
    }
}
