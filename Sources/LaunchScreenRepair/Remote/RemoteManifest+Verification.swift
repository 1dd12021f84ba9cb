import Crypto
import Foundation

extension RemoteManifest {
    /// The largest `manifest.json` a fetch reads: a longer one is refused as soon as it goes past.
    package static let sizeLimit = 4 << 20
    /// The largest `manifest.json.sig` a fetch reads (the base64 of 64 bytes is 88 characters).
    static let signatureSizeLimit = 512
    /// The largest image a remote manifest may declare.
    package static let imageSizeLimit = 32 << 20
    /// How far ahead of the device's clock a manifest may be published, in seconds (a day:
    /// clocks disagree). A later one is refused, so that one signed with a wrong time cannot
    /// lock out every manifest after it.
    package static let clockSlack = 86_400
    /// The first `published` value that cannot be seconds (the year 5138): milliseconds by mistake.
    package static let implausiblePublished = 100_000_000_000

    /// Verifies `data` (the exact bytes served) against its detached signature with the app's
    /// key, then decodes it and checks its fields, also against the app's bundled manifest.
    static func verified(
        _ data: Data, signature: Data, publicKey: Curve25519.Signing.PublicKey, url: URL, bundled: LaunchManifest
    ) throws(RemoteFetchError) -> RemoteManifest {
        guard isSigned(data, signature: signature, by: publicKey) else { throw .badSignature(url.absoluteString) }
        return try decode(data, url: url, bundled: bundled)
    }

    /// Whether `signature` (base64, whitespace ignored) is `publicKey`'s signature of `data`.
    static func isSigned(_ data: Data, signature: Data, by publicKey: Curve25519.Signing.PublicKey) -> Bool {
        let text = String(decoding: signature, as: UTF8.self).filter { !$0.isWhitespace }
        guard let bytes = Data(base64Encoded: text), bytes.count == 64 else { return false }
        return publicKey.isValidSignature(bytes, for: data)
    }

    /// Decodes a manifest whose signature was verified and checks its fields.
    static func decode(_ data: Data, url: URL, bundled: LaunchManifest) throws(RemoteFetchError) -> RemoteManifest {
        let address = url.absoluteString
        struct Version: Decodable { var schemaVersion: Int }
        if let version = try? JSONDecoder().decode(Version.self, from: data), version.schemaVersion != currentSchemaVersion {
            throw .schema(
                address, "at $.schemaVersion: \(version.schemaVersion) is not \(currentSchemaVersion), the version this app reads")
        }
        let manifest: RemoteManifest
        do { manifest = try JSONDecoder().decode(RemoteManifest.self, from: data) } catch let error as DecodingError {
            throw .malformed(address, error.placeDescription)
        } catch {
            throw .malformed(address, "\(error)")
        }
        try manifest.check(address, bundled: bundled)
        return manifest
    }

    /// The rules a decoded manifest must follow; a broken one names its JSON path.
    private func check(_ address: String, bundled: LaunchManifest) throws(RemoteFetchError) {
        func fail(_ path: String, _ reason: String) -> RemoteFetchError { .schema(address, "at $\(path): \(reason)") }
        guard published > 0 else { throw fail(".published", "\(published) is not a time after 1970") }
        guard published < Self.implausiblePublished else {
            throw fail(".published", "\(published) is not seconds since 1970 (milliseconds?)")
        }
        var layoutIDs = Set<String>()
        for (index, layout) in layouts.enumerated() {
            guard !layout.id.isEmpty else { throw fail(".layouts[\(index)].id", "empty") }
            guard layoutIDs.insert(layout.id).inserted else { throw fail(".layouts[\(index)].id", "\"\(layout.id)\" appears twice") }
        }
        // A bundled layout this manifest does not replace keeps its variants: their ids must stay unique.
        let bundledIDs = Set(bundled.variants.lazy.filter { !layoutIDs.contains($0.layout) }.map(\.id))
        var variantIDs = Set<String>()
        var images: [String: (md5: String, length: Int)] = [:]
        for (index, variant) in variants.enumerated() {
            let path = ".variants[\(index)]"
            guard variantIDs.insert(variant.id).inserted, !bundledIDs.contains(variant.id) else {
                throw fail("\(path).id", "\"\(variant.id)\" is used twice (here or by the app's bundled manifest)")
            }
            guard layoutIDs.contains(variant.layout) else {
                throw fail("\(path).layout", "no layout \"\(variant.layout)\" in this manifest")
            }
            guard variant.width > 0, variant.height > 0 else { throw fail(path, "size \(variant.width)x\(variant.height)") }
            guard let sha256 = variant.sha256, Self.isHex(sha256, count: 64) else {
                throw fail("\(path).sha256", "not 64 lower-case hex digits")
            }
            guard Self.isHex(variant.md5, count: 32) else { throw fail("\(path).md5", "not 32 lower-case hex digits") }
            guard (1...Self.imageSizeLimit).contains(variant.length) else {
                throw fail("\(path).length", "\(variant.length) is not between 1 and \(Self.imageSizeLimit)")
            }
            guard variant.offset == nil else { throw fail("\(path).offset", "a remote variant has no pack offset") }
            if let image = images[sha256], image != (variant.md5, variant.length) {
                throw fail(path, "the image \(sha256) has another MD5 or length in an earlier variant")
            }
            images[sha256] = (variant.md5, variant.length)
        }
    }

    private static func isHex(_ text: String, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
