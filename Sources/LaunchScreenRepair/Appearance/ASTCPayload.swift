/// The ASTC 4×4 blocks of a snapshot file, decompressed: what the pixel classifier reads.
package struct ASTCPayload: Sendable, Hashable {
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// 16 bytes per 4×4 block, rows of blocks top to bottom.
    package var blocks: [UInt8]

    /// ceil(width/4) · ceil(height/4) · 16: the size of a complete 4×4 payload.
    package static func expectedSize(width: Int, height: Int) -> Int {
        (width + 3) / 4 * ((height + 3) / 4) * 16
    }

    /// Reads the ASTC 4×4 payload of an `AAPL` container (LZFSE `LZFS` chunk or raw `astc`
    /// chunk), a KTX 1.1 file (plain, or LZFSE under Apple's `Compression_APPLE` key) or an
    /// uncompressed KTX 2.0 file. Anything else, such as PNG, is ``PixelReadError/Reason/notASTC(_:)``.
    package static func read(from source: some ByteSource) throws(PixelReadError) -> ASTCPayload {
        let header: ImageHeader
        do { header = try ImageHeaderProbe.probe(source) } catch {
            if case .unreadable(let reason) = error.reason { throw PixelReadError(offset: error.offset, reason: .unreadable(reason)) }
            throw PixelReadError(offset: error.offset, reason: .header(error.summary))
        }
        let reader = PayloadReader(source: source)
        let expected = expectedSize(width: header.width, height: header.height)
        let blocks: [UInt8]
        switch header.format {
        case .aapl: blocks = try reader.aapl(expected: expected)
        case .ktx: blocks = try reader.ktx1(expected: expected)
        case .ktx2: blocks = try reader.ktx2(expected: expected)
        case .png, .jpeg: throw PixelReadError(offset: 0, reason: .notASTC(header.format.rawValue))
        }
        guard blocks.count == expected else {
            throw PixelReadError(offset: 0, reason: .sizeMismatch(found: blocks.count, expected: expected))
        }
        return ASTCPayload(width: header.width, height: header.height, blocks: blocks)
    }
}

/// The pixels of a snapshot could not be read.
package struct PixelReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    package enum Reason: Sendable, Hashable {
        /// The header itself is broken.
        case header(String)
        /// The payload is not ASTC 4×4 (another texture format, or PNG/JPEG).
        case notASTC(String)
        /// A chunk or field is inconsistent.
        case malformed(String)
        /// The decoded payload has the wrong size.
        case sizeMismatch(found: Int, expected: Int)
        /// The LZFSE stream is broken.
        case compression(LZFSEError)
        /// A read failed.
        case unreadable(String)
    }

    /// Byte offset in the file.
    package var offset: Int
    /// What went wrong.
    package var reason: Reason

    /// Creates an error value.
    package init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }

    /// A one-line explanation with the offset.
    package var description: String {
        switch reason {
        case .header(let text): text
        case .notASTC(let text): "payload is not ASTC 4x4 (\(text))"
        case .malformed(let text): "malformed at byte \(offset): \(text)"
        case .sizeMismatch(let found, let expected): "ASTC payload is \(found) bytes, \(expected) expected"
        case .compression(let error): "at byte \(offset): \(error.description)"
        case .unreadable(let text): "read failed at byte \(offset): \(text)"
        }
    }
}

/// Walks containers to their ASTC payload.
struct PayloadReader<Source: ByteSource> {
    let source: Source

    static var astc4x4Formats: Set<UInt32> { [0x93B0, 0x93D0] }  // GL RGBA / SRGB8_ALPHA8 ASTC 4x4
    static var astc4x4VulkanFormats: Set<UInt32> { [157, 158] }  // VK_FORMAT_ASTC_4x4_UNORM/SRGB_BLOCK

    func read(_ offset: Int, _ count: Int) throws(PixelReadError) -> [UInt8] {
        let bytes: [UInt8]
        do { bytes = try source.bytes(at: offset, count: count) } catch {
            throw PixelReadError(offset: error.offset, reason: .unreadable(error.reason))
        }
        guard bytes.count == count else {
            throw PixelReadError(offset: offset + bytes.count, reason: .malformed("file ends \(count - bytes.count) bytes early"))
        }
        return bytes
    }

    func lzfse(_ stream: [UInt8], at offset: Int, expected: Int) throws(PixelReadError) -> [UInt8] {
        do { return try LZFSEDecoder.decode(stream, limit: expected) } catch {
            throw PixelReadError(offset: offset, reason: .compression(error))
        }
    }

    /// Chunks after the signature: u32 length, 4-byte tag, body. Tags are read without regard
    /// to case: launch snapshots have `astc`, other system snapshots `ASTC`.
    func aapl(expected: Int) throws(PixelReadError) -> [UInt8] {
        var offset = 8
        while offset + 8 <= source.count {
            let chunk = try read(offset, 8)
            let length = Int(ByteOrder.little.uint32(chunk, at: 0))
            let tag = String(decoding: chunk[4..<8], as: UTF8.self)
            let body = offset + 8
            guard body + length <= source.count else {
                throw PixelReadError(offset: offset, reason: .malformed("chunk \(tag) of \(length) bytes runs past the end"))
            }
            switch tag.uppercased() {
            case "HEAD":
                // Only the first HEAD's length is checked by the probe; a later one may be short.
                guard length >= 0x14 else {
                    throw PixelReadError(offset: offset, reason: .malformed("HEAD chunk of \(length) bytes is too short"))
                }
                let head = try read(body, min(length, 0x18))
                let format = ByteOrder.little.uint32(head, at: 0x10)
                guard Self.astc4x4Formats.contains(format) else {
                    throw PixelReadError(offset: body + 0x10, reason: .notASTC("glInternalFormat 0x\(String(format, radix: 16))"))
                }
            case "LZFS":
                guard length >= 4 else { throw PixelReadError(offset: offset, reason: .malformed("LZFS chunk too short")) }
                let size = Int(ByteOrder.little.uint32(try read(body, 4), at: 0))
                guard size <= length - 4 else {
                    throw PixelReadError(offset: body, reason: .malformed("LZFS stream size \(size) exceeds its chunk"))
                }
                return try lzfse(try read(body + 4, size), at: body + 4, expected: expected)
            case "ASTC":
                let skip = length == expected + 4 ? 4 : 0
                return try read(body + skip, length - skip)
            case "END ":
                throw PixelReadError(offset: offset, reason: .malformed("END chunk before any LZFS or astc payload"))
            default:
                break
            }
            offset = body + length
        }
        throw PixelReadError(offset: offset, reason: .malformed("no LZFS or astc chunk"))
    }

    /// KTX 1.1: 64-byte header, key-value data, then u32 imageSize and the first level.
    func ktx1(expected: Int) throws(PixelReadError) -> [UInt8] {
        let head = try read(0, 64)
        let order: ByteOrder
        do { order = try ImageHeaderProbe.ktx1ByteOrder(head) } catch {
            throw PixelReadError(offset: 12, reason: .header(error.summary))
        }
        let format = order.uint32(head, at: 0x1C)
        guard Self.astc4x4Formats.contains(format) else {
            throw PixelReadError(offset: 0x1C, reason: .notASTC("glInternalFormat 0x\(String(format, radix: 16))"))
        }
        let keyValueLength = Int(order.uint32(head, at: 0x3C))
        let keyValues = try read(64, keyValueLength)
        var compressed = false
        var position = 0
        while position + 4 <= keyValues.count {
            let size = Int(order.uint32(keyValues, at: position))
            let start = position + 4
            guard start + size <= keyValues.count else {
                throw PixelReadError(offset: 64 + position, reason: .malformed("key-value pair runs past its block"))
            }
            let pair = keyValues[start..<(start + size)]
            let key = pair.prefix { $0 != 0 }
            if String(decoding: key, as: UTF8.self) == "Compression_APPLE" { compressed = true }
            position = start + (size + 3) / 4 * 4
        }
        let dataOffset = 64 + keyValueLength
        let imageSize = Int(order.uint32(try read(dataOffset, 4), at: 0))
        let available = source.count - dataOffset - 4
        guard imageSize <= available || compressed else {
            throw PixelReadError(offset: dataOffset, reason: .malformed("imageSize \(imageSize) runs past the end"))
        }
        if compressed {
            let stream = try read(dataOffset + 4, available)
            return try lzfse(stream, at: dataOffset + 4, expected: expected)
        }
        return try read(dataOffset + 4, min(imageSize, expected))
    }

    /// KTX 2.0 without supercompression: level 0 from the level index at byte 80.
    func ktx2(expected: Int) throws(PixelReadError) -> [UInt8] {
        let head = try read(0, 104)
        let format = ByteOrder.little.uint32(head, at: 12)
        guard Self.astc4x4VulkanFormats.contains(format) else {
            throw PixelReadError(offset: 12, reason: .notASTC("vkFormat \(format)"))
        }
        let scheme = ByteOrder.little.uint32(head, at: 44)
        guard scheme == 0 else {
            throw PixelReadError(offset: 44, reason: .notASTC("supercompression scheme \(scheme)"))
        }
        let offset = ByteOrder.little.uint64(head, at: 80)
        let length = ByteOrder.little.uint64(head, at: 88)
        guard offset <= UInt64(source.count), length <= UInt64(source.count) - offset else {
            throw PixelReadError(offset: 80, reason: .malformed("level 0 runs past the end"))
        }
        return try read(Int(offset), min(Int(length), expected))
    }
}
