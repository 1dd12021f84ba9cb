import Foundation
import LoopbackServer
import Testing

@testable import LaunchScreenRepair

/// The module's files on a phone with the Data Protection capability: every folder the module
/// creates gets a class readable after the first unlock (what refresh tasks need) and the
/// regenerable ones are kept out of backups, through the `FileSystem` seam; and a locked phone's
/// refusal (`EPERM`) defers the work, removing nothing.
@Suite("Data protection and backups: the module's files on a locked phone", .serialized)
struct DataProtectionTests {
    typealias Setup = RemoteLayoutTests.Setup

    /// Every folder under `folder`, itself included, as standardized paths.
    static func folders(under folder: URL) -> [String] {
        let root = folder.standardizedFileURL
        let inside = (FileManager.default.subpaths(atPath: root.path) ?? []).map { root.appendingPathComponent($0) }
        return ([root] + inside).filter { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.map(\.path)
    }

    @Test(
        "every folder the module creates is readable after the first unlock; backups, the placeholder, remote images and partial downloads are excluded from backup"
    )
    func storageClasses() throws {
        // Given: a fresh install repaired, remote layouts fetched, then an upgrade launch's placeholder.
        let setup = try Setup()
        let recording = RecordingFileSystem()
        _ = try setup.repair(on: "2026-06-05", fileSystem: recording)
        let (manifest, images) = PublishedFolder.manifest([RemoteLayoutTests.campaign], published: RemoteLayoutTests.t1)
        try setup.published.publish(manifest, images: images)
        #expect(setup.fetch(on: "2026-06-05", fileSystem: recording).status == .completed)
        var upgrade = RepairEnvironment.phone("2026-06-05", appVersion: "1.1")
        upgrade.currentAppearance = .dark
        let placeholder = SnapshotRepair.preparePlaceholder(setup.locator, environment: upgrade, fileSystem: recording)
        #expect(placeholder.copiedFrom != nil, "\(placeholder)")

        // Then: every folder of the module's has its class, which the files created in it inherit.
        let classes = recording.storageClasses
        let module = setup.locator.moduleFolder.standardizedFileURL
        let regenerable: Set<String> = [
            setup.locator.backupFolder.standardizedFileURL.path, setup.locator.placeholderFile.standardizedFileURL.path,
            setup.remoteFolder.appendingPathComponent("images").standardizedFileURL.path,
            setup.remoteFolder.appendingPathComponent("partial").standardizedFileURL.path,
        ]
        let folders = Self.folders(under: module)
        #expect(Set(folders).isSuperset(of: [module.path, setup.remoteFolder.standardizedFileURL.path]))
        for folder in folders {
            let storage = try #require(classes[folder], "\(folder) was created without a storage class")
            #expect(storage.protection == .completeUntilFirstUserAuthentication)
            #expect(storage.excludedFromBackup == regenerable.contains(folder), "\(folder)")
        }
        #expect(classes[setup.locator.placeholderFile.standardizedFileURL.path] == .regenerable)
        #expect(classes[SnapshotPaths(setup.locator).lockFile.standardizedFileURL.path] == .state)
        for path in regenerable { #expect(classes[path]?.excludedFromBackup == true, "\(path)") }
        print(
            "STORAGE-CLASSES\n"
                + classes.sorted { $0.key < $1.key }.map {
                    "  \($0.key.dropFirst(module.path.count)): \($0.value.protection.rawValue), excluded from backup: \($0.value.excludedFromBackup)"
                }.joined(separator: "\n"))
    }

    @Test("on a locked phone the repair is deferred, not completed: no snapshot written, nothing removed")
    func lockedRepair() throws {
        let setup = try Setup()
        #expect(try setup.repair(on: "2026-06-05").files(.replaced).count == 4)
        let snapshots = try setup.snapshotBytes()
        let locked = LockedDeviceFileSystem(protectingEverythingIn: setup.locator.moduleFolder)
        // A season change on a locked phone: the repair would replace every file.
        let report = try setup.repair(on: "2026-12-15", fileSystem: locked)
        #expect(report.status == .deferred && report.cause == .deviceLocked, "\(report.text)")
        #expect(try setup.snapshotBytes() == snapshots)
        #expect(locked.removed.isEmpty)
        // Unlocked, the next run does it.
        #expect(try setup.repair(on: "2026-12-15").status == .completed)
    }

    @Test("on a locked phone a fetch is deferred: nothing requested, no stored image removed")
    func lockedFetch() throws {
        let setup = try Setup()
        try RemoteLayoutTests.publishAndFetchCampaign(setup)
        let stored = try setup.store()
        let requests = try setup.server.requests().count
        let locked = LockedDeviceFileSystem(protectingEverythingIn: setup.locator.moduleFolder)
        let report = setup.fetch(on: "2026-06-05", fileSystem: locked)
        #expect(report.status == .deferred && report.cause == .deviceLocked, "\(report.text)")
        #expect(try setup.server.requests().count == requests)
        #expect(locked.removed.isEmpty)
        #expect(try setup.store() == stored)
    }

    @Test("a stored image the lock keeps from being read is not taken for a damaged one: kept, and the fetch deferred")
    func protectedImageKept() throws {
        let setup = try Setup()
        try RemoteLayoutTests.publishAndFetchCampaign(setup)
        let stored = try setup.store()
        let imagesFolder = setup.remoteFolder.appendingPathComponent("images").standardizedFileURL.path
        // The store's lock opens (its class was given), the images do not.
        let locked = LockedDeviceFileSystem { $0.deletingLastPathComponent().standardizedFileURL.path == imagesFolder }
        let report = setup.fetch(on: "2026-06-05", fileSystem: locked)
        #expect(report.status == .deferred, "\(report.text)")
        #expect(!locked.refused.isEmpty)
        #expect(locked.removed.isEmpty)
        #expect(try setup.store() == stored)
        // A damaged image (not a protected one) is still removed and fetched again.
        let damaged = try #require(stored.keys.first { $0.hasPrefix("images/") })
        try Data("damaged".utf8).write(to: setup.remoteFolder.appendingPathComponent(damaged))
        let repaired = setup.fetch(on: "2026-06-05")
        #expect(repaired.status == .completed && repaired.files(.downloaded).count == 1, "\(repaired.text)")
    }
}
