import Foundation

/// What the app's Info.plist tells the engine: read once at launch, decided here in plain Swift
/// so the UIKit glue only hands the dictionary over.
struct AppInfo: Sendable, Hashable {
    /// A `UIUserInterfaceStyle` of `Light` or `Dark`: the system draws every snapshot in it.
    var pinnedAppearance: Appearance?
    /// `CFBundleShortVersionString+CFBundleVersion`; a change marks an upgrade launch.
    var appVersion: String?
    /// The app declares scenes (`UIApplicationSceneManifest`; SwiftUI apps do): at
    /// `application(_:didFinishLaunchingWithOptions:)` it is still in the background even when
    /// the user launched it, so that state does not mean a passive launch.
    var usesScenes: Bool
    /// `UILaunchStoryboardName`: the storyboard the system draws the launch snapshots from, which
    /// the splash shows when no snapshot holds an image of this module's.
    var launchStoryboardName: String?
    /// The `UILaunchScreen` dictionary (the SwiftUI template's default): the system draws the
    /// launch screen from a colour and an image of the asset catalog, not from a storyboard.
    var launchScreen: LaunchScreenDictionary?

    /// Reads the keys from an Info.plist dictionary (`Bundle.main.infoDictionary`).
    init(infoDictionary info: [String: Any]) {
        pinnedAppearance =
            switch info["UIUserInterfaceStyle"] as? String {
            case "Light"?: .light
            case "Dark"?: .dark
            default: nil
            }
        let version = [info["CFBundleShortVersionString"] as? String, info["CFBundleVersion"] as? String]
            .compactMap { $0 }.joined(separator: "+")
        appVersion = version.isEmpty ? nil : version
        usesScenes = info["UIApplicationSceneManifest"] != nil
        launchStoryboardName = info["UILaunchStoryboardName"] as? String
        launchScreen = (info["UILaunchScreen"] as? [String: Any]).map(LaunchScreenDictionary.init(_:))
    }

    /// Whether a launch found in the background is a passive one (a background fetch, a
    /// notification): only for an app without scenes can that be told this early.
    func isPassiveLaunch(inBackground: Bool) -> Bool {
        inBackground && !usesScenes
    }
}

/// The keys of a `UILaunchScreen` Info.plist dictionary the splash can draw: a named colour
/// behind a named image, both from the app's asset catalog.
package struct LaunchScreenDictionary: Sendable, Hashable {
    /// `UIColorName`: the background colour's name; `nil` draws the system background.
    var colorName: String?
    /// `UIImageName`: the centred image's name, if any.
    var imageName: String?
    /// `UIImageRespectsSafeAreaInsets`: the image is centred in the safe area, not the screen.
    var imageRespectsSafeArea: Bool

    /// Reads the keys; an empty dictionary is valid (the system background colour alone).
    init(_ dictionary: [String: Any]) {
        colorName = (dictionary["UIColorName"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        imageName = (dictionary["UIImageName"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        imageRespectsSafeArea = dictionary["UIImageRespectsSafeAreaInsets"] as? Bool ?? false
    }
}
