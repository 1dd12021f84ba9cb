import Foundation

/// What the splash draws when no snapshot holds an image of this module's: what the system drew
/// the launch screen from.
package enum SplashBackground: Sendable, Hashable {
    /// The launch storyboard, whose compiled form is in the app's bundle.
    case storyboard(name: String)
    /// The `UILaunchScreen` dictionary's colour and image.
    case launchScreen(LaunchScreenDictionary)
    /// Nothing the splash can draw: it is not shown at all, rather than as an empty window that
    /// would hide the app and swallow every touch.
    case none

    /// Decides from the app's Info.plist; `storyboardExists` says whether a compiled storyboard
    /// of that name is in the bundle (`UIStoryboard(name:bundle:)` raises an Objective-C
    /// exception for a missing one, which Swift cannot catch). With both keys, the storyboard.
    static func decide(_ info: AppInfo, storyboardExists: (String) -> Bool) -> SplashBackground {
        if let name = info.launchStoryboardName, !name.isEmpty, storyboardExists(name) { return .storyboard(name: name) }
        if let launchScreen = info.launchScreen { return .launchScreen(launchScreen) }
        return .none
    }
}
