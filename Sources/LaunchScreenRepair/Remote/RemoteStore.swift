import Crypto
import Foundation

/// The module's store of remote layouts, `Library/Application Support/LaunchScreenRepair/Remote/`:
/// the newest verified `manifest.json` and its `manifest.json.sig`, `layouts.json` (what a launch
/// uses: ``StoredRemoteLayouts``), `check.json` (the throttle and the conditional request:
/// ``ManifestCheck``), verified images in `images/<sha256>.png`, downloads in progress in
/// `partial/<sha256>.png`, and the fetch's own `lock`. Every file but a partial one is written
/// atomically. The folder holds the module's state; `images/` and `partial/` are regenerable
/// (``StorageClass``).
///
/// Its folders are opened level by level below the app's container, none through a symbolic link
/// (``OpenFolder``), and every file is read, written, removed and locked relative to the folder
/// it is in: a link (or a file) in place of `Remote/`, `images/`, `partial/` or a folder above them
/// is refused, and one swapped in while a fetch runs is never followed.
struct RemoteStore<FS: FileSystem> {
    /// `Remote/`, open while the store is.
    let folder: OpenFolder
    let fileSystem: FS

    /// Opens the store: each folder from the container down to `Remote/`, creating the missing
    /// ones (`Remote/` with its storage class), and `images/` and `partial/` where they are. A
    /// symbolic link or a file in place of any of them is refused. The container itself is the
    /// app's, trusted, and may be reached through links.
    init(_ locator: SnapshotLocator, fileSystem: FS) throws(FileSystemError) {
        let container = locator.container
        if fileSystem.kind(of: container) == nil { try fileSystem.createDirectory(at: container) }
        var names = SnapshotPaths(locator).remoteFolder.path.dropFirst(container.path.count).split(separator: "/").map(String.init)
        let remote = names.removeLast()
        var level = try OpenFolder(container)
        for name in names { level = try level.makeFolder(name) }
        if let existing = try level.folder(remote) {
            folder = existing
        } else {
            folder = try fileSystem.openFolder(remote, in: level, .state)
        }
        for name in ["images", "partial"] { _ = try folder.folder(name) }
        self.fileSystem = fileSystem
    }

    /// The name of an image, and of its partial download, in `images/` and `partial/`.
    static func imageName(_ sha256: String) -> String { "\(sha256).png" }

    /// Takes the store's lock (not the repair's: a repair never waits for a download).
    func lock() -> RepairLock.Attempt {
        RepairLock.take("lock", in: folder, fileSystem: fileSystem)
    }

    /// Removes what an interrupted atomic write left behind.
    func removeTemporaryFiles() {
        for emptied in [folder, try? folder.folder("images")].compactMap({ $0 }) {
            _ = removeFiles(in: emptied) { $0.hasPrefix(LocalFileSystem.temporaryPrefix) }
        }
    }

    /// Whether a manifest and its signature are stored.
    var holdsManifest: Bool {
        folder.kind(of: RemoteManifest.fileName) == .regular && folder.kind(of: RemoteManifest.signatureFileName) == .regular
    }

    /// The stored manifest's bytes and `published` time, when its signature verifies with `key`
    /// and it was published by `latest`; `nil` otherwise (none, unreadable, signed with another
    /// key, or from the future).
    func storedManifest(verifiedWith key: Curve25519.Signing.PublicKey, publishedBy latest: Int) -> (published: Int, data: Data)? {
        guard holdsManifest, let stored = try? storedManifest(),
            RemoteManifest.isSigned(stored.manifest, signature: stored.signature, by: key),
            let published = (try? JSONDecoder().decode(PublishedTime.self, from: stored.manifest))?.published, published <= latest
        else { return nil }
        return (published, stored.manifest)
    }

    /// What the last fetches remember; empty when nothing is stored or it cannot be read.
    func check() -> ManifestCheck {
        guard folder.kind(of: ManifestCheck.fileName) == .regular, let data = try? read(ManifestCheck.fileName) else {
            return ManifestCheck()
        }
        return (try? JSONDecoder().decode(ManifestCheck.self, from: data)) ?? ManifestCheck()
    }

    /// Writes what the next fetches remember.
    func keep(check: ManifestCheck) throws(FileSystemError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(check) else { return }
        try write([(ManifestCheck.fileName, data)])
    }

    /// Removes what the last fetches remember.
    func forgetCheck() {
        try? fileSystem.removeItem(ManifestCheck.fileName, in: folder)
    }

    /// The stored manifest and its signature, for a fetch the server answered `304 Not Modified`.
    func storedManifest() throws(FileSystemError) -> (manifest: Data, signature: Data) {
        (try read(RemoteManifest.fileName), try read(RemoteManifest.signatureFileName))
    }

    /// Keeps a verified manifest and its signature, when they differ from the stored ones.
    func keep(manifest: Data, signature: Data) throws(FileSystemError) {
        let files: [(name: String, data: Data)] = [(RemoteManifest.signatureFileName, signature), (RemoteManifest.fileName, manifest)]
        try write(files.filter { (try? read($0.name)) != $0.data })
    }

    /// Whether the image is stored with its length and SHA-256; a stored file that lost them is
    /// removed. Throws when `images/` cannot be opened (a symbolic link in its place), and for a
    /// file the device's lock keeps from being read, which is not damaged: it is kept.
    func hasImage(_ sha256: String, length: Int) throws(FileSystemError) -> Bool {
        let name = Self.imageName(sha256)
        guard let images = try folder.folder("images"), images.kind(of: name) == .regular else { return false }
        do {
            let data = try fileSystem.contents(of: name, in: images)
            if data.count == length, SHA256Hex.of(data) == sha256 { return true }
        } catch let error where error.isProtectedDataUnavailable {
            throw error
        } catch {}
        try? fileSystem.removeItem(name, in: images)
        return false
    }

    /// Stores a verified image.
    func keep(image: Data, sha256: String) throws(FileSystemError) {
        let images = try fileSystem.openFolder("images", in: folder, .regenerable)
        try fileSystem.writeAtomically(image, to: Self.imageName(sha256), in: images)
    }

    /// `partial/`, created when missing, for a download.
    func partialFolder() throws(FileSystemError) -> OpenFolder {
        try fileSystem.openFolder("partial", in: folder, .regenerable)
    }

    /// Writes what launches use, then reads it back with the decoder every launch uses: a file
    /// a launch would refuse is an error, never a fetch reported complete.
    func keep(layouts: StoredRemoteLayouts) throws(FileSystemError) {
        let name = StoredRemoteLayouts.fileName
        let path = folder.url(of: name).path
        let bytes = layouts.encoded()
        guard (try? JSONDecoder().decode(StoredRemoteLayouts.self, from: bytes)) == layouts else {
            throw FileSystemError(path: path, operation: "write", reason: "the layouts do not read back as written")
        }
        try write([(name, bytes)])
        let (readBack, problem) = StoredRemoteLayouts.decode(path) { () throws(FileSystemError) in try read(name) }
        guard readBack == layouts else {
            throw FileSystemError(path: path, operation: "read", reason: problem?.description ?? "not what was written")
        }
    }

    /// Removes stored images and partial downloads whose SHA-256 is not in `needed`; returns
    /// the removed files' paths inside the store.
    func prune(keeping needed: Set<String>) -> [String] {
        ["images", "partial"].flatMap { name -> [String] in
            guard let subfolder = try? folder.folder(name) else { return [] }
            return removeFiles(in: subfolder) { entry in
                !entry.hasPrefix(".") && !needed.contains(entry.hasSuffix(".png") ? String(entry.dropLast(4)) : entry)
            }.map { "\(name)/\($0)" }
        }
    }

    /// A whole file of `Remote/`.
    private func read(_ name: String) throws(FileSystemError) -> Data {
        try fileSystem.contents(of: name, in: folder)
    }

    /// Writes files of `Remote/` atomically, once the folder has its class (a folder an older
    /// version created may lack it).
    private func write(_ files: [(name: String, data: Data)]) throws(FileSystemError) {
        try fileSystem.setStorageClass(.state, of: folder.url)
        for file in files { try fileSystem.writeAtomically(file.data, to: file.name, in: folder) }
    }

    /// Removes the regular files of `folder` whose names `unwanted` picks; returns the names removed.
    private func removeFiles(in folder: OpenFolder, _ unwanted: (String) -> Bool) -> [String] {
        let entries = (try? folder.entries()) ?? []
        return entries.filter { $0.kind == .regular && unwanted($0.name) }.map(\.name).filter {
            (try? fileSystem.removeItem($0, in: folder)) != nil
        }
    }
}

/// The one field of a stored manifest that a fetch compares before anything else.
private struct PublishedTime: Decodable {
    var published: Int
}
