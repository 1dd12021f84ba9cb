import Foundation

/// Where an app's remotely delivered layouts are published, and the key that must have signed
/// them: the generated catalog's ``LaunchAssetCatalog/remote``.
public struct RemoteLayoutSource: Sendable, Hashable {
    /// The published folder (`launch-assets publish --output`), served over HTTPS; plain HTTP
    /// is accepted for loopback addresses only.
    public var url: URL
    /// The Ed25519 public key, base64 of its 32 raw bytes (`launch-assets keygen`).
    public var publicKey: String
    /// How many days before a layout's first day its images are fetched.
    public var prefetchDays: Int

    /// Creates a source.
    public init(url: URL, publicKey: String, prefetchDays: Int = 7) {
        self.url = url
        self.publicKey = publicKey
        self.prefetchDays = prefetchDays
    }
}

/// The signed document a remote layout source serves: `manifest.json`, with a detached Ed25519
/// signature of its exact bytes in `manifest.json.sig` (base64), and each image under
/// `images/<sha256>.png`.
///
/// Its JSON field names are a package contract, like ``LaunchManifest``'s: an app in the field
/// reads what a newer `launch-assets publish` writes.
package struct RemoteManifest: Codable, Sendable, Hashable {
    /// The format; see ``RemoteManifest/currentSchemaVersion``.
    package var schemaVersion: Int
    /// When it was published, in seconds since 1970. A device keeps the newest it verified and
    /// refuses an older one, so a replayed manifest cannot roll it back.
    package var published: Int
    /// `false` switches LaunchScreenRepair off on every device that verifies it: the system's
    /// snapshots are restored and nothing more is done until a manifest turns it back on.
    package var enabled: Bool
    /// The generator that wrote it, as `launch-assets <version>`.
    package var generator: String
    /// The remotely delivered layouts; a layout here replaces an app's bundled entry of the same id.
    package var layouts: [LaunchManifest.Layout]
    /// Their variants, each with its ``LaunchManifest/Variant/sha256`` and no pack offset.
    package var variants: [LaunchManifest.Variant]
    /// Hardware model identifier → catalog device id, for the devices the variants name.
    package var models: [String: String]
    /// The development language of localized variants (``LaunchManifest/developmentLanguage``),
    /// for an app whose bundled manifest has none; absent when no variant has a `locale`.
    package var developmentLanguage: String?

    /// The schema version this library writes and reads.
    package static let currentSchemaVersion = 1
    /// The manifest's file name in the published folder.
    package static let fileName = "manifest.json"
    /// The signature's file name in the published folder.
    package static let signatureFileName = "manifest.json.sig"

    /// The path of an image in the published folder.
    package static func imagePath(sha256: String) -> String { "images/\(sha256).png" }

    /// Creates a remote manifest.
    package init(
        schemaVersion: Int = RemoteManifest.currentSchemaVersion, published: Int, enabled: Bool = true, generator: String,
        layouts: [LaunchManifest.Layout], variants: [LaunchManifest.Variant], models: [String: String] = [:],
        developmentLanguage: String? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.published = published
        self.enabled = enabled
        self.generator = generator
        self.layouts = layouts
        self.variants = variants
        self.models = models
        self.developmentLanguage = developmentLanguage
    }
}
