import Foundation
import LaunchScreenRepair

/// What an app does with the catalog LaunchAssetsPlugin generates for this target from the
/// package's `Layouts/` and `Templates/` (the `LaunchAssets` enum, built into this module).
///
/// On iOS the whole integration is one line in `application(_:didFinishLaunchingWithOptions:)`:
/// `SnapshotRepair.repairOnLaunch(LaunchAssets.self)`. This type is the same call with the
/// environment passed in, so it runs anywhere — here, in this target's tests.
public enum LaunchScreenSetup {
    /// Repairs the launch snapshots of the app `bundleIdentifier` whose data container is
    /// `container`, from the generated manifest and pack.
    package static func repairSnapshots(
        container: URL,
        bundleIdentifier: String,
        environment: RepairEnvironment
    ) throws -> RepairReport {
        let request = RepairRequest(
            locator: SnapshotLocator(container: container, bundleIdentifier: bundleIdentifier),
            manifest: LaunchAssets.manifest,
            variants: try LaunchAssets.openPack(),
            environment: environment
        )
        return try SnapshotRepair.run(request)
    }
}
