import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A folder held open by its descriptor. Everything done in it is relative to that descriptor
/// (`openat`, `mkdirat`, `renameat`, `unlinkat`, `fstatat`), and a folder inside it is opened
/// with `O_NOFOLLOW`: once a folder is open, no name in it is resolved through a symbolic link
/// put in its place, or in place of a folder above it, afterwards. The module opens the folders
/// of its remote layout store this way, level by level below the app's container.
package final class OpenFolder: Sendable {
    /// Where the folder was when it was opened: for messages, and for file systems that observe
    /// or fault the calls made in it. Never resolved again to reach the folder.
    package let url: URL
    /// The open folder, closed with the instance.
    let descriptor: Int32

    /// Opens the folder at `url`, following symbolic links on the way as a path does: for a
    /// folder that is trusted (an app's container; on iOS `/var` is a link to `/private/var`).
    convenience init(_ url: URL) throws(FileSystemError) {
        let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw LocalFileSystem.failure(url, "open") }
        self.init(descriptor: descriptor, url: url)
    }

    private init(descriptor: Int32, url: URL) {
        self.descriptor = descriptor
        self.url = url
    }

    deinit { _ = Glue.close(descriptor) }

    /// Where `name` in this folder was when the folder was opened, for messages.
    func url(of name: String, isDirectory: Bool = false) -> URL {
        url.appendingPathComponent(name, isDirectory: isDirectory)
    }

    /// The folder `name` in this one, opened without following a symbolic link; `nil` when
    /// nothing has that name. A link, or anything but a folder, is refused.
    func folder(_ name: String) throws(FileSystemError) -> OpenFolder? {
        let folderURL = url(of: name, isDirectory: true)
        let descriptor = openat(self.descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor >= 0 { return OpenFolder(descriptor: descriptor, url: folderURL) }
        let failure = LocalFileSystem.failure(folderURL, "open")
        switch kind(of: name) {
        case nil: return nil
        case .directory?: throw failure
        case .symbolicLink?:
            throw FileSystemError(path: folderURL.path, operation: "open", reason: "a symbolic link in place of a folder: not followed")
        case let kind?:
            throw FileSystemError(path: folderURL.path, operation: "open", reason: "not a folder (\(kind.rawValue))")
        }
    }

    /// The folder `name` in this one, created when missing (`mkdirat`), then opened as
    /// ``folder(_:)`` opens it.
    func makeFolder(_ name: String) throws(FileSystemError) -> OpenFolder {
        let folderURL = url(of: name, isDirectory: true)
        if mkdirat(descriptor, name, 0o755) != 0, errno != EEXIST { throw LocalFileSystem.failure(folderURL, "mkdir") }
        guard let folder = try folder(name) else {
            throw FileSystemError(path: folderURL.path, operation: "open", reason: "removed as soon as it was created")
        }
        return folder
    }

    /// What `name` is in this folder (`fstatat`, not following a link), or `nil` when nothing is.
    func kind(of name: String) -> FileKind? {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return LocalFileSystem.kind(info.st_mode)
    }

    /// The folder's entries, as ``LocalFileSystem/entries(in:)`` lists them.
    func entries() throws(FileSystemError) -> [DirectoryEntry] {
        // A descriptor of the listing's own, read from the start: `fdopendir` takes it.
        try LocalFileSystem.entries(openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC), url)
    }

    /// Opens the regular file `name` for reading, never through a symbolic link.
    func openForReading(_ name: String) throws(FileSystemError) -> any ReadableFile {
        let file = url(of: name)
        return try LocalFileSystem.regularFile(openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC), file)
    }

    /// Writes `data` to a temporary file created here (`O_CREAT | O_EXCL | O_NOFOLLOW`), flushes it
    /// to permanent storage (`F_FULLFSYNC` on Apple platforms), renames it over `name` (`renameat`,
    /// which replaces a name, never what it points to), then flushes this folder.
    func writeAtomically(_ data: Data, to name: String) throws(FileSystemError) {
        let temporaryName = "\(LocalFileSystem.temporaryPrefix)\(UUID().uuidString)-\(name)"
        let (temporary, destination) = (url(of: temporaryName), url(of: name))
        let file = openat(descriptor, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw LocalFileSystem.failure(temporary, "create") }
        var closed = false
        defer {
            if !closed { _ = Glue.close(file) }
        }
        let failedOperation: String? = data.withUnsafeBytes { raw -> String? in
            var written = 0
            while written < raw.count {
                let result = write(file, raw.baseAddress! + written, raw.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return "write"
                }
                written += result
            }
            if Glue.flush(file) != 0 { return "fsync" }
            closed = true
            if Glue.close(file) != 0 { return "close" }
            return nil
        }
        if let failedOperation {
            let error = LocalFileSystem.failure(temporary, failedOperation)
            unlinkat(descriptor, temporaryName, 0)
            throw error
        }
        guard renameat(descriptor, temporaryName, descriptor, name) == 0 else {
            let error = LocalFileSystem.failure(destination, "rename")
            unlinkat(descriptor, temporaryName, 0)
            throw error
        }
        _ = Glue.flush(descriptor)
    }

    /// Removes the file or symbolic link `name` (`unlinkat`): never a folder, never what a link
    /// points to.
    func removeItem(_ name: String) throws(FileSystemError) {
        let file = url(of: name)
        guard unlinkat(descriptor, name, 0) == 0 else { throw LocalFileSystem.failure(file, "remove") }
    }

    /// Takes the exclusive `flock` of the file `name` (created when missing, never through a
    /// symbolic link) without waiting: `nil` when someone else holds it.
    func tryLock(_ name: String) throws(FileSystemError) -> (any FileLock)? {
        let file = url(of: name)
        return try LocalFileSystem.lock(openat(descriptor, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644), file)
    }
}
