import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

/// The built `launch-assets render` on the package's own layouts, end to end.
@Suite("render, end to end")
struct RenderCommandTests {
    let render = BundledRender.shared

    @Test func rendersEveryOutput() throws {
        #expect(render.result.status == 0, "\(render.result.stderr)")
        let files = try render.files()
        for name in ["manifest.json", "LaunchAssets.launchpack", "LaunchAssets.swift", "preview.png"] {
            #expect(files[name] != nil, "missing \(name)")
        }
        let manifest = try render.manifest()
        #expect(manifest.schemaVersion == LaunchManifest.currentSchemaVersion)
        #expect(manifest.generator.hasPrefix("launch-assets "))
        #expect(manifest.pack == "LaunchAssets.launchpack")
        #expect(Set(manifest.variants.map(\.id)).count == manifest.variants.count, "variant ids are unique")
        #expect(files.keys.filter { $0.hasPrefix("images/") }.count == manifest.variants.count)
        #expect(files["preview.png"]?.pngSize != nil)
    }

    @Test func imagesHaveTheirVariantsSizeAndMD5() throws {
        let manifest = try render.manifest()
        let files = try render.files()
        for variant in manifest.variants {
            let png = try #require(files["images/\(variant.id).png"], "no image for \(variant.id)")
            let size = try #require(png.pngSize, "\(variant.id) is not a PNG")
            #expect(size.width == variant.width && size.height == variant.height, "\(variant.id) is \(size)")
            #expect((variant.width > variant.height) == (variant.orientation == .landscape))
            #expect(png.md5Hex == variant.md5, "\(variant.id)")
            #expect(png.count == variant.length, "\(variant.id)")
        }
    }

    @Test func packHoldsEveryVariantAtItsOffset() throws {
        let manifest = try render.manifest()
        let packURL = render.output.appendingPathComponent(manifest.pack)
        let pack = try Data(contentsOf: packURL)
        #expect(Array(pack.prefix(8)) == LaunchPack.magic)
        let opened = try LaunchPack(contentsOf: packURL, for: manifest)
        #expect(opened.version == manifest.version)
        var covered = 0
        for variant in manifest.variants {
            let slice = pack.subdata(in: variant.packRange!)
            #expect(slice.md5Hex == variant.md5, "\(variant.id)")
            #expect(try opened.bytes(of: variant) == slice)
            covered = max(covered, variant.packRange!.upperBound)
        }
        #expect(covered == pack.count, "the pack ends with the last image")
        let distinct = Dictionary(grouping: manifest.variants, by: \.md5).values.map { $0[0].length }.reduce(0, +)
        #expect(pack.count == LaunchPack.headerLength(version: manifest.version) + distinct, "identical bytes are stored once")
    }

    @Test func fallbackCoversEveryCatalogScreen() throws {
        let manifest = try render.manifest()
        let fallback = try #require(manifest.layouts.first { $0.isFallback })
        #expect(manifest.layouts.filter(\.isFallback).count == 1)
        let catalog = try CLIRunner.run(["devices", "--json"])
        #expect(catalog.status == 0)
        let devices = try JSONDecoder().decode(CatalogDocument.self, from: Data(catalog.stdout.utf8)).devices
        #expect(devices.count > 40)
        let variants = manifest.variants.filter { $0.layout == fallback.id }
        for device in devices {
            let orientations: [Orientation] = device.idiom == .pad ? [.portrait, .landscape] : [.portrait]
            for size in device.pixelSizes {
                for orientation in orientations {
                    let (width, height) = orientation == .portrait ? size : (size.1, size.0)
                    for appearance in Appearance.allCases {
                        let match = variants.first {
                            $0.width == width && $0.height == height && $0.appearance == appearance
                                && $0.orientation == orientation && $0.devices.contains(device.id)
                        }
                        #expect(match != nil, "\(device.id) \(width)x\(height) \(orientation) \(appearance) has no fallback variant")
                    }
                }
            }
        }
    }

    @Test func twoRendersAreByteIdentical() throws {
        let second = try BundledRender(arguments: BundledRender.arguments + ["--jobs", "1"])
        #expect(second.result.status == 0, "\(second.result.stderr)")
        // The sources record names each render's own command line (`--jobs 1` here).
        let first = try FileTree.rendered(of: render.output)
        let again = try FileTree.rendered(of: second.output)
        #expect(first.keys.sorted() == again.keys.sorted())
        for (name, data) in first {
            #expect(again[name] == data, "\(name) differs between two renders")
        }
    }

    @Test func generatedSwiftDeclaresTheManifest() throws {
        let source = try String(contentsOf: render.swiftFile, encoding: .utf8)
        let manifest = try render.manifest()
        #expect(source.contains("import LaunchScreenRepair"))
        #expect(source.contains("public enum LaunchAssets: LaunchAssetCatalog {"))
        #expect(source.contains("version: \"\(manifest.version)\""))
        for variant in manifest.variants {
            #expect(source.contains("\n            \(VariantTable.line(for: variant))\n"), "\(variant.id)")
        }
    }

    @Test func jsonSummaryDescribesTheRender() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launch-assets-json-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLIRunner.run(["render", "--json", "--layout", "default", "--no-images", "--output", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(summary["layouts"] as? Int == 1)
        let variants = try #require(summary["variants"] as? Int)
        #expect(variants > 0)
        #expect(summary["packBytes"] as? Int == (try Data(contentsOf: folder.appendingPathComponent("LaunchAssets.launchpack"))).count)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("images").path), "--no-images writes no images")
    }
}

/// The shape `launch-assets devices --json` prints.
struct CatalogDocument: Decodable {
    struct Device: Decodable {
        struct Size: Decodable {
            var width: Double
            var height: Double
        }
        var id: String
        var idiom: Idiom
        var points: Size
        var scale: Double
        var nativePixels: Size?

        /// Portrait pixel sizes a snapshot of this device may have.
        var pixelSizes: [(Int, Int)] {
            let rendered = (Int((points.width * scale).rounded()), Int((points.height * scale).rounded()))
            guard let native = nativePixels.map({ (Int($0.width), Int($0.height)) }), native != rendered else { return [rendered] }
            return [rendered, native]
        }
    }

    var devices: [Device]
}
