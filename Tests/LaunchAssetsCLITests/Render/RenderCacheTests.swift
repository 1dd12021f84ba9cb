import Foundation
import TestSupport
import Testing

/// The render cache, through the real CLI: unchanged variants come from the cache, an edited
/// layout renders only its own variants, and a re-render into a current output writes nothing.
@Suite("render's cache, end to end")
struct RenderCacheTests {
    /// A copy of the bundled layouts and templates, a cache folder and an output folder.
    struct Workspace {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("launch-assets-cache-\(UUID().uuidString)")
        var cache: URL { root.appendingPathComponent("cache") }
        var output: URL { root.appendingPathComponent("OUT") }

        init() throws {
            for folder in ["Layouts", "Templates"] {
                try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
                try FileManager.default.copyItem(
                    at: PackageRoot.url.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
            }
        }

        /// Renders the phone variants of two layouts and returns `--json`'s summary.
        func render(_ extra: [String] = []) throws -> [String: Any] {
            let result = try CLIRunner.run(
                [
                    "render", "--json", "--layout", "summer", "--layout", "winter", "--idiom", "phone",
                    "--cache-dir", cache.path, "--output", output.path,
                ] + extra,
                in: root
            )
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func secondRenderComesFromTheCacheAndWritesNothing() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let first = try workspace.render()
        let variants = try #require(first["variants"] as? Int)
        #expect(first["rendered"] as? Int == variants)
        #expect(first["cached"] as? Int == 0)
        let before = try FileTree.contents(of: workspace.output)
        let manifest = workspace.output.appendingPathComponent("manifest.json")
        let inode = try FileManager.default.attributesOfItem(atPath: manifest.path)[.systemFileNumber] as? UInt64

        let second = try workspace.render()
        #expect(second["rendered"] as? Int == 0)
        #expect(second["cached"] as? Int == variants)
        #expect(second["version"] as? String == first["version"] as? String)
        #expect(try FileTree.contents(of: workspace.output) == before)
        let inodeAfter = try FileManager.default.attributesOfItem(atPath: manifest.path)[.systemFileNumber] as? UInt64
        #expect(inodeAfter == inode, "a current output folder is left as it is, not replaced")
    }

    @Test func editingOneLayoutRendersOnlyItsVariants() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let first = try workspace.render()
        let layout = workspace.root.appendingPathComponent("Layouts/summer.json")
        let text = try String(contentsOf: layout, encoding: .utf8)
        let title = try #require(text.range(of: "Hello, Summer"))
        try text.replacingCharacters(in: title, with: "Hi, Summer").write(to: layout, atomically: true, encoding: .utf8)

        let second = try workspace.render()
        let manifest = try JSONDecoder().decode(
            ManifestVariants.self, from: Data(contentsOf: workspace.output.appendingPathComponent("manifest.json")))
        // The English title changed. The other languages' images of the layout are the same, but
        // a screen's languages are encoded together: the layout's screens render again in each.
        let english = manifest.variants.filter { $0.layout == "summer" && $0.locale == "en" }.count
        let summer = manifest.variants.filter { $0.layout == "summer" }.count
        #expect(english > 0 && summer > english && summer < manifest.variants.count)
        #expect(second["rendered"] as? Int == summer, "only the edited layout's variants render again")
        #expect(second["cached"] as? Int == manifest.variants.count - summer)
        #expect(second["version"] as? String != first["version"] as? String)
    }

    @Test func noCacheRendersEverythingAndLeavesTheCacheAlone() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.render()
        let entries = try FileManager.default.contentsOfDirectory(atPath: workspace.cache.path).sorted()
        let result = try CLIRunner.run(
            ["render", "--json", "--layout", "summer", "--idiom", "phone", "--no-cache", "--output", workspace.output.path],
            in: workspace.root
        )
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(summary["cached"] as? Int == 0)
        #expect(summary["rendered"] as? Int == summary["variants"] as? Int)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.cache.path).sorted() == entries)
    }

    @Test func aDamagedCacheEntryIsRenderedAgain() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let first = try workspace.render()
        let pack = try Data(contentsOf: workspace.output.appendingPathComponent("LaunchAssets.launchpack"))
        let entries = try FileManager.default.contentsOfDirectory(at: workspace.cache, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "png" }.sorted { $0.path < $1.path }
        let damaged = try #require(entries.first)
        let bytes = try Data(contentsOf: damaged)
        try bytes.prefix(bytes.count / 2).write(to: damaged)  // as if a disk filled up mid-write

        let second = try workspace.render()
        // The damaged entry's screen renders again: one image, or one in each language.
        let manifest = try JSONDecoder().decode(
            ManifestVariants.self, from: Data(contentsOf: workspace.output.appendingPathComponent("manifest.json")))
        let languages = Set(manifest.variants.compactMap(\.locale)).count
        #expect([1, languages].contains(second["rendered"] as? Int ?? 0), "rendered \(second["rendered"] ?? "nothing")")
        #expect(second["version"] as? String == first["version"] as? String)
        #expect(try Data(contentsOf: workspace.output.appendingPathComponent("LaunchAssets.launchpack")) == pack)
        #expect(try Data(contentsOf: damaged) == bytes, "the entry is whole again")
    }

    @Test func compressionLevelOutOfRangeIsAUsageError() throws {
        let result = try CLIRunner.run(["render", "--compression-level", "13"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--compression-level must be 1…12"))
        let both = try CLIRunner.run(["render", "--no-cache", "--cache-dir", "/tmp"])
        #expect(both.status == 2)
    }
}

/// The part of `manifest.json` these tests read.
private struct ManifestVariants: Decodable {
    struct Variant: Decodable {
        var layout: String
        var locale: String?
    }
    var variants: [Variant]
}
