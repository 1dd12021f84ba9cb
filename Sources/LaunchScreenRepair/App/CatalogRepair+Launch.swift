import Foundation

// The work `LaunchEffect`s ask of the engine, each on the queue the effect names: never on the
// main thread.
extension CatalogRepair {
    /// ``LaunchEffect/prepareLaunch(_:screen:)``.
    func prepareLaunch(
        _ environment: RepairEnvironment, screen: [SnapshotSize], fileSystem: some FileSystem = LocalFileSystem()
    )
        -> LaunchPreparation
    {
        SnapshotRepair.prepareLaunch(locator, environment: environment, screen: screen, manifest: manifest, fileSystem: fileSystem)
    }

    /// ``LaunchEffect/observeSnapshots``.
    func observeSnapshots(fileSystem: some FileSystem = LocalFileSystem()) -> SnapshotObservation? {
        SnapshotRepair.observeSnapshots(locator, manifest: manifest, fileSystem: fileSystem)
    }

    /// ``LaunchEffect/runRepair(_:_:_:)``: cancelling the task stops the run between files.
    func run(_ work: RepairWork, _ environment: RepairEnvironment) async -> Result<RepairReport, RepairError> {
        switch work {
        case .launch(let placeholder): await launch(environment, placeholder: placeholder)
        case .replan, .refresh: await refresh(environment)
        }
    }

    /// The bytes of a splash image (``LaunchEffect/decodeSplashImage(_:_:)``); `nil` when the
    /// pack, the store or the module's folder does not have them.
    func bytes(of image: SplashImage, fileSystem: some FileSystem = LocalFileSystem()) -> Data? {
        guard let variants = try? request().variants else { return nil }
        return image.data(locator, manifest: manifest, variants: variants, fileSystem: fileSystem)
    }
}
