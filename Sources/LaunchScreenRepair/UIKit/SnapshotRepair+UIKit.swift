#if canImport(UIKit) && os(iOS)
import BackgroundTasks
import Foundation
import UIKit

/// The integration for apps: call ``SnapshotRepair/repairOnLaunch(_:options:completion:)`` (or
/// `try await` ``SnapshotRepair/repair(_:options:)``) from `application(_:didFinishLaunchingWithOptions:)`
/// or a SwiftUI `App`'s `init()`.
///
/// Not for app extensions: it reads `UIApplication.shared` and works on the app's own container.
/// Every decision it takes is plain Swift in this module, tested on every platform; this file
/// only reads the running app and schedules the work. Closures the system calls on queues of its
/// own are `@Sendable` and touch nothing of the main actor's (Docs/DeviceReview.md).
@available(iOSApplicationExtension, unavailable)
extension SnapshotRepair {
    /// Repairs this app's launch snapshots without slowing the launch; the report when done.
    ///
    /// In this call, before it first suspends: the upgrade placeholder and what the launch read
    /// for the splash (``LaunchSplash`` decides per scene from it). Then, once the app is active
    /// and the main run loop is idle, the repair on a utility queue, and the remote layouts' fetch.
    /// Once per process: a second call (a scene delegate beside the app delegate) gets the first
    /// call's outcome, and its options are not used (a fault line in the log says so when they
    /// differ). The run is cancelled, between files, once every task awaiting it is cancelled.
    /// When the app moves to the background the repair runs again, off the main thread, so a new
    /// season's images are in place before the next cold launch.
    @MainActor
    public static func repair<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: LaunchRepairOptions = LaunchRepairOptions()
    ) async throws(RepairError) -> RepairReport {
        let launch = try AppLaunch.start(catalog, options: options)
        return try await launch.outcome().get()
    }

    /// ``repair(_:options:)`` with a completion handler, always called, on the main actor.
    @MainActor
    public static func repairOnLaunch<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: LaunchRepairOptions = LaunchRepairOptions(),
        completion: (@MainActor @Sendable (Result<RepairReport, RepairError>) -> Void)? = nil
    ) {
        let launch: AppLaunch
        do { launch = try AppLaunch.start(catalog, options: options) } catch {
            completion?(.failure(error))
            return
        }
        Task { @MainActor in
            let result = await launch.outcome()
            completion?(result)
        }
    }

    /// The report of the last run that changed anything (``lastReport(_:fileSystem:)``): one
    /// small file read.
    public static var lastReport: RepairReport? {
        Bundle.main.bundleIdentifier.flatMap { lastReport(appLocator(bundleIdentifier: $0)) }
    }

    /// Whether LaunchScreenRepair works for this app: one `lstat`.
    public static var isEnabled: Bool {
        Bundle.main.bundleIdentifier.map { disabledReason(appLocator(bundleIdentifier: $0)) == nil } ?? false
    }

    /// Switches LaunchScreenRepair off or back on for this app, on a utility queue. Off puts the
    /// system's launch snapshots back and stops every later repair until switched on again
    /// (``setEnabled(_:reason:_:fileSystem:)``).
    @discardableResult
    public static func setEnabled(_ enabled: Bool) async throws(FileSystemError) -> RestoreReport? {
        guard let bundleIdentifier = Bundle.main.bundleIdentifier else { return nil }
        let locator = appLocator(bundleIdentifier: bundleIdentifier)
        let report = try await UtilityQueue.run { () throws(FileSystemError) in try setEnabled(enabled, locator) }
        AppLaunch.snapshotsChanged()
        return report
    }

    /// Puts the app's own PNG or JPEG image (exactly the snapshot's pixel size) into `slot` and
    /// keeps it there (``setLaunchImage(_:for:_:fileSystem:)``), on a utility queue.
    @MainActor
    @discardableResult
    public static func setLaunchImage<Catalog: LaunchAssetCatalog>(
        _ data: Data, for slot: LaunchSlot, catalog: Catalog.Type, options: LaunchRepairOptions = LaunchRepairOptions()
    ) async throws(LaunchImageError) -> RepairReport {
        let request: RepairRequest
        do { request = try appRequest(catalog, options: options) } catch { throw .repair(error) }
        let report = try await UtilityQueue.run { () throws(LaunchImageError) in try setLaunchImage(data, for: slot, request) }
        AppLaunch.snapshotsChanged()
        return report
    }

    /// Puts the manifest's images back into `slot` (``removeLaunchImage(for:_:fileSystem:)``), on
    /// a utility queue.
    @MainActor
    @discardableResult
    public static func removeLaunchImage<Catalog: LaunchAssetCatalog>(
        for slot: LaunchSlot, catalog: Catalog.Type, options: LaunchRepairOptions = LaunchRepairOptions()
    ) async throws(LaunchImageError) -> RepairReport {
        let request: RepairRequest
        do { request = try appRequest(catalog, options: options) } catch { throw .repair(error) }
        let report = try await UtilityQueue.run { () throws(LaunchImageError) in try removeLaunchImage(for: slot, request) }
        AppLaunch.snapshotsChanged()
        return report
    }

    /// The image now in `slot`, read and decoded on a utility queue, at the screen's scale; `nil`
    /// when that snapshot is in the system's own format (which `UIImage` cannot decode) or cannot
    /// be told.
    @MainActor
    public static func launchImage<Catalog: LaunchAssetCatalog>(for slot: LaunchSlot, catalog: Catalog.Type) async -> UIImage? {
        guard let request = try? appRequest(catalog, options: LaunchRepairOptions()) else { return nil }
        let scale = Double(AppLaunch.mainScreenScale())
        let decoded = await UtilityQueue.run { () -> DecodedImage? in
            guard let image = launchImage(for: slot, request), image.format == .png || image.format == .jpeg else { return nil }
            return DecodedImage(image.data, scale: scale)
        }
        return decoded?.image
    }

    /// Puts the system's original launch snapshots back (see ``restore(_:fileSystem:)``). File
    /// I/O: call it off the main thread.
    @discardableResult
    public static func restore() -> RestoreReport? {
        guard let bundleIdentifier = Bundle.main.bundleIdentifier else { return nil }
        let report = restore(appLocator(bundleIdentifier: bundleIdentifier))
        AppLaunch.snapshotsChanged()
        return report
    }

    /// Lets a `BGAppRefreshTask` of the module's own put a new season's images in place on the
    /// day it starts, even when the app is not opened.
    ///
    /// Call it in `application(_:didFinishLaunchingWithOptions:)` or a SwiftUI `App`'s `init()`,
    /// before the launch finishes, with an identifier listed under
    /// `BGTaskSchedulerPermittedIdentifiers` in Info.plist and `fetch` under `UIBackgroundModes`.
    /// A second call, for the same identifier or after the launch finished, does nothing and
    /// returns `false` (the system ends an app that registers twice or late). Every repair then
    /// asks for a refresh at the next season change.
    ///
    /// An app has one pending refresh request at a time: if the app has a refresh task of its
    /// own, do not register this one; call ``backgroundRefresh(_:options:)`` from the app's task
    /// instead, and ask for that task no later than ``nextSeasonChange(_:options:)``.
    @MainActor
    @discardableResult
    public static func registerBackgroundRefresh<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, identifier: String, options: LaunchRepairOptions = LaunchRepairOptions()
    ) -> Bool {
        AppLaunch.observeLaunchEnd()
        guard let context = try? CatalogRepair(app: catalog, options: options) else { return false }
        guard BackgroundRefreshRegistration.process.decide(identifier) == .register else { return false }
        // The system calls the handler on a queue of its own: `@Sendable`, so it is not
        // main-actor isolated (Swift's run-time check would trap), and it touches no UIKit.
        return BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { @Sendable task in
            let handle = RefreshTaskHandle(task)
            let work = Task {
                let result = await context.refresh()
                AppLaunch.snapshotsChanged()
                BackgroundRefresh.schedule(context)
                // A run deferred (the phone is locked, the data protected) did not do its work.
                handle.complete(success: !Task.isCancelled && (try? result.get())?.status ?? .deferred != .deferred)
            }
            handle.onExpiration { work.cancel() }
        }
    }

    /// One background refresh for the app's own `BGAppRefreshTask` (or `BGProcessingTask`):
    /// today's repair on a utility queue, the remote layouts' fetch and, when it stored a layout
    /// of today's, a second repair. Cancel the awaiting task from the task's `expirationHandler`:
    /// the run stops between files. The catalog is read on the main actor, the work runs off it.
    @MainActor
    public static func backgroundRefresh<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: LaunchRepairOptions = LaunchRepairOptions()
    ) async -> Result<RepairReport, RepairError> {
        let context: CatalogRepair
        do throws(RepairError) { context = try CatalogRepair(app: catalog, options: options) } catch { return .failure(error) }
        let result = await context.refresh()
        AppLaunch.snapshotsChanged()
        return result
    }

    /// When the next season's images should be put in place: the local midnight at which
    /// another layout becomes active, for the app's own refresh request; `nil` when none is coming.
    @MainActor
    public static func nextSeasonChange<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: LaunchRepairOptions = LaunchRepairOptions()
    ) -> Date? {
        (try? CatalogRepair(app: catalog, options: options))?.nextSeasonChange()
    }

    /// A request for this app's container from the generated catalog, the device read now.
    @MainActor
    static func appRequest<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: LaunchRepairOptions
    ) throws(RepairError) -> RepairRequest {
        try CatalogRepair(app: catalog, options: options).request(AppLaunch.environment(AppLaunch.foregroundScene()))
    }

    /// This app's container and bundle identifier.
    static func appLocator(bundleIdentifier: String) -> SnapshotLocator {
        SnapshotLocator(container: URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true), bundleIdentifier: bundleIdentifier)
    }
}

@available(iOSApplicationExtension, unavailable)
extension CatalogRepair {
    /// This app's repairs from a generated catalog; the pack read through `NSDataAsset`, when it
    /// is in an asset catalog, only when a run needs a variant's bytes.
    @MainActor
    init<Catalog: LaunchAssetCatalog>(app catalog: Catalog.Type, options: LaunchRepairOptions) throws(RepairError) {
        guard let bundleIdentifier = Bundle.main.bundleIdentifier else { throw .noBundleIdentifier }
        var device = AppLaunch.environment(nil)
        device.currentAppearance = nil
        device.currentOrientation = nil
        self.init(
            locator: SnapshotRepair.appLocator(bundleIdentifier: bundleIdentifier), manifest: catalog.manifest, pack: catalog.pack,
            remote: catalog.remote, options: options, device: device, dataAsset: { NSDataAsset(name: $0)?.data })
    }
}

/// The module's own refresh task: asking for it at the next season change.
enum BackgroundRefresh {
    /// Asks for the refresh task at the next season change, when the app registered one. A
    /// request the system refuses (background refresh off, an identifier missing from
    /// Info.plist) is logged, not hidden.
    static func schedule(_ context: CatalogRepair) {
        guard let identifier = BackgroundRefreshRegistration.process.identifier, let change = context.nextSeasonChange() else { return }
        let request = BGAppRefreshTaskRequest(identifier: identifier)
        request.earliestBeginDate = change
        do { try BGTaskScheduler.shared.submit(request) } catch {
            RepairLog.fault("refresh task \(identifier) not scheduled: \(error.localizedDescription)", context.locator)
        }
    }
}

/// A `BGTask` handed between the system's queue and the refresh's task. `BGTask` is not
/// `Sendable`; its two members used here take no part in UIKit and are set once each: the
/// expiration handler in the launch handler, the completion once the work ends.
private final class RefreshTaskHandle: @unchecked Sendable {
    private let task: BGTask
    private let completed = LockedValue(false)

    init(_ task: BGTask) { self.task = task }

    /// Called on the system's queue when the task's time runs out: `@Sendable`, as the system
    /// calls it on a queue of its own.
    func onExpiration(_ body: @escaping @Sendable () -> Void) {
        task.expirationHandler = { @Sendable in body() }
    }

    /// Tells the system the task ended; only the first call counts.
    func complete(success: Bool) {
        guard
            completed.update({ done in
                defer { done = true }
                return !done
            })
        else { return }
        task.setTaskCompleted(success: success)
    }
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

extension Appearance {
    /// The appearance of an interface style; `nil` while unspecified.
    init?(_ style: UIUserInterfaceStyle) {
        switch style {
        case .dark: self = .dark
        case .light: self = .light
        default: return nil
        }
    }
}

/// The launch repair of this process: started once, by the first call.
@available(iOSApplicationExtension, unavailable)
@MainActor
final class AppLaunch {
    /// The first call's launch, shared by every later one.
    private static var current: AppLaunch?
    /// The splash decisions of the running launch, readable from any thread to drop them.
    nonisolated private static let decisions = LockedValue<SplashDecisions<LocalFileSystem>?>(nil)
    /// Whether the launch-end observer is installed.
    private static var observingLaunchEnd = false

    /// The app's repairs.
    let context: CatalogRepair
    /// The options of the first call, to tell a later caller its own are not used.
    let options: LaunchRepairOptions
    /// The synchronous step's outcome: placeholder and what the launch read.
    let preparation: LaunchPreparation
    /// The launch's guess at the splash image, decoded off the main thread from the start.
    let predictedSplash: SplashDecode?
    private let once = OncePerProcess<Result<RepairReport, RepairError>>()

    private init(context: CatalogRepair, options: LaunchRepairOptions, preparation: LaunchPreparation) {
        self.context = context
        self.options = options
        self.preparation = preparation
        predictedSplash = preparation.shown.image.map { SplashDecode($0, context: context) }
    }

    /// The process's launch, prepared in this call when it is the first.
    static func start<Catalog: LaunchAssetCatalog>(_ catalog: Catalog.Type, options: LaunchRepairOptions) throws(RepairError) -> AppLaunch {
        observeLaunchEnd()
        if let current {
            if current.options.differs(from: options) {
                RepairLog.fault(
                    "repairOnLaunch called again with other options: the first call's are used for this process", current.context.locator)
            }
            return current
        }
        let context = try CatalogRepair(app: catalog, options: options)
        // No scene yet (this runs in didFinishLaunching or App.init): the main screen and its
        // traits, the launch's best guess; each scene's splash decides again from its own.
        let environment = environment(nil)
        let screen = UIScreen.main
        let window = LaunchWindow(
            environment, pointWidth: Double(screen.bounds.width), pointHeight: Double(screen.bounds.height),
            screenScale: Double(screen.scale))
        let preparation = SnapshotRepair.prepareLaunch(
            context.locator, environment: environment, window: window, manifest: context.manifest)
        decisions.set(
            SplashDecisions(
                locator: context.locator, manifest: context.manifest, pinnedAppearance: context.device.pinnedAppearance,
                language: environment.language, launch: preparation.observation, fileSystem: LocalFileSystem()))
        let launch = AppLaunch(context: context, options: options, preparation: preparation)
        // Whenever the app moves to the background: a season that began while it was in memory
        // is put in place before the next cold launch, on a utility queue, inside a background
        // task so that it is not frozen halfway.
        _ = NotificationCenter.default.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) {
            @Sendable _ in
            Task { @MainActor in replanInBackground(context) }
        }
        current = launch
        return launch
    }

    /// The launch that was started, if any (``LaunchSplash`` reads it).
    static var started: AppLaunch? { current }

    /// What the splash of `scene` shows; `nil` for a scene that shows none (an external display).
    static func shown(for scene: SplashScene) -> LaunchScreenShown? {
        decisions.get()?.shown(for: scene)
    }

    /// This module wrote into the snapshot folder or its own: the launch's reading is stale.
    nonisolated static func snapshotsChanged() {
        decisions.get()?.snapshotsChanged()
    }

    /// Observes the end of the app's launch, after which no refresh task may be registered.
    static func observeLaunchEnd() {
        guard !observingLaunchEnd else { return }
        observingLaunchEnd = true
        _ = NotificationCenter.default.addObserver(forName: UIApplication.didFinishLaunchingNotification, object: nil, queue: nil) {
            @Sendable _ in
            BackgroundRefreshRegistration.process.launchDidFinish()
        }
    }

    /// The repair's outcome, then the remote layouts' fetch; the first caller starts them.
    func outcome() async -> Result<RepairReport, RepairError> {
        let context = context
        let placeholder = preparation.placeholder
        return await once.value { @Sendable in
            await AppLaunch.whenActiveAndIdle()
            let environment = await MainActor.run { AppLaunch.environment(AppLaunch.foregroundScene()) }
            let result = await AppLaunch.inBackgroundTask(named: "LaunchScreenRepair launch") {
                await context.launch(environment, placeholder: placeholder)
            }
            AppLaunch.snapshotsChanged()
            BackgroundRefresh.schedule(context)
            return result
        }
    }

    /// The re-plan when the app moves to the background (with the remote layouts' fetch), off
    /// the main thread inside a background task.
    private static func replanInBackground(_ context: CatalogRepair) {
        Task {
            _ = await inBackgroundTask(named: "LaunchScreenRepair re-plan") { await context.refresh() }
            AppLaunch.snapshotsChanged()
            BackgroundRefresh.schedule(context)
        }
    }

    /// Runs `work` inside a `beginBackgroundTask`, so that leaving the app does not freeze a
    /// repair or a transfer halfway; the task's expiration cancels `work` (a repair stops between
    /// files, a fetch keeps its partial downloads) and ends the background task at once.
    nonisolated static func inBackgroundTask<Value: Sendable>(
        named name: String, _ work: @escaping @Sendable () async -> Value
    ) async -> Value {
        let running = Task { await work() }
        let identifier = LockedValue(UIBackgroundTaskIdentifier.invalid)
        let end: @MainActor @Sendable () -> Void = {
            let ending = identifier.update { value in
                defer { value = .invalid }
                return value
            }
            if ending != .invalid { UIApplication.shared.endBackgroundTask(ending) }
        }
        await MainActor.run {
            // The system calls the expiration handler on the main thread (its type is
            // `@MainActor @Sendable`): cancel, and end the task before returning.
            identifier.set(
                UIApplication.shared.beginBackgroundTask(withName: name) { @MainActor @Sendable in
                    running.cancel()
                    end()
                })
        }
        let value = await withTaskCancellationHandler {
            await running.value
        } onCancel: {
            running.cancel()
        }
        await end()
        return value
    }

    /// The running app's environment, read from `scene` (else from the main screen and the
    /// current traits, before any scene is connected). Reads `UIApplication.shared` only for an
    /// app without scenes, where it exists from `didFinishLaunching` on: a SwiftUI `App.init`
    /// runs before it does.
    static func environment(_ scene: UIWindowScene?) -> RepairEnvironment {
        let info = AppInfo(infoDictionary: Bundle.main.infoDictionary ?? [:])
        let system = ProcessInfo.processInfo.operatingSystemVersion
        let style = (scene?.traitCollection ?? UIScreen.main.traitCollection).userInterfaceStyle
        let landscape: Bool
        if let scene {
            landscape = scene.interfaceOrientation.isLandscape
        } else {
            landscape = UIScreen.main.bounds.width > UIScreen.main.bounds.height
        }
        let inBackground = !info.usesScenes && UIApplication.shared.applicationState == .background
        return RepairEnvironment(
            systemVersion: SystemVersion(major: system.majorVersion, minor: system.minorVersion, patch: system.patchVersion),
            idiom: UIDevice.current.userInterfaceIdiom == .pad ? .pad : .phone,
            deviceModel: hardwareModel(),
            // The localization the system draws the launch storyboard in, per-app language included.
            language: Bundle.main.preferredLocalizations.first,
            currentAppearance: Appearance(style),
            currentOrientation: landscape ? .landscape : .portrait,
            pinnedAppearance: info.pinnedAppearance,
            appVersion: info.appVersion,
            date: Date(),
            timeZone: .current,
            isPassiveLaunch: info.isPassiveLaunch(inBackground: inBackground)
        )
    }

    /// The app's window scene in front on the device's own screen: active first, then inactive;
    /// `nil` before any is connected. An external display's scene is never taken.
    static func foregroundScene() -> UIWindowScene? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
            .filter { $0.session.role == .windowApplication }
        return scenes.first { $0.activationState == .foregroundActive }
            ?? scenes.first { $0.activationState == .foregroundInactive }
            ?? scenes.first
    }

    /// The scale of the screen in front, for images not tied to a scene.
    static func mainScreenScale() -> CGFloat {
        foregroundScene()?.screen.scale ?? UIScreen.main.scale
    }

    /// `iPhone15,2`-style identifier (the simulated model's in the Simulator).
    static func hardwareModel() -> String? {
        if let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"] { return simulated }
        var system = utsname()
        uname(&system)
        let model = withUnsafeBytes(of: &system.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return model.isEmpty ? nil : model
    }

    /// Returns once the app is active and the main run loop is about to wait for events.
    nonisolated static func whenActiveAndIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Task { @MainActor in
                whenActive {
                    whenMainRunLoopIsIdle { continuation.resume() }
                }
            }
        }
    }

    /// Runs `body` now when the app is active, else once, the first time it becomes active.
    static func whenActive(_ body: @escaping @MainActor @Sendable () -> Void) {
        guard UIApplication.shared.applicationState != .active else {
            body()
            return
        }
        ActivationWait().observe { Task { @MainActor in body() } }
    }

    /// Runs `body` once, the next time the main run loop is about to wait for events, in any
    /// of its common modes (so a scroll in progress does not hold it back).
    static func whenMainRunLoopIsIdle(_ body: @escaping @Sendable () -> Void) {
        let observer = CFRunLoopObserverCreateWithHandler(
            kCFAllocatorDefault, CFRunLoopActivity.beforeWaiting.rawValue, false, 0
        ) { @Sendable observer, _ in
            CFRunLoopRemoveObserver(CFRunLoopGetMain(), observer, .commonModes)
            body()
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
    }
}

/// One wait for `didBecomeActiveNotification`: the observer is removed inside the notification
/// that fires it, so a second activation cannot run the body again.
private final class ActivationWait: @unchecked Sendable {
    private let lock = NSLock()
    private var token: (any NSObjectProtocol)?
    private var fired = false

    func observe(_ body: @escaping @Sendable () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        token = NotificationCenter.default.addObserver(
            forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main
        ) { @Sendable [self] _ in
            if fire() { body() }
        }
    }

    /// Whether this is the first notification; removes the observer.
    private func fire() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !fired else { return false }
        fired = true
        if let token { NotificationCenter.default.removeObserver(token) }
        token = nil
        return true
    }
}
#endif
