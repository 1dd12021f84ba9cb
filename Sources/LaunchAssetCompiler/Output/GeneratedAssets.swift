import Crypto
import Foundation
import LaunchScreenRepair

/// Everything one render produces, described before anything is written: the manifest in
/// memory, the PNGs on disk where the render left them.
public struct GeneratedAssets: Sendable {
    public var manifest: LaunchManifest
    /// The pack file: its header, then each distinct PNG once, copied from the rendered files
    /// when it is written.
    public var pack: FileContents
    /// Each variant's PNG, in manifest order.
    public var images: [RenderedImage]
    /// How many of `images` came from the render cache rather than librsvg.
    public var cachedImages = 0

    /// Lays the PNGs out in a pack (identical bytes stored once) and stamps the manifest.
    /// `devices` supplies the hardware model identifiers of the devices the variants name.
    public init(layouts: [SeasonalLayout], variants: [PlannedVariant], images: [RenderedImage], packName: String, devices: [Device] = []) {
        self.init(
            layouts: layouts.map(\.manifestEntry), variants: variants.map(\.manifestEntry), images: images,
            packName: packName, models: Self.models(of: variants, among: devices)
        )
    }

    /// Lays the PNGs out in a pack and stamps the manifest, from manifest entries whose `md5`,
    /// `offset` and `length` are not known yet (a merge of partial renders).
    public init(
        layouts: [LaunchManifest.Layout], variants: [LaunchManifest.Variant], images: [RenderedImage], packName: String,
        models: [String: String]
    ) {
        // The stamp has a fixed length, so the header length (and every offset) is known before the stamp is.
        let headerLength = LaunchPack.headerLength(version: String(repeating: "0", count: Self.stampLength))
        var offsets: [String: Int] = [:]
        var distinct: [RenderedImage] = []
        var packLength = headerLength
        var entries: [LaunchManifest.Variant] = []
        for (variant, image) in zip(variants, images) {
            if offsets[image.md5] == nil {
                offsets[image.md5] = packLength
                distinct.append(image)
                packLength += image.length
            }
            var entry = variant
            entry.md5 = image.md5
            entry.offset = offsets[image.md5]!
            entry.length = image.length
            entries.append(entry)
        }
        var manifest = LaunchManifest(
            version: "", generator: GeneratorVersion.manifestName, pack: packName, layouts: layouts, variants: entries, models: models
        )
        manifest.version = Self.stamp(of: manifest)
        self.manifest = manifest
        self.pack = FileContents(
            [.bytes(LaunchPack.header(version: manifest.version, bodyLength: packLength - headerLength))]
                + distinct.map { .file($0.file, length: $0.length) })
        self.images = images
    }

    /// Hardware model identifier → catalog id, for the devices among `devices` that `variants` name.
    public static func models(of variants: [PlannedVariant], among devices: [Device]) -> [String: String] {
        let named = Set(variants.flatMap(\.devices))
        var models: [String: String] = [:]
        for device in devices where named.contains(device.id) {
            for model in device.models { models[model] = device.id }
        }
        return models
    }

    /// `manifest.json`: pretty-printed with sorted keys, so equal manifests give equal bytes.
    public var manifestJSON: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain Codable values of strings and integers cannot fail.
        return (try! encoder.encode(manifest)) + Data("\n".utf8)
    }

    static let stampLength = 16

    /// The first hex digits of the SHA-256 of the manifest's JSON without its version.
    static func stamp(of manifest: LaunchManifest) -> String {
        var unstamped = manifest
        unstamped.version = ""
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let digest = SHA256.hash(data: try! encoder.encode(unstamped))
        return String(digest.hexString.prefix(stampLength))
    }
}

extension PlannedVariant {
    /// The variant's manifest entry before it is rendered: no `md5`, `offset` or `length` yet.
    var manifestEntry: LaunchManifest.Variant {
        LaunchManifest.Variant(
            id: id, layout: layout, width: pixels.width, height: pixels.height, orientation: orientation,
            appearance: appearance, idiom: idiom, devices: devices, md5: "", offset: 0, length: 0, window: window
        )
    }
}
