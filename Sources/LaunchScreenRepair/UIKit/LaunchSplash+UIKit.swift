#if canImport(UIKit) && os(iOS)
import UIKit

/// The app's own splash, in a window above the app's, starting from exactly the image the
/// user saw when the scene appeared, so the hand-over from the system's launch screen does not
/// jump.
///
/// Two windows: the app's main window, made key as usual, and the splash above it. Show the
/// splash right after the main window, in the same run-loop turn (in
/// `scene(_:willConnectTo:options:)`, or `application(_:didFinishLaunchingWithOptions:)`), host
/// a campaign page on it if you like, and let it end: it cross-dissolves away and, if its
/// window had become key, the window that was key before it is key again.
///
/// ```swift
/// window.makeKeyAndVisible()
/// LaunchSplash.show(LaunchAssets.self, in: windowScene, content: CampaignViewController(), duration: 3, skippable: true)
/// ```
///
/// What it shows is decided for each scene, from that scene's traits, pixel size, screen and
/// role: an external display gets none, and a window of a size this module holds no image of
/// shows the launch screen, as the system did. The window appears in the call with the launch
/// screen the system draws from; the image, read and decoded off the main thread at
/// user-interactive priority, dissolves in when ready. When the app presents a view
/// controller (an alert) the splash ends within a second; present from the completion handler
/// to have it never covered.
@available(iOSApplicationExtension, unavailable)
@MainActor
public final class LaunchSplash {
    private let scene: SceneID
    private weak var windowScene: UIWindowScene?
    private let content: UIViewController?
    private let completion: (() -> Void)?
    private var window: UIWindow?
    private var controller: SplashViewController?
    /// What the system draws the launch screen from, shown until the image is decoded.
    private var background = SplashBackground.none
    private weak var previousKeyWindow: UIWindow?
    private var observers: [any NSObjectProtocol] = []

    /// Shows the splash in `scene` (one per scene; a second call returns the first), with
    /// `content` on top of the launch image, for `duration` seconds (`nil` or `.infinity`: until
    /// ``dismiss(animated:)``; NaN or less than zero: it ends at once), with a skip button,
    /// counting down, when `skippable`. While VoiceOver runs, a splash with a skip button waits
    /// for it past its time. `nil` when the scene shows no splash: an external display, or an
    /// app with no launch screen this module can draw. Main actor; reads no file.
    @discardableResult
    public static func show<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, in scene: UIWindowScene, content: UIViewController? = nil, duration: TimeInterval? = nil,
        skippable: Bool = false, completion: (() -> Void)? = nil
    ) -> LaunchSplash? {
        guard let driver = AppLaunch.driver(catalog), let platform = AppLaunch.platform else { return nil }
        let reading = SceneReading(scene)
        if let showing = platform.presenter(for: reading.id) as? LaunchSplash { return showing }
        let splash = LaunchSplash(scene: reading.id, windowScene: scene, content: content, completion: completion)
        platform.attach(splash, to: reading.id)
        driver.send(
            .splashRequested(
                reading, SplashRequest(duration: duration, skippable: skippable, host: .window), screen: .main, app: .now, clock: .now))
        guard driver.showsSplash(in: reading.id) else {
            platform.detach(reading.id)
            return nil
        }
        return splash
    }

    /// The image the user saw in `scene` (without one, on the whole screen at launch), decoded
    /// off the main thread at the scale that makes it fill the window; `nil` when the system
    /// drew the launch screen itself. Released by the module once returned.
    public static func image<Catalog: LaunchAssetCatalog>(_ catalog: Catalog.Type, in scene: UIWindowScene? = nil) async -> UIImage? {
        guard let driver = AppLaunch.driver(catalog), let platform = AppLaunch.platform else { return nil }
        return await withCheckedContinuation { (continuation: CheckedContinuation<UIImage?, Never>) in
            let call = driver.call { answer in
                guard case .image(let decode) = answer else { return continuation.resume(returning: nil) }
                continuation.resume(returning: decode.flatMap(platform.image))
            }
            driver.send(.splashImageRequested(call, scene.map(SceneReading.init), screen: .main, app: .now, clock: .now))
        }
    }

    private init(scene: SceneID, windowScene: UIWindowScene, content: UIViewController?, completion: (() -> Void)?) {
        self.scene = scene
        self.windowScene = windowScene
        self.content = content
        self.completion = completion
    }

    /// Cross-dissolves the splash away.
    public func dismiss(animated: Bool = true) {
        AppLaunch.current?.send(.dismissRequested(scene, animated: animated))
    }

    @objc fileprivate func skipTapped() {
        AppLaunch.current?.send(.skipTapped(scene))
    }
}

@available(iOSApplicationExtension, unavailable)
extension LaunchSplash: SplashPresenter {
    func show(background: SplashBackground, skip: SkipButton?) {
        guard let windowScene, let driver = AppLaunch.current else { return }
        self.background = background
        previousKeyWindow = windowScene.windows.first { $0.isKeyWindow }
        let controller = SplashViewController(background: background, content: content, scene: windowScene)
        let window = UIWindow(windowScene: windowScene)
        window.windowLevel = UIWindow.Level(rawValue: UIWindow.Level.normal.rawValue + 1)
        window.rootViewController = controller
        // Modal for VoiceOver: the app's windows underneath are not read while it shows.
        window.accessibilityViewIsModal = true
        let scene = scene
        controller.traitsChanged = { [weak windowScene] in
            guard let windowScene else { return }
            driver.send(.traitsChanged(SceneReading(windowScene), appInBackground: UIApplication.shared.applicationState == .background))
        }
        if let skip { controller.showSkip(skip, target: self, action: #selector(skipTapped)) }
        let events: [(Notification.Name, AnyObject, LaunchEvent)] = [
            (UIWindow.didBecomeKeyNotification, window, .splashKeyChanged(scene, isKey: true)),
            (UIWindow.didResignKeyNotification, window, .splashKeyChanged(scene, isKey: false)),
            // A scene that goes away takes its splash with it.
            (UIScene.didDisconnectNotification, windowScene, .sceneDisconnected(scene)),
        ]
        for (name, object, event) in events {
            observers.append(
                NotificationCenter.default.addObserver(forName: name, object: object, queue: .main) { @Sendable _ in
                    MainActor.assumeIsolated { driver.send(event) }
                })
        }
        // Visible without becoming key: the app's window stays key underneath.
        window.isHidden = false
        self.window = window
        self.controller = controller
    }

    func show(image: UIImage) { controller?.replaceBackground(with: ImageViewController(image)) }

    func showBackground() { controller?.replaceBackground(with: SplashViewController.backgroundController(background)) }

    func setSkipButton(_ skip: SkipButton) { controller?.setSkip(skip) }

    func dismiss(animated: Bool, handBackKey: Bool) {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        observers = []
        guard let window else {
            completion?()
            return
        }
        UIView.animate(
            withDuration: animated ? 0.35 : 0, animations: { window.alpha = 0 },
            completion: { _ in
                window.isHidden = true
                if handBackKey, let previous = self.previousKeyWindow, !previous.isHidden { previous.makeKey() }
                self.window = nil
                self.controller = nil
                self.completion?()
            })
    }

    var appIsPresenting: Bool {
        windowScene?.windows.contains { $0 !== window && $0.rootViewController?.presentedViewController != nil } ?? false
    }

    var accessibilityFocus: Any? { controller?.view }
}

/// What shows a scene's splash: the UIKit window (``LaunchSplash``) or the SwiftUI view's model.
@MainActor
protocol SplashPresenter: AnyObject {
    /// Shows the splash with the launch screen the system draws from, and the skip button.
    func show(background: SplashBackground, skip: SkipButton?)
    /// Dissolves the image in.
    func show(image: UIImage)
    /// Dissolves the launch screen back in.
    func showBackground()
    /// The skip button's new title.
    func setSkipButton(_ skip: SkipButton)
    /// Dissolves the splash away; key status goes back to the window that had it when `handBackKey`.
    func dismiss(animated: Bool, handBackKey: Bool)
    /// Whether a window of the app under the splash presents a view controller.
    var appIsPresenting: Bool { get }
    /// What VoiceOver moves to when the splash appears.
    var accessibilityFocus: Any? { get }
}
#endif
