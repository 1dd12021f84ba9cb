import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// Which image the app's splash shows, at which scale, for what the user saw at launch.
@Suite("The splash: what the user saw at launch")
struct SplashDecisionTests {
    let container: TestContainer

    init() throws { container = try TestContainer() }

    /// iPhone 14 Pro: 393 × 852 points at 3×, 1179 × 2556 pixels.
    static func phoneWindow(_ environment: RepairEnvironment, landscape: Bool = false) -> LaunchWindow {
        LaunchWindow(environment, pointWidth: landscape ? 852 : 393, pointHeight: landscape ? 393 : 852, screenScale: 3)
    }

    func repair(_ catalog: TestCatalog, _ environment: RepairEnvironment) throws -> RepairReport {
        try SnapshotRepair.run(
            RepairRequest(locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: environment))
    }

    func prepare(_ catalog: TestCatalog, _ environment: RepairEnvironment, _ window: LaunchWindow) -> PreparedLaunch {
        SnapshotRepair.prepareLaunch(container.locator, environment: environment, window: window, manifest: catalog.manifest)
    }

    @Test("each of the four slots of a phone: its own variant; portrait fills the window at 3×, landscape slots hold the portrait image")
    func fourSlots() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        #expect(try repair(catalog, .phone()).files(.replaced).count == 4)
        for orientation in Orientation.allCases {
            for appearance in Appearance.allCases {
                var environment = RepairEnvironment.phone()
                environment.currentOrientation = orientation
                environment.currentAppearance = appearance
                let shown = prepare(catalog, environment, Self.phoneWindow(environment, landscape: orientation == .landscape)).shown
                let image = try #require(shown.image, "\(orientation) \(appearance): \(shown)")
                #expect(image.source == .variant("winter-phone-1179x2556-portrait-\(appearance.rawValue)", layout: "winter"))
                #expect(image.width == 1179 && image.height == 2556 && image.scale == 3)
                // The portrait image in a landscape slot is not the window's shape: shown upright, filling it.
                #expect(image.isPixelExact == (orientation == .portrait), "\(orientation) \(appearance)")
                let data = image.data(container.locator, manifest: catalog.manifest, variants: try catalog.pack())
                #expect(data == (try catalog.bytes("winter-phone-1179x2556-portrait-\(appearance.rawValue)")))
            }
        }
    }

    @Test("the preparation with the generated catalog's tables: the same image, from the shown layout's lines alone")
    func stepReadsOneLayout() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        #expect(try repair(catalog, .phone()).files(.replaced).count == 4)
        let bundled = catalog.manifest
        let tables = VariantTable.texts(of: bundled.variants)
        let generated = LaunchManifest(
            version: bundled.version, generator: bundled.generator, pack: bundled.pack, layouts: bundled.layouts, variantTables: tables,
            models: bundled.models)
        #expect(Set(bundled.variants.map(\.layout)).count > 1, "the catalog has other layouts' tables to leave unread")
        let window = Self.phoneWindow(.phone())
        let shown = SnapshotRepair.prepareLaunch(container.locator, environment: .phone(), window: window, manifest: generated).shown
        #expect(shown == prepare(catalog, .phone(), window).shown)
        #expect(shown.image?.source == .variant("winter-phone-1179x2556-portrait-light", layout: "winter"))
        #expect(!generated.storage.hasReadEveryTable)
    }

    @Test("the system's own snapshots (nothing of ours in the slot): the storyboard")
    func systemSnapshots() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        let shown = prepare(catalog, .phone(), Self.phoneWindow(.phone())).shown
        guard case .storyboard(let reason) = shown else {
            Issue.record("expected the storyboard, got \(shown)")
            return
        }
        #expect(reason.contains("launch storyboard"))
    }

    @Test("an upgrade launch: the placeholder copied from the slot the user saw, at its size and scale")
    func upgradeLaunch() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        _ = try repair(catalog, .phone(appVersion: "1.0"))
        let update = RepairEnvironment.phone(appVersion: "1.1")
        let preparation = prepare(catalog, update, Self.phoneWindow(update))
        #expect(preparation.placeholder.copiedFrom != nil)
        let image = try #require(preparation.shown.image)
        #expect(image.source == .placeholder && image.file == preparation.placeholder.copiedFrom)
        #expect(image.width == 1179 && image.height == 2556 && image.scale == 3 && image.isPixelExact)
        let placeholder = try Data(contentsOf: container.locator.placeholderFile)
        #expect(placeholder == (try catalog.bytes("winter-phone-1179x2556-portrait-light")))
        #expect(image.data(container.locator, manifest: catalog.manifest, variants: try catalog.pack()) == placeholder)
    }

    @Test("a season's first day: the splash shows the season the user saw, the next launch the new one")
    func seasonDay() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        _ = try repair(catalog, .phone("2026-02-28"))
        let springDay = RepairEnvironment.phone("2026-03-01")
        #expect(
            prepare(catalog, springDay, Self.phoneWindow(springDay)).shown.image?.source
                == .variant("winter-phone-1179x2556-portrait-light", layout: "winter"))
        #expect(try repair(catalog, springDay).files(.replaced).count == 4)
        #expect(
            prepare(catalog, springDay, Self.phoneWindow(springDay)).shown.image?.source
                == .variant("spring-phone-1179x2556-portrait-light", layout: "spring"))
    }

    @Test("a pinned dark style: the dark image even when the user's appearance is light")
    func pinnedAppearance() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        let pinned = RepairEnvironment.phone(pinned: .dark)
        #expect(pinned.currentAppearance == .light)
        _ = try repair(catalog, pinned)
        let window = Self.phoneWindow(pinned)
        #expect(window.appearance == .dark)
        #expect(prepare(catalog, pinned, window).shown.image?.source == .variant("winter-phone-1179x2556-portrait-dark", layout: "winter"))
    }

    @Test("iPad in landscape: the full screen's landscape variant at 2×; a Split View snapshot beside it is not chosen")
    func padLandscape() throws {
        defer { container.folder.remove() }
        let catalog = try TestCatalog(in: container.folder.url)
        for (width, height) in [(2732, 2048), (2048, 2732), (1012, 2048)] {
            for dark in [false, true] {
                try container.write(
                    try SyntheticAAPL.make(width: width, height: height, grey: dark ? 0x0800 : 0xF000), as: "\(UUID())@2x.ktx")
            }
        }
        var environment = RepairEnvironment.pad()
        environment.currentOrientation = .landscape
        environment.currentAppearance = .dark
        #expect(try repair(catalog, environment).files(.replaced).count == 4)
        let window = LaunchWindow(environment, pointWidth: 1366, pointHeight: 1024, screenScale: 2)
        let image = try #require(prepare(catalog, environment, window).shown.image)
        #expect(image.source == .variant("winter-pad-2732x2048-landscape-dark", layout: "winter"))
        #expect(image.scale == 2 && image.isPixelExact)
    }

    @Test("a native-scale screen (a mini's 1080 × 2340 pixels for 375 × 812 points): loaded at 2.88, filling the window")
    func nativeScale() throws {
        defer { container.folder.remove() }
        let catalog = try TestCatalog(
            in: container.folder.url, sizes: [TestCatalog.Size(idiom: .phone, width: 1080, height: 2340, devices: ["iPhone13,1"])])
        for dark in [false, true] {
            try container.write(try SyntheticAAPL.make(width: 1080, height: 2340, grey: dark ? 0x0800 : 0xF000), as: "\(UUID())@3x.ktx")
        }
        _ = try repair(catalog, .phone())
        let window = LaunchWindow(.phone(), pointWidth: 375, pointHeight: 812, screenScale: 3, nativeScale: 2.88)
        let image = try #require(prepare(catalog, .phone(), window).shown.image)
        #expect(image.source == .variant("winter-phone-1080x2340-portrait-light", layout: "winter"))
        #expect(abs(image.scale - 2.88) < 0.0001 && image.isPixelExact)
    }

    @Test("the app's own image in the slot: that image, from the module's folder")
    func appImage() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let campaign = TestCatalog.png(width: 1179, height: 2556, text: "campaign")
        let catalog = try TestCatalog(in: container.folder.url)
        try SnapshotRepair.setLaunchImage(
            campaign, for: .portraitLight,
            RepairRequest(locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: .phone()))
        let image = try #require(prepare(catalog, .phone(), Self.phoneWindow(.phone())).shown.image)
        #expect(image.source == .appImage(.portraitLight) && image.scale == 3 && image.isPixelExact)
        #expect(image.data(container.locator, manifest: catalog.manifest, variants: try catalog.pack()) == campaign)
    }

    @Test("a file the system redrew since this module wrote it is not taken for ours")
    func redrawn() throws {
        defer { container.folder.remove() }
        let installed = try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        _ = try repair(catalog, .phone())
        for (name, fixture) in installed { try container.write(try fixtures.data("snapshots/\(fixture.name)"), as: name) }
        #expect(prepare(catalog, .phone(), Self.phoneWindow(.phone())).shown.image == nil)
    }
}
