#if canImport(UIKit) && os(iOS)
import Foundation
import UIKit

/// The process's launch on iOS: the driver, made by the first call of the module's, with the
/// system's notifications turned into events. Reads UIKit; decides nothing (``LaunchCoordinator`` does).
@available(iOSApplicationExtension, unavailable)
@MainActor
enum AppLaunch {
    /// The process's driver and the platform it uses, once made.
    private static var launch: (driver: LaunchDriver, platform: UIKitLaunchPlatform)?

    /// The process's driver, made for `catalog` by the first call; `nil` for an app without a
    /// bundle identifier (its snapshot folder cannot be found).
    static func driver<Catalog: LaunchAssetCatalog>(_ catalog: Catalog.Type) -> LaunchDriver? {
        if let launch { return launch.driver }
        guard let engine = try? CatalogRepair(app: catalog, options: RepairOptions()) else { return nil }
        let info = AppInfo(infoDictionary: Bundle.main.infoDictionary ?? [:])
        let configuration = LaunchConfiguration(
            device: engine.device, usesScenes: info.usesScenes, background: launchBackground, manifest: engine.manifest)
        let platform = UIKitLaunchPlatform(locator: engine.locator)
        let driver = LaunchDriver(LaunchCoordinator(configuration: configuration, clock: .now), engine: engine, platform: platform)
        platform.driver = driver
        launch = (driver, platform)
        observeTheSystem(driver)
        driver.send(.voiceOverChanged(running: UIAccessibility.isVoiceOverRunning))
        return driver
    }

    /// The platform of the running launch (the splash windows and decoded images it holds).
    static var platform: UIKitLaunchPlatform? { launch?.platform }

    /// The driver, once a call made it.
    static var current: LaunchDriver? { launch?.driver }

    /// What the system draws the launch screen from, by the app's Info.plist (a bundle lookup,
    /// made once).
    static let launchBackground: SplashBackground = SplashBackground.decide(AppInfo(infoDictionary: Bundle.main.infoDictionary ?? [:])) {
        Bundle.main.path(forResource: $0, ofType: "storyboardc") != nil
    }

    /// The notifications the coordinator reacts to, each posted as an event. Observers on the
    /// main queue: UIKit posts these on the main thread, and `queue: .main` runs them there.
    private static func observeTheSystem(_ driver: LaunchDriver) {
        let center = NotificationCenter.default
        let events: [(Notification.Name, @MainActor @Sendable () -> LaunchEvent)] = [
            (UIApplication.didFinishLaunchingNotification, { .launchFinished }),
            (UIApplication.didBecomeActiveNotification, { .becameActive(.main, .now) }),
            (UIApplication.didEnterBackgroundNotification, { .enteredBackground(.now) }),
            (UIApplication.significantTimeChangeNotification, { .clockChanged(.now) }),
            (.NSSystemTimeZoneDidChange, { .clockChanged(.now) }),
            (UIAccessibility.voiceOverStatusDidChangeNotification, { .voiceOverChanged(running: UIAccessibility.isVoiceOverRunning) }),
        ]
        for (name, event) in events {
            _ = center.addObserver(forName: name, object: nil, queue: .main) { @Sendable _ in
                MainActor.assumeIsolated { driver.send(event()) }
            }
        }
    }
}

extension AppReading {
    /// The running app now. The application object is asked for through the Objective-C runtime,
    /// where a missing one is `nil`: a SwiftUI `App.init` may run before it is made, and Swift's
    /// non-optional `UIApplication.shared` would then be an invalid reference.
    @MainActor
    static var now: AppReading {
        guard let application = UIApplication.perform(NSSelectorFromString("sharedApplication"))?.takeUnretainedValue() as? UIApplication
        else { return AppReading(state: nil, connectedScenes: 0) }
        let state: AppReading.State =
            switch application.applicationState {
            case .active: .active
            case .inactive: .inactive
            case .background: .background
            @unknown default: .inactive
            }
        return AppReading(state: state, connectedScenes: application.connectedScenes.count)
    }
}

extension ScreenReading {
    /// The device's own screen now.
    @MainActor
    static var main: ScreenReading {
        let screen = UIScreen.main
        return ScreenReading(
            pointWidth: Double(screen.bounds.width), pointHeight: Double(screen.bounds.height), scale: Double(screen.scale),
            nativeScale: Double(screen.nativeScale), appearance: Appearance(screen.traitCollection.userInterfaceStyle))
    }
}

extension SceneReading {
    /// A window scene now.
    @MainActor
    init(_ scene: UIWindowScene) {
        let bounds = scene.coordinateSpace.bounds
        self.init(
            id: SceneID(scene.session.persistentIdentifier), role: scene.session.role.rawValue,
            isOnBuiltInScreen: scene.screen === UIScreen.main, pointWidth: Double(bounds.width), pointHeight: Double(bounds.height),
            scale: Double(scene.screen.scale), nativeScale: Double(scene.screen.nativeScale),
            appearance: Appearance(scene.traitCollection.userInterfaceStyle))
    }
}

extension Clock {
    /// The device's clock and time zone now: the zone follows the system's when it changes.
    static var now: Clock { Clock(now: Date(), timeZone: .autoupdatingCurrent) }
}

extension Appearance {
    /// The appearance of an interface style; `nil` while unspecified.
    init?(_ style: UIUserInterfaceStyle) {
        switch style {
        case .dark: self = .dark
        case .light: self = .light
        default: return nil
        }
    }
}
#endif
