import Foundation

/// The single file that holds every variant's PNG bytes back to back.
///
/// Layout: ``LaunchPack/magic`` (8 bytes), the schema version (UInt32, little-endian), the
/// length of the version stamp (UInt32, little-endian), the stamp (UTF-8), then the PNG bytes.
/// Each ``LaunchManifest/Variant`` gives its `offset` from the start of the file and its `length`.
/// One opaque file on purpose: Xcode recompresses `.png` resources, which would break the MD5 table.
public struct LaunchPack: Sendable {
    /// `LPAK\r\n\u{1A}\n`: a name, then bytes that text-mode transfers would mangle.
    public static let magic: [UInt8] = [0x4C, 0x50, 0x41, 0x4B, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Where the pack was opened from.
    public let url: URL
    /// The manifest version stamp the pack was written for.
    public let version: String
    /// The pack's schema version.
    public let schemaVersion: Int

    /// Opens a pack, reading its header only.
    public init(contentsOf url: URL) throws(LaunchPackError) {
        let file = try Self.open(url)
        defer { file.close() }
        let fixed = (try? file.bytes(at: 0, count: 16)) ?? []
        guard fixed.count == 16, Array(fixed.prefix(8)) == Self.magic else {
            throw .notAPack(url.path)
        }
        let schema = ByteOrder.little.uint32(fixed, at: 8)
        let stampLength = ByteOrder.little.uint32(fixed, at: 12)
        guard stampLength > 0, stampLength <= 256, let stamp = try? file.bytes(at: 16, count: Int(stampLength)),
            stamp.count == Int(stampLength), let version = String(data: Data(stamp), encoding: .utf8)
        else { throw .notAPack(url.path) }
        self.url = url
        self.version = version
        self.schemaVersion = Int(schema)
    }

    /// Opens a pack and checks that it was written for `manifest`.
    public init(contentsOf url: URL, for manifest: LaunchManifest) throws(LaunchPackError) {
        try self.init(contentsOf: url)
        guard version == manifest.version else {
            throw .versionMismatch(url.path, pack: version, manifest: manifest.version)
        }
    }

    /// Reads one variant's PNG bytes.
    public func bytes(of variant: LaunchManifest.Variant) throws(LaunchPackError) -> Data {
        let file = try Self.open(url)
        defer { file.close() }
        let bytes: [UInt8]
        do { bytes = try file.bytes(at: variant.offset, count: variant.length) } catch {
            throw .unreadable(url.path, error.description)
        }
        guard bytes.count == variant.length else { throw .truncated(url.path, variant.id) }
        return Data(bytes)
    }

    /// Opens the pack with `pread` access; a symbolic link is followed (the pack is the app's own file).
    private static func open(_ url: URL) throws(LaunchPackError) -> LocalReadableFile {
        do { return try LocalFileSystem.openFile(url, flags: 0).0 } catch {
            throw .unreadable(url.path, error.reason)
        }
    }

    /// The header bytes for a pack of the given version stamp.
    public static func header(version: String, schemaVersion: Int = LaunchManifest.currentSchemaVersion) -> Data {
        var data = Data(magic)
        let stamp = Data(version.utf8)
        for value in [UInt32(schemaVersion), UInt32(stamp.count)] {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        data.append(stamp)
        return data
    }
}

/// Why a pack could not be opened or read.
public enum LaunchPackError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(String)
    case unreadable(String, String)
    case notAPack(String)
    case versionMismatch(String, pack: String, manifest: String)
    case truncated(String, String)

    public var description: String {
        switch self {
        case .notFound(let name): "\(name): the pack is not in the bundle"
        case .unreadable(let path, let reason): "\(path): cannot read the pack: \(reason)"
        case .notAPack(let path): "\(path): not a launch pack (bad magic or header)"
        case .versionMismatch(let path, let pack, let manifest):
            "\(path): pack version \(pack) does not match manifest version \(manifest)"
        case .truncated(let path, let variant): "\(path): the pack ends inside variant \(variant)"
        }
    }
}
