import Foundation

@testable import LaunchScreenRepair

/// The real file system, raced by something else with write access to the container: the moment
/// the module gives `folder` its storage class (it has made sure of the folder and is about to
/// write in it), the folder is moved aside and a symbolic link to `outside` takes its place. Once.
final class FolderSwappingFileSystem: FileSystem, @unchecked Sendable {
    private let base = LocalFileSystem()
    private let folder: URL
    private let outside: URL
    private let lock = NSLock()
    private var swapped = false

    /// Swaps `folder` for a link to `outside`.
    init(swapping folder: URL, for outside: URL) {
        self.folder = folder.standardizedFileURL
        self.outside = outside
    }

    /// Where the folder is moved to, beside its old place.
    var movedFolder: URL { folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + ".moved") }

    func setStorageClass(_ storage: StorageClass, of url: URL) throws(FileSystemError) {
        try base.setStorageClass(storage, of: url)
        guard url.standardizedFileURL.path == folder.path else { return }
        let first = lock.withLock { () -> Bool in
            defer { swapped = true }
            return !swapped
        }
        guard first else { return }
        try? FileManager.default.moveItem(at: folder, to: movedFolder)
        try? FileManager.default.createSymbolicLink(at: folder, withDestinationURL: outside)
    }

    func entries(in directory: URL) throws(FileSystemError) -> [DirectoryEntry] { try base.entries(in: directory) }

    func kind(of url: URL) -> FileKind? { base.kind(of: url) }

    func openForReading(_ url: URL) throws(FileSystemError) -> any ReadableFile { try base.openForReading(url) }

    func writeAtomically(_ data: Data, to url: URL) throws(FileSystemError) { try base.writeAtomically(data, to: url) }

    func removeItem(at url: URL) throws(FileSystemError) { try base.removeItem(at: url) }

    func createDirectory(at url: URL) throws(FileSystemError) { try base.createDirectory(at: url) }
}
