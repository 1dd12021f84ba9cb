import Foundation

/// Random-access bytes: a file opened for reading, or bytes in memory.
///
/// The probe and the pixel readers ask only for the ranges they need, so a header check
/// reads a few dozen bytes, never the whole file.
package protocol ByteSource {
    /// The total number of bytes.
    var count: Int { get }
    /// Up to `count` bytes starting at `offset`; fewer only at the end of the source.
    func bytes(at offset: Int, count: Int) throws(ByteSourceError) -> [UInt8]
}

/// A read failed below the format level (I/O error, file gone).
package struct ByteSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offset of the failed read.
    package var offset: Int
    /// The system's explanation.
    package var reason: String

    /// Creates an error value.
    package init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// `read failed at byte <offset>: <reason>`.
    package var description: String { "read failed at byte \(offset): \(reason)" }
}

/// Bytes already in memory.
package struct InMemoryBytes: ByteSource, Sendable {
    /// The bytes.
    package let data: [UInt8]

    /// Wraps `data`.
    package init(_ data: [UInt8]) { self.data = data }
    /// Wraps `data`.
    package init(_ data: Data) { self.data = [UInt8](data) }

    /// The number of bytes.
    package var count: Int { data.count }

    /// A copy of the requested range, clipped to the end.
    package func bytes(at offset: Int, count: Int) throws(ByteSourceError) -> [UInt8] {
        guard offset >= 0, count >= 0 else { throw ByteSourceError(offset: offset, reason: "negative range") }
        guard offset < data.count else { return [] }
        return Array(data[offset..<min(data.count, offset + count)])
    }
}

/// Little- and big-endian integer reads from byte arrays.
enum ByteOrder: Sendable {
    case little, big

    func uint32(_ bytes: [UInt8], at index: Int) -> UInt32 {
        let b0 = UInt32(bytes[index])
        let b1 = UInt32(bytes[index + 1])
        let b2 = UInt32(bytes[index + 2])
        let b3 = UInt32(bytes[index + 3])
        return self == .little ? b0 | b1 << 8 | b2 << 16 | b3 << 24 : b3 | b2 << 8 | b1 << 16 | b0 << 24
    }

    func uint16(_ bytes: [UInt8], at index: Int) -> UInt16 {
        let b0 = UInt16(bytes[index])
        let b1 = UInt16(bytes[index + 1])
        return self == .little ? b0 | b1 << 8 : b1 | b0 << 8
    }

    func uint64(_ bytes: [UInt8], at index: Int) -> UInt64 {
        let low = UInt64(uint32(bytes, at: index))
        let high = UInt64(uint32(bytes, at: index + 4))
        return self == .little ? low | high << 32 : high | low << 32
    }
}
