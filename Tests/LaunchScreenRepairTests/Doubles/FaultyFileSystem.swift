import Foundation
import Testing

@testable import LaunchScreenRepair

/// The real file system with one injected failure: the n-th occurrence of one step fails, as an
/// error or as a crash (that call and every later one fail; nothing more reaches the disk).
/// Atomic writes are done here step by step (temporary file, write, fsync, rename) so each can
/// fail on its own; without a fault it counts how often each step happens.
final class FaultyFileSystem: FileSystem, @unchecked Sendable {
    struct Fault: Sendable {
        var step: IOStep
        var occurrence: Int
        var mode: FaultMode
    }

    private let base = LocalFileSystem()
    private let locator: SnapshotLocator
    private let fault: Fault?
    private let lock = NSLock()
    private var counts: [IOStep: Int] = [:]
    private var crashed = false
    private var fired = false

    init(locator: SnapshotLocator, fault: Fault? = nil) {
        self.locator = locator
        self.fault = fault
    }

    /// Whether the fault fired.
    var injected: Bool { lock.withLock { fired } }

    /// How often `step` happened.
    func count(of step: IOStep) -> Int { lock.withLock { counts[step, default: 0] } }

    /// Which occurrences to fail: all of them, or at most 8 spread evenly (first and last
    /// included): reads come by the dozen and fail alike.
    static func injectionPoints(_ occurrences: Int) -> [Int] {
        guard occurrences > 8 else { return Array(0..<occurrences) }
        return Array(Set((0..<8).map { $0 * (occurrences - 1) / 7 })).sorted()
    }

    /// Counts one occurrence of `step`; throws when it is the one to fail, or after a crash.
    /// `interrupted` runs when this very call is the injected one (to leave a half-written file);
    /// after a crash nothing more reaches the disk.
    func pass(_ step: IOStep, _ url: URL, interrupted: (FaultMode) -> Void = { _ in }) throws(FileSystemError) {
        let (mode, now): (FaultMode?, Bool) = lock.withLock {
            if crashed { return (.crash, false) }
            let index = counts[step, default: 0]
            counts[step] = index + 1
            guard let fault, fault.step == step, fault.occurrence == index else { return (nil, false) }
            fired = true
            if fault.mode == .crash { crashed = true }
            return (fault.mode, true)
        }
        guard let mode else { return }
        if now { interrupted(mode) }
        throw FileSystemError(
            path: url.path, operation: step.rawValue,
            reason: mode == .crash ? "process gone (injected crash)" : "Input/output error (injected)")
    }

    func entries(in directory: URL) throws(FileSystemError) -> [DirectoryEntry] {
        try pass(.list, directory)
        return try base.entries(in: directory)
    }

    func kind(of url: URL) -> FileKind? { base.kind(of: url) }

    func openForReading(_ url: URL) throws(FileSystemError) -> any ReadableFile {
        try pass(.open, url)
        return FaultyReadableFile(try base.openForReading(url), url: url, fileSystem: self)
    }

    func writeAtomically(_ data: Data, to url: URL) throws(FileSystemError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent("\(LocalFileSystem.temporaryPrefix)\(UUID().uuidString)-\(url.lastPathComponent)")
        let whole: IOStep? =
            url == locator.ledgerFile
            ? .ledgerWrite
            : url == locator.placeholderFile
                ? .placeholderCopy
                : folder.standardizedFileURL == locator.backupFolder.standardizedFileURL ? .backupCopy : nil
        // A failed write leaves half the bytes: removed on an error (as LocalFileSystem does),
        // left behind by a crash.
        let halfWritten: (FaultMode) -> Void = { mode in
            _ = FileManager.default.createFile(atPath: temporary.path, contents: data.prefix(data.count / 2))
            if mode == .error { unlink(temporary.path) }
        }
        let fullyWritten: (FaultMode) -> Void = { mode in if mode == .error { unlink(temporary.path) } }
        if let whole {
            try pass(whole, url, interrupted: halfWritten)
        } else {
            try pass(.write, temporary, interrupted: halfWritten)
        }
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
            throw FileSystemError(path: temporary.path, operation: "write", reason: "could not create")
        }
        if whole == nil {
            try pass(.fsync, temporary, interrupted: fullyWritten)
        }
        if let handle = FileHandle(forWritingAtPath: temporary.path) {
            try? handle.synchronize()
            try? handle.close()
        }
        if whole == nil {
            try pass(.rename, url, interrupted: fullyWritten)
        }
        guard rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw FileSystemError(path: url.path, operation: "rename", reason: String(cString: strerror(errno)))
        }
    }

    func removeItem(at url: URL) throws(FileSystemError) {
        try pass(.remove, url)
        try base.removeItem(at: url)
    }

    func createDirectory(at url: URL) throws(FileSystemError) {
        try pass(.mkdir, url)
        try base.createDirectory(at: url)
    }
}

/// A real open file whose reads pass through the fault file system.
final class FaultyReadableFile: ReadableFile, @unchecked Sendable {
    private let file: any ReadableFile
    private let url: URL
    private let fileSystem: FaultyFileSystem

    init(_ file: any ReadableFile, url: URL, fileSystem: FaultyFileSystem) {
        self.file = file
        self.url = url
        self.fileSystem = fileSystem
    }

    var count: Int { file.count }
    var identity: FileIdentity { file.identity }
    func close() { file.close() }

    func bytes(at offset: Int, count: Int) throws(ByteSourceError) -> [UInt8] {
        do { try fileSystem.pass(.read, url) } catch {
            throw ByteSourceError(offset: offset, reason: error.description)
        }
        return try file.bytes(at: offset, count: count)
    }
}

/// The I/O steps the engine performs, as the fault file system tells them apart.
enum IOStep: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Listing a directory (snapshot folder, module folder, `Backups/`).
    case list
    /// Opening a file for reading (snapshot, ledger, backup, verification).
    case open
    /// One read call on an open file.
    case read
    /// Writing a snapshot file's temporary file.
    case write
    /// Flushing a snapshot file's temporary file.
    case fsync
    /// Renaming the temporary file over the snapshot file.
    case rename
    /// Writing the ledger (atomically).
    case ledgerWrite
    /// Writing a backup of the system's bytes (atomically).
    case backupCopy
    /// Writing the upgrade placeholder (atomically).
    case placeholderCopy
    /// Removing a file (temporary file, placeholder, backup, ledger).
    case remove
    /// Creating a directory.
    case mkdir

    var testDescription: String { rawValue }

    /// Whether the step changes the disk.
    var isMutation: Bool { ![.list, .open, .read].contains(self) }
}

enum FaultMode: String, CaseIterable, Sendable {
    case error, crash
}
