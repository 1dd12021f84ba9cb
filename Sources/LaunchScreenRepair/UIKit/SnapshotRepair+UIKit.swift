#if canImport(UIKit) && os(iOS)
import Foundation
import UIKit

/// The integration for apps: call ``SnapshotRepair/repairOnLaunch(_:options:completion:)`` (or
/// `try await` ``SnapshotRepair/launchReport(_:options:)``) from `application(_:didFinishLaunchingWithOptions:)`,
/// a SwiftUI `App`'s `init()`, or a scene delegate.
///
/// Not for app extensions: it reads `UIApplication` and works on the app's own container. Each
/// call hands an event to the module's decisions (plain Swift, tested on every platform) and
/// returns: no call reads a file or waits on the main thread.
@available(iOSApplicationExtension, unavailable)
extension SnapshotRepair {
    /// The report of this launch's repair, once it is done: starts it as
    /// ``repairOnLaunch(_:options:completion:)`` does when no call did yet, else waits for the
    /// one under way (or returns the one done).
    ///
    /// The launch's preparation (the upgrade placeholder, what the system drew the launch
    /// from) starts at once, off the main thread; the repair runs once the app is active and the
    /// main run loop is idle, on a utility queue, followed by the remote layouts' fetch. Once per
    /// process: a second call (a scene delegate beside the app delegate) gets the first call's
    /// outcome, and its options are not used (a fault line in the log says so when they
    /// differ); ``backgroundRefresh(_:options:)`` runs a new repair. A task awaiting it that is
    /// cancelled gets ``RepairError/cancelled`` at once; the run stops, between files, once no
    /// call waits for it. When the app moves to the background the repair runs again, off the
    /// main thread, so a new season's images are in place before the next cold launch.
    /// Async, on the main actor; reads no file on it.
    @MainActor
    public static func launchReport<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: RepairOptions = RepairOptions()
    ) async throws(RepairError) -> RepairReport {
        guard let driver = AppLaunch.driver(catalog) else { throw .noBundleIdentifier }
        return try await driver.awaitRepair(options: options) { call in
            .repairRequested(RepairCall(id: call, options: RepairOptionsSummary(options), app: .now, screen: .main, clock: .now))
        }.get()
    }

    /// Starts this launch's repair without slowing the launch (``launchReport(_:options:)`` says
    /// what it does), with a completion handler, always called, on the main actor, with the
    /// report. Synchronous, on the main actor; reads no file.
    @MainActor
    public static func repairOnLaunch<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: RepairOptions = RepairOptions(),
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
    /// Synchronous, on the main actor; reads no file.
    ///
    /// An app has one pending refresh request at a time: if the app has a refresh task of its
    /// own, do not register this one; call ``backgroundRefresh(_:options:)`` from the app's task
    /// instead, and ask for that task no later than ``nextSeasonChange(_:options:)``.
    @MainActor
    @discardableResult
    public static func registerBackgroundRefresh<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, identifier: String, options: RepairOptions = RepairOptions()
    ) -> Bool {
        guard let driver = AppLaunch.driver(catalog) else { return false }
        return driver.registerRefresh(identifier: identifier, app: .now)
    }

    /// One background refresh for the app's own `BGAppRefreshTask` (or `BGProcessingTask`):
    /// today's repair on a utility queue, the remote layouts' fetch and, when it stored a layout
    /// of today's, a second repair: a new repair now, where ``launchReport(_:options:)`` is the
    /// launch's. Cancel the awaiting task from the task's `expirationHandler`: the run stops
    /// between files. Async, called on the main actor; the files are read and written on a
    /// utility queue.
    @MainActor
    public static func backgroundRefresh<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: RepairOptions = RepairOptions()
    ) async -> Result<RepairReport, RepairError> {
        let context: CatalogRepair
        do throws(RepairError) { context = try CatalogRepair(app: catalog, options: options) } catch { return .failure(error) }
        let result = await context.refresh(now: Date(), timeZone: .autoupdatingCurrent)
        AppLaunch.current?.send(.snapshotsChanged)
        return result
    }

    /// When the next season's images should be put in place: the local midnight, in the time
    /// zone the device is in now, at which another layout is active, for the app's own refresh
    /// request; `nil` when none is coming. Synchronous, on the main actor; reads no file.
    @MainActor
    public static func nextSeasonChange<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, options: RepairOptions = RepairOptions()
    ) -> Date? {
        (try? CatalogRepair(app: catalog, options: options))?.nextSeasonChange(after: Date(), timeZone: .autoupdatingCurrent)
    }

    /// The report of the last run that changed anything in this app's container (replaced a
    /// file, recorded what it found, failed and said so), as stored beside the ledger; `nil`
    /// before any, or when it cannot be read. A steady launch writes nothing, so it leaves the
    /// last one in place. Async, from any actor; the file is read on a utility queue.
    public static func lastReport() async -> RepairReport? {
        guard let locator = appLocator() else { return nil }
        return await UtilityQueue.run { lastReport(locator) }
    }

    /// Whether LaunchScreenRepair works for this app: `false` once the app or a signed remote
    /// manifest switched it off. Async, from any actor; the switch is read on a utility queue.
    public static func isEnabled() async -> Bool {
        guard let locator = appLocator() else { return false }
        return await UtilityQueue.run { disabledReason(locator) == nil }
    }

    /// Switches LaunchScreenRepair off or back on for this app. Off puts the system's launch
    /// snapshots back (and returns that restore's report) and stops every later repair until
    /// switched on again; a repair then reports ``RepairReport/Status/disabled``. Throws
    /// ``RepairError/write(_:)`` when the switch cannot be written. Async, from any actor; the
    /// files are written on a utility queue.
    @discardableResult
    public static func setEnabled(_ enabled: Bool) async throws(RepairError) -> RestoreReport? {
        guard let locator = appLocator() else { return nil }
        let report = try await UtilityQueue.run { () throws(RepairError) in
            do throws(FileSystemError) { return try setEnabled(enabled, locator) } catch { throw .write(error.description) }
        }
        await snapshotsChanged()
        return report
    }

    /// Puts the system's original launch snapshots back, removes files that hold this
    /// module's image with no backup of the system's (the system draws them again), and
    /// forgets the ledger; the app's own slot images stay, as settings. Async, from any actor;
    /// the files are written on a utility queue.
    @discardableResult
    public static func restore() async -> RestoreReport? {
        guard let locator = appLocator() else { return nil }
        let report = await UtilityQueue.run { restore(locator) }
        await snapshotsChanged()
        return report
    }

    /// Fetches the remote layouts this device will need from the catalog's remote source
    /// (``LaunchAssetCatalog/remote``): the signed manifest, then only the images of this
    /// device's snapshot sizes; `nil` when the catalog has none. The launch does this itself
    /// after its repair; call it for an explicit check (a pull to refresh: `minimumInterval: 0`)
    /// or to wrap a fetch in a background task, cancelling the awaiting task from its expiration
    /// handler (the report then says ``RemoteFetchReport/Status/cancelled``, and the next fetch
    /// resumes an image cut short). A fetch within `minimumInterval` seconds (six hours by
    /// default) of the last one that completed requests nothing. What it stores is shown from
    /// the next repair on. Async, on the main actor; the transfers and files are on a utility
    /// queue.
    @MainActor
    @discardableResult
    public static func fetchRemoteLayouts<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, minimumInterval: TimeInterval = 6 * 3600
    ) async -> RemoteFetchReport? {
        guard let context = try? CatalogRepair(app: catalog, options: RepairOptions()) else { return nil }
        return await context.fetchRemoteLayouts(minimumInterval: minimumInterval)
    }

    /// Puts the app's own PNG or JPEG image into every snapshot file of `slot` that has exactly
    /// its pixel size (a downloaded campaign picture, say), in place of the manifest's variant,
    /// and keeps it there: it is written again whenever the system redraws the slot, until
    /// ``removeLaunchImage(for:catalog:options:)``; backed up and restored like the manifest's
    /// images. Runs a repair to apply it and returns its report. Throws, and keeps nothing, when
    /// the bytes are not PNG or JPEG (``RepairError/notAnImage(_:)``) or the slot's snapshot
    /// files exist but none has the image's size (``RepairError/sizeMismatch(slot:image:snapshots:)``);
    /// with no snapshot of the slot yet, the image waits for the system to draw one. Async, on
    /// the main actor; the files are read and written on a utility queue.
    @MainActor
    @discardableResult
    public static func setLaunchImage<Catalog: LaunchAssetCatalog>(
        _ data: Data, for slot: LaunchSlot, catalog: Catalog.Type, options: RepairOptions = RepairOptions()
    ) async throws(RepairError) -> RepairReport {
        let request = try appRequest(catalog, options: options)
        let report = try await UtilityQueue.run { () throws(RepairError) in try setLaunchImage(data, for: slot, request) }
        snapshotsChanged()
        return report
    }

    /// Forgets the app's own image for `slot` and runs a repair that puts the manifest's
    /// variants back into that slot's files; returns its report. Async, on the main actor; the
    /// files are read and written on a utility queue.
    @MainActor
    @discardableResult
    public static func removeLaunchImage<Catalog: LaunchAssetCatalog>(
        for slot: LaunchSlot, catalog: Catalog.Type, options: RepairOptions = RepairOptions()
    ) async throws(RepairError) -> RepairReport {
        let request = try appRequest(catalog, options: options)
        let report = try await UtilityQueue.run { () throws(RepairError) in try removeLaunchImage(for: slot, request) }
        snapshotsChanged()
        return report
    }

    /// The image now in `slot` (the full-screen file when the slot has several), decided as a
    /// dry run that writes nothing, at the main screen's scale; `nil` when that snapshot is in
    /// the system's own format (which `UIImage` cannot decode) or cannot be told. Async, on the
    /// main actor; the file is read and decoded on a utility queue.
    @MainActor
    public static func launchImage<Catalog: LaunchAssetCatalog>(for slot: LaunchSlot, catalog: Catalog.Type) async -> UIImage? {
        guard let request = try? appRequest(catalog, options: RepairOptions()) else { return nil }
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
        _ catalog: Catalog.Type, options: RepairOptions
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
#endif
