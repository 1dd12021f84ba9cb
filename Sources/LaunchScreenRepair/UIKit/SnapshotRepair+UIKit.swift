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
/// only reads the running app and schedules the work.
@available(iOSApplicationExtension, unavailable)
extension SnapshotRepair {
    /// Repairs this app's launch snapshots without slowing the launch; the report when done.
    ///
    /// In this call, before it first suspends: the upgrade placeholder and the decision of
    /// which image the user saw (``LaunchSplash`` shows it). Then, once the app is active and
    /// the main run loop is idle, the repair on a utility queue. Once per process: a second call
    /// (a scene delegate beside the app delegate) gets the first call's outcome. Cancelling the
    /// task stops the repair between files. When the app moves to the background the repair
    /// runs again, so a new season's images are in place before the next cold launch.
    @MainActor
    public static func repair<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: LaunchRepairOptions = LaunchRepairOptions()
    ) async throws(RepairError) -> RepairReport {
        let launch = try AppLaunch.start(catalog, options: options)
        let result = await launch.outcome()
        switch result {
        case .success(let report): return report
        case .failure(let error): throw error
        }
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

    /// The report of the last run that changed anything (``lastReport(_:fileSystem:)``).
    @MainActor
    public static var lastReport: RepairReport? {
        Bundle.main.bundleIdentifier.flatMap { lastReport(appLocator(bundleIdentifier: $0)) }
    }

    /// Whether LaunchScreenRepair works for this app. Setting `false` puts the system's launch
    /// snapshots back and stops every later repair until it is set `true` again
    /// (``setEnabled(_:reason:_:fileSystem:)``); it does file I/O in the call.
    @MainActor
    public static var isEnabled: Bool {
        get { Bundle.main.bundleIdentifier.map { disabledReason(appLocator(bundleIdentifier: $0)) == nil } ?? false }
        set {
            guard let bundleIdentifier = Bundle.main.bundleIdentifier else { return }
            _ = try? setEnabled(newValue, appLocator(bundleIdentifier: bundleIdentifier))
        }
    }

    /// Puts the app's own PNG or JPEG image (exactly the snapshot's pixel size) into `slot`
    /// and keeps it there (``setLaunchImage(_:for:_:fileSystem:)``); file I/O in the call.
    @MainActor
    @discardableResult
    public static func setLaunchImage<Catalog: LaunchAssetCatalog>(
        _ data: Data, for slot: LaunchSlot, catalog: Catalog.Type, options: LaunchRepairOptions = LaunchRepairOptions()
    ) throws(LaunchImageError) -> RepairReport {
        let request: RepairRequest
        do { request = try appRequest(catalog, options: options) } catch { throw .repair(error) }
        return try setLaunchImage(data, for: slot, request)
    }

    /// Puts the manifest's images back into `slot` (``removeLaunchImage(for:_:fileSystem:)``).
    @MainActor
    @discardableResult
    public static func removeLaunchImage<Catalog: LaunchAssetCatalog>(
        for slot: LaunchSlot, catalog: Catalog.Type, options: LaunchRepairOptions = LaunchRepairOptions()
    ) throws(LaunchImageError) -> RepairReport {
        let request: RepairRequest
        do { request = try appRequest(catalog, options: options) } catch { throw .repair(error) }
        return try removeLaunchImage(for: slot, request)
    }

    /// The image now in `slot`, at the screen's scale; `nil` when that snapshot is in the
    /// system's own format (which `UIImage` cannot decode) or cannot be told.
    @MainActor
    public static func launchImage<Catalog: LaunchAssetCatalog>(for slot: LaunchSlot, catalog: Catalog.Type) -> UIImage? {
        guard let request = try? appRequest(catalog, options: LaunchRepairOptions()),
            let image = launchImage(for: slot, request), image.format == .png || image.format == .jpeg
        else { return nil }
        return UIImage(data: image.data, scale: AppLaunch.screen().scale)
    }

    /// The snapshot the user saw while this launch began, on the first launch of a new app
    /// version, at the screen's scale; `nil` otherwise. ``LaunchSplash`` shows it by itself.
    @MainActor
    public static func placeholderImage() -> UIImage? {
        guard let bundleIdentifier = Bundle.main.bundleIdentifier,
            let data = try? Data(contentsOf: appLocator(bundleIdentifier: bundleIdentifier).placeholderFile)
        else { return nil }
        return UIImage(data: data, scale: AppLaunch.screen().scale)
    }

    /// Puts the system's original launch snapshots back (see ``restore(_:fileSystem:)``).
    @discardableResult
    public static func restore() -> RestoreReport? {
        guard let bundleIdentifier = Bundle.main.bundleIdentifier else { return nil }
        return restore(appLocator(bundleIdentifier: bundleIdentifier))
    }

    /// Lets a `BGAppRefreshTask` put a new season's images in place on the day it starts, even
    /// when the app is not opened. Call it before `application(_:didFinishLaunchingWithOptions:)`
    /// returns, with an identifier listed under `BGTaskSchedulerPermittedIdentifiers` in
    /// Info.plist; every repair then asks for a refresh at the next season change.
    @MainActor
    public static func registerBackgroundRefresh<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, identifier: String, options: LaunchRepairOptions = LaunchRepairOptions()
    ) {
        guard let context = try? CatalogRepair(app: catalog, options: options) else { return }
        BackgroundRefresh.identifier.set(identifier)
        _ = BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
            // The handler runs on a background queue; a repair takes milliseconds.
            let result = context.replan()
            BackgroundRefresh.schedule(context)
            task.setTaskCompleted(success: (try? result.get()) != nil)
        }
    }

    /// A request for this app's container from the generated catalog, the device read now.
    @MainActor
    static func appRequest<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: LaunchRepairOptions
    ) throws(RepairError) -> RepairRequest {
        try CatalogRepair(app: catalog, options: options).request(AppLaunch.environment())
    }

    /// This app's container and bundle identifier.
    static func appLocator(bundleIdentifier: String) -> SnapshotLocator {
        SnapshotLocator(container: URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true), bundleIdentifier: bundleIdentifier)
    }
}

@available(iOSApplicationExtension, unavailable)
extension CatalogRepair {
    /// This app's repairs from a generated catalog; the pack read through `NSDataAsset` when it
    /// is in an asset catalog.
    @MainActor
    init<Catalog: LaunchAssetCatalog>(app catalog: Catalog.Type, options: LaunchRepairOptions) throws(RepairError) {
        guard let bundleIdentifier = Bundle.main.bundleIdentifier else { throw .noBundleIdentifier }
        var device = AppLaunch.environment()
        device.currentAppearance = nil
        device.currentOrientation = nil
        self.init(
            locator: SnapshotRepair.appLocator(bundleIdentifier: bundleIdentifier), manifest: catalog.manifest, pack: catalog.pack,
            remote: catalog.remote, options: options, device: device, dataAsset: { NSDataAsset(name: $0)?.data })
    }
}

/// The refresh task the app registered, and asking for it at the next season change.
enum BackgroundRefresh {
    /// The identifier, once the app registered one.
    static let identifier = LockedValue<String?>(nil)

    /// Asks for the refresh task at the next season change, when the app registered one.
    static func schedule(_ context: CatalogRepair) {
        guard let identifier = identifier.get(), let change = context.nextSeasonChange() else { return }
        let request = BGAppRefreshTaskRequest(identifier: identifier)
        request.earliestBeginDate = change
        try? BGTaskScheduler.shared.submit(request)
    }
}

/// The launch repair of this process: started once, by the first call.
@available(iOSApplicationExtension, unavailable)
@MainActor
final class AppLaunch {
    /// The first call's launch, shared by every later one.
    private static var current: AppLaunch?

    /// The app's repairs.
    let context: CatalogRepair
    /// The synchronous step's outcome: placeholder and the image the user saw.
    let preparation: LaunchPreparation
    private let once = OncePerProcess<Result<RepairReport, RepairError>>()
    private var backgroundObserver: (any NSObjectProtocol)?

    private init(context: CatalogRepair, preparation: LaunchPreparation) {
        self.context = context
        self.preparation = preparation
    }

    /// The process's launch, prepared in this call when it is the first.
    static func start<Catalog: LaunchAssetCatalog>(_ catalog: Catalog.Type, options: LaunchRepairOptions) throws(RepairError) -> AppLaunch {
        if let current { return current }
        let context = try CatalogRepair(app: catalog, options: options)
        let environment = environment()
        let bounds = screenBounds()
        let window = LaunchWindow(
            environment, pointWidth: Double(bounds.width), pointHeight: Double(bounds.height), screenScale: Double(screen().scale))
        let preparation = SnapshotRepair.prepareLaunch(
            context.locator, environment: environment, window: window, manifest: context.manifest)
        let launch = AppLaunch(context: context, preparation: preparation)
        // Whenever the app moves to the background: a season that began while it was in memory
        // is in place before the next cold launch. The app has a few seconds there; a repair
        // takes milliseconds, so it runs in the notification, with nothing of UIKit's touched.
        launch.backgroundObserver = NotificationCenter.default.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main
        ) { _ in
            _ = context.replan()
            BackgroundRefresh.schedule(context)
        }
        current = launch
        return launch
    }

    /// The launch that was started, if any (``LaunchSplash`` reads its preparation).
    static var started: AppLaunch? { current }

    /// The repair's outcome, then the remote layouts' fetch; the first caller starts them.
    func outcome() async -> Result<RepairReport, RepairError> {
        let context = context
        let placeholder = preparation.placeholder
        return await once.value {
            await AppLaunch.whenActiveAndIdle()
            let environment = await MainActor.run { AppLaunch.environment() }
            let result: Result<RepairReport, RepairError>
            do throws(RepairError) {
                result = .success(try await SnapshotRepair.repair(try context.request(environment, placeholder: placeholder)))
            } catch {
                result = .failure(error)
            }
            BackgroundRefresh.schedule(context)
            // After the repair, off the launch path; a layout of today's just stored is put in
            // place now rather than one launch later.
            if case .success(let report) = result, report.status != .deferred, report.status != .unsupported,
                await context.fetchRemoteLayouts(environment)?.changesToday == true
            {
                _ = context.replan()
            }
            return result
        }
    }

    /// The running app's environment, read from its foreground window scene; before any scene
    /// is connected, from the main screen and the current traits.
    static func environment() -> RepairEnvironment {
        let info = AppInfo(infoDictionary: Bundle.main.infoDictionary ?? [:])
        let system = ProcessInfo.processInfo.operatingSystemVersion
        let scene = foregroundScene()
        let style = (scene?.traitCollection ?? UITraitCollection.current).userInterfaceStyle
        let landscape: Bool
        if let scene {
            landscape = scene.interfaceOrientation == .landscapeLeft || scene.interfaceOrientation == .landscapeRight
        } else {
            landscape = screenBounds().width > screenBounds().height
        }
        return RepairEnvironment(
            systemVersion: SystemVersion(major: system.majorVersion, minor: system.minorVersion, patch: system.patchVersion),
            idiom: UIDevice.current.userInterfaceIdiom == .pad ? .pad : .phone,
            deviceModel: hardwareModel(),
            currentAppearance: style == .dark ? .dark : (style == .light ? .light : nil),
            currentOrientation: landscape ? .landscape : .portrait,
            pinnedAppearance: info.pinnedAppearance,
            appVersion: info.appVersion,
            date: Date(),
            timeZone: .current,
            isPassiveLaunch: info.isPassiveLaunch(inBackground: UIApplication.shared.applicationState == .background)
        )
    }

    /// The window scene in front: active first, then inactive; `nil` before any is connected.
    static func foregroundScene() -> UIWindowScene? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        return scenes.first { $0.activationState == .foregroundActive }
            ?? scenes.first { $0.activationState == .foregroundInactive }
            ?? scenes.first
    }

    /// The screen of the scene in front; the main screen before any scene is connected.
    static func screen() -> UIScreen {
        foregroundScene()?.screen ?? UIScreen.main
    }

    /// The scene's bounds in points (an iPad window's, in Split View); the screen's before any
    /// scene is connected.
    static func screenBounds() -> CGRect {
        foregroundScene()?.coordinateSpace.bounds ?? UIScreen.main.bounds
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

    /// Runs `body` once, the next time the main run loop is about to wait for events.
    static func whenMainRunLoopIsIdle(_ body: @escaping @Sendable () -> Void) {
        let observer = CFRunLoopObserverCreateWithHandler(
            kCFAllocatorDefault, CFRunLoopActivity.beforeWaiting.rawValue, false, 0
        ) { observer, _ in
            CFRunLoopRemoveObserver(CFRunLoopGetMain(), observer, .defaultMode)
            body()
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .defaultMode)
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
        ) { [self] _ in
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
