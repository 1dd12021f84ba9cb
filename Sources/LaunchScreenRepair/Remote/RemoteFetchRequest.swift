import Foundation

/// One fetch's inputs: where the remote layouts are, and the app and device they are for.
public struct RemoteFetchRequest: Sendable {
    /// The published folder and its key (the generated catalog's ``LaunchAssetCatalog/remote``).
    public var source: RemoteLayoutSource
    /// The app's container: the snapshot files whose sizes decide what is downloaded, and the
    /// module's folder the store lives in.
    public var locator: SnapshotLocator
    /// The app's bundled manifest: remote layouts are laid over it.
    public var manifest: LaunchManifest
    /// The device (idiom, model), today and the time zone (the prefetch window).
    public var environment: RepairEnvironment
    /// The policy the app's repairs use: which orientations get their own image.
    public var orientationPolicy: OrientationPolicy
    /// The longest wait for the next bytes of a transfer, in seconds; a transfer may take ten
    /// times that in all.
    public var timeout: TimeInterval

    /// Creates a request.
    public init(
        source: RemoteLayoutSource, locator: SnapshotLocator, manifest: LaunchManifest, environment: RepairEnvironment,
        orientationPolicy: OrientationPolicy = .automatic, timeout: TimeInterval = 30
    ) {
        self.source = source
        self.locator = locator
        self.manifest = manifest
        self.environment = environment
        self.orientationPolicy = orientationPolicy
        self.timeout = timeout
    }
}
