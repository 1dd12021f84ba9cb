import Foundation

/// One repair, restore or placeholder step at a time per container: across threads of this
/// process (a set of held module folders) and across processes (`flock` on the `lock` file in
/// the module folder). A run that finds it taken writes nothing and reports `busy`. A fetch of
/// remote layouts takes the same kind of lock on its own store's folder.
struct RepairLock {
    /// What trying to take the lock gave.
    enum Attempt {
        case acquired(RepairLock)
        /// Another run holds it.
        case busy
        /// The lock file could not be created or locked: nothing may be written. A protected
        /// lock file (``FileSystemError/isProtectedDataUnavailable``) means the device is locked.
        case failed(FileSystemError)
    }

    private static let held = HeldFolders()
    private let folder: String
    private let file: any FileLock

    /// Takes the lock of the module folder, creating the folder when missing.
    static func take(_ paths: SnapshotPaths, fileSystem: some FileSystem) -> Attempt {
        take(paths.moduleFolder.path) { () throws(FileSystemError) in
            // The lock file created in a new folder inherits the folder's class.
            if fileSystem.kind(of: paths.moduleFolder) == nil { try fileSystem.createFolder(at: paths.moduleFolder, .state) }
            return try fileSystem.tryLock(paths.lockFile)
        }
    }

    /// Takes the lock held on the file `name` in `folder`, for the work in that folder. The
    /// remote layout store has its own (``RemoteStore/lock()``), so that a repair never waits
    /// for a download.
    static func take(_ name: String, in folder: OpenFolder, fileSystem: some FileSystem) -> Attempt {
        take(folder.url.path) { () throws(FileSystemError) in try fileSystem.tryLock(name, in: folder) }
    }

    /// Takes the lock of the work in `folder` with `lock`, unless a thread of this process holds it.
    private static func take(_ folder: String, _ lock: () throws(FileSystemError) -> (any FileLock)?) -> Attempt {
        guard held.insert(folder) else { return .busy }
        do {
            guard let file = try lock() else {
                held.remove(folder)
                return .busy
            }
            return .acquired(RepairLock(folder: folder, file: file))
        } catch {
            held.remove(folder)
            return .failed(error)
        }
    }

    /// Releases the lock.
    func release() {
        file.unlock()
        Self.held.remove(folder)
    }

    /// The module folders this process holds the lock of.
    private final class HeldFolders: @unchecked Sendable {
        private let lock = NSLock()
        private var folders: Set<String> = []

        func insert(_ folder: String) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            return folders.insert(folder).inserted
        }

        func remove(_ folder: String) {
            lock.lock()
            defer { lock.unlock() }
            folders.remove(folder)
        }
    }
}
