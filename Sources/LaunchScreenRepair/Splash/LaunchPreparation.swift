import Foundation

/// What the launch call decides at once, in the same run-loop turn, before any repair work is
/// scheduled: the upgrade placeholder, and which image the user saw (for the app's splash).
public struct LaunchPreparation: Sendable, Hashable {
    /// What was done with the upgrade placeholder.
    public var placeholder: PlaceholderReport
    /// What the user saw while the launch began, in the window the launch call was given.
    public var shown: LaunchScreenShown
    /// What the step read, for the decisions of the scenes that appear before this module's
    /// first write (``SplashDecisions``).
    var observation: SnapshotObservation?

    /// Creates a value.
    public init(placeholder: PlaceholderReport, shown: LaunchScreenShown) {
        self.placeholder = placeholder
        self.shown = shown
    }
}

extension SnapshotRepair {
    /// The launch call's synchronous step: ``preparePlaceholder(_:environment:fileSystem:)``, then
    /// ``LaunchScreenShown/decide(ledger:entries:manifest:placeholder:window:)`` from the ledger
    /// and the listing that step read, with the stored remote layouts laid over `manifest`. Reads
    /// the ledger once and lists the snapshot folder; reads snapshot bytes only to copy a
    /// placeholder on an upgrade launch.
    public static func prepareLaunch(
        _ locator: SnapshotLocator, environment: RepairEnvironment, window: LaunchWindow, manifest: LaunchManifest,
        fileSystem: some FileSystem = LocalFileSystem()
    ) -> LaunchPreparation {
        let paths = SnapshotPaths(locator)
        let step = placeholderStep(paths, environment: environment, fileSystem: fileSystem)
        guard let ledger = step.ledger else {
            return LaunchPreparation(
                placeholder: step.report, shown: .storyboard(reason: step.report.reason ?? "nothing was read at this launch"))
        }
        let overlaid = RemoteLayoutOverlay.load(paths, bundled: manifest, fileSystem: fileSystem).overlay.manifest()
        let observation = SnapshotObservation(ledger: ledger, entries: step.entries ?? [], placeholder: step.report)
        let shown = LaunchScreenShown.decide(
            ledger: ledger, entries: observation.entries, manifest: overlaid, placeholder: step.report, window: window)
        var preparation = LaunchPreparation(placeholder: step.report, shown: shown)
        preparation.observation = observation
        return preparation
    }
}

extension SplashImage {
    /// The image's bytes (PNG or JPEG): from the pack for a bundled variant, from the store for
    /// a remote one, else from the module's folder. `nil` when they cannot be read.
    public func data(
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
