import Foundation

@testable import LaunchScreenRepair

/// The real file system on a phone that is locked, for an app with the Data Protection
/// capability: the module's files whose paths `protects` picks cannot be opened, created or
/// locked, and fail as iOS fails them then (`EPERM`, ``FileSystemError/isProtectedDataUnavailable``).
/// Everything else, the snapshot folder included, works. Every removal is recorded.
final class LockedDeviceFileSystem: FileSystem, @unchecked Sendable {
    private let base = LocalFileSystem()
    private let protects: @Sendable (URL) -> Bool
    private let lock = NSLock()
    private var _removed: [String] = []
    private var _refused: [String] = []

    /// Locks away every path `protects` picks.
    init(protecting protects: @escaping @Sendable (URL) -> Bool) { self.protects = protects }

    /// Locks away everything under `folder`.
    convenience init(protectingEverythingIn folder: URL) {
        let prefix = folder.standardizedFileURL.path + "/"
        self.init { $0.standardizedFileURL.path.hasPrefix(prefix) }
    }

    /// Every path removed.
    var removed: [String] { lock.withLock { _removed } }
    /// Every operation refused, as `<operation> <path>`.
    var refused: [String] { lock.withLock { _refused } }

    private func check(_ url: URL, _ operation: String) throws(FileSystemError) {
        guard protects(url) else { return }
        lock.withLock { _refused.append("\(operation) \(url.path)") }
        throw FileSystemError(path: url.path, operation: operation, reason: "Operation not permitted", isProtectedDataUnavailable: true)
    }

    func entries(in directory: URL) throws(FileSystemError) -> [DirectoryEntry] { try base.entries(in: directory) }

    func kind(of url: URL) -> FileKind? { base.kind(of: url) }

    func openForReading(_ url: URL) throws(FileSystemError) -> any ReadableFile {
        try check(url, "open")
        return try base.openForReading(url)
    }

    func writeAtomically(_ data: Data, to url: URL) throws(FileSystemError) {
        try check(url, "create")
        try base.writeAtomically(data, to: url)
    }

    func removeItem(at url: URL) throws(FileSystemError) {
        lock.withLock { _removed.append(url.path) }
        try base.removeItem(at: url)
    }

    func createDirectory(at url: URL) throws(FileSystemError) { try base.createDirectory(at: url) }

    func tryLock(_ url: URL) throws(FileSystemError) -> (any FileLock)? {
        try check(url, "open")
        return try base.tryLock(url)
    }

    func setStorageClass(_ storage: StorageClass, of url: URL) throws(FileSystemError) {
        try base.setStorageClass(storage, of: url)
    }

    func openForReading(_ name: String, in folder: OpenFolder) throws(FileSystemError) -> any ReadableFile {
        try check(folder.url(of: name), "open")
        return try base.openForReading(name, in: folder)
    }

    func writeAtomically(_ data: Data, to name: String, in folder: OpenFolder) throws(FileSystemError) {
        try check(folder.url(of: name), "create")
        try base.writeAtomically(data, to: name, in: folder)
    }

    func removeItem(_ name: String, in folder: OpenFolder) throws(FileSystemError) {
        lock.withLock { _removed.append(folder.url(of: name).path) }
        try base.removeItem(name, in: folder)
    }

    func tryLock(_ name: String, in folder: OpenFolder) throws(FileSystemError) -> (any FileLock)? {
        try check(folder.url(of: name), "open")
        return try base.tryLock(name, in: folder)
    }
}
