import Foundation

/// What ``LaunchCoordinator`` asks for in answer to an event: a system call, a change on screen,
/// or work off the main thread, each saying where it runs (``queue``).
package enum LaunchEffect: Sendable, Hashable {
    // MARK: On the main thread

    /// `BGTaskScheduler.register` for the module's refresh task, before the call returns.
    case registerRefreshTask(identifier: String)
    /// Sends ``LaunchEvent/mainRunLoopIdle`` the next time the main run loop is about to wait,
    /// in any of its common modes.
    case awaitMainRunLoopIdle
    /// `beginBackgroundTask(withName:)`, whose expiration sends ``LaunchEvent/backgroundTaskExpired(_:)``.
    case beginBackgroundTask(WorkID, name: String)
    /// `endBackgroundTask` for the task begun for that work.
    case endBackgroundTask(WorkID)
    /// A window above the app's in the scene, showing `background` (what the system draws the
    /// launch screen from), with the skip button, if any; visible, not key.
    case showSplash(SceneID, background: SplashBackground, skip: SkipButton?)
    /// The decoded image in place of what the splash shows, cross-dissolving.
    case showSplashImage(SceneID, DecodeID)
    /// The launch screen in place of the image (the other appearance has none of this module's).
    case showSplashBackground(SceneID)
    /// The skip button's new title.
    case setSkipButton(SceneID, SkipButton)
    /// Sends ``LaunchEvent/timerFired(_:appIsPresenting:)`` after `seconds`.
    case scheduleTimer(SceneID, seconds: TimeInterval)
    /// The splash dissolves away (at once when not `animated`); its window gives key status back
    /// to the window that had it only when `handBackKey`, then the app's completion runs.
    case dismissSplash(SceneID, animated: Bool, handBackKey: Bool)
    /// `UIAccessibility.post(notification: .screenChanged, …)` with the splash's view, or with
    /// nothing once it is gone.
    case announceScreenChange(SceneID?)
    /// The answer to a repair call, on the main actor.
    case answerRepair(CallID, Result<RepairReport, RepairError>)
    /// The answer to an image call: the decoded image, or none.
    case answerSplashImage(CallID, DecodeID?)

    // MARK: Off the main thread

    /// The launch's preparation (``SnapshotRepair/prepareLaunch(_:environment:screen:manifest:fileSystem:)``):
    /// the upgrade placeholder and what the system drew the launch from. Sends ``LaunchEvent/launchPrepared(_:)``.
    case prepareLaunch(RepairEnvironment, screen: [SnapshotSize])
    /// Reads the ledger and the snapshot folder again; sends ``LaunchEvent/snapshotsObserved(_:)``.
    case observeSnapshots
    /// Uses the options of that repair call for every run of the process.
    case adoptRepairOptions(CallID)
    /// A repair; sends ``LaunchEvent/repairFinished(_:_:)``.
    case runRepair(WorkID, RepairWork, RepairEnvironment)
    /// Stops that repair between files.
    case cancelRepair(WorkID)
    /// Reads the image's bytes and decodes them for drawing; sends ``LaunchEvent/decodeFinished(_:succeeded:)``.
    case decodeSplashImage(DecodeID, SplashImage)
    /// Drops the decoded image: nothing waits for it any more (after the effects that hand it over).
    case releaseSplashImage(DecodeID)
    /// `BGTaskScheduler.submit` of the module's refresh request.
    case submitRefreshRequest(identifier: String, earliestBegin: Date)
    /// The running refresh task's `setTaskCompleted(success:)`.
    case completeRefreshTask(success: Bool)
    /// A line in the system log.
    case log(LogLevel, String)

    /// Where the effect runs.
    var queue: EffectQueue {
        switch self {
        case .registerRefreshTask, .awaitMainRunLoopIdle, .beginBackgroundTask, .endBackgroundTask, .showSplash, .showSplashImage,
            .showSplashBackground, .setSkipButton, .scheduleTimer, .dismissSplash, .announceScreenChange, .answerRepair,
            .answerSplashImage, .releaseSplashImage:
            .main
        case .decodeSplashImage: .background(.userInteractive)
        case .prepareLaunch: .background(.userInitiated)
        case .observeSnapshots, .runRepair, .submitRefreshRequest: .background(.utility)
        case .adoptRepairOptions, .cancelRepair, .completeRefreshTask, .log: .anyThread
        }
    }

    /// Whether the effect reads or writes files (the container's, the pack, the bundle).
    var touchesFiles: Bool {
        switch self {
        case .prepareLaunch, .observeSnapshots, .runRepair, .decodeSplashImage: true
        case .registerRefreshTask, .awaitMainRunLoopIdle, .beginBackgroundTask, .endBackgroundTask, .showSplash, .showSplashImage,
            .showSplashBackground, .setSkipButton, .scheduleTimer, .dismissSplash, .announceScreenChange, .answerRepair,
            .answerSplashImage, .adoptRepairOptions, .cancelRepair, .releaseSplashImage, .submitRefreshRequest, .completeRefreshTask,
            .log:
            false
        }
    }
}

/// Where an effect runs.
enum EffectQueue: Sendable, Hashable {
    /// The main thread, in order, in the same run-loop turn as the event when that came on it.
    case main
    /// A global queue of that quality of service.
    case background(QualityOfService)
    /// The thread that delivered the event: the effect is a flag or a log line, nothing to wait for.
    case anyThread

    /// The qualities of service the module's work runs at.
    enum QualityOfService: Sendable, Hashable {
        /// A splash image the user is about to see.
        case userInteractive
        /// What the splash decision waits for.
        case userInitiated
        /// Repairs, re-reads, requests to the system.
        case utility
    }
}

/// Which repair a run is.
package enum RepairWork: Sendable, Hashable {
    /// The launch's: the repair, the remote layouts' fetch and a re-plan when it brought today's
    /// layout; `placeholder` is what the preparation did.
    case launch(placeholder: PlaceholderReport?)
    /// When the app moved to the background.
    case replan
    /// The module's refresh task.
    case refresh
}

/// How much a log line matters.
package enum LogLevel: Sendable, Hashable {
    /// Routine, for a developer looking.
    case debug
    /// The app or the system did something wrong.
    case fault
}

/// The splash's skip button: its title (with the seconds left) and its VoiceOver label (without).
package struct SkipButton: Sendable, Hashable {
    var title: String
    var label: String
}
