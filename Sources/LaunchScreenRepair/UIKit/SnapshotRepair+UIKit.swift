#if canImport(UIKit) && os(iOS)
import Foundation
import UIKit

/// The integration for apps: call ``SnapshotRepair/repairOnLaunch(_:options:completion:)`` (or
/// `try await` ``SnapshotRepair/repair(_:options:)``) from `application(_:didFinishLaunchingWithOptions:)`,
/// a SwiftUI `App`'s `init()`, or a scene delegate.
///
/// Not for app extensions: it reads `UIApplication` and works on the app's own container. Each
/// call hands an event to the module's decisions (plain Swift, tested on every platform) and
/// returns: no call reads a file or waits on the main thread.
@available(iOSApplicationExtension, unavailable)
extension SnapshotRepair {
    /// Repairs this app's launch snapshots without slowing the launch; the report when done.
    ///
    /// The launch's preparation (the upgrade placeholder, what the system drew the launch
    /// from) starts at once, off the main thread; the repair runs once the app is active and the
    /// main run loop is idle, on a utility queue, followed by the remote layouts' fetch. Once per
    /// process: a second call (a scene delegate beside the app delegate) gets the first call's
    /// outcome, and its options are not used (a fault line in the log says so when they
    /// differ). A task awaiting it that is cancelled gets ``RepairError/cancelled`` at once; the
    /// run stops, between files, once no call waits for it. When the app moves to the
    /// background the repair runs again, off the main thread, so a new season's images are in
    /// place before the next cold launch. Main actor; reads no file.
    @MainActor
    public static func repair<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: LaunchRepairOptions = LaunchRepairOptions()
    ) async throws(RepairError) -> RepairReport {
        guard let driver = AppLaunch.driver(catalog) else { throw .noBundleIdentifier }
        return try await driver.awaitRepair(options: options) { call in
            .repairRequested(RepairCall(id: call, options: RepairOptionsSummary(options), app: .now, screen: .main, clock: .now))
        }.get()
    }

    /// ``repair(_:options:)`` with a completion handler, always called, on the main actor.
    /// Main actor; reads no file.
    @MainActor
    public static func repairOnLaunch<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: LaunchRepairOptions = LaunchRepairOptions(),
        completion: (@MainActor @Sendable (Result<RepairReport, RepairError>) -> Void)? = nil
    ) {
        guard let driver = AppLaunch.driver(catalog) else {
            completion?(.failure(.noBundleIdentifier))
            return
        }
        let call = driver.repairCall(options: options) { answer in
            if case .repair(let result) = answer { completion?(result) }
        }
        driver.send(.repairRequested(RepairCall(id: call, options: RepairOptionsSummary(options), app: .now, screen: .main, clock: .now)))
    }

    /// Lets a `BGAppRefreshTask` of the module's own put a new season's images in place on the
    /// day it starts, even when the app is not opened.
    ///
    /// Call it in `application(_:didFinishLaunchingWithOptions:)` or a SwiftUI `App`'s `init()`,
    /// while the app is launching, with an identifier listed under
    /// `BGTaskSchedulerPermittedIdentifiers` in Info.plist and `fetch` under `UIBackgroundModes`.
    /// Returns `false`, and registers nothing, for a second call with the same identifier and
    /// for a call once the app has finished launching (from a scene delegate, `.onAppear`, a
    /// scene-phase change): `BGTaskScheduler` ends an app that registers twice or late; a fault
    /// line in the log says so. Every repair then asks for a refresh at the next season change.
    /// Main actor; reads no file.
    ///
    /// An app has one pending refresh request at a time: if the app has a refresh task of its
    /// own, do not register this one; call ``backgroundRefresh(_:options:)`` from the app's task
    /// instead, and ask for that task no later than ``nextSeasonChange(_:options:)``.
    @MainActor
    @discardableResult
    public static func registerBackgroundRefresh<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, identifier: String, options: LaunchRepairOptions = LaunchRepairOptions()
    ) -> Bool {
        guard let driver = AppLaunch.driver(catalog) else { return false }
        return driver.registerRefresh(identifier: identifier, app: .now)
    }

    /// One background refresh for the app's own `BGAppRefreshTask` (or `BGProcessingTask`):
    /// today's repair on a utility queue, the remote layouts' fetch and, when it stored a layout
    /// of today's, a second repair. Cancel the awaiting task from the task's `expirationHandler`:
    /// the run stops between files. Async; the work runs off the main actor.
    @MainActor
    public static func backgroundRefresh<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: LaunchRepairOptions = LaunchRepairOptions()
    ) async -> Result<RepairReport, RepairError> {
        let context: CatalogRepair
        do throws(RepairError) { context = try CatalogRepair(app: catalog, options: options) } catch { return .failure(error) }
        let result = await context.refresh(now: Date(), timeZone: .autoupdatingCurrent)
        AppLaunch.current?.send(.snapshotsChanged)
        return result
    }

    /// When the next season's images should be put in place: the local midnight, in the time
    /// zone the device is in now, at which another layout is active, for the app's own refresh
    /// request; `nil` when none is coming. Main actor; reads no file.
    @MainActor
    public static func nextSeasonChange<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: LaunchRepairOptions = LaunchRepairOptions()
    ) -> Date? {
        (try? CatalogRepair(app: catalog, options: options))?.nextSeasonChange(after: Date(), timeZone: .autoupdatingCurrent)
    }

    /// The report of the last run that changed anything (``lastReport(_:fileSystem:)``), read
    /// on a utility queue.
    public static func lastReport() async -> RepairReport? {
        guard let locator = appLocator() else { return nil }
        return await UtilityQueue.run { lastReport(locator) }
    }

    /// Whether LaunchScreenRepair works for this app (``disabledReason(_:fileSystem:)``), read
    /// on a utility queue.
    public static func isEnabled() async -> Bool {
        guard let locator = appLocator() else { return false }
        return await UtilityQueue.run { disabledReason(locator) == nil }
    }

    /// Switches LaunchScreenRepair off or back on for this app, on a utility queue. Off puts the
    /// system's launch snapshots back and stops every later repair until switched on again
    /// (``setEnabled(_:reason:_:fileSystem:)``).
    @discardableResult
    public static func setEnabled(_ enabled: Bool) async throws(FileSystemError) -> RestoreReport? {
        guard let locator = appLocator() else { return nil }
        let report = try await UtilityQueue.run { () throws(FileSystemError) in try setEnabled(enabled, locator) }
        await snapshotsChanged()
        return report
    }

    /// Puts the system's original launch snapshots back (``restore(_:fileSystem:)``), on a
    /// utility queue.
    @discardableResult
    public static func restore() async -> RestoreReport? {
        guard let locator = appLocator() else { return nil }
        let report = await UtilityQueue.run { restore(locator) }
        await snapshotsChanged()
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
        snapshotsChanged()
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
        snapshotsChanged()
        return report
    }

    /// The bytes now in `slot` (``launchImage(for:_:fileSystem:)``), read on a utility queue, as
    /// an image at the main screen's scale; `nil` when that snapshot is in the system's own format
    /// (which `UIImage` cannot decode) or cannot be told.
    @MainActor
    public static func launchImage<Catalog: LaunchAssetCatalog>(for slot: LaunchSlot, catalog: Catalog.Type) async -> UIImage? {
        guard let request = try? appRequest(catalog, options: LaunchRepairOptions()) else { return nil }
        let scale = Double(UIScreen.main.scale)
        let decoded = await UtilityQueue.run { () -> DecodedImage? in
            guard let image = launchImage(for: slot, request), image.format == .png || image.format == .jpeg else { return nil }
            return DecodedImage(image.data, scale: scale)
        }
        return decoded?.image
    }

    /// A request for this app's container from the generated catalog, the device read now.
    @MainActor
    private static func appRequest<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: LaunchRepairOptions
    ) throws(RepairError) -> RepairRequest {
        var environment = CatalogRepair.deviceNow()
        environment.currentAppearance = Appearance(UIScreen.main.traitCollection.userInterfaceStyle)
        return try CatalogRepair(app: catalog, options: options).request(environment)
    }

    /// The module changed the snapshots: later scenes are decided from a new reading.
    @MainActor
    private static func snapshotsChanged() { AppLaunch.current?.send(.snapshotsChanged) }

    /// This app's container and bundle identifier; `nil` without a bundle identifier.
    static func appLocator() -> SnapshotLocator? {
        Bundle.main.bundleIdentifier.map {
            SnapshotLocator(container: URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true), bundleIdentifier: $0)
        }
    }
}

@available(iOSApplicationExtension, unavailable)
extension CatalogRepair {
    /// This app's repairs from a generated catalog; the pack read through `NSDataAsset`, when it
    /// is in an asset catalog, only when a run needs a variant's bytes.
    @MainActor
    init<Catalog: LaunchAssetCatalog>(app catalog: Catalog.Type, options: LaunchRepairOptions) throws(RepairError) {
        guard let locator = SnapshotRepair.appLocator() else { throw .noBundleIdentifier }
        self.init(
            locator: locator, manifest: catalog.manifest, pack: catalog.pack, remote: catalog.remote, options: options,
            device: Self.deviceNow(), dataAsset: { NSDataAsset(name: $0)?.data })
    }

    /// The device and the app, read now: what stays the same while the process lives, and now.
    @MainActor
    static func deviceNow() -> RepairEnvironment {
        let info = AppInfo(infoDictionary: Bundle.main.infoDictionary ?? [:])
        let system = ProcessInfo.processInfo.operatingSystemVersion
        return RepairEnvironment(
            systemVersion: SystemVersion(major: system.majorVersion, minor: system.minorVersion, patch: system.patchVersion),
            idiom: UIDevice.current.userInterfaceIdiom == .pad ? .pad : .phone, deviceModel: hardwareModel(),
            // The localization the system draws the launch storyboard in, per-app language included.
            language: Bundle.main.preferredLocalizations.first, pinnedAppearance: info.pinnedAppearance,
            appVersion: info.appVersion, date: Date(), timeZone: .autoupdatingCurrent)
    }

    /// `iPhone15,2`-style identifier (the simulated model's in the Simulator).
    private static func hardwareModel() -> String? {
        if let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"] { return simulated }
        var system = utsname()
        uname(&system)
        let model = withUnsafeBytes(of: &system.machine) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        return model.isEmpty ? nil : model
    }
}
#endif
