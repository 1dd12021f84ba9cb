#if canImport(UIKit)
import Foundation
import UIKit

/// The one-line integration for apps: call ``SnapshotRepair/repairOnLaunch(_:orientationPolicy:completion:)``
/// from `application(_:didFinishLaunchingWithOptions:)`.
extension SnapshotRepair {
    /// Repairs this app's launch snapshots from the generated catalog, without slowing the launch.
    ///
    /// ```swift
    /// SnapshotRepair.repairOnLaunch(LaunchAssets.self)
    /// ```
    ///
    /// When the pack is missing from the bundle, `completion` receives ``LaunchPackError/notFound(_:)``.
    @MainActor
    public static func repairOnLaunch<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type,
        orientationPolicy: OrientationPolicy = .automatic,
        completion: (@MainActor @Sendable (Result<RepairReport, any Error>) -> Void)? = nil
    ) {
        guard let packURL = catalog.packURL else {
            completion?(.failure(LaunchPackError.notFound(catalog.manifest.pack)))
            return
        }
        repairOnLaunch(manifest: catalog.manifest, packURL: packURL, orientationPolicy: orientationPolicy, completion: completion)
    }

    /// Repairs this app's launch snapshots without slowing the launch.
    ///
    /// Reads the environment (idiom, device model, appearance, orientation, system and app
    /// version, the Info.plist `UIUserInterfaceStyle`), waits until the app is active if it was
    /// launched in the background, then runs once the main run loop is idle, on a utility queue.
    /// `completion` runs on the main actor with the report, or the error for an unusable manifest.
    ///
    /// ```swift
    /// SnapshotRepair.repairOnLaunch(manifest: LaunchAssets.manifest, packURL: packFile)
    /// ```
    @MainActor
    public static func repairOnLaunch(
        manifest: LaunchManifest,
        packURL: URL,
        orientationPolicy: OrientationPolicy = .automatic,
        completion: (@MainActor @Sendable (Result<RepairReport, any Error>) -> Void)? = nil
    ) {
        guard let bundleIdentifier = Bundle.main.bundleIdentifier else { return }
        if UIApplication.shared.applicationState == .background {
            let box = ObserverBox()
            box.token = NotificationCenter.default.addObserver(
                forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main
            ) { _ in
                Task { @MainActor in
                    if let token = box.token { NotificationCenter.default.removeObserver(token) }
                    box.token = nil
                    repairOnLaunch(manifest: manifest, packURL: packURL, orientationPolicy: orientationPolicy, completion: completion)
                }
            }
            return
        }
        let environment = currentEnvironment()
        let locator = appLocator(bundleIdentifier: bundleIdentifier)
        whenMainRunLoopIsIdle {
            DispatchQueue.global(qos: .utility).async {
                let result: Result<RepairReport, any Error>
                do {
                    let pack = try LaunchPack(contentsOf: packURL, for: manifest)
                    let request = RepairRequest(locator: locator, manifest: manifest, variants: pack,
                                                environment: environment, orientationPolicy: orientationPolicy)
                    result = .success(try SnapshotRepair.run(request))
                } catch {
                    result = .failure(error)
                }
                Task { @MainActor in completion?(result) }
            }
        }
    }

    /// The snapshot the user saw while this launch began, kept on the first launch of a new app
    /// version so the app's own splash can show the same picture (no old→new flash). `nil` when
    /// there is none or the system cannot decode it. It is removed on the next launch.
    public static func placeholderImage() -> UIImage? {
        guard let bundleIdentifier = Bundle.main.bundleIdentifier else { return nil }
        let file = appLocator(bundleIdentifier: bundleIdentifier).placeholderFile
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return UIImage(contentsOfFile: file.path)
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

    /// The running app's environment.
    @MainActor
    static func currentEnvironment() -> RepairEnvironment {
        let info = Bundle.main.infoDictionary ?? [:]
        let pinned: Appearance? = switch info["UIUserInterfaceStyle"] as? String {
        case "Light"?: .light
        case "Dark"?: .dark
        default: nil
        }
        let version = [info["CFBundleShortVersionString"] as? String, info["CFBundleVersion"] as? String]
            .compactMap { $0 }.joined(separator: "+")
        let system = ProcessInfo.processInfo.operatingSystemVersion
        let style = UIScreen.main.traitCollection.userInterfaceStyle
        let bounds = UIScreen.main.bounds
        return RepairEnvironment(
            systemVersion: SystemVersion(major: system.majorVersion, minor: system.minorVersion, patch: system.patchVersion),
            idiom: UIDevice.current.userInterfaceIdiom == .pad ? .pad : .phone,
            deviceModel: hardwareModel(),
            currentAppearance: style == .dark ? .dark : (style == .light ? .light : nil),
            currentOrientation: bounds.width > bounds.height ? .landscape : .portrait,
            pinnedAppearance: pinned,
            appVersion: version.isEmpty ? nil : version,
            date: Date(),
            timeZone: .current,
            isPassiveLaunch: UIApplication.shared.applicationState == .background
        )
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

/// Holds a notification observer token until it fires once.
private final class ObserverBox: @unchecked Sendable {
    var token: (any NSObjectProtocol)?
}
#endif
