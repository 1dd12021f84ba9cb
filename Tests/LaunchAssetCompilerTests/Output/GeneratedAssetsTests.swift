import Foundation
import LaunchAssetSources
import LaunchScreenRepair
import TestSupport
import Testing

@testable import LaunchAssetCompiler

@Suite("The generated manifest and pack")
struct GeneratedAssetsTests {
    /// Plans and really renders two small layouts into `scratch`: `default` (same palette in
    /// light and dark, so its light and dark images are identical bytes) and `winter` (yearly +
    /// absolute schedule).
    private func rendered(
        into scratch: TemporaryFolder
    ) throws -> (layouts: [SeasonalLayout], variants: [PlannedVariant], images: [RenderedImage]) {
        let same = ["background": "#336699", "ink": "#FFFFFF"]
        let fixture = try PlannerFixture(layouts: [
            "default.json": layoutJSON(id: "default", light: same, dark: same),
            "winter.json": layoutJSON(id: "winter", schedule: [("12-01", "02-29"), ("2027-02-06", "2027-02-12")], priority: 2),
        ])
        defer { fixture.remove() }
        let planner = try fixture.planner([
            device("phone", points: (20, 40), scale: 2),
            device("pad", .pad, points: (30, 40), scale: 2),
        ])
        let variants = try planner.plan()
        let images = try RenderQueue(jobs: 3).render(variants, scratch: scratch.url).images
        return (planner.layouts, variants, images)
    }

    @Test func packHeaderAndEveryVariantSlice() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let (layouts, variants, images) = try rendered(into: scratch)
        let assets = GeneratedAssets(layouts: layouts, variants: variants, images: images, packName: "SeasonalLaunch.launchpack")
        let manifest = assets.manifest
        let pack = try assets.pack.data()
        #expect(pack.count == assets.pack.count)

        // Header: magic, format version, stamp length, body offset and length, stamp.
        #expect(Array(pack.prefix(8)) == LaunchPack.magic)
        #expect(Array(pack.prefix(8)) == Array("LPAK\r\n\u{1A}\n".utf8))
        #expect(uint32LE(pack, at: 8) == UInt32(LaunchPack.formatVersion))
        #expect(uint32LE(pack, at: 12) == 16)
        #expect(uint32LE(pack, at: 16) == 48 && uint32LE(pack, at: 20) == 0)
        #expect(Int(uint32LE(pack, at: 24)) == pack.count - 48 && uint32LE(pack, at: 28) == 0)
        #expect(String(decoding: pack[pack.startIndex + 32..<pack.startIndex + 48], as: UTF8.self) == manifest.version)
        #expect(manifest.version.wholeMatch(of: /[0-9a-f]{16}/) != nil)

        #expect(manifest.schemaVersion == LaunchManifest.currentSchemaVersion)
        #expect(manifest.generator == "launch-assets \(GeneratorVersion.current)")
        #expect(manifest.pack == "SeasonalLaunch.launchpack")
        #expect(manifest.layouts.map(\.id) == ["default", "winter"])
        #expect(manifest.variants.count == variants.count)
        #expect(images.count == variants.count)

        for (index, (entry, planned)) in zip(manifest.variants, variants).enumerated() {
            #expect(entry.id == planned.id)
            #expect(entry.layout == planned.layout)
            #expect(entry.width == planned.pixels.width && entry.height == planned.pixels.height)
            #expect(entry.orientation == planned.orientation)
            #expect(entry.appearance == planned.appearance)
            #expect(entry.idiom == planned.idiom)
            #expect(entry.devices == planned.devices)
            let range = try #require(entry.packRange)
            #expect(range.lowerBound >= 48)
            #expect(range.upperBound <= pack.count)
            let slice = pack[pack.startIndex + range.lowerBound..<pack.startIndex + range.upperBound]
            #expect(md5Hex(Data(slice)) == entry.md5, "\(entry.id)")
            #expect(Data(slice) == (try Data(contentsOf: images[index].file)))
            #expect(images[index].length == entry.length && images[index].md5 == entry.md5)
            let size = try #require(PNGBytes.size(of: Data(slice)), "\(entry.id) is a PNG")
            #expect(size.width == entry.width && size.height == entry.height, "\(entry.id)")
        }

        // The runtime reads the same bytes back.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("SeasonalLaunch.launchpack", pack)
        let opened = try LaunchPack(contentsOf: file, for: manifest)
        #expect(opened.version == manifest.version)
        #expect(opened.body == 48..<pack.count)
        for (entry, image) in zip(manifest.variants, images) {
            #expect(try opened.bytes(of: entry) == Data(contentsOf: image.file))
        }
    }

    @Test func identicalPNGBytesAreStoredOnce() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let (layouts, variants, images) = try rendered(into: scratch)
        let assets = GeneratedAssets(layouts: layouts, variants: variants, images: images, packName: "x.launchpack")
        let light = try #require(assets.manifest.variants.first { $0.id == "default-phone-40x80-light" })
        let dark = try #require(assets.manifest.variants.first { $0.id == "default-phone-40x80-dark" })
        #expect(light.md5 == dark.md5)
        #expect(light.offset == dark.offset)
        #expect(light.length == dark.length)
        // Different images are stored apart, without overlap.
        let winterLight = try #require(assets.manifest.variants.first { $0.id == "winter-phone-40x80-light" })
        #expect(winterLight.md5 != light.md5)
        #expect(winterLight.offset != light.offset)

        var unique: [String: Int] = [:]
        for variant in assets.manifest.variants { unique[variant.md5] = variant.length }
        #expect(unique.count < assets.manifest.variants.count)
        #expect(assets.pack.count == 48 + unique.values.reduce(0, +))
        let ranges = Dictionary(
            assets.manifest.variants.map { ($0.md5, $0.packRange!) }, uniquingKeysWith: { a, _ in a }
        )
        .values.sorted { $0.lowerBound < $1.lowerBound }
        #expect(ranges.first?.lowerBound == 48)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }, "back to back")
    }

    @Test func versionStampDependsOnTheContentOnly() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let (layouts, variants, images) = try rendered(into: scratch)
        let first = GeneratedAssets(layouts: layouts, variants: variants, images: images, packName: "x.launchpack")
        let again = GeneratedAssets(layouts: layouts, variants: variants, images: images, packName: "x.launchpack")
        #expect(first.manifest == again.manifest)
        #expect(try first.pack.data() == again.pack.data())
        #expect(first.manifestJSON == again.manifestJSON)

        // Rendering again gives the same bytes, so the same stamp.
        let rescratch = try TemporaryFolder()
        defer { rescratch.remove() }
        let (_, _, rerendered) = try rendered(into: rescratch)
        let second = GeneratedAssets(layouts: layouts, variants: variants, images: rerendered, packName: "x.launchpack")
        #expect(second.manifest.version == first.manifest.version)
        #expect(try second.pack.data() == first.pack.data())

        // One byte of one image.
        var changed = images
        var bytes = try Data(contentsOf: images[images.count - 1].file)
        bytes[bytes.count / 2] ^= 0x01
        changed[changed.count - 1] = try RenderedImage(writing: bytes, to: scratch.path("changed.png"))
        let other = GeneratedAssets(layouts: layouts, variants: variants, images: changed, packName: "x.launchpack")
        #expect(other.manifest.version != first.manifest.version)
        #expect(other.manifest.variants.dropLast() == first.manifest.variants.dropLast())
        #expect(other.manifest.variants.last?.md5 != first.manifest.variants.last?.md5)
        #expect(try other.pack.data().prefix(48) != first.pack.data().prefix(48))

        // A layout's schedule is content too.
        var moved = layouts
        moved[1].schedule[0].through = SeasonDate(month: 2, day: 28)
        #expect(
            GeneratedAssets(layouts: moved, variants: variants, images: images, packName: "x.launchpack").manifest.version
                != first.manifest.version)
    }

    @Test func manifestJSONFieldNamesAreThePublicContract() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let (layouts, variants, images) = try rendered(into: scratch)
        let assets = GeneratedAssets(layouts: layouts, variants: variants, images: images, packName: "SeasonalLaunch.launchpack")
        let json = assets.manifestJSON
        #expect(json.last == UInt8(ascii: "\n"))
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        // `models` (hardware model → device id) joined the contract after the first list.
        #expect(Set(root.keys) == ["schemaVersion", "version", "generator", "pack", "layouts", "variants", "models"])
        #expect(root["schemaVersion"] as? Int == 1)
        #expect(root["version"] as? String == assets.manifest.version)
        #expect(root["generator"] as? String == GeneratorVersion.manifestName)
        #expect(root["pack"] as? String == "SeasonalLaunch.launchpack")

        let layoutsJSON = try #require(root["layouts"] as? [[String: Any]])
        #expect(layoutsJSON.count == 2)
        for layout in layoutsJSON {
            #expect(Set(layout.keys) == ["id", "displayName", "priority", "schedule"])
        }
        let winter = try #require(layoutsJSON.first { $0["id"] as? String == "winter" })
        #expect(winter["displayName"] as? String == "winter")
        #expect(winter["priority"] as? Int == 2)
        let schedule = try #require(winter["schedule"] as? [[String: Any]])
        #expect(schedule.map { Set($0.keys) } == [["from", "through"], ["from", "through"]])
        #expect(schedule.map { $0["from"] as? String } == ["12-01", "2027-02-06"])
        #expect(schedule.map { $0["through"] as? String } == ["02-29", "2027-02-12"])
        #expect((layoutsJSON.first { $0["id"] as? String == "default" }?["schedule"] as? [Any])?.isEmpty == true)

        let variantsJSON = try #require(root["variants"] as? [[String: Any]])
        #expect(variantsJSON.count == variants.count)
        for (variant, planned) in zip(variantsJSON, variants) {
            #expect(
                Set(variant.keys) == [
                    "id", "layout", "width", "height", "orientation", "appearance", "idiom", "devices", "md5", "offset", "length",
                ])
            #expect(variant["id"] as? String == planned.id)
            #expect(variant["layout"] as? String == planned.layout)
            #expect(variant["width"] as? Int == planned.pixels.width)
            #expect(variant["height"] as? Int == planned.pixels.height)
            #expect(variant["orientation"] as? String == planned.orientation.rawValue)
            #expect(variant["appearance"] as? String == planned.appearance.rawValue)
            #expect(variant["idiom"] as? String == planned.idiom.rawValue)
            #expect(variant["devices"] as? [String] == planned.devices)
            #expect((variant["md5"] as? String)?.wholeMatch(of: /[0-9a-f]{32}/) != nil)
            #expect(variant["offset"] is Int && variant["length"] is Int)
        }
        #expect(variantsJSON.contains { $0["orientation"] as? String == "landscape" })

        // The JSON is the manifest, and reads back into it.
        #expect(try JSONDecoder().decode(LaunchManifest.self, from: json) == assets.manifest)
    }

    @Test func windowVariantsNameTheirWindowAndFullScreensStayAsTheyWere() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let fixture = try PlannerFixture(layouts: ["default.json": layoutJSON(id: "default", idioms: ["pad"], multitasking: true)])
        defer { fixture.remove() }
        let pad = device(
            "pad", .pad, points: (30, 40), scale: 2,
            windows: DeviceWindows(
                portrait: [DeviceWindow(.splitViewOneThird, width: 10)], landscape: [DeviceWindow(.slideOver, width: 10, height: 26)]
            ))
        let planner = try fixture.planner([pad])
        let variants = try planner.plan()
        let images = try RenderQueue(jobs: 2).render(variants, scratch: scratch.url).images
        let assets = GeneratedAssets(layouts: planner.layouts, variants: variants, images: images, packName: "x.launchpack")
        let root = try #require(try JSONSerialization.jsonObject(with: assets.manifestJSON) as? [String: Any])
        let variantsJSON = try #require(root["variants"] as? [[String: Any]])
        #expect(
            variantsJSON.map { $0["window"] as? String } == [
                nil, nil, "splitView-1/3", "splitView-1/3", nil, nil, "slideOver", "slideOver",
            ])
        #expect(variantsJSON.filter { $0["window"] == nil }.allSatisfy { !$0.keys.contains("window") }, "no key for full screens")
        #expect(
            variantsJSON.map { "\($0["width"]!)x\($0["height"]!)" } == [
                "60x80", "60x80", "20x80", "20x80", "80x60", "80x60", "20x52", "20x52",
            ])
        #expect(try JSONDecoder().decode(LaunchManifest.self, from: assets.manifestJSON) == assets.manifest)
        #expect(assets.manifest.variants.map(\.window) == variants.map(\.window))

        // A manifest written before windows existed still reads: no window, a full screen.
        let old = Data(
            #"""
            {"schemaVersion": 1, "version": "5c1f0e9a2b7d4431", "generator": "launch-assets 0.1.0", "pack": "LaunchAssets.launchpack",
             "layouts": [{"id": "winter", "displayName": "Winter", "priority": 0, "schedule": []}],
             "variants": [{"id": "winter-pad-2048x2732-dark", "layout": "winter", "width": 2048, "height": 2732, "orientation": "portrait",
                           "appearance": "dark", "idiom": "pad", "devices": ["ipad-air-13-m2"], "md5": "9b0c", "offset": 32, "length": 10}]}
            """#.utf8)
        let decoded = try JSONDecoder().decode(LaunchManifest.self, from: old)
        #expect(decoded.variants.map(\.window) == [nil])
    }

    @Test func modelsMapTheHardwareModelsOfTheNamedDevices() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let (layouts, variants, images) = try rendered(into: scratch)
        let devices = [
            device("phone", models: ["iPhone99,1", "iPhone99,2"]),
            device("pad", .pad, models: ["iPad99,1"]),
            device("not-rendered", models: ["iPhone98,1"]),
        ]
        let assets = GeneratedAssets(layouts: layouts, variants: variants, images: images, packName: "x.launchpack", devices: devices)
        #expect(assets.manifest.models == ["iPhone99,1": "phone", "iPhone99,2": "phone", "iPad99,1": "pad"])
        #expect(assets.manifest.deviceID(forModel: "iPhone99,2") == "phone")
        let root = try #require(try JSONSerialization.jsonObject(with: assets.manifestJSON) as? [String: Any])
        #expect(root["models"] as? [String: String] == assets.manifest.models)
        // The models are content: they change the stamp.
        let without = GeneratedAssets(layouts: layouts, variants: variants, images: images, packName: "x.launchpack")
        #expect(without.manifest.models.isEmpty)
        #expect(without.manifest.version != assets.manifest.version)
    }

    /// A phone and a pad of the same pixel size: the plain template draws the same image for
    /// both, so one image belongs to both idioms' sections.
    private func renderedForBothIdioms(
        into scratch: TemporaryFolder
    ) throws -> (layouts: [SeasonalLayout], variants: [PlannedVariant], images: [RenderedImage]) {
        let fixture = try PlannerFixture(layouts: [
            "default.json": layoutJSON(id: "default"),
            "winter.json": layoutJSON(
                id: "winter", schedule: [("12-01", "02-29")], light: ["background": "#DDEEFF", "ink": "#123456"],
                dark: ["background": "#102030", "ink": "#EEEEEE"]),
        ])
        defer { fixture.remove() }
        let planner = try fixture.planner([device("phone", points: (20, 40)), device("pad", .pad, points: (20, 40))])
        let variants = try planner.plan()
        return (planner.layouts, variants, try RenderQueue(jobs: 2).render(variants, scratch: scratch.url).images)
    }

    @Test func eachIdiomsImagesAreContiguousAndItsWindowIsAPackOfItsOwn() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let (layouts, variants, images) = try renderedForBothIdioms(into: scratch)
        let assets = GeneratedAssets(layouts: layouts, variants: variants, images: images, packName: "x.launchpack")
        let manifest = assets.manifest
        let whole = try LaunchPack(data: assets.pack.data(), name: "whole", for: manifest)
        let phone = manifest.variants.filter { $0.idiom == .phone }
        let pad = manifest.variants.filter { $0.idiom == .pad }
        #expect(!phone.isEmpty && !pad.isEmpty)

        // Phones' section first, then pads'; an image both idioms use is in each section.
        let phoneEnd = try #require(phone.map { $0.packRange!.upperBound }.max())
        #expect(pad.allSatisfy { $0.packRange!.lowerBound >= phoneEnd })
        let shared = try #require(phone.first { image in pad.contains { $0.md5 == image.md5 } })
        let padCopy = try #require(pad.first { $0.md5 == shared.md5 })
        #expect(shared.offset != padCopy.offset)
        for variant in manifest.variants {
            #expect(md5Hex(try whole.bytes(of: variant)) == variant.md5, "\(variant.id)")
        }

        #expect(Set(assets.idiomPacks.keys) == [.phone, .pad])
        let wholeData = try assets.pack.data()
        for (idiom, contents) in assets.idiomPacks {
            let data = try contents.data()
            let window = try LaunchPack(data: data, name: "\(idiom)", for: manifest)
            // The window's body is exactly its section of the whole pack.
            let body = wholeData[wholeData.startIndex + window.body.lowerBound..<wholeData.startIndex + window.body.upperBound]
            #expect(data == LaunchPack.header(version: manifest.version, body: window.body) + body)
            for variant in manifest.variants {
                if variant.idiom == idiom {
                    #expect(window.contains(variant))
                    #expect(md5Hex(try window.bytes(of: variant)) == variant.md5, "\(variant.id) from the \(idiom) window")
                } else {
                    #expect(!window.contains(variant))
                    #expect(throws: LaunchPackError.notInPack("\(idiom)", variant.id)) { try window.bytes(of: variant) }
                }
            }
        }
        #expect(assets.idiomPacks.values.reduce(0) { $0 + $1.count } == assets.pack.count + 48, "the sections add up to the body")

        // The same inputs lay out the same bytes.
        let again = GeneratedAssets(layouts: layouts, variants: variants, images: images, packName: "x.launchpack")
        #expect(try again.pack.data() == wholeData)
        #expect(try again.idiomPacks.mapValues { try $0.data() } == assets.idiomPacks.mapValues { try $0.data() })
    }

    @Test func aRemoteLayoutsVariantsCarryTheirSHA256AndStayOutOfThePack() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let (rendered, variants, images) = try renderedForBothIdioms(into: scratch)
        var layouts = rendered
        let bundled = GeneratedAssets(layouts: layouts, variants: variants, images: images, packName: "x.launchpack")
        layouts[layouts.firstIndex { $0.id == "winter" }!].delivery = .remote
        let assets = GeneratedAssets(layouts: layouts, variants: variants, images: images, packName: "x.launchpack")
        let manifest = assets.manifest

        for (variant, image) in zip(manifest.variants, images) {
            #expect(variant.md5 == image.md5 && variant.length == image.length)
            if variant.layout == "winter" {
                #expect(variant.offset == nil && variant.packRange == nil, "\(variant.id)")
                #expect(variant.sha256 == image.sha256)
            } else {
                #expect(variant.offset != nil && variant.sha256 == nil, "\(variant.id)")
            }
        }
        // The digest is SHA-256 of the PNG bytes, in lower-case hex (the FIPS 180-2 "abc" vector).
        let abc = try RenderedImage(writing: Data("abc".utf8), to: scratch.path("abc.png"))
        #expect(abc.sha256 == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let winterBytes = Set(manifest.variants.filter { $0.layout == "winter" }.map(\.md5))
        let defaultBytes = Set(manifest.variants.filter { $0.layout == "default" }.map(\.md5))
        #expect(winterBytes.isDisjoint(with: defaultBytes))
        #expect(assets.pack.count < bundled.pack.count)
        let pack = try LaunchPack(data: assets.pack.data(), name: "x", for: manifest)
        #expect(
            pack.body.count
                == manifest.variants.filter { $0.layout == "default" }.reduce(into: [String: Int]()) {
                    $0["\($1.idiom)\($1.md5)"] = $1.length
                }.values.reduce(0, +))
        let winter = try #require(manifest.variants.first { $0.layout == "winter" })
        #expect(throws: LaunchPackError.notInPack("x", winter.id)) { try pack.bytes(of: winter) }

        // In the JSON: the layout says "delivery": "remote", its variants have "sha256" and no "offset".
        let root = try #require(try JSONSerialization.jsonObject(with: assets.manifestJSON) as? [String: Any])
        let layoutsJSON = try #require(root["layouts"] as? [[String: Any]])
        #expect(layoutsJSON.first { $0["id"] as? String == "winter" }?["delivery"] as? String == "remote")
        #expect(layoutsJSON.first { $0["id"] as? String == "default" }?.keys.contains("delivery") == false)
        for variant in try #require(root["variants"] as? [[String: Any]]) where variant["layout"] as? String == "winter" {
            #expect(variant["offset"] == nil && (variant["sha256"] as? String)?.wholeMatch(of: /[0-9a-f]{64}/) != nil)
        }
        #expect(try JSONDecoder().decode(LaunchManifest.self, from: assets.manifestJSON) == manifest)
        #expect(manifest.version != bundled.manifest.version, "delivery is content")
    }
}
