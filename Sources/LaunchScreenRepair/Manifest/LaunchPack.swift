import Foundation

/// A file that holds variants' PNG bytes back to back: the whole pack, or one idiom's window of
/// it (the data set an asset catalog gives each device).
///
/// Layout, integers little-endian: ``LaunchPack/magic`` (8 bytes), the format version (UInt32),
/// the length of the version stamp (UInt32), the body's offset and length (UInt64 each), the
/// stamp (UTF-8), then the body. Every ``LaunchManifest/Variant/offset`` counts in the whole
/// pack; the body offset says where in that numbering this file's body begins, so a window holds
/// the variants whose bytes fall inside it. One opaque file on purpose: Xcode recompresses `.png` resources, which
/// would break the MD5 table.
package struct LaunchPack: Sendable {
    /// `LPAK\r\n\u{1A}\n`: a name, then bytes that text-mode transfers would mangle.
    package static let magic: [UInt8] = [0x4C, 0x50, 0x41, 0x4B, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The format this library writes and reads.
    package static let formatVersion = 2

    /// Where the pack was opened from: a file path, or an asset catalog data set's name.
    package let name: String
    /// The manifest version stamp the pack was written for.
    package let version: String
    /// The whole-pack offsets this file's body covers.
    package let body: Range<Int>
    private let storage: Storage
    private let headerLength: Int

    /// Where the bytes are.
    private enum Storage: Sendable {
        case file(URL)
        case memory(Data)
    }

    /// Opens a pack file, reading its header only.
    package init(contentsOf url: URL) throws(LaunchPackError) {
        let file = try Self.open(url)
        defer { file.close() }
        try self.init(name: url.path, storage: .file(url)) { offset, count in
            (try? file.bytes(at: offset, count: count)).flatMap { $0.count == count ? $0 : nil }
        }
    }

    /// A pack held in memory, e.g. the data of an asset catalog data set named `name`.
    package init(data: Data, name: String) throws(LaunchPackError) {
        try self.init(name: name, storage: .memory(data)) { offset, count in
            offset + count <= data.count ? [UInt8](data[data.startIndex + offset..<data.startIndex + offset + count]) : nil
        }
    }

    /// Opens a pack file and checks that it was written for `manifest`.
    package init(contentsOf url: URL, for manifest: LaunchManifest) throws(LaunchPackError) {
        try self.init(contentsOf: url)
        try check(manifest)
    }

    /// A pack in memory, checked against `manifest`.
    package init(data: Data, name: String, for manifest: LaunchManifest) throws(LaunchPackError) {
        try self.init(data: data, name: name)
        try check(manifest)
    }

    /// Reads the header through `read`, which gives exactly the bytes asked for or `nil`.
    private init(name: String, storage: Storage, read: (Int, Int) -> [UInt8]?) throws(LaunchPackError) {
        guard let fixed = read(0, Self.fixedHeaderLength), Array(fixed.prefix(8)) == Self.magic else { throw .notAPack(name) }
        let format = Int(ByteOrder.little.uint32(fixed, at: 8))
        guard format == Self.formatVersion else { throw .format(name, format) }
        let stampLength = Int(ByteOrder.little.uint32(fixed, at: 12))
        let bodyOffset = ByteOrder.little.uint64(fixed, at: 16)
        let bodyLength = ByteOrder.little.uint64(fixed, at: 24)
        let limit = UInt64(Int32.max) * 1024
        guard stampLength > 0, stampLength <= 256, bodyOffset <= limit, bodyLength <= limit,
            let stamp = read(Self.fixedHeaderLength, stampLength), let version = String(bytes: stamp, encoding: .utf8)
        else { throw .notAPack(name) }
        self.name = name
        self.storage = storage
        self.version = version
        self.body = Int(bodyOffset)..<Int(bodyOffset + bodyLength)
        self.headerLength = Self.fixedHeaderLength + stampLength
    }

    /// Magic, format, stamp length, body offset and body length.
    private static let fixedHeaderLength = 32

    private func check(_ manifest: LaunchManifest) throws(LaunchPackError) {
        guard version == manifest.version else { throw .versionMismatch(name, pack: version, manifest: manifest.version) }
    }

    /// Whether this pack holds the variant's bytes (a window holds its idiom's only).
    package func contains(_ variant: LaunchManifest.Variant) -> Bool {
        guard let range = variant.packRange else { return false }
        return body.lowerBound <= range.lowerBound && range.upperBound <= body.upperBound
    }

    /// Reads one variant's PNG bytes.
    package func bytes(of variant: LaunchManifest.Variant) throws(LaunchPackError) -> Data {
        guard let offset = variant.offset, contains(variant) else { throw .notInPack(name, variant.id) }
        let position = offset - body.lowerBound + headerLength
        switch storage {
        case .memory(let data):
            guard position + variant.length <= data.count else { throw .truncated(name, variant.id) }
            return data.subdata(in: data.startIndex + position..<data.startIndex + position + variant.length)
        case .file(let url):
            let file = try Self.open(url)
            defer { file.close() }
            let bytes: [UInt8]
            do { bytes = try file.bytes(at: position, count: variant.length) } catch {
                throw .unreadable(name, error.description)
            }
            guard bytes.count == variant.length else { throw .truncated(name, variant.id) }
            return Data(bytes)
        }
    }

    /// Opens the pack with `pread` access; a symbolic link is followed (the pack is the app's own file).
    private static func open(_ url: URL) throws(LaunchPackError) -> LocalReadableFile {
        do { return try LocalFileSystem.openFile(url, flags: 0).0 } catch {
            throw .unreadable(url.path, error.reason)
        }
    }

    /// The length of the header for a version stamp: where the whole pack's body begins.
    package static func headerLength(version: String) -> Int { fixedHeaderLength + version.utf8.count }

    /// The header of a whole pack whose body has `bodyLength` bytes.
    package static func header(version: String, bodyLength: Int) -> Data {
        let start = headerLength(version: version)
        return header(version: version, body: start..<start + bodyLength)
    }

    /// The header of a pack for the given version stamp whose body holds `body` of the whole
    /// pack's offsets (the whole pack's: from ``headerLength(version:)`` to its end).
    package static func header(version: String, body: Range<Int>) -> Data {
        var data = Data(magic)
        let stamp = Data(version.utf8)
        for value in [UInt32(formatVersion), UInt32(stamp.count)] {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        for value in [UInt64(body.lowerBound), UInt64(body.count)] {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        data.append(stamp)
        return data
    }
}

/// Why a pack could not be opened or read.
public enum LaunchPackError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The app's resources hold no pack of this name.
    case notFound(String)
    /// The file could not be read.
    case unreadable(String, String)
    /// Not a launch pack (bad magic or header).
    case notAPack(String)
    /// A pack of another format version.
    case format(String, Int)
    /// The pack was written for another manifest.
    case versionMismatch(String, pack: String, manifest: String)
    /// The pack ends inside the variant's bytes.
    case truncated(String, String)
    /// The variant's bytes are not in this pack: another idiom's, or a remote layout's.
    case notInPack(String, String)

    public var description: String {
        switch self {
        case .notFound(let name): "\(name): the pack is not in the bundle"
        case .unreadable(let path, let reason): "\(path): cannot read the pack: \(reason)"
        case .notAPack(let path): "\(path): not a launch pack (bad magic or header)"
        case .format(let path, let format):
            "\(path): pack format \(format) is not \(LaunchPack.formatVersion): render it again with this version of launch-assets"
        case .versionMismatch(let path, let pack, let manifest):
            "\(path): pack version \(pack) does not match manifest version \(manifest)"
        case .truncated(let path, let variant): "\(path): the pack ends inside variant \(variant)"
        case .notInPack(let path, let variant): "\(path): variant \(variant) is not in this pack (another idiom's, or a remote layout's)"
        }
    }
}
