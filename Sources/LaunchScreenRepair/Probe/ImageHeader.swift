/// The container formats found in (or written to) the launch-snapshot folder.
package enum ImageFormat: String, Codable, Sendable, Hashable, CaseIterable {
    /// Apple's private `AAPL` container (ASTC payload, usually LZFSE-compressed).
    case aapl
    /// Khronos KTX 1.1, either byte order.
    case ktx
    /// Khronos KTX 2.0.
    case ktx2
    /// PNG: what LaunchAssets writes.
    case png
    /// JPEG (baseline, progressive, lossless or arithmetic).
    case jpeg
}

/// What a file's header says: its container format and stored pixel size.
package struct ImageHeader: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The container format.
    package var format: ImageFormat
    /// Width in pixels, as stored (EXIF orientation is not applied).
    package var width: Int
    /// Height in pixels, as stored.
    package var height: Int

    /// Creates a header value.
    package init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Landscape when wider than tall, otherwise portrait.
    package var orientation: Orientation { width > height ? .landscape : .portrait }

    /// `<format>\t<width>x<height>`, the `probe` command's line format after the path.
    package var description: String { "\(format.rawValue)\t\(width)x\(height)" }
}

/// Why a header could not be read. Carries the file and the byte offset where it went wrong.
package struct ImageHeaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    package enum Reason: Sendable, Hashable {
        /// The file holds no bytes at all.
        case empty
        /// The file ended before the header did: `needed` bytes were required at `offset`.
        case truncated(needed: Int)
        /// The leading bytes match none of the known signatures.
        case unknownFormat(leadingBytes: [UInt8])
        /// The header is present but inconsistent.
        case malformed(String)
        /// The file could not be opened or read.
        case unreadable(String)
    }

    /// The file's path, when the probe was given one.
    package var path: String?
    /// The byte offset in the file where the problem was found.
    package var offset: Int
    /// What went wrong.
    package var reason: Reason

    /// Creates an error value.
    package init(path: String? = nil, offset: Int, reason: Reason) {
        self.path = path
        self.offset = offset
        self.reason = reason
    }

    /// The reason with its place, without the path: `truncated at byte 24 (8 more bytes needed)`.
    package var summary: String {
        switch reason {
        case .empty: "empty file"
        case .truncated(let needed): "truncated at byte \(offset) (\(needed) more bytes needed)"
        case .unknownFormat(let bytes):
            "unknown format (leading bytes \(bytes.map { Self.hex($0) }.joined(separator: " ")))"
        case .malformed(let text): "malformed header at byte \(offset): \(text)"
        case .unreadable(let text): "unreadable: \(text)"
        }
    }

    /// `<path>: <summary>`.
    package var description: String { path.map { "\($0): \(summary)" } ?? summary }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
