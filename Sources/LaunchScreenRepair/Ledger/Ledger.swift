import Foundation

/// This module's record of what it wrote and what it found: one JSON file in its own folder,
/// written atomically.
package struct Ledger: Codable, Sendable, Hashable {
    /// One snapshot file this module wrote.
    package struct Entry: Codable, Sendable, Hashable {
        /// Lower-case hex MD5 of the bytes written.
        package var md5: String
        /// How many bytes were written.
        package var bytes: Int
        /// The variant written.
        package var variant: String
        /// The variant's layout.
        package var layout: String
        /// The slot's orientation: the pixel size of the file the system drew there (a portrait
        /// image may fill a landscape slot).
        package var orientation: Orientation
        /// The appearance of the variant written.
        package var appearance: Appearance
        /// The file's `stat` identity when its bytes were last written or hashed: while the file
        /// still has it, a launch keeps it without reading it. Absent in older ledgers.
        package var identity: FileIdentity?

        /// Creates an entry value.
        package init(
            md5: String, bytes: Int, variant: String, layout: String, orientation: Orientation, appearance: Appearance,
            identity: FileIdentity? = nil
        ) {
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
    package struct Backup: Codable, Sendable, Hashable {
        /// The backup's file name in the backup folder.
        package var file: String
        /// Lower-case hex MD5 of the original bytes.
        package var md5: String
        /// How many bytes the original had.
        package var bytes: Int

        /// Creates a backup record.
        package init(file: String, md5: String, bytes: Int) {
            self.file = file
            self.md5 = md5
            self.bytes = bytes
        }
    }

    /// What was found in a snapshot file this module did not write, remembered by the file's
    /// identity: while the file keeps it, a launch decides from this record and reads nothing
    /// (an appearance that stays unknown is not measured again every launch).
    package struct Observation: Codable, Sendable, Hashable {
        /// The file's `stat` identity when it was inspected.
        package var identity: FileIdentity
        /// Its header, when it could be read.
        package var header: ImageHeader?
        /// Why the header could not be read.
        package var problem: String?
        /// Lower-case hex MD5, when it was computed.
        package var md5: String?
        /// The measured mean luminance (0 black … 1 white), when the pixels could be measured.
        package var luminance: Double?
        /// The measured background colour (the mean of the ASTC void-extent blocks), when the
        /// pixels could be measured so. Absent in older ledgers.
        package var color: LaunchScreenColors.Color?
        /// Why the pixels could not be measured, when they were tried.
        package var pixelProblem: String?

        /// Creates an observation.
        package init(
            identity: FileIdentity, header: ImageHeader? = nil, problem: String? = nil, md5: String? = nil,
            luminance: Double? = nil, color: LaunchScreenColors.Color? = nil, pixelProblem: String? = nil
        ) {
            self.identity = identity
            self.header = header
            self.problem = problem
            self.md5 = md5
            self.luminance = luminance
            self.color = color
            self.pixelProblem = pixelProblem
        }
    }

    /// Replacing a file failed: the next attempts wait (``RetryPolicy``) while the file is unchanged.
    package struct Failure: Codable, Sendable, Hashable {
        /// The file's identity when the attempt failed.
        package var identity: FileIdentity
        /// Failed attempts in a row.
        package var attempts: Int
        /// When the last attempt failed, in seconds since 1970.
        package var failedAt: Int
        /// What went wrong.
        package var reason: String

        /// Creates a failure record.
        package init(identity: FileIdentity, attempts: Int, failedAt: Int, reason: String) {
            self.identity = identity
            self.attempts = attempts
            self.failedAt = failedAt
            self.reason = reason
        }
    }

    /// An image the app put into one slot (``LaunchSlot``) in place of the manifest's variants,
    /// kept in the module's `Overrides/` folder so it is written again whenever the system
    /// redraws that slot.
    package struct Override: Codable, Sendable, Hashable {
        /// The image's file name in the overrides folder.
        package var file: String
        /// Lower-case hex MD5 of the image.
        package var md5: String
        /// Its length in bytes.
        package var bytes: Int
        /// Its header: PNG or JPEG and the pixel size.
        package var header: ImageHeader

        /// Creates an override record.
        package init(file: String, md5: String, bytes: Int, header: ImageHeader) {
            self.file = file
            self.md5 = md5
            self.bytes = bytes
            self.header = header
        }
    }

    /// The ledger format version.
    package var schemaVersion: Int
    /// The manifest version last applied.
    package var manifestVersion: String?
    /// The app version last seen.
    package var appVersion: String?
    /// The language the app ran in at the last run (``RepairEnvironment/language``): a launch in
    /// another one reports the change, and its images are chosen again in the new language.
    package var language: String?
    /// What this module wrote, by snapshot file name.
    package var files: [String: Entry]
    /// Backups of the system's bytes, by snapshot file name.
    package var backups: [String: Backup]
    /// What was found in the files this module did not write, by snapshot file name.
    package var observations: [String: Observation]
    /// Failed replacements waiting to be tried again, by snapshot file name.
    package var failures: [String: Failure]
    /// The app's own images, by slot (``LaunchSlot/key``).
    package var overrides: [String: Override]

    /// The format version this library writes.
    package static let currentSchemaVersion = 1

    /// An empty ledger.
    package init() {
        schemaVersion = Self.currentSchemaVersion
        files = [:]
        backups = [:]
        observations = [:]
        failures = [:]
        overrides = [:]
    }

    /// Decodes a ledger; `language`, `observations`, `failures` and `overrides` are absent in older ledgers.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        manifestVersion = try container.decodeIfPresent(String.self, forKey: .manifestVersion)
        appVersion = try container.decodeIfPresent(String.self, forKey: .appVersion)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        files = try container.decode([String: Entry].self, forKey: .files)
        backups = try container.decode([String: Backup].self, forKey: .backups)
        observations = try container.decodeIfPresent([String: Observation].self, forKey: .observations) ?? [:]
        failures = try container.decodeIfPresent([String: Failure].self, forKey: .failures) ?? [:]
        overrides = try container.decodeIfPresent([String: Override].self, forKey: .overrides) ?? [:]
    }

    /// Whether a restore has work: files this module wrote, or backups to put back.
    var hasSomethingToUndo: Bool { !files.isEmpty || !backups.isEmpty }

    /// A ledger as read from disk.
    struct Loaded {
        /// The ledger, or an empty one when there was none or it could not be used.
        var ledger: Ledger
        /// What was wrong with the file, if anything.
        var problem: RepairReport.Cause?
        /// The file is there but could not be read: its records (the backups) are unknown, so it
        /// must not be overwritten.
        var readFailed: Bool
    }

    /// Reads the ledger; a missing file is an empty ledger, an unreadable one is reported, bytes
    /// that are not a ledger start afresh.
    static func load(from url: URL, fileSystem: some FileSystem) -> Loaded {
        let data: Data
        do { data = try fileSystem.contents(of: url) } catch {
            if fileSystem.kind(of: url) == nil { return Loaded(ledger: Ledger(), readFailed: false) }
            return Loaded(ledger: Ledger(), problem: .ledgerUnreadable(path: url.path, error), readFailed: true)
        }
        do {
            let ledger = try LedgerReader.ledger(from: data) ?? JSONDecoder().decode(Ledger.self, from: data)
            guard ledger.schemaVersion == currentSchemaVersion else {
                return Loaded(ledger: Ledger(), problem: .ledgerSchema(path: url.path, version: ledger.schemaVersion), readFailed: false)
            }
            return Loaded(ledger: ledger, readFailed: false)
        } catch {
            return Loaded(ledger: Ledger(), problem: .ledgerUndecodable(path: url.path, "\(error)"), readFailed: false)
        }
    }

    /// The ledger's JSON: sorted keys, so the same ledger is always the same bytes.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }
}
