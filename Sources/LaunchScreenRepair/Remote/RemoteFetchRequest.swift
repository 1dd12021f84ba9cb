import Foundation

/// One fetch's inputs: where the remote layouts are, and the app and device they are for.
package struct RemoteFetchRequest: Sendable {
    /// The published folder and its key (the generated catalog's ``LaunchAssetCatalog/remote``).
    package var source: RemoteLayoutSource
    /// The app's container: the snapshot files whose sizes decide what is downloaded, and the
    /// module's folder the store lives in.
    package var locator: SnapshotLocator
    /// The app's bundled manifest: remote layouts are laid over it.
    package var manifest: LaunchManifest
    /// The device (idiom, model), today and the time zone (the prefetch window).
    package var environment: RepairEnvironment
    /// The policy the app's repairs use: which orientations get their own image.
    package var orientationPolicy: OrientationPolicy
    /// The longest wait for the next bytes of a transfer, in seconds; a transfer may take ten
    /// times that in all.
    package var timeout: TimeInterval
    /// The least time between two fetches, in seconds (six hours by default): a fetch that comes
    /// sooner after one that completed (by ``RepairEnvironment/date``) requests nothing and
    /// reports ``RemoteFetchReport/Status/throttled``. `0` checks every time, as a user's or the
    /// host's explicit request should. A manifest that switches the module off reaches a device
    /// within this time.
    package var minimumInterval: TimeInterval
    /// Which networks the fetch may use.
    package var network: NetworkAccess

    /// Which networks a fetch may use (Apple platforms; Linux has no such distinction).
    package struct NetworkAccess: Sendable, Hashable {
        /// Whether to fetch when the user turned Low Data Mode on
        /// (`URLSessionConfiguration.allowsConstrainedNetworkAccess`); off by default: remote
        /// layouts can wait for another network.
        package var allowsConstrainedNetwork: Bool
        /// Whether to fetch over cellular or a personal hotspot
        /// (`URLSessionConfiguration.allowsExpensiveNetworkAccess`); on by default.
        package var allowsExpensiveNetwork: Bool

        /// Creates a network access value: by default, honours Low Data Mode.
        package init(allowsConstrainedNetwork: Bool = false, allowsExpensiveNetwork: Bool = true) {
            self.allowsConstrainedNetwork = allowsConstrainedNetwork
            self.allowsExpensiveNetwork = allowsExpensiveNetwork
        }
    }

    /// The default ``minimumInterval``: six hours.
    package static let defaultMinimumInterval: TimeInterval = 6 * 3600

    /// Creates a request.
    package init(
        source: RemoteLayoutSource, locator: SnapshotLocator, manifest: LaunchManifest, environment: RepairEnvironment,
        orientationPolicy: OrientationPolicy = .automatic, timeout: TimeInterval = 30,
        minimumInterval: TimeInterval = defaultMinimumInterval, network: NetworkAccess = NetworkAccess()
    ) {
        self.source = source
        self.locator = locator
        self.manifest = manifest
        self.environment = environment
        self.orientationPolicy = orientationPolicy
        self.timeout = timeout
        self.minimumInterval = minimumInterval
        self.network = network
    }
}
