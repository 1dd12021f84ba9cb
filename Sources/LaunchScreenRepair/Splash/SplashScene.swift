import Foundation

/// A window scene at the moment its splash is shown, as the splash decision needs it: the UIKit
/// glue reads these values from the `UIWindowScene` and decides nothing itself.
public struct SplashScene: Sendable, Hashable {
    /// What the scene is for, from its session's role.
    public enum Role: String, Sendable, Hashable {
        /// An app window on the device's own screen: the system drew its launch snapshot from
        /// the `{DEFAULT GROUP}` folder.
        case application
        /// An external display (or any role other than an app window): that folder does not
        /// serve it, so no splash is shown there.
        case externalDisplay
    }

    /// The session's role.
    public var role: Role
    /// The scene's interface orientation.
    public var orientation: Orientation
    /// The scene's `userInterfaceStyle`; `nil` while unspecified.
    public var appearance: Appearance?
    /// The scene's width in points (an iPad window's, in Split View).
    public var pointWidth: Double
    /// The scene's height in points.
    public var pointHeight: Double
    /// Pixels per point of the scene's screen.
    public var screenScale: Double

    /// Creates a value.
    public init(
        role: Role = .application, orientation: Orientation, appearance: Appearance?, pointWidth: Double, pointHeight: Double,
        screenScale: Double
    ) {
        self.role = role
        self.orientation = orientation
        self.appearance = appearance
        self.pointWidth = pointWidth
        self.pointHeight = pointHeight
        self.screenScale = screenScale
    }

    /// The window the system drew this scene's launch snapshot for: the pinned style wins over
    /// the scene's own; `nil` for an external display, which never shows the app's snapshots.
    /// `language` is the app's (``RepairEnvironment/language``).
    public func launchWindow(pinnedAppearance: Appearance?, language: String? = nil) -> LaunchWindow? {
        guard role == .application else { return nil }
        return LaunchWindow(
            orientation: orientation, appearance: pinnedAppearance ?? appearance, pointWidth: pointWidth, pointHeight: pointHeight,
            screenScale: screenScale, language: language)
    }
}
