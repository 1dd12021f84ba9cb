import Foundation

/// Repairs of one app container from one generated catalog, outside a UIKit call: everything
/// the launch repair, the background re-plan and the refresh task need, as one `Sendable` value
/// read once on the main thread.
struct CatalogRepair: Sendable {
    /// The app's container.
    var locator: SnapshotLocator
    /// The generated manifest.
    var manifest: LaunchManifest
    /// Where the pack is.
    var pack: LaunchPackSource
    /// Where remote layouts are published, if the app has any.
    var remote: RemoteLayoutSource?
    /// The app's choices.
    var options: RepairOptions
    /// The device and the app: what stays the same while the process lives (idiom, model,
    /// system and app versions, a pinned style).
    var device: RepairEnvironment
    /// An asset catalog data set's bytes for this device (`NSDataAsset` in an app).
    var dataAsset: @Sendable (String) -> Data?

    /// Creates a value.
    init(
        locator: SnapshotLocator, manifest: LaunchManifest, pack: LaunchPackSource, remote: RemoteLayoutSource? = nil,
        options: RepairOptions, device: RepairEnvironment, dataAsset: @escaping @Sendable (String) -> Data? = { _ in nil }
    ) {
        self.locator = locator
        self.manifest = manifest
        self.pack = pack
        self.remote = remote
        self.options = options
        self.device = device
        self.dataAsset = dataAsset
    }

    /// A request for `environment` (by default the device's, now). A pack file is opened now (its
    /// header only); a data set when the run first needs a variant's bytes, as a steady launch
    /// never does.
    func request(_ environment: RepairEnvironment? = nil, placeholder: PlaceholderReport? = nil) throws(RepairError) -> RepairRequest {
        let variants: any VariantSource
        switch pack {
        case .file:
            do { variants = try pack.open(for: manifest, dataAsset: dataAsset) } catch { throw .pack(error) }
        case .dataAsset:
            let (pack, manifest, dataAsset) = (pack, manifest, dataAsset)
            variants = DeferredPack { () throws(LaunchPackError) in try pack.open(for: manifest, dataAsset: dataAsset) }
        }
        return RepairRequest(
            locator: locator, manifest: manifest, variants: variants, environment: environment ?? device, options: options,
            placeholder: placeholder)
    }

    /// One repair now, outside a launch (the app moved to the background, a refresh task ran):
    /// today's layout in `timeZone`, even with no UI on screen. Blocks the calling thread: never
    /// on the main one.
    func replan(now: Date = Date(), timeZone: TimeZone = .current) -> Result<RepairReport, RepairError> {
        do { return .success(try SnapshotRepair.run(try request(replanEnvironment(now, timeZone)))) } catch { return .failure(error) }
    }

    /// The launch's work, in its order: the repair for `environment` on a utility queue, then
    /// the remote layouts' fetch, then a re-plan when the fetch stored a layout of today's, so it
    /// is in place now rather than one launch later. Cancelling the task stops the repair between
    /// files and the re-plan before it begins.
    func launch(
        _ environment: RepairEnvironment, placeholder: PlaceholderReport? = nil
    ) async -> Result<RepairReport, RepairError> {
        let result = await repair(environment, placeholder: placeholder)
        guard case .success(let report) = result, report.status != .deferred, report.status != .unsupported else { return result }
        await fetchAndReplan(environment)
        return result
    }

    /// A background refresh (the module's `BGAppRefreshTask`, or one of the host app's own that
    /// calls it): today's re-plan on a utility queue, then the remote layouts' fetch and a
    /// re-plan when it stored a layout of today's, today being the day in `timeZone`. Cancel the
    /// task when the system expires it: the run stops between files, and nothing is left half-written.
    func refresh(now: Date = Date(), timeZone: TimeZone = .current) async -> Result<RepairReport, RepairError> {
        await refresh(replanEnvironment(now, timeZone))
    }

    /// ``refresh(now:timeZone:)`` for `environment`.
    func refresh(_ environment: RepairEnvironment) async -> Result<RepairReport, RepairError> {
        let result = await repair(environment)
        if case .success = result { await fetchAndReplan(environment) }
        return result
    }

    /// One repair for `environment` on a utility queue (``SnapshotRepair/runOnUtilityQueue(_:fileSystem:)``).
    private func repair(_ environment: RepairEnvironment, placeholder: PlaceholderReport? = nil) async -> Result<RepairReport, RepairError>
    {
        do throws(RepairError) {
            return .success(try await SnapshotRepair.runOnUtilityQueue(try request(environment, placeholder: placeholder)))
        } catch {
            return .failure(error)
        }
    }

    /// The device as it is now, for a run that no launch gates.
    private func replanEnvironment(_ now: Date, _ timeZone: TimeZone) -> RepairEnvironment {
        var environment = device
        environment.date = now
        environment.timeZone = timeZone
        environment.isPassiveLaunch = false
        return environment
    }

    /// The fetch, then a re-plan on a utility queue when it brought an image of today's layout.
    private func fetchAndReplan(_ environment: RepairEnvironment) async {
        guard !Task.isCancelled, await fetchRemoteLayouts(environment)?.changesToday == true, !Task.isCancelled else { return }
        _ = await repair(environment)
    }

    /// Fetches the remote layouts this device will need (``RemoteLayoutFetch``) on a utility
    /// queue; `nil` when the app has no remote source. Call it after the launch's repair, off the
    /// launch path. At most once per `minimumInterval` (six hours by default), honouring Low Data
    /// Mode; cancelling the awaiting task stops it.
    func fetchRemoteLayouts(
        _ environment: RepairEnvironment? = nil, minimumInterval: TimeInterval = RemoteFetchRequest.defaultMinimumInterval
    ) async -> RemoteFetchReport? {
        guard let remote else { return nil }
        return await RemoteLayoutFetch.fetch(
            RemoteFetchRequest(
                source: remote, locator: locator, manifest: manifest, environment: environment ?? device,
                orientationPolicy: options.orientationPolicy, minimumInterval: minimumInterval))
    }

    /// When to run again so the next season's images are in place on its first day: the next
    /// midnight in `timeZone` (the device's now, by default) at which another layout is active,
    /// or `nil` when none is coming.
    func nextSeasonChange(after date: Date = Date(), timeZone: TimeZone = .current) -> Date? {
        SeasonCalendar(layouts: manifest.layouts).nextChange(after: date, timeZone: timeZone)
    }
}
