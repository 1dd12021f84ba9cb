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

    /// What the splash of `scene` decodes, in a launch played by `script` on `day`; `nil` for the launch screen.
    func shown(_ scene: SceneReading, _ script: inout LaunchScript, on day: String = "2026-01-15") -> String? {
        let effects = script.send(.splashRequested(scene, .view, screen: .phone, app: .sceneConnected, clock: .day(day)))
        return effects.compactMap { if case .decodeSplashImage(_, let image) = $0 { image.word } else { nil } }.first
    }

    @Test("the scene's own appearance decides, although the launch could not tell it")
    func sceneAppearance() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        _ = try repair(catalog, .phone())
        var script = try LaunchScript(container, catalog)
        #expect(shown(.phone(.dark, id: "a"), &script) == "winter-phone-1179x2556-portrait-dark")
        #expect(shown(.phone(.light, id: "b"), &script) == "winter-phone-1179x2556-portrait-light")
        // An unspecified style: the storyboard
        #expect(shown(.phone(nil, id: "c"), &script) == nil)
        #expect(script.coordinator.sessions[SceneID("c")] != nil)
    }

    @Test("a scene of another role than an app window shows no splash")
    func otherRole() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        _ = try repair(catalog, .phone())
        var script = try LaunchScript(container, catalog)
        var external = SceneReading.phone(id: "tv")
        external.role = "UIWindowSceneSessionRoleExternalDisplayNonInteractive"
        #expect(shown(external, &script) == nil)
        #expect(script.coordinator.sessions.isEmpty)
    }

    @Test("a scene that appears after this module wrote a season's images sees them; one before it, the old season")
    func afterAWrite() async throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        _ = try repair(catalog, .phone("2026-02-28"))
        // Given a launch on the first day of spring, before its repair
        var script = try LaunchScript(container, catalog, clock: .day("2026-03-01"))
        script.send(.repairRequested(.call(1, app: .active, clock: .day("2026-03-01"))))
        #expect(shown(.phone(id: "first"), &script, on: "2026-03-01") == "winter-phone-1179x2556-portrait-light")
        // When the repair writes spring (and the snapshots are read again)
        script.send(.mainRunLoopIdle)
        #expect(await script.finishRepairs().lines(script).contains("observe"))
        // Then a second window (or a scene opened later) shows spring, which is what the system showed it
        #expect(shown(.phone(id: "second"), &script, on: "2026-03-01") == "spring-phone-1179x2556-portrait-light")
    }

    @Test("the upgrade placeholder is for the launch's first scenes only")
    func placeholderBeforeTheFirstWrite() async throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        _ = try repair(catalog, .phone(appVersion: "1.0"))
        // The preparation picks the snapshot to copy by the main screen's appearance.
        var script = try LaunchScript(container, catalog, device: .phone(appVersion: "1.1"))
        script.send(.repairRequested(.call(1, app: .active)))
        #expect(shown(.phone(id: "first"), &script) == "placeholder")
        script.send(.mainRunLoopIdle)
        await script.finishRepairs()
        #expect(shown(.phone(id: "second"), &script) == "winter-phone-1179x2556-portrait-light")
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
        // The four files' headers, nothing more.
        #expect(recording.bytesRead(in: container.snapshots) <= 4 * 64)
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

/// The splash's time left, whatever duration the app passes.
@Suite("The splash's countdown")
struct SplashCountdownTests {
    @Test("the count rounds up, the fraction first, then whole seconds; down to nothing")
    func count() {
        var countdown = SplashCountdown(duration: 2.5)
        #expect(countdown.secondsToShow == 3 && countdown.secondsToNextChange == 0.5)
        countdown.elapse(0.5)
        #expect(countdown.secondsToShow == 2 && countdown.secondsToNextChange == 1)
        countdown.elapse(2)
        #expect(countdown.isOver && countdown.secondsToShow == nil && countdown.secondsToNextChange == nil)
    }

    @Test("no duration, or an infinite one: no timed end; NaN and negative: over at once")
    func unusualDurations() {
        for duration in [nil, TimeInterval.infinity] {
            let countdown = SplashCountdown(duration: duration)
            #expect(countdown.remaining == nil && !countdown.isOver && countdown.secondsToShow == nil)
        }
        for duration in [TimeInterval.nan, -1, 0] { #expect(SplashCountdown(duration: duration).isOver) }
    }
}
