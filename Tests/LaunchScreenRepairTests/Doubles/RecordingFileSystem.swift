import Foundation

@testable import LaunchScreenRepair

/// The real file system, with every mutation recorded and faults injected on demand.
final class RecordingFileSystem: FileSystem, @unchecked Sendable {
    enum Fault: Sendable {
        case failOpen(String)  // last path component
        case failWrite(String)
        case corruptAfterWrite(String)  // the first write "succeeds" but other bytes land
    }

    private let base = LocalFileSystem()
    private let lock = NSLock()
    private var _mutations: [String] = []
    private var _reads = 0
    private var _listed: [String] = []
    private var _bytesRead: [String: Int] = [:]
    private var _storageClasses: [String: StorageClass] = [:]
    private var corrupted = Set<String>()
    var faults: [Fault]

    init(faults: [Fault] = []) { self.faults = faults }

    /// Every write and removal, and every directory created by path, as `<operation> <path>`.
    var mutations: [String] { lock.withLock { _mutations } }
    /// The storage class last given to each path.
    var storageClasses: [String: StorageClass] { lock.withLock { _storageClasses } }
    /// Every folder listed, in order.
    var listed: [String] { lock.withLock { _listed } }
    /// How many files were opened for reading.
    var opens: Int { lock.withLock { _reads } }
    /// Bytes read through this file system from files under `folder`.
    func bytesRead(in folder: URL) -> Int {
        let prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        return lock.withLock { _bytesRead.filter { $0.key.hasPrefix(prefix) }.values.reduce(0, +) }
    }

    fileprivate func noteRead(_ count: Int, from url: URL) { lock.withLock { _bytesRead[url.path, default: 0] += count } }

    private func note(_ text: String) { lock.withLock { _mutations.append(text) } }

    func entries(in directory: URL) throws(FileSystemError) -> [DirectoryEntry] {
        lock.withLock { _listed.append(directory.path) }
        return try base.entries(in: directory)
    }
    func kind(of url: URL) -> FileKind? { base.kind(of: url) }

    func openForReading(_ url: URL) throws(FileSystemError) -> any ReadableFile {
        try counted(url) { () throws(FileSystemError) in try base.openForReading(url) }
    }

    func openForReading(_ name: String, in folder: OpenFolder) throws(FileSystemError) -> any ReadableFile {
        try counted(folder.url(of: name)) { () throws(FileSystemError) in try base.openForReading(name, in: folder) }
    }

    /// The file `open` opens at `url`, its opening and its reads counted, unless a fault fails it.
    private func counted(_ url: URL, _ open: () throws(FileSystemError) -> any ReadableFile) throws(FileSystemError) -> any ReadableFile {
        lock.withLock { _reads += 1 }
        for case .failOpen(let name) in faults where url.lastPathComponent == name {
            throw FileSystemError(path: url.path, operation: "open", reason: "Permission denied (injected)")
        }
        return CountedReadableFile(try open(), url: url, fileSystem: self)
    }

    func writeAtomically(_ data: Data, to url: URL) throws(FileSystemError) {
        note("write \(url.path)")
        // Faults hit the snapshot folder only, not the module's backups of the same name.
        let inSnapshots = url.deletingLastPathComponent().lastPathComponent.hasSuffix("{DEFAULT GROUP}")
        for case .failWrite(let name) in faults where inSnapshots && url.lastPathComponent == name {
            throw FileSystemError(path: url.path, operation: "rename", reason: "No space left on device (injected)")
        }
        for case .corruptAfterWrite(let name) in faults where inSnapshots && url.lastPathComponent == name {
            let first = lock.withLock { corrupted.insert(name).inserted }
            if first {
                try base.writeAtomically(Data(data.reversed()), to: url)
                return
            }
        }
        try base.writeAtomically(data, to: url)
    }

    func writeAtomically(_ data: Data, to name: String, in folder: OpenFolder) throws(FileSystemError) {
        note("write \(folder.url(of: name).path)")
        try base.writeAtomically(data, to: name, in: folder)
    }

    func removeItem(at url: URL) throws(FileSystemError) {
        note("remove \(url.path)")
        try base.removeItem(at: url)
    }

    func removeItem(_ name: String, in folder: OpenFolder) throws(FileSystemError) {
        note("remove \(folder.url(of: name).path)")
        try base.removeItem(name, in: folder)
    }

    func createDirectory(at url: URL) throws(FileSystemError) {
        if base.kind(of: url) == nil { note("mkdir \(url.path)") }
        try base.createDirectory(at: url)
    }

    func copyItem(at source: URL, to destination: URL) throws(FileSystemError) {
        note("copy \(source.path) \(destination.path)")
        try base.copyItem(at: source, to: destination)
    }

    func setStorageClass(_ storage: StorageClass, of url: URL) throws(FileSystemError) {
        lock.withLock { _storageClasses[url.standardizedFileURL.path] = storage }
        try base.setStorageClass(storage, of: url)
    }
}

/// An open file whose reads ``RecordingFileSystem`` counts.
final class CountedReadableFile: ReadableFile, @unchecked Sendable {
    private let file: any ReadableFile
    private let url: URL
    private let fileSystem: RecordingFileSystem

    init(_ file: any ReadableFile, url: URL, fileSystem: RecordingFileSystem) {
        self.file = file
        self.url = url
        self.fileSystem = fileSystem
    }

    var count: Int { file.count }
    var identity: FileIdentity { file.identity }
    func close() { file.close() }

    func bytes(at offset: Int, count: Int) throws(ByteSourceError) -> [UInt8] {
        let bytes = try file.bytes(at: offset, count: count)
        fileSystem.noteRead(bytes.count, from: url)
        return bytes
    }
}
