import Crypto
import Foundation

/// Variants' bytes for a run with remote layouts: bundled variants from the pack, remote ones
/// from the store's `images/<sha256>.png`, checked against their length and SHA-256 (the run
/// then checks the MD5 too).
struct CombinedVariantSource: VariantSource {
    let pack: any VariantSource
    let images: URL
    let fileSystem: any FileSystem

    func bytes(of variant: LaunchManifest.Variant) throws(LaunchPackError) -> Data {
        guard variant.offset == nil, let sha256 = variant.sha256 else { return try pack.bytes(of: variant) }
        let url = images.appendingPathComponent("\(sha256).png")
        let data: Data
        do { data = try fileSystem.contents(of: url) } catch {
            throw .unreadable(url.path, "remote image of variant \(variant.id): \(error.reason)")
        }
        guard data.count == variant.length, SHA256Hex.of(data) == sha256 else {
            throw .unreadable(url.path, "remote image of variant \(variant.id) does not match its length and SHA-256")
        }
        return data
    }
}
