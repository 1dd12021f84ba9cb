import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The real file system, through POSIX calls with `O_NOFOLLOW`.
public struct LocalFileSystem: FileSystem {
    /// Temporary files this module writes start with this prefix; the locator ignores them.
    public static let temporaryPrefix = ".launchscreenrepair-"

    /// Creates the real file system.
    public init() {}

    /// Lists `directory` with `readdir` and an `lstat` (`fstatat`) of every entry.
    public func entries(in directory: URL) throws(FileSystemError) -> [DirectoryEntry] {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
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
    public func kind(of url: URL) -> FileKind? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return Self.kind(info.st_mode)
    }

    /// Opens with `O_NOFOLLOW` and checks the result is a regular file.
    public func openForReading(_ url: URL) throws(FileSystemError) -> any ReadableFile {
        let (file, kind) = try Self.openFile(url, flags: O_NOFOLLOW)
        guard kind == .regular else {
            file.close()
            throw FileSystemError(path: url.path, operation: "open", reason: "not a regular file")
        }
        return file
    }

    /// `open` for reading with the extra `flags`, then `fstat`: the file and what it is.
    static func openFile(_ url: URL, flags: Int32) throws(FileSystemError) -> (LocalReadableFile, FileKind) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | flags)
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
    /// `rename`, then the folder flushed.
    public func writeAtomically(_ data: Data, to url: URL) throws(FileSystemError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(
            "\(Self.temporaryPrefix)\(UUID().uuidString)-\(url.lastPathComponent)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.failure(temporary, "create") }
        var closed = false
        defer {
            if !closed { _ = Glue.close(descriptor) }
        }
        let failedOperation: String? = data.withUnsafeBytes { raw -> String? in
            var written = 0
            while written < raw.count {
                let result = write(descriptor, raw.baseAddress! + written, raw.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return "write"
                }
                written += result
            }
            if Glue.flush(descriptor) != 0 { return "fsync" }
            closed = true
            if Glue.close(descriptor) != 0 { return "close" }
            return nil
        }
        if let failedOperation {
            let error = Self.failure(temporary, failedOperation)
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = Self.failure(url, "rename")
            unlink(temporary.path)
            throw error
        }
        let folderDescriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = Glue.flush(folderDescriptor)
            _ = Glue.close(folderDescriptor)
        }
    }

    /// `clonefile` on Apple platforms (a new file sharing the source's blocks: no byte is read or
    /// written, whatever the file's size); elsewhere a read and an atomic write.
    public func copyItem(at source: URL, to destination: URL) throws(FileSystemError) {
        #if canImport(Darwin)
        unlink(destination.path)
        if clonefile(source.path, destination.path, UInt32(CLONE_NOFOLLOW)) == 0 { return }
        #endif
        try writeAtomically(try contents(of: source), to: destination)
    }

    /// `unlink`, or `rmdir` for an empty directory.
    public func removeItem(at url: URL) throws(FileSystemError) {
        if kind(of: url) == .directory {
            guard rmdir(url.path) == 0 else { throw Self.failure(url, "remove") }
        } else {
            guard unlink(url.path) == 0 else { throw Self.failure(url, "remove") }
        }
    }

    /// `mkdir -p`.
    public func createDirectory(at url: URL) throws(FileSystemError) {
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
            throw FileSystemError(path: url.path, operation: "mkdir", reason: Self.describe(error))
        }
    }

    /// `open` with `O_CREAT`, then `flock(LOCK_EX | LOCK_NB)`.
    public func tryLock(_ url: URL) throws(FileSystemError) -> (any FileLock)? {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
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
    public func setStorageClass(_ storage: StorageClass, of url: URL) throws(FileSystemError) {
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
