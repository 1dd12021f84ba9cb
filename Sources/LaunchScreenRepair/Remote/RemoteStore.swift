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
        self.fileSystem = fileSystem
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

    /// The `published` time of the stored manifest, or `nil` when there is none (or it cannot be read).
    func storedPublished() -> Int? {
        guard fileSystem.kind(of: manifestFile) != nil, let data = try? fileSystem.contents(of: manifestFile) else { return nil }
        return (try? JSONDecoder().decode(PublishedTime.self, from: data))?.published
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
        try fileSystem.createFolder(at: folder, .state)
        try fileSystem.writeAtomically(data, to: checkFile)
    }

    /// The stored manifest and its signature, for a fetch the server answered `304 Not Modified`.
    func storedManifest() throws(FileSystemError) -> (manifest: Data, signature: Data) {
        (try fileSystem.contents(of: manifestFile), try fileSystem.contents(of: signatureFile))
    }

    /// Keeps a verified manifest and its signature, when they differ from the stored ones.
    func keep(manifest: Data, signature: Data) throws(FileSystemError) {
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
        try fileSystem.createFolder(at: imagesFolder, .regenerable)
        try fileSystem.writeAtomically(image, to: imageFile(sha256))
    }

    /// Writes what launches use.
    func keep(layouts: StoredRemoteLayouts) throws(FileSystemError) {
        try fileSystem.createFolder(at: folder, .state)
        try fileSystem.writeAtomically(layouts.encoded(), to: layoutsFile)
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
