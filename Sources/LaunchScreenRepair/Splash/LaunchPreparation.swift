import Foundation

/// What the launch's preparation did, off the main thread, before the launch's repair may run:
/// the upgrade placeholder, and what the system drew the launch screen from.
package struct LaunchPreparation: Sendable, Hashable {
    /// What was done with the upgrade placeholder.
    package var placeholder: PlaceholderReport
    /// The snapshots and the ledger as the step found them, for the scenes that appear before
    /// this module first writes; `nil` when they could not be read (or the module is off).
    var observation: SnapshotObservation?

    /// Whether the step read the snapshots.
    package var readTheSnapshots: Bool { observation != nil }
}

extension SnapshotRepair {
    /// The launch's preparation: ``preparePlaceholder(_:environment:screen:fileSystem:)``, then
    /// the ledger and the listing that step read, with the stored remote layouts laid over
    /// `manifest`. Reads the ledger once and lists the snapshot folder; reads snapshot bytes
    /// only to copy a placeholder on an upgrade launch. Runs off the main thread, before the
    /// launch's repair.
    package static func prepareLaunch(
        _ locator: SnapshotLocator, environment: RepairEnvironment, screen: [SnapshotSize], manifest: LaunchManifest,
        fileSystem: some FileSystem = LocalFileSystem()
    ) -> LaunchPreparation {
        let paths = SnapshotPaths(locator)
        let step = placeholderStep(paths, environment: environment, screen: screen, fileSystem: fileSystem)
        guard let ledger = step.ledger else { return LaunchPreparation(placeholder: step.report) }
        let overlaid = RemoteLayoutOverlay.load(paths, bundled: manifest, fileSystem: fileSystem).overlay.manifest()
        return LaunchPreparation(
            placeholder: step.report,
            observation: SnapshotObservation(ledger: ledger, entries: step.entries ?? [], placeholder: step.report, manifest: overlaid))
    }
}

extension SplashImage {
    /// The image's bytes (PNG or JPEG): from the pack for a bundled variant, from the store for
    /// a remote one, else from the module's folder. `nil` when they cannot be read.
    func data(
        _ locator: SnapshotLocator, manifest: LaunchManifest, variants: any VariantSource,
        fileSystem: some FileSystem = LocalFileSystem()
    ) -> Data? {
        let paths = SnapshotPaths(locator)
        switch source {
        case .variant(let id, let layout):
            let overlay = RemoteLayoutOverlay.load(paths, bundled: manifest, fileSystem: fileSystem).overlay
            let source = overlay.variants(variants, paths, fileSystem: fileSystem)
            return overlay.manifest().variant(id: id, layout: layout).flatMap { try? source.bytes(of: $0) }
        case .placeholder:
            return try? fileSystem.contents(of: paths.placeholderFile)
        case .appImage(let slot):
            return try? fileSystem.contents(of: paths.overrideFolder.appendingPathComponent(slot.key))
        }
    }
}
