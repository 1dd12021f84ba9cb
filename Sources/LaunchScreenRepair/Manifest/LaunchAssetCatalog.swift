import Foundation

/// What `launch-assets` generates for an app: the manifest and where its pack is.
///
/// The generated `enum LaunchAssets` conforms, so an app hands the whole catalog to the
/// runtime in one argument: `SnapshotRepair.repairOnLaunch(LaunchAssets.self)`.
public protocol LaunchAssetCatalog {
    /// The version-stamped manifest the pack was written for.
    static var manifest: LaunchManifest { get }
    /// The pack's location in the app's resources, or `nil` when it is missing from the bundle.
    static var packURL: URL? { get }
}

extension LaunchAssetCatalog {
    /// Opens the pack and checks that it belongs to ``manifest``.
    public static func openPack() throws(LaunchPackError) -> LaunchPack {
        guard let url = packURL else { throw .notFound(manifest.pack) }
        return try LaunchPack(contentsOf: url, for: manifest)
    }
}
