import Foundation

/// Repairs of one app container from one generated catalog, outside a UIKit call: everything
/// the launch repair, the background re-plan and the refresh task need, as one `Sendable` value
/// read once on the main thread.
public struct CatalogRepair: Sendable {
    /// The app's container.
    public var locator: SnapshotLocator
    /// The generated manifest.
    public var manifest: LaunchManifest
    /// Where the pack is.
    public var pack: LaunchPackSource
    /// Where remote layouts are published, if the app has any.
    public var remote: RemoteLayoutSource?
    /// The app's choices.
    public var options: LaunchRepairOptions
    /// The device and the app: what stays the same while the process lives (idiom, model,
    /// system and app versions, a pinned style).
    public var device: RepairEnvironment
    /// An asset catalog data set's bytes for this device (`NSDataAsset` in an app).
    public var dataAsset: @Sendable (String) -> Data?

    /// Creates a value.
    public init(
        locator: SnapshotLocator, manifest: LaunchManifest, pack: LaunchPackSource, remote: RemoteLayoutSource? = nil,
        options: LaunchRepairOptions, device: RepairEnvironment, dataAsset: @escaping @Sendable (String) -> Data? = { _ in nil }
    ) {
        self.locator = locator
        self.manifest = manifest
        self.pack = pack
        self.remote = remote
        self.options = options
        self.device = device
        self.dataAsset = dataAsset
    }

    /// A request for `environment` (by default the device's, now), the pack opened.
    public func request(_ environment: RepairEnvironment? = nil, placeholder: PlaceholderReport? = nil) throws(RepairError) -> RepairRequest
    {
        let opened: LaunchPack
        do { opened = try pack.open(for: manifest, dataAsset: dataAsset) } catch { throw .pack(error) }
        return options.request(
            locator: locator, manifest: manifest, variants: opened, environment: environment ?? device, placeholder: placeholder)
    }

    /// One repair now, outside a launch (the app moved to the background, a refresh task ran):
    /// today's layout, even with no UI on screen.
    public func replan(now: Date = Date()) -> Result<RepairReport, RepairError> {
        var environment = device
        environment.date = now
        environment.isPassiveLaunch = false
        do { return .success(try SnapshotRepair.run(try request(environment))) } catch { return .failure(error) }
    }

    /// Fetches the remote layouts this device will need (``RemoteLayoutFetch``) on a utility
    /// queue; `nil` when the app has no remote source. Call it after the launch's repair, off the
    /// launch path. At most once per ``RemoteFetchRequest/defaultMinimumInterval``, honouring Low
    /// Data Mode; `cancellation` stops it (a background task's expiration handler).
    public func fetchRemoteLayouts(
        _ environment: RepairEnvironment? = nil, cancellation: RemoteFetchCancellation = RemoteFetchCancellation()
    ) async -> RemoteFetchReport? {
        guard let remote else { return nil }
        return await RemoteLayoutFetch.fetch(
            RemoteFetchRequest(
                source: remote, locator: locator, manifest: manifest, environment: environment ?? device,
                orientationPolicy: options.orientationPolicy),
            cancellation: cancellation)
    }

    /// When to run again so the next season's images are in place on its first day: the next
    /// local midnight at which another layout is active, or `nil` when none is coming.
    public func nextSeasonChange(after date: Date = Date()) -> Date? {
        SeasonCalendar(layouts: manifest.layouts).nextChange(after: date, timeZone: device.timeZone)
    }
}
