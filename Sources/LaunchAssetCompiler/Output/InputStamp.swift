import Crypto
import Foundation
import LaunchAssetSources
import LaunchScreenRepair

/// A digest of everything a render's outputs follow from, computed without rendering: the
/// generator's version, the PNG compression level, the options that shape the generated Swift,
/// whether the pack goes into an asset catalog, every variant's manifest entry and instantiated
/// SVG with the template files it refers to, and the launch screen with its logo instances.
///
/// The generated Swift records it (`// Inputs <stamp>`), so `render --check` can tell committed
/// outputs from stale ones in the time a plan takes. The versions of librsvg and cairo are left
/// out on purpose: two machines with different library builds agree on what is up to date.
public struct InputStamp: Sendable, Hashable, CustomStringConvertible {
    /// The options that change the outputs beside the inputs and the destination.
    public struct Options: Sendable, Hashable {
        public var typeName: String
        public var bundle: SwiftSourceGenerator.ResourceBundle
        public var remote: RemoteLayoutSource?
        public var compressionLevel: Int

        public init(typeName: String, bundle: SwiftSourceGenerator.ResourceBundle, remote: RemoteLayoutSource?, compressionLevel: Int) {
            self.typeName = typeName
            self.bundle = bundle
            self.remote = remote
            self.compressionLevel = compressionLevel
        }
    }

    /// The digest of the inputs and options alone, before the destination is known: what a
    /// shard records, so that `merge` can stamp the whole render.
    public var inputs: String
    /// 16 lowercase hex digits: ``inputs`` with the destination.
    public var description: String

    /// The stamp of `plan` rendered with `options` into an asset catalog or not;
    /// `launchScreen` when the render writes one.
    public init(
        plan: Plan, options: Options, launchScreen: LaunchScreenFiles?, templatesDirectory: URL, assetCatalog: Bool
    ) {
        let files = TemplateFileDigests(directory: templatesDirectory)
        var hasher = SHA256()
        func line(_ text: String) { hasher.update(data: Data("\(text)\n".utf8)) }
        line(GeneratorVersion.manifestName)
        line("level \(options.compressionLevel)")
        line("type \(options.typeName) bundle \(options.bundle.rawValue)")
        if let remote = options.remote {
            line("remote \(remote.url.absoluteString) \(remote.publicKey) \(remote.prefetchDays)")
        }
        let manifest = LaunchManifest(
            version: "", generator: GeneratorVersion.manifestName, pack: "",
            layouts: plan.layouts.map(\.manifestEntry), variants: plan.variants.map(\.manifestEntry),
            models: GeneratedAssets.models(of: plan.variants, among: plan.catalog.devices))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Plain Codable values of strings and integers: encoding cannot fail.
        hasher.update(data: try! encoder.encode(manifest))
        for variant in plan.variants {
            line("variant \(variant.id)")
            files.update(&hasher, referencedBy: variant.svg)
            line(variant.svg)
        }
        if let launchScreen {
            line("launch screen \(launchScreen.colors.light.hex) \(launchScreen.colors.dark.hex)")
            hasher.update(data: Data(launchScreen.storyboardText.utf8))
            for logo in launchScreen.logos {
                line("logo \(logo.fileName)")
                files.update(&hasher, referencedBy: logo.svg)
                line(logo.svg)
            }
        }
        self.init(inputs: hasher.finalize().hexString, assetCatalog: assetCatalog)
    }

    /// The stamp of recorded `inputs` written into an asset catalog or not.
    public init(inputs: String, assetCatalog: Bool) {
        self.inputs = inputs
        let digest = SHA256.hash(data: Data("\(inputs)\ncatalog \(assetCatalog)\n".utf8))
        description = String(digest.hexString.prefix(16))
    }
}
