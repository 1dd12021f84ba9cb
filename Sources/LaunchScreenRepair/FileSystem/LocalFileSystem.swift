import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The real file system, through POSIX calls with `O_NOFOLLOW`.
package struct LocalFileSystem: FileSystem {
    /// Temporary files this module writes start with this prefix; the locator ignores them.
    package static let temporaryPrefix = ".launchscreenrepair-"

    /// Creates the real file system.
    package init() {}

    /// Lists `directory` with `readdir` and an `lstat` (`fstatat`) of every entry.
    package func entries(in directory: URL) throws(FileSystemError) -> [DirectoryEntry] {
        try Self.entries(open(directory.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), directory)
    }

    /// Lists the folder `open` or `openat` gave `descriptor` for, taking the descriptor.
    static func entries(_ descriptor: Int32, _ directory: URL) throws(FileSystemError) -> [DirectoryEntry] {
        guard descriptor >= 0 else { throw Self.failure(directory, "list") }
        guard let stream = fdopendir(descriptor) else {
            let error = Self.failure(directory, "list")
            _ = Glue.close(descriptor)
            throw error
        }
        defer { closedir(stream) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard name != ".", name != ".." else { continue }
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            entries.append(
                DirectoryEntry(name: name, kind: Self.kind(info.st_mode), size: Int(info.st_size), identity: Self.identity(info)))
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// `lstat` of `url`.
    package func kind(of url: URL) -> FileKind? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return Self.kind(info.st_mode)
    }

    /// Opens with `O_NOFOLLOW` and checks the result is a regular file.
    package func openForReading(_ url: URL) throws(FileSystemError) -> any ReadableFile {
        try Self.regularFile(open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC), url)
    }

    /// The regular file `open` or `openat` gave `descriptor` for; anything else is closed and refused.
    static func regularFile(_ descriptor: Int32, _ url: URL) throws(FileSystemError) -> any ReadableFile {
        let (file, kind) = try opened(descriptor, url)
        guard kind == .regular else {
            file.close()
            throw FileSystemError(path: url.path, operation: "open", reason: "not a regular file")
        }
        return file
    }

    /// `open` for reading with the extra `flags`, then `fstat`: the file and what it is.
    static func openFile(_ url: URL, flags: Int32) throws(FileSystemError) -> (LocalReadableFile, FileKind) {
        try opened(open(url.path, O_RDONLY | O_CLOEXEC | flags), url)
    }

    /// The file `open` or `openat` gave `descriptor` for, and what `fstat` says it is.
    static func opened(_ descriptor: Int32, _ url: URL) throws(FileSystemError) -> (LocalReadableFile, FileKind) {
        guard descriptor >= 0 else { throw Self.failure(url, "open") }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = Self.failure(url, "stat")
            _ = Glue.close(descriptor)
            throw error
        }
        let file = LocalReadableFile(descriptor: descriptor, count: Int(info.st_size), identity: Self.identity(info), path: url.path)
        return (file, Self.kind(info.st_mode))
    }

    /// Temporary file in the same folder, flushed to permanent storage (`F_FULLFSYNC` on Apple platforms),
    /// `rename`, then the folder flushed: ``OpenFolder``'s write, in the folder opened as a path is.
    package func writeAtomically(_ data: Data, to url: URL) throws(FileSystemError) {
        try OpenFolder(url.deletingLastPathComponent()).writeAtomically(data, to: url.lastPathComponent)
    }

    /// `clonefile` on Apple platforms (a new file sharing the source's blocks: no byte is read or
    /// written, whatever the file's size); elsewhere a read and an atomic write.
    package func copyItem(at source: URL, to destination: URL) throws(FileSystemError) {
        #if canImport(Darwin)
        unlink(destination.path)
        if clonefile(source.path, destination.path, UInt32(CLONE_NOFOLLOW)) == 0 { return }
        #endif
        try writeAtomically(try contents(of: source), to: destination)
    }

    /// `unlink`, or `rmdir` for an empty directory.
    package func removeItem(at url: URL) throws(FileSystemError) {
        if kind(of: url) == .directory {
            guard rmdir(url.path) == 0 else { throw Self.failure(url, "remove") }
        } else {
            guard unlink(url.path) == 0 else { throw Self.failure(url, "remove") }
        }
    }

    /// `mkdir -p`.
    package func createDirectory(at url: URL) throws(FileSystemError) {
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
            throw FileSystemError(path: url.path, operation: "mkdir", reason: Self.describe(error))
        }
    }

    /// `open` with `O_CREAT`, then `flock(LOCK_EX | LOCK_NB)`.
    package func tryLock(_ url: URL) throws(FileSystemError) -> (any FileLock)? {
        try Self.lock(open(url.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644), url)
    }

    /// `flock(LOCK_EX | LOCK_NB)` of the file `open` or `openat` gave `descriptor` for: the lock,
    /// or `nil` (the descriptor closed) when someone else holds it.
    static func lock(_ descriptor: Int32, _ url: URL) throws(FileSystemError) -> (any FileLock)? {
        guard descriptor >= 0 else { throw Self.failure(url, "open") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let error = Self.failure(url, "lock")
            _ = Glue.close(descriptor)
            if busy { return nil }
            throw error
        }
        return DescriptorLock(descriptor: descriptor)
    }

    /// The protection class through `FileManager` (iOS) and the backup exclusion through
    /// `URLResourceValues` (Apple platforms); nothing on Linux, which has neither.
    package func setStorageClass(_ storage: StorageClass, of url: URL) throws(FileSystemError) {
        #if canImport(Darwin)
        do {
            #if os(iOS)
            switch storage.protection {
            case .completeUntilFirstUserAuthentication:
                try FileManager.default.setAttributes(
                    [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication], ofItemAtPath: url.path)
            }
            #endif
            var values = URLResourceValues()
            values.isExcludedFromBackup = storage.excludedFromBackup
            var item = url
            try item.setResourceValues(values)
        } catch {
            throw FileSystemError(path: url.path, operation: "protect", reason: Self.describe(error))
        }
        #endif
    }

    static func kind(_ mode: mode_t) -> FileKind {
        switch mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        default: .other
        }
    }

    static func identity(_ info: stat) -> FileIdentity {
        #if canImport(Darwin)
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
        let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        return FileIdentity(
            size: Int(info.st_size),
            modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
            changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec),
            inode: UInt64(info.st_ino), device: UInt64(truncatingIfNeeded: info.st_dev))
    }

    /// The failure `errno` describes. On an Apple device `EPERM` is what opening a file of a
    /// protection class locked away gives (while the device is locked), not a damaged file.
    static func failure(_ url: URL, _ operation: String) -> FileSystemError {
        let code = errno
        #if canImport(Darwin)
        let protected = code == EPERM
        #else
        let protected = false
        #endif
        return FileSystemError(
            path: url.path, operation: operation, reason: String(cString: strerror(code)), isProtectedDataUnavailable: protected)
    }

    static func describe(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}

/// A file descriptor read with `pread`.
final class LocalReadableFile: ReadableFile, @unchecked Sendable {
    private var descriptor: Int32
    let count: Int
    let identity: FileIdentity
    private let path: String

    init(descriptor: Int32, count: Int, identity: FileIdentity, path: String) {
        self.descriptor = descriptor
        self.count = count
        self.identity = identity
        self.path = path
    }

    deinit { close() }

    func bytes(at offset: Int, count: Int) throws(ByteSourceError) -> [UInt8] {
        guard descriptor >= 0 else { throw ByteSourceError(offset: offset, reason: "file is closed") }
        guard offset >= 0, count >= 0 else { throw ByteSourceError(offset: offset, reason: "negative range") }
        let wanted = max(0, min(count, self.count - offset))
        guard wanted > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        while filled < wanted {
            let result = buffer.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + filled, wanted - filled, off_t(offset + filled))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw ByteSourceError(offset: offset + filled, reason: String(cString: strerror(errno)))
            }
            if result == 0 { break }  // the file shrank under us
            filled += result
        }
        if filled < wanted { buffer.removeLast(wanted - filled) }
        return buffer
    }

    func close() {
        if descriptor >= 0 {
            _ = Glue.close(descriptor)
            descriptor = -1
        }
    }
}

/// A `flock` held through an open descriptor; closing the descriptor releases it.
final class DescriptorLock: FileLock {
    private var descriptor: Int32

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { unlock() }

    func unlock() {
        guard descriptor >= 0 else { return }
        _ = Glue.close(descriptor)
        descriptor = -1
    }
}

/// C calls whose Swift spelling differs by platform.
enum Glue {
    /// Flushes a file's data to permanent storage. On Apple platforms `fsync` only hands the
    /// data to the drive, which may keep it in its cache across a power loss; `F_FULLFSYNC`
    /// asks the drive to write it through (Apple's `fsync(2)` manual page). Falls back to
    /// `fsync` where the file system refuses `F_FULLFSYNC`.
    static func flush(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(descriptor)
    }

    /// The C `close`, which the methods of the same name hide.
    static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        Darwin.close(descriptor)
        #elseif canImport(Glibc)
        Glibc.close(descriptor)
        #else
        Musl.close(descriptor)
        #endif
    }
}
