import Foundation
import Testing

@testable import LaunchScreenRepair

/// The app side played through the event orders iOS documents: each test a short script of
/// the app's calls and the system's callbacks, with the effects they must produce
/// (`swift test --filter LaunchScenarios`). The file work is real, on an app container in a
/// temporary folder; what UIKit would do is the effects.
@Suite("Launch scenarios")
struct LaunchScenarios {
    let container: TestContainer
    let catalog: TestCatalog
    static let refresh = "com.example.seasons.refresh"

    init() throws {
        container = try TestContainer()
        catalog = try TestCatalog(in: container.folder.url)
    }

    /// The real snapshots the system drew, then this module's winter images written over them by
    /// an earlier launch on `day` of app version `appVersion`.
    func afterALaunch(on day: String = "2026-01-15", appVersion: String = "1.0") throws {
        try container.installRealAAPL()
        #expect(try repair(.phone(day, appVersion: appVersion)).files(.replaced).count == 4)
    }

    func repair(_ environment: RepairEnvironment) throws -> RepairReport {
        try SnapshotRepair.run(
            RepairRequest(locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: environment))
    }

    static func splash(_ duration: TimeInterval? = nil, skippable: Bool = false, host: SplashRequest.Host = .window) -> SplashRequest {
        SplashRequest(duration: duration, skippable: skippable, host: host)
    }

    // MARK: App life cycles

    @Test("a UIKit app without scenes: registration, repair and splash in didFinishLaunching; the repair once active and idle")
    func appDelegateApp() async throws {
        defer { container.folder.remove() }
        try afterALaunch()
        var script = try LaunchScript(container, catalog, usesScenes: false)
        // Given application(_:didFinishLaunchingWithOptions:) registers the refresh task and asks for the repair
        #expect(
            script.send(.refreshRegistrationRequested(identifier: Self.refresh, app: .launching)).lines(script) == [
                "register \(Self.refresh)"
            ])
        #expect(script.send(.repairRequested(.call(1))).lines(script) == ["adopt options", "prepare"])
        // When it shows a splash over its window, in the same call
        let shown = script.send(
            .splashRequested(.phone(), Self.splash(3, skippable: true), screen: .phone, app: .launching, clock: .day("2026-01-15")))
        // Then the window shows the launch storyboard at once, and the image the user saw is decoded off the main thread
        #expect(
            shown.lines(script) == [
                "show phone storyboard [Skip 3]", "announce phone", "decode winter-phone-1179x2556-portrait-light", "timer phone 1.0",
            ])
        #expect(script.finishDecodes().lines(script) == ["show image phone", "release image"])
        // When the launch finishes and the app becomes active
        #expect(script.send(.launchFinished).isEmpty)
        #expect(script.send(.becameActive(.phone, .day("2026-01-15"))).lines(script) == ["await idle"])
        // Then the repair runs once the main run loop is idle, inside a background task
        #expect(
            script.send(.mainRunLoopIdle).lines(script) == ["begin background task LaunchScreenRepair launch", "run launch repair"])
        #expect(
            await script.finishRepairs().lines(script) == [
                "end background task", "answer repair completed", "observe", "submit \(Self.refresh) 2026-03-01T00:00:00Z",
            ])
        // And a second call, from anywhere, gets the same outcome at once
        #expect(script.send(.repairRequested(.call(2, app: .sceneConnected))).lines(script) == ["answer repair completed"])
    }

    @Test("a UIKit scene app set up in its scene delegate: the late registration is refused, not a crash; the repair and splash work")
    func sceneDelegateApp() async throws {
        defer { container.folder.remove() }
        try afterALaunch()
        // Given didFinishLaunching calls nothing of the module's (so no observer saw it return)
        var script = try LaunchScript(container, catalog)
        // When scene(_:willConnectTo:options:) registers the refresh task: the launch has finished
        let registration = script.send(.refreshRegistrationRequested(identifier: Self.refresh, app: .sceneConnected))
        // Then nothing is registered (BGTaskScheduler would end the app) and a fault line says why
        #expect(registration.lines(script) == ["log fault"])
        // And the repair and the splash of that scene work as in any app
        #expect(script.send(.repairRequested(.call(1, app: .sceneConnected))).lines(script) == ["adopt options", "prepare"])
        #expect(
            script.send(.splashRequested(.phone(.dark), Self.splash(2), screen: .phone, app: .sceneConnected, clock: .day("2026-01-15")))
                .lines(script) == [
                    "show phone storyboard", "announce phone", "decode winter-phone-1179x2556-portrait-dark", "timer phone 1.0",
                ])
        #expect(script.send(.becameActive(.phone, .day("2026-01-15"))).lines(script) == ["await idle"])
        script.send(.mainRunLoopIdle)
        // No refresh task: no request for one
        #expect(await script.finishRepairs().lines(script) == ["end background task", "answer repair completed", "observe"])
    }

    @Test("a SwiftUI App with .launchSplash: registered in App.init; the overlay decided for its own scene, fading after its duration")
    func swiftUIModifier() async throws {
        defer { container.folder.remove() }
        try afterALaunch()
        var script = try LaunchScript(container, catalog)
        // Given App.init, before the application object exists
        #expect(
            script.send(.refreshRegistrationRequested(identifier: Self.refresh, app: .beforeTheApplication)).lines(script) == [
                "register \(Self.refresh)"
            ])
        #expect(script.send(.repairRequested(.call(1, app: .beforeTheApplication))).lines(script) == ["adopt options", "prepare"])
        script.send(.launchFinished)
        // When the overlay is in its window
        let appeared = script.send(
            .splashRequested(.phone(), Self.splash(0.8, host: .view), screen: .phone, app: .sceneConnected, clock: .day("2026-01-15")))
        #expect(
            appeared.lines(script) == [
                "show phone storyboard", "announce phone", "decode winter-phone-1179x2556-portrait-light", "timer phone 0.8",
            ])
        #expect(script.finishDecodes().lines(script) == ["show image phone", "release image"])
        // Then it fades once its time is up
        #expect(script.send(.timerFired(SceneID("phone"), appIsPresenting: false)).lines(script) == ["dismiss phone", "announce nothing"])
        #expect(script.send(.splashViewDisappeared(SceneID("phone"))).isEmpty)
    }

    @Test("a SwiftUI app with LaunchSplashView: its scene's image until the app removes it; a decode that ends after is dropped")
    func swiftUIView() throws {
        defer { container.folder.remove() }
        try afterALaunch()
        var script = try LaunchScript(container, catalog)
        script.send(.repairRequested(.call(1, app: .beforeTheApplication)))
        // When the view is in its window: no timer, it shows until removed
        #expect(
            script.send(.splashRequested(.phone(), .view, screen: .phone, app: .sceneConnected, clock: .day("2026-01-15"))).lines(script)
                == ["show phone storyboard", "announce phone", "decode winter-phone-1179x2556-portrait-light"])
        // And the app removes it before the image is decoded
        #expect(script.send(.splashViewDisappeared(SceneID("phone"))).isEmpty)
        // Then the decoded image is not shown anywhere, and is released
        #expect(script.finishDecodes().lines(script) == ["release image"])
    }

    @Test("a background launch that the user opens hours later: nothing at launch, then the day it is opened")
    func backgroundLaunchOpenedLater() async throws {
        defer { container.folder.remove() }
        try afterALaunch(on: "2026-02-27")
        var script = try LaunchScript(container, catalog, usesScenes: false, clock: .day("2026-02-28", hour: 22))
        // Given the system launches the app in the background late on the last day of winter
        #expect(
            script.send(.repairRequested(.call(1, app: .inBackground, clock: .day("2026-02-28", hour: 22)))).lines(script) == [
                "adopt options"
            ])
        script.send(.launchFinished)
        // When the user opens it the next morning, the first day of spring
        #expect(script.send(.becameActive(.phone, .day("2026-03-01", hour: 9))).lines(script) == ["prepare", "await idle"])
        script.send(.mainRunLoopIdle)
        // Then the repair is of that morning: spring
        #expect(script.repairs.first?.environment.date == Clock.day("2026-03-01", hour: 9).now)
        let answers = LaunchScript.answers(await script.finishRepairs())
        let report = try #require(try answers.first?.get())
        #expect(report.layout == "spring" && report.files(.replaced).count == 4)
    }

    @Test("a refresh-task launch whose time runs out: the run is cancelled and the task completed at once, once")
    func refreshTaskExpires() async throws {
        defer { container.folder.remove() }
        try afterALaunch(on: "2026-02-28")
        var script = try LaunchScript(container, catalog, usesScenes: false, clock: .day("2026-03-01", hour: 0))
        // Given the system launches the app in the background for the refresh task
        script.send(.refreshRegistrationRequested(identifier: Self.refresh, app: .inBackground))
        script.send(.repairRequested(.call(1, app: .inBackground, clock: .day("2026-03-01", hour: 0))))
        script.send(.launchFinished)
        #expect(script.send(.refreshTaskStarted(.day("2026-03-01", hour: 0))).lines(script) == ["run refresh"])
        // When the task's time runs out before the run ends
        #expect(script.send(.refreshTaskExpired).lines(script) == ["cancel run", "complete task failed"])
        // Then the run's end completes nothing more, and asks for the next season's refresh
        #expect(await script.finishRepairs().lines(script) == ["observe", "submit \(Self.refresh) 2026-06-01T00:00:00Z"])
        #expect(script.send(.refreshTaskExpired).isEmpty)
        // And a later task that ends in time completes as done
        script.send(.refreshTaskStarted(.day("2026-06-01", hour: 0)))
        #expect(
            await script.finishRepairs().lines(script) == [
                "complete task succeeded", "observe", "submit \(Self.refresh) 2026-12-01T00:00:00Z",
            ])
    }

    @Test("leaving the app: a re-plan inside a background task; when the system expires that, the run is cancelled and the task ended")
    func backgroundReplan() async throws {
        defer { container.folder.remove() }
        try afterALaunch()
        var script = try LaunchScript(container, catalog)
        script.send(.repairRequested(.call(1, app: .active)))
        script.send(.mainRunLoopIdle)
        await script.finishRepairs()
        #expect(
            script.send(.enteredBackground(.day("2026-03-01"))).lines(script) == [
                "begin background task LaunchScreenRepair re-plan", "run re-plan",
            ])
        #expect(
            script.send(.backgroundTaskExpired(try #require(script.repairs.first?.id))).lines(script) == [
                "cancel run", "end background task",
            ])
        #expect(await script.finishRepairs().lines(script) == ["observe"])
    }

    // MARK: The app's calls

    @Test("the splash first, the repair's options after: the options are the app's, no fault; a second call with others is a fault")
    func optionsOfTheFirstRepairCall() throws {
        defer { container.folder.remove() }
        try afterALaunch()
        var script = try LaunchScript(container, catalog)
        script.send(.splashRequested(.phone(), Self.splash(1), screen: .phone, app: .sceneConnected, clock: .day("2026-01-15")))
        var both = RepairCall.call(1, app: .sceneConnected)
        both.options = RepairOptionsSummary(RepairOptions(orientationPolicy: .both))
        #expect(script.send(.repairRequested(both)).lines(script) == ["adopt options"])
        #expect(script.send(.repairRequested(.call(2, app: .sceneConnected))).lines(script) == ["log fault"])
    }

    @Test("a task awaiting the repair that is cancelled: answered at once; the run stops once no call waits for it")
    func cancelledCall() throws {
        defer { container.folder.remove() }
        try afterALaunch()
        var script = try LaunchScript(container, catalog)
        script.send(.repairRequested(.call(1, app: .active)))
        script.send(.repairRequested(.call(2, app: .active)))
        script.send(.mainRunLoopIdle)
        #expect(script.send(.repairCallCancelled(CallID(rawValue: 1))).lines(script) == ["answer repair failed: \(RepairError.cancelled)"])
        #expect(
            script.send(.repairCallCancelled(CallID(rawValue: 2))).lines(script) == [
                "answer repair failed: \(RepairError.cancelled)", "cancel run",
            ])
    }

    @Test("a process that lives for days follows the user into another time zone: the next refresh at that zone's midnight")
    func timeZoneChange() async throws {
        defer { container.folder.remove() }
        try afterALaunch()
        var script = try LaunchScript(container, catalog, clock: .day("2026-02-20", zone: "America/New_York"))
        script.send(.refreshRegistrationRequested(identifier: Self.refresh, app: .beforeTheApplication))
        script.send(.repairRequested(.call(1, app: .active, clock: .day("2026-02-20", zone: "America/New_York"))))
        script.send(.mainRunLoopIdle)
        #expect(await script.finishRepairs().lines(script).last == "submit \(Self.refresh) 2026-03-01T05:00:00Z")
        // When the user flies to Tokyo a week later, the process still in memory
        #expect(
            script.send(.clockChanged(.day("2026-02-27", zone: "Asia/Tokyo"))).lines(script) == [
                "submit \(Self.refresh) 2026-02-28T15:00:00Z"
            ])
        // And nothing is asked again while the date stays the same
        #expect(script.send(.clockChanged(.day("2026-02-27", hour: 13, zone: "Asia/Tokyo"))).isEmpty)
    }

    @Test("a steady launch logs nothing above info: every file kept")
    func steadyLaunchLog() async throws {
        defer { container.folder.remove() }
        try afterALaunch()
        var script = try LaunchScript(container, catalog)
        script.send(.repairRequested(.call(1, app: .active)))
        script.send(.mainRunLoopIdle)
        let report = try #require(try LaunchScript.answers(await script.finishRepairs()).first?.get())
        #expect(report.files(.kept).count == 4)
        #expect(RepairLog.lines(of: report, container: container.locator.container.path).allSatisfy { $0.0 == .detail })
        // While a launch that replaced files says so
        let replaced = try repair(.phone("2026-03-01"))
        #expect(RepairLog.lines(of: replaced, container: container.locator.container.path).first?.0 == .notice)
    }

    // MARK: The main thread

    @Test("an app that never shows a splash decodes nothing; LaunchSplash.image decodes on demand and releases it once answered")
    func decodesOnlyForTheSplash() async throws {
        defer { container.folder.remove() }
        try afterALaunch()
        var script = try LaunchScript(container, catalog)
        script.send(.repairRequested(.call(1, app: .active)))
        script.send(.mainRunLoopIdle)
        await script.finishRepairs()
        #expect(!script.history.contains { if case .decodeSplashImage = $0 { true } else { false } })
        // When the app asks for the image
        #expect(
            script.send(
                .splashImageRequested(CallID(rawValue: 7), .phone(), screen: .phone, app: .sceneConnected, clock: .day("2026-01-15"))
            )
            .lines(script) == ["decode winter-phone-1179x2556-portrait-light"])
        #expect(script.finishDecodes().lines(script) == ["answer image", "release image"])
    }

    @Test("every effect says where it runs, and none that touches a file runs on the main thread")
    func mainThreadBudget() {
        let scene = SceneID("s")
        let image = SplashImage(source: .placeholder, file: "f", width: 1, height: 1, scale: 1, isPixelExact: true)
        let every: [LaunchEffect] = [
            .registerRefreshTask(identifier: "r"), .awaitMainRunLoopIdle, .beginBackgroundTask(WorkID(rawValue: 1), name: "n"),
            .endBackgroundTask(WorkID(rawValue: 1)), .showSplash(scene, background: .none, skip: nil),
            .showSplashImage(scene, DecodeID(rawValue: 1)), .showSplashBackground(scene),
            .setSkipButton(scene, SkipButton(title: "t", label: "l")), .scheduleTimer(scene, seconds: 1),
            .dismissSplash(scene, animated: true, handBackKey: false), .announceScreenChange(nil),
            .answerRepair(CallID(rawValue: 1), .failure(.cancelled)), .answerSplashImage(CallID(rawValue: 1), nil),
            .releaseSplashImage(DecodeID(rawValue: 1)), .prepareLaunch(.phone(), screen: []), .observeSnapshots,
            .adoptRepairOptions(CallID(rawValue: 1)), .runRepair(WorkID(rawValue: 1), .replan, .phone()),
            .cancelRepair(WorkID(rawValue: 1)),
            .decodeSplashImage(DecodeID(rawValue: 1), image), .submitRefreshRequest(identifier: "r", earliestBegin: Date()),
            .completeRefreshTask(success: true), .log(.fault, "l"),
        ]
        #expect(every.filter(\.touchesFiles).map(\.queue).allSatisfy { $0 != .main })
        #expect(every.first { if case .decodeSplashImage = $0 { true } else { false } }?.queue == .background(.userInteractive))
        // What runs on the main thread: UIKit and BackgroundTasks calls, the splash's window, answers.
        let main = every.filter { $0.queue == .main }.map { "\($0)".prefix { $0 != "(" } }
        #expect(
            main == [
                "registerRefreshTask", "awaitMainRunLoopIdle", "beginBackgroundTask", "endBackgroundTask", "showSplash", "showSplashImage",
                "showSplashBackground", "setSkipButton", "scheduleTimer", "dismissSplash", "announceScreenChange", "answerRepair",
                "answerSplashImage", "releaseSplashImage",
            ])
    }
}

extension AppReading {
    /// An app in the foreground with a scene.
    static let active = AppReading(state: .active, connectedScenes: 1)
}
