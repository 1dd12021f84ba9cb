import Foundation

/// The file operations the repair engine performs: the seam where tests count writes and
/// inject faults. ``LocalFileSystem`` is the real one.
///
/// Every call works on one path and never follows a symbolic link at its last component; a call
/// given an ``OpenFolder`` works relative to the folder's descriptor and follows no link at all.
package protocol FileSystem: Sendable {
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
    /// Takes the exclusive advisory lock of the file at `url` (created when missing) without
    /// waiting: `nil` when someone else holds it. Released by ``FileLock/unlock()``.
    func tryLock(_ url: URL) throws(FileSystemError) -> (any FileLock)?
    /// Copies a regular file to `destination` (replacing it), as cheaply as the file system
    /// allows: on APFS a clone that shares the source's blocks, reading none of them.
    func copyItem(at source: URL, to destination: URL) throws(FileSystemError)
    /// Gives a folder or file of the module's its data-protection class and backup exclusion
    /// (Apple platforms; nothing to do elsewhere).
    func setStorageClass(_ storage: StorageClass, of url: URL) throws(FileSystemError)
    /// ``openForReading(_:)`` of the file `name` in `folder`.
    func openForReading(_ name: String, in folder: OpenFolder) throws(FileSystemError) -> any ReadableFile
    /// ``writeAtomically(_:to:)`` of the file `name` in `folder`: the temporary file, the rename
    /// and the flush all in that folder.
    func writeAtomically(_ data: Data, to name: String, in folder: OpenFolder) throws(FileSystemError)
    /// Removes the file or symbolic link `name` in `folder`: never a folder, never what a link points to.
    func removeItem(_ name: String, in folder: OpenFolder) throws(FileSystemError)
    /// ``tryLock(_:)`` of the file `name` in `folder`.
    func tryLock(_ name: String, in folder: OpenFolder) throws(FileSystemError) -> (any FileLock)?
}

/// An advisory lock held on a file.
package protocol FileLock: AnyObject {
    /// Releases the lock.
    func unlock()
}

/// A regular file opened for reading.
package protocol ReadableFile: ByteSource, AnyObject {
    /// What `fstat` said when the file was opened.
    var identity: FileIdentity { get }
    /// Releases the file; further reads fail.
    func close()
}

/// The kind of a directory entry, as `lstat` reports it.
package enum FileKind: String, Codable, Sendable, Hashable {
    case regular, directory, symbolicLink, other
}

/// One entry of a directory listing.
package struct DirectoryEntry: Sendable, Hashable {
    /// The entry's name in its directory.
    package var name: String
    /// The entry itself, not what a link points to.
    package var kind: FileKind
    /// Its size in bytes (of the link itself for a symbolic link).
    package var size: Int
    /// What `lstat` says about the entry itself.
    package var identity: FileIdentity

    /// Creates an entry value.
    package init(name: String, kind: FileKind, size: Int, identity: FileIdentity) {
        self.name = name
        self.kind = kind
        self.size = size
        self.identity = identity
    }
}

/// A file's `stat` fingerprint: while it is unchanged the bytes are too. Writing changes the
/// modification and status-change times (the latter even when a writer puts the modification
/// time back), an atomic replacement the inode.
///
/// Coded as one string, `<size> <modified> <changed> <inode> <device>`: a keyed object costs a
/// steady launch more to decode than all the rest of the ledger entry.
package struct FileIdentity: Codable, Sendable, Hashable {
    /// Size in bytes.
    package var size: Int
    /// Modification time, nanoseconds since 1970.
    package var modified: Int64
    /// Status-change time, nanoseconds since 1970.
    package var changed: Int64
    /// Inode number.
    package var inode: UInt64
    /// The volume's device number.
    package var device: UInt64

    /// Creates an identity value.
    package init(size: Int, modified: Int64, changed: Int64, inode: UInt64, device: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
        self.device = device
    }

    /// Parses `<size> <modified> <changed> <inode> <device>`.
    package init?(_ text: String) {
        self.init(utf8: text.utf8)
    }

    /// Parses the UTF-8 bytes of `<size> <modified> <changed> <inode> <device>`.
    init?(utf8: some Sequence<UInt8>) {
        var fields: [Int64] = []
        fields.reserveCapacity(5)
        var value: Int64 = 0
        var digits = 0
        for byte in utf8 {
            if byte == UInt8(ascii: " "), digits > 0 {
                fields.append(value)
                (value, digits) = (0, 0)
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow, !overflow2 else { return nil }
            (value, digits) = (sum, digits + 1)
        }
        guard digits > 0, fields.count == 4 else { return nil }
        fields.append(value)
        self.init(size: Int(fields[0]), modified: fields[1], changed: fields[2], inode: UInt64(fields[3]), device: UInt64(fields[4]))
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let identity = FileIdentity(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "file identity \"\(text)\" is not five integers")
        }
        self = identity
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("\(size) \(modified) \(changed) \(inode) \(device)")
    }
}

/// A file operation failed; names the path and the operation.
package struct FileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path the operation was on.
    package var path: String
    /// The operation: `open`, `read`, `write`, `fsync`, `rename`, `list`, `remove`, `mkdir`, `protect`.
    package var operation: String
    /// The system's explanation.
    package var reason: String
    /// Whether the file is protected while the device is locked (`EPERM` on an Apple device):
    /// nothing is wrong with it, it can be read once the device is unlocked.
    package var isProtectedDataUnavailable: Bool

    /// Creates an error value.
    package init(path: String, operation: String, reason: String, isProtectedDataUnavailable: Bool = false) {
        self.path = path
        self.operation = operation
        self.reason = reason
        self.isProtectedDataUnavailable = isProtectedDataUnavailable
    }

    /// `<path>: <operation> failed: <reason>`.
    package var description: String { "\(path): \(operation) failed: \(reason)" }

    /// Why a repair or a fetch that met protected files is deferred: the words of every report that says so.
    package static let deviceLocked = "device locked: the module's files are protected until the device is unlocked; nothing written"
}

extension FileSystem {
    /// The real `flock`: a file system that only observes or faults the others shares the
    /// lock with every other process.
    package func tryLock(_ url: URL) throws(FileSystemError) -> (any FileLock)? {
        try LocalFileSystem().tryLock(url)
    }

    /// Reads the whole file and writes it atomically: the copy of a file system that cannot clone.
    package func copyItem(at source: URL, to destination: URL) throws(FileSystemError) {
        try writeAtomically(try contents(of: source), to: destination)
    }

    /// The real storage class: a file system that only observes or faults the others keeps
    /// the module's files as an app would.
    package func setStorageClass(_ storage: StorageClass, of url: URL) throws(FileSystemError) {
        try LocalFileSystem().setStorageClass(storage, of: url)
    }

    /// The real call, relative to the folder's descriptor, as ``LocalFileSystem`` makes it: a file
    /// system that observes or faults only some calls passes the others on as they are.
    package func openForReading(_ name: String, in folder: OpenFolder) throws(FileSystemError) -> any ReadableFile {
        try folder.openForReading(name)
    }

    /// The real call, relative to the folder's descriptor, as ``LocalFileSystem`` makes it.
    package func writeAtomically(_ data: Data, to name: String, in folder: OpenFolder) throws(FileSystemError) {
        try folder.writeAtomically(data, to: name)
    }

    /// The real call, relative to the folder's descriptor, as ``LocalFileSystem`` makes it.
    package func removeItem(_ name: String, in folder: OpenFolder) throws(FileSystemError) {
        try folder.removeItem(name)
    }

    /// The real `flock`, relative to the folder's descriptor, as ``LocalFileSystem`` takes it.
    package func tryLock(_ name: String, in folder: OpenFolder) throws(FileSystemError) -> (any FileLock)? {
        try folder.tryLock(name)
    }

    /// Creates a folder of the module's (and any missing parents) and gives it `storage`, which
    /// the files created in it inherit. Called before every write into it, so that a folder an
    /// older version created gets its class too.
    func createFolder(at url: URL, _ storage: StorageClass) throws(FileSystemError) {
        try createDirectory(at: url)
        try setStorageClass(storage, of: url)
    }

    /// ``createFolder(at:_:)`` relative to `parent`: the folder `name` in it, created when
    /// missing and opened without following a symbolic link, with its storage class given.
    func openFolder(_ name: String, in parent: OpenFolder, _ storage: StorageClass) throws(FileSystemError) -> OpenFolder {
        let folder = try parent.makeFolder(name)
        try setStorageClass(storage, of: folder.url)
        return folder
    }

    /// Reads a whole regular file through this file system.
    package func contents(of url: URL) throws(FileSystemError) -> Data {
        try wholeFile(openForReading(url), url)
    }

    /// Reads the whole regular file `name` in `folder` through this file system.
    func contents(of name: String, in folder: OpenFolder) throws(FileSystemError) -> Data {
        try wholeFile(openForReading(name, in: folder), folder.url(of: name))
    }
}

/// Every byte of `file`, which is closed.
private func wholeFile(_ file: any ReadableFile, _ url: URL) throws(FileSystemError) -> Data {
    defer { file.close() }
    do { return Data(try file.bytes(at: 0, count: file.count)) } catch {
        throw FileSystemError(path: url.path, operation: "read", reason: error.description)
    }
}
