import Crypto
import Foundation

/// Lower-case hex MD5, as the manifest's `md5` fields hold it; files are streamed in chunks.
package enum MD5Digest {
    static let chunkSize = 1 << 16

    /// The lower-case hex MD5 of `data`.
    package static func hex(of data: Data) -> String {
        Insecure.MD5.hash(data: data).lowercaseHex
    }

    static func hex(of source: some ByteSource) throws(ByteSourceError) -> String {
        var hasher = Insecure.MD5()
        var offset = 0
        while offset < source.count {
            let chunk = try source.bytes(at: offset, count: min(chunkSize, source.count - offset))
            guard !chunk.isEmpty else { break }
            hasher.update(data: chunk)
            offset += chunk.count
        }
        return hasher.finalize().lowercaseHex
    }
}

extension Sequence<UInt8> {
    /// Lower-case hex, two digits a byte: how digests are written in manifests, ledgers and file names.
    var lowercaseHex: String {
        map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}

/// Counts the bytes read through it.
final class CountingByteSource: ByteSource {
    let base: any ByteSource
    private(set) var bytesRead = 0

    init(_ base: any ByteSource) { self.base = base }

    var count: Int { base.count }

    func bytes(at offset: Int, count: Int) throws(ByteSourceError) -> [UInt8] {
        let bytes = try base.bytes(at: offset, count: count)
        bytesRead += bytes.count
        return bytes
    }
}
