import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

@testable import LaunchAssetCompiler

/// Each layout's render time and pack bytes, from a manifest and the variants' times.
@Suite("Each layout's render time and pack bytes")
struct LayoutCostTests {
    /// A variant entry of `layout` stored at `offset` (`nil`: remote).
    private func variant(_ id: String, _ layout: String, _ idiom: Idiom = .phone, offset: Int?, length: Int) -> LaunchManifest.Variant {
        LaunchManifest.Variant(
            id: id, layout: layout, width: 10, height: 20, orientation: .portrait, appearance: .light, idiom: idiom, devices: [],
            md5: "", offset: offset, length: length)
    }

    @Test func costsCountEachStoredImageForTheFirstLayoutThatUsesIt() {
        let layouts = ["plain", "shared", "remote"].map {
            LaunchManifest.Layout(id: $0, displayName: $0, priority: 0, schedule: [], delivery: $0 == "remote" ? .remote : .bundled)
        }
        let manifest = LaunchManifest(
            version: "", generator: "", pack: "",
            layouts: layouts,
            variants: [
                variant("plain-1", "plain", offset: 100, length: 10),
                variant("plain-2", "plain", offset: 100, length: 10),  // the same bytes, stored once
                variant("shared-1", "shared", offset: 110, length: 20),
                variant("shared-2", "shared", offset: 100, length: 10),  // plain's image: plain's bytes
                variant("shared-3", "shared", .pad, offset: 130, length: 10),  // the pad section stores its own copy
                variant("remote-1", "remote", offset: nil, length: 50),
            ])
        let times: [Duration?] = [.milliseconds(500), nil, .milliseconds(1250), .milliseconds(250), nil, .seconds(2)]

        let costs = LayoutCost.costs(of: manifest, renderTimes: times)

        #expect(
            costs == [
                LayoutCost(layout: "plain", variants: 2, rendered: 1, cached: 1, renderSeconds: 0.5, packBytes: 10, packedImages: 1),
                LayoutCost(layout: "shared", variants: 3, rendered: 2, cached: 1, renderSeconds: 1.5, packBytes: 30, packedImages: 2),
                LayoutCost(layout: "remote", variants: 1, rendered: 1, cached: 0, renderSeconds: 2, packBytes: 0, packedImages: 0),
            ])
        #expect(costs[0].secondsPerRender == 0.5)
        #expect(costs[1].bytesPerImage == 15)
        #expect(costs[2].bytesPerImage == nil, "a remote layout stores nothing")
    }

    @Test func layoutBytesAddUpToThePackBodyOfARealRender() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let same = ["background": "#336699", "ink": "#FFFFFF"]
        let fixture = try PlannerFixture(layouts: [
            "default.json": layoutJSON(id: "default", light: same, dark: same),
            "winter.json": layoutJSON(id: "winter", schedule: [("12-01", "02-29")]),
            // The same palette as default's: every image is one default stored first.
            "echo.json": layoutJSON(id: "echo", schedule: [("06-01", "06-30")], light: same, dark: same),
        ])
        defer { fixture.remove() }
        let planner = try fixture.planner([device("phone", points: (20, 40)), device("pad", .pad, points: (30, 40))])
        let variants = try planner.plan()
        let (images, cached, renderTimes) = try RenderQueue(jobs: 2).render(variants, scratch: scratch.url)
        var assets = GeneratedAssets(layouts: planner.layouts, variants: variants, images: images, packName: "x.launchpack")
        assets.renderTimes = renderTimes

        let costs = assets.layoutCosts

        #expect(cached == 0)
        #expect(costs.map(\.layout) == ["default", "echo", "winter"])
        #expect(costs.map(\.variants).reduce(0, +) == variants.count)
        #expect(costs.allSatisfy { $0.rendered == $0.variants && $0.cached == 0 && $0.renderSeconds > 0 })
        let header = LaunchPack.headerLength(version: assets.manifest.version)
        #expect(costs.compactMap(\.packBytes).reduce(0, +) == assets.pack.count - header)
        #expect(costs[1].packBytes == 0 && costs[1].packedImages == 0, "echo repeats default's images")
    }

    @Test func jsonGivesMillisecondsAndNoBytesForAShard() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var cost = LayoutCost(
            layout: "winter", variants: 4, rendered: 3, cached: 1, renderSeconds: 1.23456, packBytes: 2048, packedImages: 4)
        #expect(
            String(decoding: try encoder.encode(cost), as: UTF8.self)
                == #"{"cached":1,"layout":"winter","packBytes":2048,"renderSeconds":1.235,"rendered":3,"variants":4}"#)
        cost.packBytes = nil
        #expect(!String(decoding: try encoder.encode(cost), as: UTF8.self).contains("packBytes"))
    }

    @Test func summaryLineSaysWhatWasDrawnAndWhatCameFromTheCache() {
        let drawn = LayoutCost(layout: "winter", variants: 8, rendered: 8, renderSeconds: 1.416, packBytes: 360_000, packedImages: 8)
        #expect(drawn.summary == "layout winter: 8 variants, drawn in 1.42 s; 0.36 MB in the pack")
        let mixed = LayoutCost(layout: "spring", variants: 8, rendered: 6, cached: 2, renderSeconds: 1, packBytes: 0, packedImages: 0)
        #expect(mixed.summary == "layout spring: 8 variants, 6 drawn in 1.00 s, 2 from the cache; adds nothing to the pack")
        let cached = LayoutCost(layout: "autumn", variants: 1, cached: 1, packBytes: nil)
        #expect(cached.summary == "layout autumn: 1 variant, all from the cache")
    }
}
