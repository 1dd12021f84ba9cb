#if canImport(UIKit) && os(iOS)
import BackgroundTasks
import Foundation
import UIKit

/// The effects carried out with UIKit and BackgroundTasks: each method one call, or a few, of
/// the system's, and callbacks posted back as events. Nothing here decides.
@available(iOSApplicationExtension, unavailable)
final class UIKitLaunchPlatform: LaunchPlatform, @unchecked Sendable {
    /// Set once, right after the driver is made, on the main actor; read by callbacks after that.
    nonisolated(unsafe) weak var driver: LaunchDriver?
    private let locator: SnapshotLocator
    /// Decoded images, by decode, until released: written off the main thread, read on it.
    private let images = LockedValue<[DecodeID: DecodedImage]>([:])
    /// The running refresh task.
    private let refreshTask = LockedValue<RefreshTaskHandle?>(nil)
    /// Main-actor state: splash presenters, timers and background tasks.
    @MainActor private var presenters: [SceneID: any SplashPresenter] = [:]
    @MainActor private var timers: [SceneID: Timer] = [:]
    @MainActor private var backgroundTasks: [WorkID: UIBackgroundTaskIdentifier] = [:]

    init(locator: SnapshotLocator) { self.locator = locator }

    // MARK: Splash presenters

    /// `presenter` shows the splash of `scene` when the coordinator says so.
    @MainActor func attach(_ presenter: any SplashPresenter, to scene: SceneID) { presenters[scene] = presenter }

    /// The presenter of `scene`, while it has one.
    @MainActor func presenter(for scene: SceneID) -> (any SplashPresenter)? { presenters[scene] }

    /// Forgets the presenter of `scene` (the coordinator showed nothing, or the view went away).
    @MainActor func detach(_ scene: SceneID) {
        presenters[scene] = nil
        timers.removeValue(forKey: scene)?.invalidate()
    }

    /// A decoded image, while it is kept.
    func image(_ decode: DecodeID) -> UIImage? { images.get()[decode]?.image }

    // MARK: LaunchPlatform

    @MainActor func registerRefreshTask(identifier: String) -> Bool {
        let driver = driver
        let refreshTask = refreshTask
        // The system calls the handler on a queue of its own: `@Sendable`, so it is not
        // main-actor isolated (Swift's run-time check would trap), and it touches no UIKit.
        return BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { @Sendable task in
            // The expiration handler first: without one the system marks the task failed.
            let handle = RefreshTaskHandle(task)
            handle.onExpiration { driver?.post(.refreshTaskExpired) }
            refreshTask.set(handle)
            driver?.post(.refreshTaskStarted(.now))
        }
    }

    @MainActor func awaitMainRunLoopIdle() {
        let driver = driver
        // Runs on the main run loop, which this observer joins, in any of its common modes.
        let observer = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, CFRunLoopActivity.beforeWaiting.rawValue, false, 0) {
            @Sendable observer, _ in
            CFRunLoopRemoveObserver(CFRunLoopGetMain(), observer, .commonModes)
            driver?.post(.mainRunLoopIdle)
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
    }

    @MainActor func beginBackgroundTask(_ work: WorkID, name: String) {
        let driver = driver
        // UIKit calls the expiration handler on the main thread (`@MainActor @Sendable`).
        backgroundTasks[work] = UIApplication.shared.beginBackgroundTask(withName: name) { @MainActor @Sendable in
            driver?.send(.backgroundTaskExpired(work))
        }
    }

    @MainActor func endBackgroundTask(_ work: WorkID) {
        guard let task = backgroundTasks.removeValue(forKey: work), task != .invalid else { return }
        UIApplication.shared.endBackgroundTask(task)
    }

    @MainActor func showSplash(_ scene: SceneID, background: SplashBackground, skip: SkipButton?) {
        presenters[scene]?.show(background: background, skip: skip)
    }

    @MainActor func showSplashImage(_ scene: SceneID, _ decode: DecodeID) {
        guard let image = image(decode) else { return }
        presenters[scene]?.show(image: image)
    }

    @MainActor func showSplashBackground(_ scene: SceneID) { presenters[scene]?.showBackground() }

    @MainActor func setSkipButton(_ scene: SceneID, _ skip: SkipButton) { presenters[scene]?.setSkipButton(skip) }

    @MainActor func scheduleTimer(_ scene: SceneID, seconds: TimeInterval) {
        timers[scene]?.invalidate()
        let driver = driver
        let timer = Timer(timeInterval: seconds, repeats: false) { @Sendable [weak self] _ in
            MainActor.assumeIsolated {
                let presenting = self?.presenters[scene]?.appIsPresenting ?? false
                driver?.send(.timerFired(scene, appIsPresenting: presenting))
            }
        }
        // In the common modes: the count goes on while the user scrolls the splash's page.
        RunLoop.main.add(timer, forMode: .common)
        timers[scene] = timer
    }

    @MainActor func dismissSplash(_ scene: SceneID, animated: Bool, handBackKey: Bool) {
        let presenter = presenters[scene]
        detach(scene)
        presenter?.dismiss(animated: animated, handBackKey: handBackKey)
    }

    @MainActor func announceScreenChange(_ scene: SceneID?) {
        UIAccessibility.post(notification: .screenChanged, argument: scene.flatMap { presenters[$0]?.accessibilityFocus })
    }

    @MainActor func releaseSplashImage(_ decode: DecodeID) { images.update { $0[decode] = nil } }

    func decodeSplashImage(_ data: Data, scale: Double, as decode: DecodeID) -> Bool {
        guard let decoded = DecodedImage(data, scale: scale) else { return false }
        images.update { $0[decode] = decoded }
        return true
    }

    func submitRefreshRequest(identifier: String, earliestBegin: Date) -> String? {
        let request = BGAppRefreshTaskRequest(identifier: identifier)
        request.earliestBeginDate = earliestBegin
        do { try BGTaskScheduler.shared.submit(request) } catch { return error.localizedDescription }
        return nil
    }

    func completeRefreshTask(success: Bool) {
        refreshTask.update { handle in
            defer { handle = nil }
            return handle
        }?.complete(success: success)
    }

    func log(_ level: LogLevel, _ line: String) {
        switch level {
        case .fault: RepairLog.fault(line, locator)
        case .debug: RepairLog.debug(line, locator)
        }
    }
}

/// A `BGTask` handed between the system's queue and the driver. `BGTask` is not `Sendable`; the
/// two members used here take no part in UIKit and are set once each: the expiration handler in
/// the launch handler, the completion when the coordinator says so.
private final class RefreshTaskHandle: @unchecked Sendable {
    private let task: BGTask

    init(_ task: BGTask) { self.task = task }

    /// Called on the system's queue when the task's time runs out: `@Sendable`, as the system
    /// calls it on a queue of its own.
    func onExpiration(_ body: @escaping @Sendable () -> Void) {
        task.expirationHandler = { @Sendable in body() }
    }

    func complete(success: Bool) { task.setTaskCompleted(success: success) }
}

/// An image decoded on the queue that made it, so drawing it on the main thread costs no
/// decoding. `UIImage` is immutable and documented as safe to create and use on any thread.
struct DecodedImage: @unchecked Sendable {
    let image: UIImage

    /// Decodes PNG or JPEG `data` now; `nil` when it is not an image.
    init?(_ data: Data, scale: Double) {
        guard let image = UIImage(data: data, scale: CGFloat(scale)) else { return nil }
        if #available(iOS 15, *), let prepared = image.preparingForDisplay() {
            self.image = prepared
        } else {
            let format = UIGraphicsImageRendererFormat()
            format.scale = image.scale
            self.image = UIGraphicsImageRenderer(size: image.size, format: format).image { _ in image.draw(at: .zero) }
        }
    }
}
#endif
