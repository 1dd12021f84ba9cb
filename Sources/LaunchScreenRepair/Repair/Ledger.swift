import Foundation

/// This module's record of what it wrote: one JSON file in its own folder, written atomically.
public struct Ledger: Codable, Sendable, Hashable {
    /// One snapshot file this module wrote.
    public struct Entry: Codable, Sendable, Hashable {
        /// Lower-case hex MD5 of the bytes written.
        public var md5: String
        /// How many bytes were written.
        public var bytes: Int
        /// The variant written.
        public var variant: String
        /// The variant's layout.
        public var layout: String
        /// The file's orientation (from its pixel size).
        public var orientation: Orientation
        /// The appearance of the variant written.
        public var appearance: Appearance
        /// The file's `stat` identity when its bytes were last written or hashed: while the file
        /// still has it, a launch keeps it without reading it. Absent in older ledgers.
        public var identity: FileIdentity?

        /// Creates an entry value.
        public init(md5: String, bytes: Int, variant: String, layout: String, orientation: Orientation, appearance: Appearance,
                    identity: FileIdentity? = nil) {
            self.md5 = md5
            self.bytes = bytes
            self.variant = variant
            self.layout = layout
            self.orientation = orientation
            self.appearance = appearance
            self.identity = identity
        }
    }

    /// A copy of the system's own bytes for one snapshot file, kept for ``SnapshotRepair/restore(_:fileSystem:)``.
    public struct Backup: Codable, Sendable, Hashable {
        /// The backup's file name in the backup folder.
        public var file: String
        /// Lower-case hex MD5 of the original bytes.
        public var md5: String
        /// How many bytes the original had.
        public var bytes: Int

        /// Creates a backup record.
        public init(file: String, md5: String, bytes: Int) {
            self.file = file
            self.md5 = md5
            self.bytes = bytes
        }
    }

    /// The ledger format version.
    public var schemaVersion: Int
    /// The manifest version last applied.
    public var manifestVersion: String?
    /// The app version last seen.
    public var appVersion: String?
    /// What this module wrote, by snapshot file name.
    public var files: [String: Entry]
    /// Backups of the system's bytes, by snapshot file name.
    public var backups: [String: Backup]
    /// Whether an upgrade placeholder exists (to remove on the next launch).
    public var placeholder: Bool

    /// The format version this library writes.
    public static let currentSchemaVersion = 1

    /// An empty ledger.
    public init() {
        schemaVersion = Self.currentSchemaVersion
        files = [:]
        backups = [:]
        placeholder = false
    }

    /// Reads the ledger; a missing file is an empty ledger, an unreadable one is reported.
    ///
    /// `readFailed` tells an I/O failure (the ledger is there but could not be read: its records
    /// are unknown, so it must not be overwritten) from bytes that are not a ledger (start afresh).
    static func load(from url: URL, fileSystem: some FileSystem) -> (ledger: Ledger, problem: String?, bytesRead: Int, readFailed: Bool) {
        let data: Data
        do { data = try fileSystem.contents(of: url) } catch {
            if fileSystem.kind(of: url) == nil { return (Ledger(), nil, 0, false) }
            return (Ledger(), "\(url.path): ledger unreadable (\(error.description)); nothing written this time", 0, true)
        }
        do {
            let ledger = try LedgerReader.ledger(from: data) ?? JSONDecoder().decode(Ledger.self, from: data)
            guard ledger.schemaVersion == currentSchemaVersion else {
                return (Ledger(), "\(url.path): ledger schema \(ledger.schemaVersion) is not \(currentSchemaVersion); starting afresh", data.count, false)
            }
            return (ledger, nil, data.count, false)
        } catch {
            return (Ledger(), "\(url.path): unreadable ledger (\(error)); starting afresh", data.count, false)
        }
    }

    /// The ledger's JSON: sorted keys, so the same ledger is always the same bytes.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }
}
