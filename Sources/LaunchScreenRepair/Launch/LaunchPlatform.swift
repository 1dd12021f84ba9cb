import Foundation

/// What ``LaunchDriver`` needs of the platform to carry out effects: one call per effect that
/// touches UIKit, BackgroundTasks or the system log, each a translation with nothing to decide.
/// The UIKit glue implements it on iOS; tests record the calls.
protocol LaunchPlatform: Sendable {
    /// `BGTaskScheduler.register` of the module's refresh task; the system's answer.
    @MainActor func registerRefreshTask(identifier: String) -> Bool
    /// Sends ``LaunchEvent/mainRunLoopIdle`` once, when the main run loop is next about to wait.
    @MainActor func awaitMainRunLoopIdle()
    /// `beginBackgroundTask(withName:expirationHandler:)`; its expiration sends
    /// ``LaunchEvent/backgroundTaskExpired(_:)``.
    @MainActor func beginBackgroundTask(_ work: WorkID, name: String)
    /// `endBackgroundTask` for that work's task.
    @MainActor func endBackgroundTask(_ work: WorkID)
    /// ``LaunchEffect/showSplash(_:background:skip:)``.
    @MainActor func showSplash(_ scene: SceneID, background: SplashBackground, skip: SkipButton?)
    /// ``LaunchEffect/showSplashImage(_:_:)``.
    @MainActor func showSplashImage(_ scene: SceneID, _ decode: DecodeID)
    /// ``LaunchEffect/showSplashBackground(_:)``.
    @MainActor func showSplashBackground(_ scene: SceneID)
    /// ``LaunchEffect/setSkipButton(_:_:)``.
    @MainActor func setSkipButton(_ scene: SceneID, _ skip: SkipButton)
    /// ``LaunchEffect/scheduleTimer(_:seconds:)``.
    @MainActor func scheduleTimer(_ scene: SceneID, seconds: TimeInterval)
    /// ``LaunchEffect/dismissSplash(_:animated:handBackKey:)``.
    @MainActor func dismissSplash(_ scene: SceneID, animated: Bool, handBackKey: Bool)
    /// ``LaunchEffect/announceScreenChange(_:)``.
    @MainActor func announceScreenChange(_ scene: SceneID?)
    /// ``LaunchEffect/releaseSplashImage(_:)``.
    @MainActor func releaseSplashImage(_ decode: DecodeID)
    /// Decodes PNG or JPEG bytes for drawing at `scale` and keeps the image under `decode`;
    /// `false` when they are not an image. Called off the main thread.
    func decodeSplashImage(_ data: Data, scale: Double, as decode: DecodeID) -> Bool
    /// `BGTaskScheduler.submit`; the system's reason when it refuses. Called off the main thread.
    func submitRefreshRequest(identifier: String, earliestBegin: Date) -> String?
    /// The running refresh task's `setTaskCompleted(success:)`.
    func completeRefreshTask(success: Bool)
    /// A line in the system log, under the app's bundle identifier.
    func log(_ level: LogLevel, _ line: String)
}

/// The answer to an app's call.
enum LaunchAnswer: Sendable {
    /// A repair call's outcome.
    case repair(Result<RepairReport, RepairError>)
    /// An image call's decoded image, kept by the platform under that decode; `nil` for none.
    case image(DecodeID?)
}
