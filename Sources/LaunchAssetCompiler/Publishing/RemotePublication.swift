import Foundation
import LaunchAssetSources
import LaunchScreenRepair

/// The folder a remote layout source serves, as `launch-assets publish` writes it:
/// `manifest.json` (a ``RemoteManifest``), `manifest.json.sig` (the base64 of the detached
/// Ed25519 signature of manifest.json's exact bytes, no newline) and `images/<sha256>.png`, once
/// per distinct image. Static files: any web server or CDN can serve the folder as it is.
public struct RemotePublication: Sendable {
    package var manifest: RemoteManifest
    /// `manifest.json`: pretty-printed with sorted keys, so equal manifests give equal bytes.
    public var manifestJSON: Data
    /// `manifest.json.sig`.
    public var signature: String
    /// Each distinct image once, by SHA-256.
    public var images: [String: RenderedImage]

    /// Publishes the remote layouts of `assets` (a render of those layouts only) as of `published`
    /// (seconds since 1970), signed with `key`.
    public init(_ assets: GeneratedAssets, published: Int, key: SigningKey) {
        let remote = Set(assets.manifest.layouts.filter { $0.delivery == .remote }.map(\.id))
        var images: [String: RenderedImage] = [:]
        var variants: [LaunchManifest.Variant] = []
        for (variant, image) in zip(assets.manifest.variants, assets.images) where remote.contains(variant.layout) {
            variants.append(variant)
            images[image.sha256] = image
        }
        let named = Set(variants.flatMap(\.devices))
        self.init(
            manifest: RemoteManifest(
                published: published, generator: GeneratorVersion.manifestName,
                layouts: assets.manifest.layouts.filter { remote.contains($0.id) }, variants: variants,
                models: assets.manifest.models.filter { named.contains($0.value) },
                developmentLanguage: variants.contains { $0.locale != nil } ? assets.manifest.developmentLanguage : nil
            ),
            images: images, key: key)
    }

    /// The kill switch: a signed manifest with `enabled: false` and nothing else. Every device
    /// that verifies it restores the system's snapshots and does nothing more until a newer
    /// manifest turns it back on.
    public static func disabled(published: Int, key: SigningKey) -> RemotePublication {
        RemotePublication(
            manifest: RemoteManifest(
                published: published, enabled: false, generator: GeneratorVersion.manifestName, layouts: [], variants: []),
            images: [:], key: key)
    }

    private init(manifest: RemoteManifest, images: [String: RenderedImage], key: SigningKey) {
        self.manifest = manifest
        manifestJSON = PrettyJSON.data(manifest)
        signature = key.signature(of: manifestJSON)
        self.images = images
    }

    /// Every file of the folder at `directory`.
    public func files(in directory: URL) -> [URL: FileContents] {
        var files: [URL: FileContents] = [
            directory.appendingPathComponent(RemoteManifest.fileName): .bytes(manifestJSON),
            directory.appendingPathComponent(RemoteManifest.signatureFileName): .bytes(Data(signature.utf8)),
        ]
        for (sha256, image) in images {
            files[directory.appendingPathComponent(RemoteManifest.imagePath(sha256: sha256))] = FileContents([
                .file(image.file, length: image.length)
            ])
        }
        return files
    }

    /// The bytes of every image together.
    public var imageBytes: Int { images.values.reduce(0) { $0 + $1.length } }
}
