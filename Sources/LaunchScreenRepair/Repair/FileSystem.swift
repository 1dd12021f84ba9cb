import Foundation

/// The file operations the repair engine performs: the seam where tests count writes and
/// inject faults. ``LocalFileSystem`` is the real one.
///
/// Every call works on one path and never follows a symbolic link at its last component.
public protocol FileSystem: Sendable {
    /// The entries of a directory, without following symbolic links (`lstat`).
    func entries(in directory: URL) throws(FileSystemError) -> [DirectoryEntry]
    /// What is at `url` (`lstat`), or `nil` when nothing is.
    func kind(of url: URL) -> FileKind?
    /// Opens a regular file for reading; fails on a symbolic link or anything not a regular file.
    func openForReading(_ url: URL) throws(FileSystemError) -> any ReadableFile
    /// Writes `data` to a temporary file in the same folder, flushes it to disk, renames it over
    /// `url` and flushes the folder: readers see the old bytes or the new, never a mix.
    func writeAtomically(_ data: Data, to url: URL) throws(FileSystemError)
    /// Removes a file or symbolic link (never what a link points to).
    func removeItem(at url: URL) throws(FileSystemError)
    /// Creates a directory and any missing parents.
    func createDirectory(at url: URL) throws(FileSystemError)
}

/// A regular file opened for reading.
public protocol ReadableFile: ByteSource, AnyObject {
    /// The file's identity on its volume (inode number).
    var fileIdentifier: UInt64 { get }
    /// Releases the file; further reads fail.
    func close()
}

/// The kind of a directory entry, as `lstat` reports it.
public enum FileKind: String, Codable, Sendable, Hashable {
    case regular, directory, symbolicLink, other
}

/// One entry of a directory listing.
public struct DirectoryEntry: Sendable, Hashable {
    /// The entry's name in its directory.
    public var name: String
    /// The entry itself, not what a link points to.
    public var kind: FileKind
    /// Its size in bytes (of the link itself for a symbolic link).
    public var size: Int
    /// Its inode number.
    public var fileIdentifier: UInt64

    /// Creates an entry value.
    public init(name: String, kind: FileKind, size: Int, fileIdentifier: UInt64) {
        self.name = name
        self.kind = kind
        self.size = size
        self.fileIdentifier = fileIdentifier
    }
}

/// A file operation failed; names the path and the operation.
public struct FileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path the operation was on.
    public var path: String
    /// The operation: `open`, `read`, `write`, `fsync`, `rename`, `list`, `remove`, `mkdir`.
    public var operation: String
    /// The system's explanation.
    public var reason: String

    /// Creates an error value.
    public init(path: String, operation: String, reason: String) {
        self.path = path
        self.operation = operation
        self.reason = reason
    }

    /// `<path>: <operation> failed: <reason>`.
    public var description: String { "\(path): \(operation) failed: \(reason)" }
}

extension FileSystem {
    /// Reads a whole regular file through this file system.
    public func contents(of url: URL) throws(FileSystemError) -> Data {
        let file = try openForReading(url)
        defer { file.close() }
        do { return Data(try file.bytes(at: 0, count: file.count)) } catch {
            throw FileSystemError(path: url.path, operation: "read", reason: error.description)
        }
    }
}
