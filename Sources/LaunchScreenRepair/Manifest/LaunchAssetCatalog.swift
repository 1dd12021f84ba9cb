import Foundation

/// What `launch-assets` generates for an app: the manifest, where its pack is, and where its
/// remote layouts come from.
///
/// The generated `enum LaunchAssets` conforms, so an app hands the whole catalog to the
/// runtime in one argument: `SnapshotRepair.repairOnLaunch(LaunchAssets.self)`.
public protocol LaunchAssetCatalog {
    /// The version-stamped manifest the pack was written for.
    static var manifest: LaunchManifest { get }
    /// Where the pack's bytes are in the app's resources.
    static var pack: LaunchPackSource { get }
    /// Where layouts delivered remotely are published, and the key that signs them; `nil`
    /// when every layout is bundled.
    static var remote: RemoteLayoutSource? { get }
}

extension LaunchAssetCatalog {
    /// No remote layouts.
    public static var remote: RemoteLayoutSource? { nil }

    /// Opens the pack and checks that it belongs to ``manifest``; `dataAsset` as in
    /// ``LaunchPackSource/open(for:dataAsset:)`` (a pack file needs none).
    package static func openPack(dataAsset: (String) -> Data? = { _ in nil }) throws(LaunchPackError) -> LaunchPack {
        try pack.open(for: manifest, dataAsset: dataAsset)
    }
}

/// Where a pack's bytes are found in an app.
public enum LaunchPackSource: Sendable, Hashable {
    /// A pack file among the app's resources (`<Type>.launchpack`); `nil` when it is missing
    /// from the bundle.
    case file(URL?)
    /// An asset catalog data set (`<Type>.xcassets`) holding one pack per idiom, so the App
    /// Store delivers each device only its own idiom's images; read through `NSDataAsset`.
    case dataAsset(name: String)

    /// Opens the pack and checks that it belongs to `manifest`. `dataAsset` gives a data set's
    /// bytes for this device (`NSDataAsset(name:)?.data` in an app), or `nil` when there is none.
    package func open(for manifest: LaunchManifest, dataAsset: (String) -> Data?) throws(LaunchPackError) -> LaunchPack {
        switch self {
        case .file(let url):
            guard let url else { throw .notFound(manifest.pack) }
            return try LaunchPack(contentsOf: url, for: manifest)
        case .dataAsset(let name):
            guard let data = dataAsset(name) else { throw .notFound("data set \(name)") }
            return try LaunchPack(data: data, name: "data set \(name)", for: manifest)
        }
    }
}
