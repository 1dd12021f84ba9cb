import Foundation

/// What the launch call read of the snapshot folder and the ledger, before this launch's repair:
/// the state the system drew the launch screen from.
struct SnapshotObservation: Sendable, Hashable {
    /// The ledger as it was.
    var ledger: Ledger
    /// The snapshot folder's listing.
    var entries: [DirectoryEntry]
    /// The upgrade placeholder made at this launch, which only the launch's first scenes saw.
    var placeholder: PlaceholderReport?
}

/// One process's splash decisions, one per scene, each taken when that scene's splash is shown.
///
/// A scene's launch screen is the snapshot the system found when the scene appeared. Until this
/// module first writes a snapshot, that is what the launch call read (with the upgrade
/// placeholder); once it has written (the launch's repair, a background re-plan, the app's own
/// image), a scene that appears later (a process launched in the background and opened later,
/// a reconnected scene, a second iPad window) saw the new files, so the decision reads them again.
final class SplashDecisions<FS: FileSystem>: Sendable {
    private let locator: SnapshotLocator
    private let manifest: LaunchManifest
    private let pinnedAppearance: Appearance?
    /// The app's language: localized images are shown in it.
    private let language: String?
    private let fileSystem: FS
    /// The launch call's reading; `nil` once a write made it stale.
    private let launch: LockedValue<SnapshotObservation?>

    /// Decisions for one app container, starting from what the launch call read.
    init(
        locator: SnapshotLocator, manifest: LaunchManifest, pinnedAppearance: Appearance?, language: String? = nil,
        launch: SnapshotObservation?, fileSystem: FS
    ) {
        self.locator = locator
        self.manifest = manifest
        self.pinnedAppearance = pinnedAppearance
        self.language = language
        self.fileSystem = fileSystem
        self.launch = LockedValue(launch)
    }

    /// Forgets the launch call's reading: this module wrote a snapshot, a placeholder or a
    /// ledger entry since.
    func snapshotsChanged() { launch.set(nil) }

    /// What `scene`'s splash starts from; `nil` when the scene shows no splash (an external
    /// display).
    func shown(for scene: SplashScene) -> LaunchScreenShown? {
        guard let window = scene.launchWindow(pinnedAppearance: pinnedAppearance, language: language) else { return nil }
        guard let observation = launch.get() ?? SnapshotRepair.observeSnapshots(locator, fileSystem: fileSystem) else {
            return .storyboard(reason: "the ledger or the snapshot folder could not be read")
        }
        let paths = SnapshotPaths(locator)
        let overlaid = RemoteLayoutOverlay.load(paths, bundled: manifest, fileSystem: fileSystem).overlay.manifest()
        return LaunchScreenShown.decide(
            ledger: observation.ledger, entries: observation.entries, manifest: overlaid, placeholder: observation.placeholder,
            window: window)
    }
}

extension SnapshotRepair {
    /// The ledger and the snapshot folder's listing as they are now, without the lock (the
    /// ledger is replaced atomically, so a reader sees a whole one); `nil` when the ledger cannot
    /// be read.
    static func observeSnapshots(_ locator: SnapshotLocator, fileSystem: some FileSystem) -> SnapshotObservation? {
        let paths = SnapshotPaths(locator)
        let loaded = Ledger.load(from: paths.ledgerFile, fileSystem: fileSystem)
        guard !loaded.readFailed else { return nil }
        return SnapshotObservation(
            ledger: loaded.ledger, entries: (try? fileSystem.entries(in: paths.snapshotFolder)) ?? [], placeholder: nil)
    }
}
