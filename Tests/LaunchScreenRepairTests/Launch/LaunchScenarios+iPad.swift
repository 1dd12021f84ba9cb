import Foundation
import Testing

@testable import LaunchScreenRepair

/// An iPad's windows: each scene decided from its own pixel size, screen and role.
extension LaunchScenarios {
    /// A 12.9-inch iPad's snapshot sizes in pixels: the full screen in both orientations, Split
    /// View at half the landscape width (678 × 1024 points) and at two thirds of the portrait
    /// width (639 × 1366), Slide Over in landscape (375 × 1024).
    static let padSizes: [(width: Int, height: Int)] = [(2048, 2732), (2732, 2048), (1356, 2048), (1278, 2732), (750, 2048)]

    /// An iPad container whose snapshots of every size hold this module's winter images, written
    /// by app version `appVersion`, and a catalog with those sizes.
    func padAfterALaunch(appVersion: String = "1.0") throws -> TestCatalog {
        let catalog = try TestCatalog(
            in: container.folder.url, sizes: Self.padSizes.map { TestCatalog.Size(idiom: .pad, width: $0.width, height: $0.height) })
        for size in Self.padSizes {
            for dark in [false, true] {
                try container.write(
                    try SyntheticAAPL.make(width: size.width, height: size.height, grey: dark ? 0x0800 : 0xF000), as: "\(UUID())@2x.ktx")
            }
        }
        var environment = RepairEnvironment.pad()
        environment.appVersion = appVersion
        let report = try SnapshotRepair.run(
            RepairRequest(locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: environment))
        #expect(report.files(.replaced).count == 10)
        return catalog
    }

    func padScript(_ catalog: TestCatalog, appVersion: String = "1.0") throws -> LaunchScript {
        var device = RepairEnvironment.pad()
        device.appVersion = appVersion
        return try LaunchScript(container, catalog, device: device)
    }

    @Test("two iPad windows side by side in landscape: each its own image, the Split View one portrait-shaped")
    func padSplitViewLandscape() throws {
        defer { container.folder.remove() }
        var script = try padScript(try padAfterALaunch())
        let full = script.send(
            .splashRequested(.pad(1366, 1024, id: "left"), .view, screen: .pad(), app: .sceneConnected, clock: .day("2026-01-15")))
        #expect(full.lines(script).contains("decode winter-pad-2732x2048-landscape-light"))
        let half = script.send(
            .splashRequested(.pad(678, 1024, .dark, id: "right"), .view, screen: .pad(), app: .sceneConnected, clock: .day("2026-01-15")))
        #expect(half.lines(script) == ["show right storyboard", "announce right", "decode winter-pad-1356x2048-portrait-dark"])
    }

    @Test("Split View at two thirds in portrait, and Slide Over: the files of those windows")
    func padSplitViewPortraitAndSlideOver() throws {
        defer { container.folder.remove() }
        var script = try padScript(try padAfterALaunch())
        #expect(
            script.send(
                .splashRequested(.pad(639, 1366, id: "two-thirds"), .view, screen: .pad(), app: .sceneConnected, clock: .day("2026-01-15"))
            )
            .lines(script).last == "decode winter-pad-1278x2732-portrait-light")
        #expect(
            script.send(
                .splashRequested(.pad(375, 1024, id: "slide-over"), .view, screen: .pad(), app: .sceneConnected, clock: .day("2026-01-15"))
            )
            .lines(script).last == "decode winter-pad-750x2048-portrait-light")
    }

    @Test(
        "a Stage Manager window of a size no variant has: the launch storyboard, as the system drew it (before: the largest image, cropped)"
    )
    func padStageManagerBuiltIn() throws {
        defer { container.folder.remove() }
        var script = try padScript(try padAfterALaunch())
        let shown = script.send(
            .splashRequested(.pad(980, 700, id: "stage"), .view, screen: .pad(), app: .sceneConnected, clock: .day("2026-01-15")))
        #expect(shown.lines(script) == ["prepare", "show stage storyboard", "announce stage"])
    }

    @Test("a Stage Manager window on an external display: no splash, its scene has no snapshot of the app's")
    func padStageManagerExternal() throws {
        defer { container.folder.remove() }
        var script = try padScript(try padAfterALaunch())
        #expect(
            script.send(
                .splashRequested(
                    .pad(1366, 1024, id: "external", onBuiltInScreen: false), Self.splash(3), screen: .pad(), app: .sceneConnected,
                    clock: .day("2026-01-15"))
            ).lines(script) == ["prepare"])
        #expect(!script.coordinator.sessions.keys.contains(SceneID("external")))
    }

    @Test("two SwiftUI windows of different appearance: each view decides for its own scene, not the first active one")
    func padTwoSwiftUIWindows() throws {
        defer { container.folder.remove() }
        var script = try padScript(try padAfterALaunch())
        script.send(
            .splashRequested(.pad(1366, 1024, .light, id: "one"), .view, screen: .pad(), app: .sceneConnected, clock: .day("2026-01-15")))
        script.send(
            .splashRequested(.pad(1366, 1024, .dark, id: "two"), .view, screen: .pad(), app: .sceneConnected, clock: .day("2026-01-15")))
        #expect(script.decodes.map(\.image.word) == ["winter-pad-2732x2048-landscape-light", "winter-pad-2732x2048-landscape-dark"])
        #expect(
            script.finishDecodes().lines(script) == ["show image one", "release image", "show image two", "release image"])
    }

    @Test("an upgrade launch with multitasking snapshots: the placeholder is the whole screen's; a Split View window shows its own")
    func padUpgradeLaunch() throws {
        defer { container.folder.remove() }
        let catalog = try padAfterALaunch(appVersion: "1.0")
        var script = try padScript(catalog, appVersion: "1.1")
        script.send(.repairRequested(.call(1, app: .launching, screen: .pad())))
        #expect(script.coordinator.placeholder?.upgradeLaunch == true)
        #expect(script.coordinator.placeholder?.width == 2732 && script.coordinator.placeholder?.height == 2048)
        let full = script.send(
            .splashRequested(.pad(1366, 1024, id: "full"), .view, screen: .pad(), app: .sceneConnected, clock: .day("2026-01-15")))
        #expect(full.lines(script).last == "decode placeholder")
        let half = script.send(
            .splashRequested(.pad(678, 1024, id: "half"), .view, screen: .pad(), app: .sceneConnected, clock: .day("2026-01-15")))
        #expect(half.lines(script).last == "decode winter-pad-1356x2048-portrait-light")
        #expect(script.finishDecodes().lines(script) == ["show image full", "release image", "show image half", "release image"])
    }
}
