import Foundation

/// Everything the app side reacts to, as ``LaunchCoordinator`` receives it: the app's calls with
/// the app's state at each, the system's callbacks turned into values, and the outcome of work
/// the coordinator asked for.
package enum LaunchEvent: Sendable, Hashable {
    // MARK: The app's calls

    /// `repairOnLaunch` or `repair(_:options:)`: the launch's repair, once per process.
    case repairRequested(RepairCall)
    /// A task awaiting `repair(_:options:)` was cancelled.
    case repairCallCancelled(CallID)
    /// `registerBackgroundRefresh(_:identifier:options:)`.
    case refreshRegistrationRequested(identifier: String, app: AppReading)
    /// `LaunchSplash.show`, `LaunchSplashView` or `.launchSplash` in `scene`; `screen` and `app`
    /// as they are at the call, for a launch this call starts.
    case splashRequested(SceneReading, SplashRequest, screen: ScreenReading, app: AppReading, clock: Clock)
    /// `LaunchSplash.image`: the image the user saw in `scene` (the screen's, without one).
    case splashImageRequested(CallID, SceneReading?, screen: ScreenReading, app: AppReading, clock: Clock)
    /// `LaunchSplash.dismiss(animated:)`.
    case dismissRequested(SceneID, animated: Bool)
    /// The splash's skip button was tapped.
    case skipTapped(SceneID)
    /// A SwiftUI splash view left the hierarchy.
    case splashViewDisappeared(SceneID)
    /// This module changed the snapshots outside a launch repair (the app's own image, a restore,
    /// the switch): what later scenes saw must be read again.
    case snapshotsChanged

    // MARK: The system

    /// `UIApplication.didFinishLaunchingNotification`.
    case launchFinished
    /// `UIApplication.didBecomeActiveNotification`.
    case becameActive(ScreenReading, Clock)
    /// The main run loop is about to wait for events (after ``LaunchEffect/awaitMainRunLoopIdle``).
    case mainRunLoopIdle
    /// `UIApplication.didEnterBackgroundNotification`.
    case enteredBackground(Clock)
    /// The time zone or the date changed (`NSSystemTimeZoneDidChange`,
    /// `UIApplication.significantTimeChangeNotification`).
    case clockChanged(Clock)
    /// `UIScene.didDisconnectNotification`.
    case sceneDisconnected(SceneID)
    /// A splash's trait collection changed; `appInBackground` while the system takes the
    /// app-switcher snapshots.
    case traitsChanged(SceneReading, appInBackground: Bool)
    /// `UIAccessibility.voiceOverStatusDidChangeNotification`, or VoiceOver's state at the first call.
    case voiceOverChanged(running: Bool)
    /// The splash's window became key or resigned (`UIWindow.didBecomeKeyNotification` and
    /// `didResignKeyNotification`).
    case splashKeyChanged(SceneID, isKey: Bool)
    /// A splash's timer fired; `appIsPresenting` when a window of the app under the splash
    /// presents a view controller.
    case timerFired(SceneID, appIsPresenting: Bool)
    /// The system started the module's `BGAppRefreshTask`.
    case refreshTaskStarted(Clock)
    /// The refresh task's expiration handler ran.
    case refreshTaskExpired
    /// A `beginBackgroundTask` expiration handler ran.
    case backgroundTaskExpired(WorkID)
    /// `BGTaskScheduler.submit` refused the refresh request.
    case refreshSubmitFailed(identifier: String, reason: String)

    // MARK: Work done

    /// ``LaunchEffect/prepareLaunch(_:screen:)`` ended: the placeholder, and what the system
    /// drew the launch from.
    case launchPrepared(LaunchPreparation)
    /// ``LaunchEffect/observeSnapshots`` ended; `nil` when the ledger could not be read.
    case snapshotsObserved(SnapshotObservation?)
    /// A repair ended.
    case repairFinished(WorkID, Result<RepairReport, RepairError>)
    /// A splash image was decoded, or could not be (its bytes missing, not an image).
    case decodeFinished(DecodeID, succeeded: Bool)
}

/// A call of the launch's repair.
package struct RepairCall: Sendable, Hashable {
    /// The call, for its answer.
    var id: CallID
    /// What its options ask for.
    var options: RepairOptionsSummary
    /// The app at the call.
    var app: AppReading
    /// The screen at the call.
    var screen: ScreenReading
    /// Now.
    var clock: Clock

    package init(id: CallID, options: RepairOptionsSummary, app: AppReading, screen: ScreenReading, clock: Clock) {
        self.id = id
        self.options = options
        self.app = app
        self.screen = screen
        self.clock = clock
    }
}

/// What a splash is asked to do.
package struct SplashRequest: Sendable, Hashable {
    /// What shows the splash.
    package enum Host: Sendable, Hashable {
        /// A window of its own above the app's (`LaunchSplash.show`).
        case window
        /// A SwiftUI view in the app's hierarchy (`LaunchSplashView`, `.launchSplash`).
        case view
    }

    /// Seconds until it ends by itself; `nil` or infinite: only a dismissal ends it.
    var duration: TimeInterval?
    /// Whether it has a skip button.
    var skippable: Bool
    /// What shows it.
    var host: Host

    /// A SwiftUI view that shows until the app removes it (`LaunchSplashView`).
    static let view = SplashRequest(duration: nil, skippable: false, host: .view)
}

/// What ``RepairOptions`` ask for, comparable (an appearance hook is a closure: only its
/// presence compares).
package struct RepairOptionsSummary: Sendable, Hashable {
    var orientationPolicy: OrientationPolicy
    var indistinguishablePairs: IndistinguishablePairPolicy
    var hasAppearanceHook: Bool

    package init(_ options: RepairOptions) {
        orientationPolicy = options.orientationPolicy
        indistinguishablePairs = options.indistinguishablePairs
        hasAppearanceHook = options.appearanceHook != nil
    }
}

/// One call of the app's, answered by an effect.
package struct CallID: Sendable, Hashable {
    var rawValue: Int

    package init(rawValue: Int) { self.rawValue = rawValue }
}

/// One decode of a splash image.
package struct DecodeID: Sendable, Hashable {
    var rawValue: Int
}

/// One repair run (and the background task around it).
package struct WorkID: Sendable, Hashable {
    var rawValue: Int
}
