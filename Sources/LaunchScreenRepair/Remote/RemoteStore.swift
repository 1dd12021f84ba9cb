import Crypto
import Foundation

/// The module's store of remote layouts, `Library/Application Support/LaunchScreenRepair/Remote/`:
/// the newest verified `manifest.json` and its `manifest.json.sig`, `layouts.json` (what a launch
/// uses: ``StoredRemoteLayouts``), `check.json` (the throttle and the conditional request:
/// ``ManifestCheck``), verified images in `images/<sha256>.png`, downloads in progress in
/// `partial/<sha256>.png`, and the fetch's own `lock`. Every file but a partial one is written
/// atomically. The folder holds the module's state; `images/` and `partial/` are regenerable
/// (``StorageClass``).
struct RemoteStore<FS: FileSystem> {
    let folder: URL
    let manifestFile: URL
    let signatureFile: URL
    let layoutsFile: URL
    let checkFile: URL
    let imagesFolder: URL
    let partialFolder: URL
    let lockFile: URL
    /// Every folder from the container down to `images/` and `partial/`, outermost first.
    let folderChain: [URL]
    let fileSystem: FS

    init(_ locator: SnapshotLocator, fileSystem: FS) {
        folder = SnapshotPaths(locator).remoteFolder
        manifestFile = folder.appendingPathComponent(RemoteManifest.fileName, isDirectory: false)
        signatureFile = folder.appendingPathComponent(RemoteManifest.signatureFileName, isDirectory: false)
        layoutsFile = folder.appendingPathComponent(StoredRemoteLayouts.fileName, isDirectory: false)
        checkFile = folder.appendingPathComponent(ManifestCheck.fileName, isDirectory: false)
        imagesFolder = folder.appendingPathComponent("images", isDirectory: true)
        partialFolder = folder.appendingPathComponent("partial", isDirectory: true)
        lockFile = folder.appendingPathComponent("lock", isDirectory: false)
        var chain: [URL] = []
        var level = locator.container
        for name in folder.path.dropFirst(locator.container.path.count).split(separator: "/") {
            level = level.appendingPathComponent(String(name), isDirectory: true)
            chain.append(level)
        }
        folderChain = chain + [imagesFolder, partialFolder]
        self.fileSystem = fileSystem
    }

    /// Checks each folder of the store, level by level with `lstat`: missing or a real
    /// directory, never a symbolic link or a file, so that nothing is read or written through a
    /// link planted in place of `Remote/`, `Remote/images/` or a folder above them. Run before
    /// the lock is taken and before every write.
    func checkFolders() throws(FileSystemError) {
        for level in folderChain {
            switch fileSystem.kind(of: level) {
            case nil, .directory?: continue
            case .symbolicLink?:
                throw FileSystemError(path: level.path, operation: "open", reason: "a symbolic link in place of a folder: not followed")
            case let kind?:
                throw FileSystemError(path: level.path, operation: "open", reason: "not a folder (\(kind.rawValue))")
            }
        }
    }

    func imageFile(_ sha256: String) -> URL { imagesFolder.appendingPathComponent("\(sha256).png", isDirectory: false) }

    func partialFile(_ sha256: String) -> URL { partialFolder.appendingPathComponent("\(sha256).png", isDirectory: false) }

    /// Takes the store's lock (not the repair's: a repair never waits for a download).
    func lock() -> RepairLock.Attempt {
        RepairLock.take(lockFile: lockFile, in: folder, fileSystem: fileSystem)
    }

    /// Removes what an interrupted atomic write left behind.
    func removeTemporaryFiles() {
        SnapshotRepair.removeTemporaryFiles(in: [folder, imagesFolder], fileSystem: fileSystem)
    }

    /// The stored manifest's bytes and `published` time, when its signature verifies with `key`
    /// and it was published by `latest`; `nil` otherwise (none, unreadable, signed with another
    /// key, or from the future).
    func storedManifest(verifiedWith key: Curve25519.Signing.PublicKey, publishedBy latest: Int) -> (published: Int, data: Data)? {
        guard fileSystem.kind(of: manifestFile) == .regular, fileSystem.kind(of: signatureFile) == .regular,
            let data = try? fileSystem.contents(of: manifestFile), let signature = try? fileSystem.contents(of: signatureFile),
            RemoteManifest.isSigned(data, signature: signature, by: key),
            let published = (try? JSONDecoder().decode(PublishedTime.self, from: data))?.published, published <= latest
        else { return nil }
        return (published, data)
    }

    /// What the last fetches remember; empty when nothing is stored or it cannot be read.
    func check() -> ManifestCheck {
        guard fileSystem.kind(of: checkFile) == .regular, let data = try? fileSystem.contents(of: checkFile) else { return ManifestCheck() }
        return (try? JSONDecoder().decode(ManifestCheck.self, from: data)) ?? ManifestCheck()
    }

    /// Writes what the next fetches remember.
    func keep(check: ManifestCheck) throws(FileSystemError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(check) else { return }
        try checkFolders()
        try fileSystem.createFolder(at: folder, .state)
        try fileSystem.writeAtomically(data, to: checkFile)
    }

    /// The stored manifest and its signature, for a fetch the server answered `304 Not Modified`.
    func storedManifest() throws(FileSystemError) -> (manifest: Data, signature: Data) {
        (try fileSystem.contents(of: manifestFile), try fileSystem.contents(of: signatureFile))
    }

    /// Keeps a verified manifest and its signature, when they differ from the stored ones.
    func keep(manifest: Data, signature: Data) throws(FileSystemError) {
        try checkFolders()
        try fileSystem.createFolder(at: folder, .state)
        if (try? fileSystem.contents(of: signatureFile)) != signature { try fileSystem.writeAtomically(signature, to: signatureFile) }
        if (try? fileSystem.contents(of: manifestFile)) != manifest { try fileSystem.writeAtomically(manifest, to: manifestFile) }
    }

    /// Whether the image is stored with its length and SHA-256; a stored file that lost them is
    /// removed. A file the device's lock keeps from being read is not damaged: that failure is
    /// thrown, and the file kept.
    func hasImage(_ sha256: String, length: Int) throws(FileSystemError) -> Bool {
        let url = imageFile(sha256)
        guard fileSystem.kind(of: url) == .regular else { return false }
        do {
            let data = try fileSystem.contents(of: url)
            if data.count == length, SHA256Hex.of(data) == sha256 { return true }
        } catch let error where error.isProtectedDataUnavailable {
            throw error
        } catch {}
        try? fileSystem.removeItem(at: url)
        return false
    }

    /// Stores a verified image.
    func keep(image: Data, sha256: String) throws(FileSystemError) {
        try checkFolders()
        try fileSystem.createFolder(at: imagesFolder, .regenerable)
        try fileSystem.writeAtomically(image, to: imageFile(sha256))
    }

    /// Writes what launches use, then reads it back with the decoder every launch uses: a file
    /// a launch would refuse is an error, never a fetch reported complete.
    func keep(layouts: StoredRemoteLayouts) throws(FileSystemError) {
        try checkFolders()
        try fileSystem.createFolder(at: folder, .state)
        let bytes = layouts.encoded()
        guard (try? JSONDecoder().decode(StoredRemoteLayouts.self, from: bytes)) == layouts else {
            throw FileSystemError(path: layoutsFile.path, operation: "write", reason: "the layouts do not read back as written")
        }
        try fileSystem.writeAtomically(bytes, to: layoutsFile)
        let (read, problem) = StoredRemoteLayouts.load(from: layoutsFile, fileSystem: fileSystem)
        guard read == layouts else {
            throw FileSystemError(path: layoutsFile.path, operation: "read", reason: problem ?? "not what was written")
        }
    }

    /// Removes stored images and partial downloads whose SHA-256 is not in `needed`; returns
    /// the removed files' paths inside the store.
    func prune(keeping needed: Set<String>) -> [String] {
        var removed: [String] = []
        for (folder, name) in [(imagesFolder, "images"), (partialFolder, "partial")] where fileSystem.kind(of: folder) == .directory {
            guard let entries = try? fileSystem.entries(in: folder) else { continue }
            for entry in entries where entry.kind == .regular && !entry.name.hasPrefix(".") {
                let sha256 = entry.name.hasSuffix(".png") ? String(entry.name.dropLast(4)) : entry.name
                guard !needed.contains(sha256) else { continue }
                if (try? fileSystem.removeItem(at: folder.appendingPathComponent(entry.name))) != nil {
                    removed.append("\(name)/\(entry.name)")
                }
            }
        }
        return removed
    }
}

/// The one field of a stored manifest that a fetch compares before anything else.
private struct PublishedTime: Decodable {
    var published: Int
}
