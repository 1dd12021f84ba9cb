import Foundation

/// The app side's decisions, in one place: events in (the app's calls with the app's state at
/// each, the system's callbacks, the outcome of work), effects out (``LaunchEffect``: system
/// calls, changes on screen, work off the main thread). It does no I/O, never blocks and never
/// reads the clock: what it needs comes with the events. The UIKit and SwiftUI glue only turns
/// callbacks into events and effects into calls; `LaunchScenarios` plays the event orders iOS
/// documents through it.
///
/// One per process, serialised by ``LaunchDriver``. Its facets: the launch and its repairs
/// (`+Repair`), the refresh task (`+Refresh`), the splash of each scene (`+Splash`).
package struct LaunchCoordinator: Sendable {
    /// What stays the same while the process lives.
    let configuration: LaunchConfiguration

    // MARK: The launch

    /// Whether the app finished launching: the notification came, or a call found a scene
    /// connected or the app active.
    var launchFinished = false
    /// Whether the app is active.
    var isActive = false
    /// Now, as the last event that read it said.
    var clock: Clock
    /// The device's screen, as the launch found it.
    var screen: ScreenReading?
    /// How far the launch's preparation is.
    var preparation = Preparation.notStarted
    /// What the upgrade placeholder step did.
    var placeholder: PlaceholderReport?
    /// The snapshots and the ledger, as last read; `nil` until read, or when they could not be.
    var observation: SnapshotObservation?
    /// Readings of the snapshots asked for and not yet back: while any is, ``observation`` may
    /// be stale and no scene is decided from it.
    var pendingObservations = 0

    // MARK: Repairs

    /// The launch's repair.
    var launchRepair = LaunchRepairState()
    /// The re-plan running since the app last moved to the background.
    var replan: WorkID?
    /// Work running inside a `beginBackgroundTask`.
    var backgroundTasks: Set<WorkID> = []

    // MARK: The refresh task

    /// Identifiers registered, in order.
    var refreshIdentifiers: [String] = []
    /// The refresh task's run, while the system gives it time.
    var refreshRun: RefreshRun?
    /// The date the pending refresh request was submitted for.
    var submittedRefresh: Date?

    // MARK: The splash

    /// The splash of each scene showing one.
    var sessions: [SceneID: SplashSession] = [:]
    /// Image calls waiting for a decision or a decode.
    var imageCalls: [CallID: ImageCall] = [:]
    /// Decodes under way and what they decode.
    var decodes: [DecodeID: SplashImage] = [:]
    /// Whether VoiceOver runs.
    var voiceOverRunning = false

    /// The last identifier handed out, for decodes and work.
    private var lastID = 0

    /// A coordinator for an app, at the first call that needs one.
    package init(configuration: LaunchConfiguration, clock: Clock) {
        self.configuration = configuration
        self.clock = clock
    }

    /// The effects of `event`, in the order they are to run.
    package mutating func handle(_ event: LaunchEvent) -> [LaunchEffect] {
        var effects: [LaunchEffect] = []
        switch event {
        case .repairRequested(let call): requestRepair(call, &effects)
        case .repairCallCancelled(let id): cancelRepairCall(id, &effects)
        case .refreshRegistrationRequested(let identifier, let app): registerRefresh(identifier, app: app, &effects)
        case .splashRequested(let scene, let request, let screen, let app, let clock):
            showSplash(scene, request, screen: screen, app: app, clock: clock, &effects)
        case .splashImageRequested(let call, let scene, let screen, let app, let clock):
            requestImage(call, scene: scene, screen: screen, app: app, clock: clock, &effects)
        case .dismissRequested(let scene, let animated): endSplash(scene, animated: animated, &effects)
        case .skipTapped(let scene): endSplash(scene, animated: true, &effects)
        case .splashViewDisappeared(let scene): sessions[scene] = nil
        case .snapshotsChanged: observeSnapshots(&effects)
        case .launchFinished: launchFinished = true
        case .becameActive(let screen, let clock): becameActive(screen, clock, &effects)
        case .mainRunLoopIdle: startLaunchRepair(&effects)
        case .enteredBackground(let clock): enteredBackground(clock, &effects)
        case .clockChanged(let clock):
            self.clock = clock
            submitRefreshRequest(&effects)
        case .sceneDisconnected(let scene): endSplash(scene, animated: false, &effects)
        case .traitsChanged(let scene, let appInBackground): traitsChanged(scene, appInBackground: appInBackground, &effects)
        case .voiceOverChanged(let running): voiceOverChanged(running, &effects)
        case .splashKeyChanged(let scene, let isKey): sessions[scene]?.windowIsKey = isKey
        case .timerFired(let scene, let appIsPresenting): timerFired(scene, appIsPresenting: appIsPresenting, &effects)
        case .refreshTaskStarted(let clock): startRefresh(clock, &effects)
        case .refreshTaskExpired: expireRefresh(&effects)
        case .backgroundTaskExpired(let work): backgroundTaskExpired(work, &effects)
        case .refreshSubmitFailed(let identifier, let reason):
            submittedRefresh = nil
            effects.append(.log(.fault, "refresh task \(identifier) not scheduled: \(reason)"))
        case .launchPrepared(let preparation): launchPrepared(preparation, &effects)
        case .snapshotsObserved(let observation): snapshotsObserved(observation, &effects)
        case .repairFinished(let work, let result): repairFinished(work, result, &effects)
        case .decodeFinished(let decode, let succeeded): decodeFinished(decode, succeeded: succeeded, &effects)
        }
        return effects
    }

    /// A new identifier for a decode.
    mutating func newDecode() -> DecodeID {
        lastID += 1
        return DecodeID(rawValue: lastID)
    }

    /// A new identifier for a run.
    mutating func newWork() -> WorkID {
        lastID += 1
        return WorkID(rawValue: lastID)
    }

    /// What a call tells of the app: a connected scene or an active app means the launch has
    /// finished (scenes connect after `application(_:didFinishLaunchingWithOptions:)` returns).
    mutating func note(_ app: AppReading) {
        if app.connectedScenes > 0 || app.state == .active { launchFinished = true }
        if app.state == .active { isActive = true }
    }

    /// The device and the app now, for a run or a preparation.
    func environment() -> RepairEnvironment {
        var environment = configuration.device
        environment.date = clock.now
        environment.timeZone = clock.timeZone
        environment.currentAppearance = screen?.appearance
        environment.currentOrientation = screen.map { $0.pointWidth > $0.pointHeight ? .landscape : .portrait }
        environment.isPassiveLaunch = false
        return environment
    }
}

/// What stays the same while the process lives: the device, the app's Info.plist and the
/// generated manifest.
package struct LaunchConfiguration: Sendable {
    /// The device and the app (system and app versions, idiom, model, language, a pinned style);
    /// the date, time zone, orientation and appearance are filled in at each use.
    var device: RepairEnvironment
    /// The app declares scenes (`UIApplicationSceneManifest`): at launch it is in the background
    /// even when the user launched it.
    var usesScenes: Bool
    /// What the system draws the launch screen from, which a splash shows when no snapshot holds
    /// an image of this module's.
    var background: SplashBackground
    /// The generated manifest: the seasons' calendar before the snapshots were read.
    var manifest: LaunchManifest
    /// The skip button's words, in the app's language.
    var skipWords: SkipButtonWords

    package init(device: RepairEnvironment, usesScenes: Bool, background: SplashBackground, manifest: LaunchManifest) {
        self.device = device
        self.usesScenes = usesScenes
        self.background = background
        self.manifest = manifest
        skipWords = SkipButtonWords(language: device.language)
    }
}

/// How far the launch's preparation is.
enum Preparation: Sendable, Hashable {
    /// No call has asked for it.
    case notStarted
    /// A background launch: it waits for the app to become active, when the user sees it.
    case waitingForForeground
    /// Running off the main thread.
    case running
    /// Done: ``LaunchCoordinator/observation`` holds what it read.
    case done
}
