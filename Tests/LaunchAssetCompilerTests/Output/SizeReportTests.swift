import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

@testable import LaunchAssetCompiler

/// What a device carries and fetches, from a real render.
@Suite("What a device carries and fetches")
struct SizeReportTests {
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
        #expect(report.languageSizes.isEmpty, "no variant has a locale")
    }

    /// Draws the `mark` string as a colour, so a "translation" changes the picture without fonts.
    static let marked = """
        <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}" viewBox="0 0 {{pointWidth}} {{pointHeight}}" preserveAspectRatio="none">
          <rect width="100%" height="100%" fill="{{background}}"/>
          <circle cx="{{centerX}}" cy="{{centerY}}" r="6" fill="{{mark}}"/>
        </svg>
        """

    @Test func perLanguageBundledWithTheLanguagesBeforeItAndFetchedInItsOwn() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        func marked(_ id: String, schedule: [(String, String)]? = nil, localizations: String) -> String {
            layoutJSON(id: id, template: "marked.svg", schedule: schedule, strings: ["mark": "#FF0000"])
                .replacingOccurrences(of: "\n}\n", with: ",\n  \"localizations\": \(localizations)\n}\n")
        }
        let fixture = try PlannerFixture(
            layouts: [
                // Japanese gives the fallback the same picture as English: no Japanese variant.
                "default.json": marked("default", localizations: ##"{ "ar": { "mark": "#00FF00" }, "ja": { "mark": "#FF0000" } }"##),
                "winter.json": layoutJSON(id: "winter", schedule: [("12-01", "02-29")]),
                "spring.json": marked(
                    "spring", schedule: [("03-01", "05-31")],
                    localizations: ##"{ "ar": { "mark": "#00FF00" }, "ja": { "mark": "#0000FF" } }"##),
            ], templates: ["marked.svg": Self.marked])
        defer { fixture.remove() }
        let planner = try fixture.planner([
            device("phone", points: (20, 40)), device("mini", points: (16, 32)), device("pad", .pad, points: (30, 40)),
        ])
        var layouts = planner.layouts
        for index in layouts.indices where layouts[index].id == "spring" { layouts[index].delivery = .remote }
        let variants = try planner.plan()
        let images = try RenderQueue(jobs: 2).render(variants, scratch: scratch.url).images
        let assets = GeneratedAssets(layouts: layouts, variants: variants, images: images, packName: "x.launchpack")
        let manifest = assets.manifest
        let report = SizeReport(assets)
        func distinct(_ variants: [LaunchManifest.Variant]) -> Int {
            Dictionary(variants.map { ($0.md5, $0.length) }, uniquingKeysWith: { first, _ in first }).values.reduce(0, +)
        }

        #expect(manifest.developmentLanguage == "en")
        #expect(report.languageSizes.map(\.language) == ["en", "ar", "ja"])
        // Bundled: the development language alone is the header, the neutral images and the English ones;
        // every language bundled is each idiom's whole data set; Japanese adds nothing bundled.
        let header = LaunchPack.headerLength(version: manifest.version)
        for idiom in Idiom.allCases {
            let english = manifest.variants.filter { $0.idiom == idiom && $0.layout != "spring" && ($0.locale ?? "en") == "en" }
            #expect(report.languageSizes[0].bundledBytes[idiom.rawValue] == header + distinct(english), "\(idiom)")
            #expect(report.languageSizes[1].bundledBytes[idiom.rawValue]! > header + distinct(english), "\(idiom)")
        }
        #expect(report.languageSizes[2].bundledBytes == report.languageSizes[1].bundledBytes)
        #expect(report.languageSizes[2].bundledBytes == report.bundledBytes)

        // Fetched: a device's own language's images of the remote layout, its two (a pad's four) full screens.
        func fetch(_ language: String, by deviceID: String) -> Int {
            let own = manifest.variants.filter {
                $0.layout == "spring" && $0.locale == language && $0.window == nil && $0.devices.contains(deviceID)
            }
            #expect(own.count == (deviceID == "pad" ? 4 : 2), "\(language) \(deviceID)")
            return distinct(own)
        }
        #expect(
            report.fetchedBytes["spring"] == [
                "phone": fetch("en", by: "phone"), "mini": fetch("en", by: "mini"), "pad": fetch("en", by: "pad"),
            ])
        for (index, language) in ["en", "ar", "ja"].enumerated() {
            #expect(
                report.languageSizes[index].largestFetch
                    == ["phone": max(fetch(language, by: "phone"), fetch(language, by: "mini")), "pad": fetch(language, by: "pad")])
        }
        #expect(report.largestFetch(.pad, in: manifest) == report.languageSizes.map { $0.largestFetch["pad"]! }.max())
        let summary = report.summary(for: manifest)
        #expect(summary.contains(" (3 languages; en alone: iPhone "), "\(summary)")
        #expect(summary.contains("1 remote layout, fetched one at a time in the device's language: an iPhone up to "), "\(summary)")
    }
}
