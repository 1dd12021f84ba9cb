import Foundation

/// Reads a snapshot's container format and pixel size from its header alone.
///
/// Supports Apple's `AAPL` container, KTX 1.1 (both byte orders), KTX 2.0, PNG and JPEG. JPEG is
/// read by walking its segments to the first frame header (SOFn), so an EXIF thumbnail inside an
/// APP1 segment is skipped, never mistaken for the image. Broken, truncated, empty or unknown
/// input is a typed ``ImageHeaderError``, never a guessed size.
package enum ImageHeaderProbe {
    /// `AAPL\r\n\u{1A}\n`.
    package static let aaplSignature: [UInt8] = [0x41, 0x41, 0x50, 0x4C, 0x0D, 0x0A, 0x1A, 0x0A]
    /// `«KTX 11»\r\n\u{1A}\n`.
    package static let ktx1Signature: [UInt8] = [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x31, 0x31, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A]
    /// `«KTX 20»\r\n\u{1A}\n`.
    package static let ktx2Signature: [UInt8] = [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A]
    /// `\u{89}PNG\r\n\u{1A}\n`.
    package static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The largest width or height accepted; anything larger is a broken header.
    package static let maximumDimension = 1 << 20

    /// Probes the file at `url` (never following a symbolic link), reading only its header.
    package static func probe(fileAt url: URL) throws(ImageHeaderError) -> ImageHeader {
        let file: any ReadableFile
        do { file = try LocalFileSystem().openForReading(url) } catch {
            throw ImageHeaderError(path: url.path, offset: 0, reason: .unreadable(error.reason))
        }
        defer { file.close() }
        do { return try probe(file) } catch {
            var located = error
            located.path = url.path
            throw located
        }
    }

    /// Probes any byte source, reading only the bytes the header needs.
    package static func probe(_ source: some ByteSource) throws(ImageHeaderError) -> ImageHeader {
        var reader = HeaderReader(source: source)
        guard source.count > 0 else { throw ImageHeaderError(offset: 0, reason: .empty) }
        let lead = try reader.read(at: 0, count: min(12, source.count), exactly: false)
        if lead.starts(with: aaplSignature) { return try aapl(&reader) }
        if lead.starts(with: ktx1Signature) { return try ktx1(&reader) }
        if lead.starts(with: ktx2Signature) { return try ktx2(&reader) }
        if lead.starts(with: pngSignature) { return try png(&reader) }
        if lead.starts(with: [0xFF, 0xD8]) { return try jpeg(&reader) }
        // A short file that is a prefix of a signature is truncated, not unknown.
        for signature in [aaplSignature, ktx1Signature, ktx2Signature, pngSignature]
        where lead.count < signature.count && signature.starts(with: lead) {
            throw ImageHeaderError(offset: lead.count, reason: .truncated(needed: signature.count - lead.count))
        }
        throw ImageHeaderError(offset: 0, reason: .unknownFormat(leadingBytes: Array(lead.prefix(8))))
    }

    // MARK: - Formats

    /// `AAPL` container: chunks of (u32 length, 4-byte tag, body) after the 8-byte signature;
    /// the first is `HEAD`, whose width and height sit at file offsets 0x28 and 0x2C.
    private static func aapl<S: ByteSource>(_ reader: inout HeaderReader<S>) throws(ImageHeaderError) -> ImageHeader {
        let head = try reader.read(at: 0, count: 0x30)
        let length = ByteOrder.little.uint32(head, at: 8)
        guard String(decoding: head[12..<16], as: UTF8.self).uppercased() == "HEAD" else {
            throw ImageHeaderError(offset: 12, reason: .malformed("first chunk is not HEAD"))
        }
        guard length >= 0x20 else {
            throw ImageHeaderError(offset: 8, reason: .malformed("HEAD chunk of \(length) bytes is too short"))
        }
        return try checked(
            .aapl, width: ByteOrder.little.uint32(head, at: 0x28), widthOffset: 0x28,
            height: ByteOrder.little.uint32(head, at: 0x2C), heightOffset: 0x2C)
    }

    /// KTX 1.1: endianness word at 0x0C, pixelWidth at 0x24, pixelHeight at 0x28.
    private static func ktx1<S: ByteSource>(_ reader: inout HeaderReader<S>) throws(ImageHeaderError) -> ImageHeader {
        let head = try reader.read(at: 0, count: 64)
        let order = try ktx1ByteOrder(head)
        let height = order.uint32(head, at: 0x28)
        // pixelHeight 0 marks a 1D texture: one row.
        return try checked(
            .ktx, width: order.uint32(head, at: 0x24), widthOffset: 0x24,
            height: height == 0 ? 1 : height, heightOffset: 0x28)
    }

    /// The byte order named by a KTX 1.1 endianness word.
    static func ktx1ByteOrder(_ head: [UInt8]) throws(ImageHeaderError) -> ByteOrder {
        switch ByteOrder.little.uint32(head, at: 0x0C) {
        case 0x0403_0201: return .little
        case 0x0102_0304: return .big
        case let other:
            throw ImageHeaderError(
                offset: 0x0C, reason: .malformed("endianness word 0x\(String(other, radix: 16)) is neither 0x04030201 nor its byte swap"))
        }
    }

    /// KTX 2.0: pixelWidth at 0x14, pixelHeight at 0x18 (0 for 1D textures).
    private static func ktx2<S: ByteSource>(_ reader: inout HeaderReader<S>) throws(ImageHeaderError) -> ImageHeader {
        let head = try reader.read(at: 0, count: 0x30)
        let height = ByteOrder.little.uint32(head, at: 0x18)
        return try checked(
            .ktx2, width: ByteOrder.little.uint32(head, at: 0x14), widthOffset: 0x14,
            height: height == 0 ? 1 : height, heightOffset: 0x18)
    }

    /// PNG: the first chunk must be a 13-byte `IHDR`; width and height are big-endian.
    private static func png<S: ByteSource>(_ reader: inout HeaderReader<S>) throws(ImageHeaderError) -> ImageHeader {
        let head = try reader.read(at: 0, count: 24)
        guard Array(head[12..<16]) == Array("IHDR".utf8) else {
            throw ImageHeaderError(offset: 12, reason: .malformed("first chunk is not IHDR"))
        }
        guard ByteOrder.big.uint32(head, at: 8) == 13 else {
            throw ImageHeaderError(offset: 8, reason: .malformed("IHDR length is not 13"))
        }
        return try checked(
            .png, width: ByteOrder.big.uint32(head, at: 16), widthOffset: 16,
            height: ByteOrder.big.uint32(head, at: 20), heightOffset: 20)
    }

    /// JPEG: walks the marker segments from SOI to the first SOFn (C0–CF except C4, C8, CC),
    /// skipping every segment by its length, so nothing inside an APP1/EXIF segment is read.
    private static func jpeg<S: ByteSource>(_ reader: inout HeaderReader<S>) throws(ImageHeaderError) -> ImageHeader {
        var offset = 2
        while true {
            // A marker is 0xFF, optionally more 0xFF fill bytes, then the code.
            let start = offset
            var marker = try reader.read(at: offset, count: 2)
            guard marker[0] == 0xFF else {
                throw ImageHeaderError(
                    offset: offset, reason: .malformed("expected a marker (0xFF), found 0x\(String(marker[0], radix: 16))"))
            }
            while marker[1] == 0xFF {
                offset += 1
                marker = try reader.read(at: offset, count: 2)
            }
            let code = marker[1]
            offset += 2
            switch code {
            case 0x01, 0xD0...0xD7:
                continue  // standalone markers carry no length
            case 0xD8:
                throw ImageHeaderError(offset: start, reason: .malformed("second SOI before any frame header"))
            case 0xD9, 0xDA:
                throw ImageHeaderError(offset: start, reason: .malformed("\(code == 0xD9 ? "EOI" : "SOS") before any frame header (SOFn)"))
            case 0x00:
                throw ImageHeaderError(offset: start, reason: .malformed("invalid marker 0xFF00"))
            default:
                break
            }
            let lengthBytes = try reader.read(at: offset, count: 2)
            let length = Int(ByteOrder.big.uint16(lengthBytes, at: 0))
            guard length >= 2 else {
                throw ImageHeaderError(offset: offset, reason: .malformed("segment length \(length) is below 2"))
            }
            if (0xC0...0xCF).contains(code), ![0xC4, 0xC8, 0xCC].contains(code) {
                guard length >= 8 else {
                    throw ImageHeaderError(offset: offset, reason: .malformed("SOF segment length \(length) is below 8"))
                }
                let frame = try reader.read(at: offset + 2, count: 5)
                let height = ByteOrder.big.uint16(frame, at: 1)
                let width = ByteOrder.big.uint16(frame, at: 3)
                guard height != 0 else {
                    throw ImageHeaderError(offset: offset + 3, reason: .malformed("frame height 0 (defined later by DNL) is not supported"))
                }
                return try checked(
                    .jpeg, width: UInt32(width), widthOffset: offset + 5,
                    height: UInt32(height), heightOffset: offset + 3)
            }
            offset += length
        }
    }

    private static func checked(
        _ format: ImageFormat, width: UInt32, widthOffset: Int,
        height: UInt32, heightOffset: Int
    ) throws(ImageHeaderError) -> ImageHeader {
        for (value, offset, name) in [(width, widthOffset, "width"), (height, heightOffset, "height")] {
            guard value > 0, value <= UInt32(maximumDimension) else {
                throw ImageHeaderError(offset: offset, reason: .malformed("\(name) \(value) is out of range 1...\(maximumDimension)"))
            }
        }
        return ImageHeader(format: format, width: Int(width), height: Int(height))
    }
}

/// Reads exact ranges from a source and turns short reads into ``ImageHeaderError``.
struct HeaderReader<Source: ByteSource> {
    let source: Source
    /// How many bytes were read so far.
    private(set) var bytesRead = 0

    init(source: Source) { self.source = source }

    mutating func read(at offset: Int, count: Int, exactly: Bool = true) throws(ImageHeaderError) -> [UInt8] {
        let bytes: [UInt8]
        do { bytes = try source.bytes(at: offset, count: count) } catch {
            throw ImageHeaderError(offset: error.offset, reason: .unreadable(error.reason))
        }
        bytesRead += bytes.count
        if exactly, bytes.count < count {
            throw ImageHeaderError(offset: offset + bytes.count, reason: .truncated(needed: count - bytes.count))
        }
        return bytes
    }
}
