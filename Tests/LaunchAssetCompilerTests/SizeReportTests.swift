import Foundation
import LaunchScreenRepair
import Testing

@testable import LaunchAssetCompiler

/// What a device carries and fetches, from a real render.
@Suite struct SizeReportTests {
    @Test func bundledPerIdiomAndFetchedPerDeviceAndLayout() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let fixture = try PlannerFixture(layouts: [
            "default.json": layoutJSON(id: "default"),
            "winter.json": layoutJSON(
                id: "winter", schedule: [("12-01", "02-29")], light: ["background": "#DDEEFF", "ink": "#123456"],
                dark: ["background": "#102030", "ink": "#EEEEEE"]),
            "spring.json": layoutJSON(
                id: "spring", schedule: [("03-01", "05-31")], light: ["background": "#FFEEDD", "ink": "#654321"], multitasking: true),
        ])
        defer { fixture.remove() }
        let pad = device(
            "pad", .pad, points: (30, 40), windows: DeviceWindows(portrait: [DeviceWindow(.splitViewOneThird, width: 10)], landscape: []))
        let planner = try fixture.planner([device("phone", points: (20, 40)), device("mini", points: (16, 32)), pad])
        var layouts = planner.layouts
        for index in layouts.indices where layouts[index].id != "default" { layouts[index].delivery = .remote }
        let variants = try planner.plan()
        let images = try RenderQueue(jobs: 2).render(variants, scratch: scratch.url).images
        let assets = GeneratedAssets(layouts: layouts, variants: variants, images: images, packName: "x.launchpack")
        let report = SizeReport(assets)

        #expect(report.packBytes == assets.pack.count)
        #expect(report.bundledBytes == ["phone": assets.idiomPacks[.phone]!.count, "pad": assets.idiomPacks[.pad]!.count])
        #expect(Set(report.fetchedBytes.keys) == ["winter", "spring"])

        // A phone fetches its portrait light and dark images (phones render portrait only);
        // the pad its full screens in both orientations, not its Split View window.
        for layout in ["winter", "spring"] {
            for deviceID in ["phone", "mini", "pad"] {
                let own = assets.manifest.variants.filter { $0.layout == layout && $0.devices.contains(deviceID) && $0.window == nil }
                #expect(own.count == (deviceID == "pad" ? 4 : 2), "\(layout) \(deviceID)")
                let distinct = Dictionary(own.map { ($0.sha256!, $0.length) }, uniquingKeysWith: { a, _ in a })
                #expect(report.fetchedBytes[layout]?[deviceID] == distinct.values.reduce(0, +), "\(layout) \(deviceID)")
            }
        }
        #expect(assets.manifest.variants.contains { $0.layout == "spring" && $0.window != nil }, "the window variant exists, uncounted")
        let phones = try #require(report.largestFetch(.phone, in: assets.manifest))
        #expect(phones == max(report.fetchedBytes["winter"]!["phone"]!, report.fetchedBytes["spring"]!["phone"]!))
        #expect(report.largestFetch(.pad, in: assets.manifest) == report.fetchedBytes.values.compactMap { $0["pad"] }.max())
        #expect(report.summary(for: assets.manifest).hasPrefix("bundled per idiom: iPhone "))
        #expect(report.summary(for: assets.manifest).contains("2 remote layouts"))
    }

    @Test func everythingBundledFetchesNothing() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let fixture = try PlannerFixture(layouts: ["default.json": layoutJSON(id: "default", idioms: ["phone"])])
        defer { fixture.remove() }
        let planner = try fixture.planner([device("phone")])
        let variants = try planner.plan()
        let images = try RenderQueue(jobs: 1).render(variants, scratch: scratch.url).images
        let report = SizeReport(GeneratedAssets(layouts: planner.layouts, variants: variants, images: images, packName: "x.launchpack"))
        #expect(report.fetchedBytes.isEmpty)
        #expect(Array(report.bundledBytes.keys) == ["phone"])
        #expect(
            report.summary(for: LaunchManifest(version: "", generator: "", pack: "", layouts: [], variants: []))
                == "bundled per idiom: iPhone "
                + SizeReport.megabytes(report.bundledBytes["phone"]!))
    }
}
