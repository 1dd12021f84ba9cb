import Foundation
import Testing

@testable import LaunchScreenRepair

/// What the Info.plist tells the glue.
@Suite("App info")
struct AppInfoTests {
    @Test("pinned style, version, scenes, launch storyboard")
    func keys() {
        let info = AppInfo(infoDictionary: [
            "UIUserInterfaceStyle": "Dark", "CFBundleShortVersionString": "2.1", "CFBundleVersion": "77",
            "UIApplicationSceneManifest": ["UIApplicationSupportsMultipleScenes": true], "UILaunchStoryboardName": "LaunchScreen",
        ])
        #expect(info.pinnedAppearance == .dark && info.appVersion == "2.1+77" && info.usesScenes)
        #expect(info.launchStoryboardName == "LaunchScreen")
        let plain = AppInfo(infoDictionary: ["UIUserInterfaceStyle": "Automatic"])
        #expect(plain.pinnedAppearance == nil && plain.appVersion == nil && !plain.usesScenes && plain.launchStoryboardName == nil)
    }

    @Test("an app with scenes is in the background at launch without being launched passively")
    func passiveLaunch() {
        let scenes = AppInfo(infoDictionary: ["UIApplicationSceneManifest": [String: String]()])
        #expect(!scenes.isPassiveLaunch(inBackground: true))
        let classic = AppInfo(infoDictionary: [:])
        #expect(classic.isPassiveLaunch(inBackground: true) && !classic.isPassiveLaunch(inBackground: false))
    }
}
