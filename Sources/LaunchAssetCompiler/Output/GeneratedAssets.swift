import Crypto
import Foundation
import LaunchScreenRepair

/// Everything one render produces, in memory, before anything is written.
public struct GeneratedAssets: Sendable {
    public var manifest: LaunchManifest
    /// The pack file's bytes: header, then each distinct PNG once.
    public var pack: Data
    /// Each variant's PNG bytes, in manifest order.
    public var images: [Data]
    /// How many of `images` came from the render cache rather than librsvg.
    public var cachedImages = 0

    /// Lays the PNGs out in a pack (identical bytes stored once) and stamps the manifest.
    /// `devices` supplies the hardware model identifiers of the devices the variants name.
    public init(layouts: [SeasonalLayout], variants: [PlannedVariant], images: [Data], packName: String, devices: [Device] = []) {
        // The stamp has a fixed length, so the header length (and every offset) is known before the stamp is.
        let headerLength = LaunchPack.header(version: String(repeating: "0", count: Self.stampLength)).count
        // Offsets first; the PNG bytes are copied once, into the pack, after the stamp.
        var blobs: [String: (offset: Int, length: Int)] = [:]
        var distinct: [Int] = []
        var packLength = headerLength
        var entries: [LaunchManifest.Variant] = []
        let digests = Self.md5(of: images)
        for (index, (variant, md5)) in zip(variants, digests).enumerated() {
            let png = images[index]
            if blobs[md5] == nil {
                blobs[md5] = (packLength, png.count)
                distinct.append(index)
                packLength += png.count
            }
            entries.append(LaunchManifest.Variant(
                id: variant.id, layout: variant.layout, width: variant.pixels.width, height: variant.pixels.height,
                orientation: variant.orientation, appearance: variant.appearance, idiom: variant.idiom,
                devices: variant.devices, md5: md5, offset: blobs[md5]!.offset, length: png.count
            ))
        }
        let named = Set(variants.flatMap(\.devices))
        var models: [String: String] = [:]
        for device in devices where named.contains(device.id) {
            for model in device.models { models[model] = device.id }
        }
        var manifest = LaunchManifest(
            version: "", generator: GeneratorVersion.manifestName, pack: packName,
            layouts: layouts.map(\.manifestEntry), variants: entries, models: models
        )
        manifest.version = Self.stamp(of: manifest)
        self.manifest = manifest
        var pack = LaunchPack.header(version: manifest.version)
        pack.reserveCapacity(packLength)
        for index in distinct { pack.append(images[index]) }
        self.pack = pack
        // Each image as a slice of the pack, so the rendered buffers can be freed.
        self.images = entries.map { pack[$0.offset..<$0.offset + $0.length] }
    }

    /// The MD5 of each image, as the runtime spells it, on all processors.
    private static func md5(of images: [Data]) -> [String] {
        let digests = UnsafeMutableBufferPointer<String>.allocate(capacity: images.count)
        defer { digests.deinitialize().deallocate() }
        // Each index is written by exactly one iteration.
        nonisolated(unsafe) let shared = digests
        DispatchQueue.concurrentPerform(iterations: images.count) { index in
            (shared.baseAddress! + index).initialize(to: MD5Digest.hex(of: images[index]))
        }
        return Array(digests)
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
