#if canImport(UIKit) && os(iOS)
import Foundation
import UIKit

/// The integration for apps: call ``SnapshotRepair/repairOnLaunch(_:orientationPolicy:indistinguishablePairs:completion:)``
/// from `application(_:didFinishLaunchingWithOptions:)`, or from a SwiftUI `App`'s `init()`.
///
/// Not for app extensions: it reads `UIApplication.shared` and works on the app's own container.
@available(iOSApplicationExtension, unavailable)
extension SnapshotRepair {
    /// Repairs this app's launch snapshots from the generated catalog, without slowing the launch.
    ///
    /// ```swift
    /// SnapshotRepair.repairOnLaunch(LaunchAssets.self)
    /// ```
    @MainActor
    public static func repairOnLaunch<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type,
        orientationPolicy: OrientationPolicy = .automatic,
        indistinguishablePairs: IndistinguishablePairPolicy = .skip,
        completion: (@MainActor @Sendable (Result<RepairReport, any Error>) -> Void)? = nil
    ) {
        repairOnLaunch(
            manifest: catalog.manifest, pack: catalog.pack, orientationPolicy: orientationPolicy,
            indistinguishablePairs: indistinguishablePairs, completion: completion)
    }

    /// Repairs this app's launch snapshots without slowing the launch.
    ///
    /// At once, in this call: the upgrade placeholder (``placeholderImage()`` has it when this
    /// returns). Then, once the app is active and the main run loop is idle, the repair itself on
    /// a utility queue. `completion` is always called, on the main actor, with the report or
    /// the error (no bundle identifier, a missing or foreign pack, an unusable manifest).
    @MainActor
    public static func repairOnLaunch(
        manifest: LaunchManifest,
        pack: LaunchPackSource,
        orientationPolicy: OrientationPolicy = .automatic,
        indistinguishablePairs: IndistinguishablePairPolicy = .skip,
        completion: (@MainActor @Sendable (Result<RepairReport, any Error>) -> Void)? = nil
    ) {
        guard let bundleIdentifier = Bundle.main.bundleIdentifier else {
            completion?(.failure(RepairError.noBundleIdentifier))
            return
        }
        let locator = appLocator(bundleIdentifier: bundleIdentifier)
        let placeholder = preparePlaceholder(locator, environment: currentEnvironment())
        whenActive {
            let environment = currentEnvironment()
            whenMainRunLoopIsIdle {
                DispatchQueue.global(qos: .utility).async {
                    let result: Result<RepairReport, any Error>
                    do {
                        let opened = try pack.open(for: manifest) { NSDataAsset(name: $0)?.data }
                        let request = RepairRequest(
                            locator: locator, manifest: manifest, variants: opened, environment: environment,
                            orientationPolicy: orientationPolicy, indistinguishablePairs: indistinguishablePairs)
                        var report = try SnapshotRepair.run(request)
                        report.placeholder = placeholder
                        result = .success(report)
                    } catch {
                        result = .failure(error)
                    }
                    Task { @MainActor in completion?(result) }
                }
            }
        }
    }

    /// The snapshot the user saw while this launch began, on the first launch of a new app
    /// version, at the screen's scale; `nil` otherwise, or when that snapshot is in the system's
    /// ASTC format (``preparePlaceholder(_:environment:fileSystem:)``). Removed by the next
    /// launch's call.
    @MainActor
    public static func placeholderImage() -> UIImage? {
        guard let bundleIdentifier = Bundle.main.bundleIdentifier,
            let data = try? Data(contentsOf: appLocator(bundleIdentifier: bundleIdentifier).placeholderFile)
        else { return nil }
        return UIImage(data: data, scale: foregroundScene()?.screen.scale ?? UIScreen.main.scale)
    }

    /// Puts the system's original launch snapshots back (see ``restore(_:fileSystem:)``).
    @discardableResult
    public static func restore() -> RestoreReport? {
        guard let bundleIdentifier = Bundle.main.bundleIdentifier else { return nil }
        return restore(appLocator(bundleIdentifier: bundleIdentifier))
    }

    /// This app's container and bundle identifier.
    static func appLocator(bundleIdentifier: String) -> SnapshotLocator {
        SnapshotLocator(container: URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true), bundleIdentifier: bundleIdentifier)
    }

    /// The running app's environment, read from its foreground window scene; before any scene
    /// is connected, from the main screen and the current traits.
    @MainActor
    static func currentEnvironment() -> RepairEnvironment {
        let info = AppInfo(infoDictionary: Bundle.main.infoDictionary ?? [:])
        let system = ProcessInfo.processInfo.operatingSystemVersion
        let scene = foregroundScene()
        let style = (scene?.traitCollection ?? UITraitCollection.current).userInterfaceStyle
        let landscape: Bool
        if let scene {
            landscape = scene.interfaceOrientation == .landscapeLeft || scene.interfaceOrientation == .landscapeRight
        } else {
            landscape = UIScreen.main.bounds.width > UIScreen.main.bounds.height
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
    @MainActor
    static func foregroundScene() -> UIWindowScene? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        return scenes.first { $0.activationState == .foregroundActive }
            ?? scenes.first { $0.activationState == .foregroundInactive }
            ?? scenes.first
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

    /// Runs `body` now when the app is active, else once, the first time it becomes active.
    @MainActor
    static func whenActive(_ body: @escaping @MainActor @Sendable () -> Void) {
        guard UIApplication.shared.applicationState != .active else {
            body()
            return
        }
        let wait = ActivationWait()
        wait.observe { Task { @MainActor in body() } }
    }

    /// Runs `body` once, the next time the main run loop is about to wait for events.
    @MainActor
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
