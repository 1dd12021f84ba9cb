import Foundation

@testable import LaunchScreenRepair

/// The launch's preparation and the decision for one window from what it read: what the app
/// side learns, off the main thread, when a scene of that window appears before the first write.
struct PreparedLaunch {
    var placeholder: PlaceholderReport
    var shown: LaunchScreenShown
}

extension SnapshotRepair {
    /// The launch's preparation for a screen of `window`'s size, and what `window` shows from it.
    static func prepareLaunch(
        _ locator: SnapshotLocator, environment: RepairEnvironment, window: LaunchWindow, manifest: LaunchManifest
    ) -> PreparedLaunch {
        let preparation = prepareLaunch(locator, environment: environment, screen: window.pixelSizes, manifest: manifest)
        return PreparedLaunch(
            placeholder: preparation.placeholder, shown: LaunchCoordinator.shown(in: window, from: preparation.observation))
    }
}
