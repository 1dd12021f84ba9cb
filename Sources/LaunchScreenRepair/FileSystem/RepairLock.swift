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
        take(lockFile: paths.lockFile, in: paths.moduleFolder, fileSystem: fileSystem)
    }

    /// Takes the lock held on `lockFile` for the work in `folder`, creating the folder when
    /// missing. The remote layout store has its own (``RemoteStore/lock()``), so that a repair
    /// never waits for a download.
    static func take(lockFile: URL, in folderURL: URL, fileSystem: some FileSystem) -> Attempt {
        let folder = folderURL.path
        guard held.insert(folder) else { return .busy }
        do {
            // The lock file created in a new folder inherits the folder's class.
            if fileSystem.kind(of: folderURL) == nil { try fileSystem.createFolder(at: folderURL, .state) }
            guard let file = try fileSystem.tryLock(lockFile) else {
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
