import Foundation
import Testing

@testable import LaunchScreenRepair

/// Each scene's splash decided when it is shown, from that scene: its appearance, size and role,
/// and the snapshots as they were when it appeared.
@Suite("The splash of each scene")
struct SplashSceneTests {
    let container: TestContainer

    init() throws { container = try TestContainer() }

    func repair(_ catalog: TestCatalog, _ environment: RepairEnvironment) throws -> RepairReport {
        try SnapshotRepair.run(
            RepairRequest(locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: environment))
    }

    /// What an app launched in `environment` has at the end of its launch call: the decisions,
    /// from the synchronous step's reading. The launch has no scene yet: appearance unknown.
    func launch(
        _ catalog: TestCatalog, _ environment: RepairEnvironment, screenAppearance: Appearance? = nil
    ) -> SplashDecisions<LocalFileSystem> {
        var atLaunch = environment
        atLaunch.currentAppearance = screenAppearance
        let window = LaunchWindow(atLaunch, pointWidth: 393, pointHeight: 852, screenScale: 3)
        let preparation = SnapshotRepair.prepareLaunch(container.locator, environment: atLaunch, window: window, manifest: catalog.manifest)
        return SplashDecisions(
            locator: container.locator, manifest: catalog.manifest, pinnedAppearance: environment.pinnedAppearance,
            launch: preparation.observation, fileSystem: LocalFileSystem())
    }

    static func phone(_ appearance: Appearance?, role: SplashScene.Role = .application) -> SplashScene {
        SplashScene(role: role, orientation: .portrait, appearance: appearance, pointWidth: 393, pointHeight: 852, screenScale: 3)
    }

    @Test("the scene's own appearance decides, although the launch call could not tell it")
    func sceneAppearance() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        _ = try repair(catalog, .phone())
        let decisions = launch(catalog, .phone())
        #expect(
            decisions.shown(for: Self.phone(.dark))?.image?.source == .variant("winter-phone-1179x2556-portrait-dark", layout: "winter"))
        #expect(
            decisions.shown(for: Self.phone(.light))?.image?.source == .variant("winter-phone-1179x2556-portrait-light", layout: "winter"))
        guard case .storyboard = decisions.shown(for: Self.phone(nil)) else {
            Issue.record("an unspecified style must give the storyboard")
            return
        }
    }

    @Test("an external display shows no splash")
    func externalDisplay() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        _ = try repair(catalog, .phone())
        #expect(launch(catalog, .phone()).shown(for: Self.phone(.light, role: .externalDisplay)) == nil)
    }

    @Test("a scene that appears after this module wrote a season's images sees them; one before it, the old season")
    func afterAWrite() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        _ = try repair(catalog, .phone("2026-02-28"))
        // Given a launch on the first day of spring, before its repair
        let decisions = launch(catalog, .phone("2026-03-01"))
        #expect(
            decisions.shown(for: Self.phone(.light))?.image?.source == .variant("winter-phone-1179x2556-portrait-light", layout: "winter"))
        // When the repair writes spring and the launch is told
        #expect(try repair(catalog, .phone("2026-03-01")).files(.replaced).count == 4)
        #expect(
            decisions.shown(for: Self.phone(.light))?.image?.source == .variant("winter-phone-1179x2556-portrait-light", layout: "winter"))
        decisions.snapshotsChanged()
        // Then a second window (or a scene opened later) shows spring, which is what the system showed it
        #expect(
            decisions.shown(for: Self.phone(.light))?.image?.source == .variant("spring-phone-1179x2556-portrait-light", layout: "spring"))
    }

    @Test("the upgrade placeholder is for the launch's first scenes only")
    func placeholderBeforeTheFirstWrite() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        _ = try repair(catalog, .phone(appVersion: "1.0"))
        // The launch call picks the snapshot to copy by the main screen's appearance.
        let decisions = launch(catalog, .phone(appVersion: "1.1"), screenAppearance: .light)
        #expect(decisions.shown(for: Self.phone(.light))?.image?.source == .placeholder)
        _ = try repair(catalog, .phone(appVersion: "1.1"))
        decisions.snapshotsChanged()
        #expect(
            decisions.shown(for: Self.phone(.light))?.image?.source == .variant("winter-phone-1179x2556-portrait-light", layout: "winter"))
    }

    @Test("the upgrade placeholder is copied through the file system's copy (a clone on APFS); the step itself reads headers only")
    func placeholderIsCopiedNotRead() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        _ = try repair(catalog, .phone(appVersion: "1.0"))
        let recording = RecordingFileSystem()
        let report = SnapshotRepair.preparePlaceholder(container.locator, environment: .phone(appVersion: "1.1"), fileSystem: recording)
        let copied = try #require(report.copiedFrom)
        #expect(
            recording.mutations.contains(
                "copy \(container.snapshots.appendingPathComponent(copied).path) \(container.locator.placeholderFile.path)"))
        #expect(recording.bytesRead(in: container.snapshots) == 0)
        #expect(report.width == 1179 && report.height == 2556)
        #expect(try Data(contentsOf: container.locator.placeholderFile) == (try catalog.bytes("winter-phone-1179x2556-portrait-light")))
    }
}

/// What the splash draws when no snapshot holds an image of this module's.
@Suite("The splash's launch screen")
struct SplashBackgroundTests {
    @Test("a named storyboard that is in the bundle: that storyboard")
    func storyboard() {
        let info = AppInfo(infoDictionary: ["UILaunchStoryboardName": "LaunchScreen"])
        #expect(SplashBackground.decide(info, storyboardExists: { $0 == "LaunchScreen" }) == .storyboard(name: "LaunchScreen"))
    }

    @Test("a named storyboard missing from the bundle is never opened (UIStoryboard would raise)")
    func missingStoryboard() {
        let info = AppInfo(infoDictionary: ["UILaunchStoryboardName": "LaunchScreen"])
        #expect(SplashBackground.decide(info, storyboardExists: { _ in false }) == .none)
    }

    @Test("the UILaunchScreen dictionary of SwiftUI apps: its colour and image")
    func launchScreenDictionary() {
        let info = AppInfo(infoDictionary: [
            "UILaunchScreen": ["UIColorName": "LaunchBackground", "UIImageName": "Logo", "UIImageRespectsSafeAreaInsets": true]
        ])
        let expected = LaunchScreenDictionary([
            "UIColorName": "LaunchBackground", "UIImageName": "Logo", "UIImageRespectsSafeAreaInsets": true,
        ])
        #expect(SplashBackground.decide(info, storyboardExists: { _ in true }) == .launchScreen(expected))
        #expect(expected.colorName == "LaunchBackground" && expected.imageName == "Logo" && expected.imageRespectsSafeArea)
        #expect(
            SplashBackground.decide(AppInfo(infoDictionary: ["UILaunchScreen": [String: Any]()]), storyboardExists: { _ in true })
                == .launchScreen(LaunchScreenDictionary([:])))
    }

    @Test("neither key: no splash, rather than an empty window over the app")
    func nothing() {
        #expect(SplashBackground.decide(AppInfo(infoDictionary: [:]), storyboardExists: { _ in true }) == .none)
    }
}

/// The skip button's words and the timed end.
@Suite("The splash's skip button")
struct SplashCountdownTests {
    @Test("the words of the app's language, from the module's strings; English where it has none")
    func localized() {
        #expect(SplashCountdown(localization: "ja").skip == "スキップ")
        #expect(SplashCountdown(localization: "ja").title(3) == "スキップ 3")
        #expect(SplashCountdown(localization: "zh-Hans").skip == "跳过")
        #expect(SplashCountdown(localization: "de").title(2) == "Überspringen 2")
        #expect(SplashCountdown(localization: "en").title(-1) == "Skip 0")
        #expect(SplashCountdown(localization: "tlh").skip == "Skip")
        #expect(SplashCountdown(localization: "zh-Hant-HK").skip == "略過")
        #expect(SplashCountdown(localization: "pt-BR").skip == "Pular")
    }

    @Test("VoiceOver reads the word alone, which does not change each second")
    func accessibilityLabel() {
        let countdown = SplashCountdown(localization: "fr")
        #expect(countdown.accessibilityLabel == "Passer")
        #expect(countdown.title(5) != countdown.title(4) && !countdown.accessibilityLabel.contains("5"))
    }

    @Test("the splash does not end by itself while VoiceOver runs")
    func voiceOver() {
        #expect(SplashCountdown.endsByItself(voiceOverRunning: false))
        #expect(!SplashCountdown.endsByItself(voiceOverRunning: true))
    }
}
