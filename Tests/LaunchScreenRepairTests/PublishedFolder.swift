import Crypto
import Foundation

@testable import LaunchScreenRepair

/// A published remote layout folder as `launch-assets publish` writes it: `manifest.json`, the
/// base64 of its detached Ed25519 signature in `manifest.json.sig`, and `images/<sha256>.png`.
///
/// Built here from a ``RemoteManifest`` and swift-crypto: ``publish(_:images:)`` is the one
/// producer the tests use, to be swapped for the CLI's `publish` once it exists.
struct PublishedFolder {
    /// A remote layout to publish: its schedule and the screens it is drawn for.
    struct Layout {
        var id: String
        var schedule: [DateRange]
        var sizes: [TestCatalog.Size]
        var priority = 0
        /// Image bytes per variant (PNG-headed): large enough for several network reads.
        var imageBytes = 200_000
    }

    let url: URL
    let key: Curve25519.Signing.PrivateKey
    /// The images published, by SHA-256.
    private(set) var images: [String: Data] = [:]

    /// The base64 public key an app is built with.
    var publicKey: String { key.publicKey.rawRepresentation.base64EncodedString() }

    init(at url: URL, key: Curve25519.Signing.PrivateKey = Curve25519.Signing.PrivateKey()) throws {
        self.url = url
        self.key = key
        try FileManager.default.createDirectory(at: url.appendingPathComponent("images"), withIntermediateDirectories: true)
    }

    /// The manifest and images for `layouts`, published at `published`.
    static func manifest(
        _ layouts: [Layout], published: Int, enabled: Bool = true, generation: String = ""
    ) -> (RemoteManifest, [String: Data]) {
        var variants: [LaunchManifest.Variant] = []
        var images: [String: Data] = [:]
        for layout in layouts {
            for size in layout.sizes {
                for appearance in Appearance.allCases {
                    let orientation: Orientation = size.width > size.height ? .landscape : .portrait
                    let id =
                        "\(layout.id)-\(size.idiom.rawValue)-\(size.width)x\(size.height)-\(orientation.rawValue)-\(appearance.rawValue)"
                    let png = image(width: size.width, height: size.height, text: id + generation, bytes: layout.imageBytes)
                    let sha256 = SHA256Hex.of(png)
                    images[sha256] = png
                    variants.append(
                        .init(
                            id: id, layout: layout.id, width: size.width, height: size.height, orientation: orientation,
                            appearance: appearance, idiom: size.idiom, devices: size.devices, md5: MD5Digest.hex(of: png),
                            offset: nil, length: png.count, sha256: sha256))
                }
            }
        }
        let manifest = RemoteManifest(
            published: published, enabled: enabled, generator: "tests",
            layouts: layouts.map { .init(id: $0.id, displayName: $0.id, priority: $0.priority, schedule: $0.schedule, delivery: .remote) },
            variants: variants)
        return (manifest, images)
    }

    /// Writes the manifest, its signature and the images: the folder a CDN would serve.
    mutating func publish(_ manifest: RemoteManifest, images: [String: Data]) throws {
        for (sha256, data) in images {
            try data.write(to: url.appendingPathComponent(RemoteManifest.imagePath(sha256: sha256)))
            self.images[sha256] = data
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try publish(manifestBytes: try encoder.encode(manifest))
    }

    /// Writes manifest bytes as they are, signed with this folder's key.
    func publish(manifestBytes: Data) throws {
        try manifestBytes.write(to: url.appendingPathComponent(RemoteManifest.fileName))
        let signature = try key.signature(for: manifestBytes)
        try Data(signature.base64EncodedString().utf8).write(to: url.appendingPathComponent(RemoteManifest.signatureFileName))
    }

    /// Changes a published file's bytes without signing anything.
    func tamper(_ path: String, _ change: (inout Data) -> Void) throws {
        let file = url.appendingPathComponent(path)
        var data = try Data(contentsOf: file)
        change(&data)
        try data.write(to: file)
    }

    /// A PNG signature, its IHDR, the generator's mark, and a chunk of seeded noise up to `bytes`.
    static func image(width: Int, height: Int, text: String, bytes: Int) -> Data {
        var png = TestCatalog.png(width: width, height: height, text: text)
        let iend = png.suffix(12)
        png.removeLast(12)
        var state = text.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 } | 1
        var noise = [UInt8](repeating: 0, count: max(0, bytes - png.count - 24))
        for index in noise.indices {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            noise[index] = UInt8(truncatingIfNeeded: state)
        }
        let length = UInt32(noise.count)
        png.append(contentsOf: [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)])
        png.append(contentsOf: Array("zNse".utf8) + noise + [0, 0, 0, 0])
        png.append(iend)
        return png
    }
}
