import Foundation

/// PNG bytes: synthetic ones for tests, and the size read back from any PNG.
public enum PNGBytes {
    /// A PNG signature, a real IHDR of `width` × `height`, the tEXt chunks of `marks` (the
    /// generator's mark, for one), a tEXt comment holding `text` and `padding` spaces, which
    /// makes each image's bytes unique, and IEND; every CRC zero. Enough for the header probe;
    /// the runtime never decodes PNG pixels.
    public static func synthetic(width: Int, height: Int, text: String, marks: [[UInt8]] = [], padding: Int = 0) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0])
        for mark in marks { bytes += chunk("tEXt", mark) }
        bytes += chunk("tEXt", Array("Comment\u{0}\(text)".utf8) + [UInt8](repeating: 0x20, count: padding))
        bytes += chunk("IEND", [])
        return Data(bytes)
    }

    /// Width and height from a PNG's IHDR chunk, checking the signature and chunk type.
    public static func size(of data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count >= 24, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        func u32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (u32(16), u32(20))
    }

    /// A chunk: length, type, payload and a zero CRC.
    private static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        bigEndian(payload.count) + Array(type.utf8) + payload + [0, 0, 0, 0]
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
