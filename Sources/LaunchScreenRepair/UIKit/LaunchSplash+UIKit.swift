#if canImport(UIKit) && os(iOS)
import SwiftUI
import UIKit

/// The app's own splash, in a window above the app's, starting from exactly the image the
/// user saw during launch, so the hand-over from the system's launch screen does not jump.
///
/// Two windows: the app's main window, made key as usual, and the splash above it. Show the
/// splash right after the main window, in the same run-loop turn (in
/// `scene(_:willConnectTo:options:)`, or `application(_:didFinishLaunchingWithOptions:)`), host
/// a campaign page on it if you like, and let it end: it cross-dissolves away and the main
/// window is key again.
///
/// ```swift
/// window.makeKeyAndVisible()
/// LaunchSplash.show(LaunchAssets.self, in: windowScene, content: CampaignViewController(), duration: 3, skippable: true)
/// ```
///
/// Which image, at which scale, was decided by the launch call
/// (``SnapshotRepair/repairOnLaunch(_:options:completion:)``) before the repair wrote anything
/// (``LaunchScreenShown``); without that call, the splash decides it itself on first use.
@available(iOSApplicationExtension, unavailable)
@MainActor
public final class LaunchSplash {
    /// The splash of each window scene showing one.
    private static var showing: [ObjectIdentifier: LaunchSplash] = [:]

    private let window: UIWindow
    private let scene: UIWindowScene
    private let completion: (() -> Void)?
    private var timer: Timer?
    private var remaining = 0
    private var skip: UIButton?
    private var dismissed = false

    /// Shows the splash in `scene` (one per scene; a second call returns the first), with
    /// `content` on top of the launch image, for `duration` seconds (`nil`: until ``dismiss(animated:)``),
    /// with a skip button counting down when `skippable`.
    @discardableResult
    public static func show<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, in scene: UIWindowScene, content: UIViewController? = nil, duration: TimeInterval? = nil,
        skippable: Bool = false, completion: (() -> Void)? = nil
    ) -> LaunchSplash {
        if let splash = showing[ObjectIdentifier(scene)] { return splash }
        let controller = SplashViewController(background: backgroundController(catalog), content: content)
        let window = UIWindow(windowScene: scene)
        window.windowLevel = UIWindow.Level(rawValue: UIWindow.Level.normal.rawValue + 1)
        window.rootViewController = controller
        let splash = LaunchSplash(window: window, scene: scene, completion: completion)
        showing[ObjectIdentifier(scene)] = splash
        // Visible without becoming key: the app's window stays key underneath.
        window.isHidden = false
        if let duration {
            splash.skip = skippable ? controller.showSkip(splash) : nil
            splash.count(down: duration)
        }
        return splash
    }

    private init(window: UIWindow, scene: UIWindowScene, completion: (() -> Void)?) {
        self.window = window
        self.scene = scene
        self.completion = completion
    }

    /// Cross-dissolves the splash away and makes the app's window key again.
    public func dismiss(animated: Bool = true) {
        guard !dismissed else { return }
        dismissed = true
        timer?.invalidate()
        UIView.animate(
            withDuration: animated ? 0.35 : 0, animations: { self.window.alpha = 0 },
            completion: { _ in
                self.window.isHidden = true
                self.scene.windows.first { $0 !== self.window && $0.windowLevel == .normal }?.makeKey()
                LaunchSplash.showing[ObjectIdentifier(self.scene)] = nil
                self.completion?()
            })
    }

    /// The image the user saw during this launch, loaded at the scale that makes it fill the
    /// window; `nil` when the system drew the launch storyboard (show that instead).
    public static func image<Catalog: LaunchAssetCatalog>(_ catalog: Catalog.Type) -> UIImage? {
        guard let launch = try? AppLaunch.start(catalog, options: LaunchRepairOptions()), let image = launch.preparation.shown.image,
            let request = try? launch.context.request(),
            let data = image.data(launch.context.locator, manifest: launch.context.manifest, variants: request.variants)
        else { return nil }
        return UIImage(data: data, scale: CGFloat(image.scale))
    }

    /// The launch image filling the window, or the launch storyboard the system drew from.
    private static func backgroundController<Catalog: LaunchAssetCatalog>(_ catalog: Catalog.Type) -> UIViewController {
        if let image = image(catalog) {
            let controller = UIViewController()
            let view = UIImageView(image: image)
            // Pixel for pixel when the image is the window's shape; a portrait image in a
            // landscape slot fills the window upright.
            view.contentMode = .scaleAspectFill
            view.clipsToBounds = true
            controller.view = view
            return controller
        }
        let info = AppInfo(infoDictionary: Bundle.main.infoDictionary ?? [:])
        if let name = info.launchStoryboardName,
            let controller = UIStoryboard(name: name, bundle: .main).instantiateInitialViewController()
        {
            return controller
        }
        return UIViewController()
    }

    /// Ends the splash after `duration` seconds, counting down on the skip button each second.
    private func count(down duration: TimeInterval) {
        remaining = Int(duration.rounded(.up))
        skip?.setTitle(SplashCountdown.title(remaining), for: .normal)
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            guard let self else { return }
            Task { @MainActor in self.tick() }
        }
    }

    private func tick() {
        remaining -= 1
        skip?.setTitle(SplashCountdown.title(remaining), for: .normal)
        if remaining <= 0 { dismiss() }
    }
}

/// The skip button's title.
private enum SplashCountdown {
    static func title(_ seconds: Int) -> String { "Skip \(max(0, seconds))" }
}

/// The splash window's root: the launch image (or storyboard) below, the app's page above.
@available(iOSApplicationExtension, unavailable)
private final class SplashViewController: UIViewController {
    private let background: UIViewController
    private let content: UIViewController?
    private weak var splash: LaunchSplash?

    init(background: UIViewController, content: UIViewController?) {
        self.background = background
        self.content = content
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        for child in [background, content].compactMap({ $0 }) {
            addChild(child)
            child.view.frame = view.bounds
            child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(child.view)
            child.didMove(toParent: self)
        }
    }

    /// Adds the skip button in the top trailing corner; tapping it ends `splash`.
    func showSkip(_ splash: LaunchSplash) -> UIButton {
        loadViewIfNeeded()
        let button = UIButton(type: .system)
        button.backgroundColor = UIColor.black.withAlphaComponent(0.35)
        button.setTitleColor(.white, for: .normal)
        button.layer.cornerRadius = 16
        button.contentEdgeInsets = UIEdgeInsets(top: 6, left: 14, bottom: 6, right: 14)
        button.translatesAutoresizingMaskIntoConstraints = false
        self.splash = splash
        button.addTarget(self, action: #selector(skipTapped), for: .touchUpInside)
        view.addSubview(button)
        NSLayoutConstraint.activate([
            button.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 12),
            button.trailingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.trailingAnchor, constant: -16),
        ])
        return button
    }

    @objc private func skipTapped() {
        splash?.dismiss()
    }
}

/// The launch image the user saw, filling its view, for a SwiftUI app's own splash; the launch
/// storyboard when the system drew it.
@available(iOSApplicationExtension, unavailable)
@MainActor
public struct LaunchSplashView<Catalog: LaunchAssetCatalog>: View {
    private let image: UIImage?

    /// The view for the app's generated catalog.
    public init(_ catalog: Catalog.Type) {
        image = LaunchSplash.image(catalog)
    }

    public var body: some View {
        Group {
            if let image {
                Image(uiImage: image).resizable().scaledToFill()
            } else {
                LaunchStoryboard()
            }
        }
        .edgesIgnoringSafeArea(.all)
    }
}

/// The launch storyboard's initial view controller.
@available(iOSApplicationExtension, unavailable)
private struct LaunchStoryboard: UIViewControllerRepresentable {
    func makeUIViewController(context: Context) -> UIViewController {
        let info = AppInfo(infoDictionary: Bundle.main.infoDictionary ?? [:])
        guard let name = info.launchStoryboardName else { return UIViewController() }
        return UIStoryboard(name: name, bundle: .main).instantiateInitialViewController() ?? UIViewController()
    }

    func updateUIViewController(_ controller: UIViewController, context: Context) {}
}

@available(iOSApplicationExtension, unavailable)
extension View {
    /// Covers the view with the launch image the user saw, then cross-dissolves it away after
    /// `duration` seconds: the SwiftUI form of ``LaunchSplash``. Apply it to the root view of
    /// the `WindowGroup`.
    public func launchSplash<Catalog: LaunchAssetCatalog>(_ catalog: Catalog.Type, duration: TimeInterval = 0.8) -> some View {
        modifier(LaunchSplashModifier<Catalog>(duration: duration))
    }
}

@available(iOSApplicationExtension, unavailable)
@MainActor
private struct LaunchSplashModifier<Catalog: LaunchAssetCatalog>: ViewModifier {
    let duration: TimeInterval
    @State private var visible = true

    func body(content: Content) -> some View {
        ZStack {
            content
            if visible {
                LaunchSplashView(Catalog.self)
                    .transition(.opacity)
                    .onAppear {
                        Task { @MainActor in
                            try? await Task.sleep(nanoseconds: UInt64(max(0, duration) * 1_000_000_000))
                            withAnimation(.easeOut(duration: 0.35)) { visible = false }
                        }
                    }
            }
        }
    }
}
#endif
