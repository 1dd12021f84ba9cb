#if canImport(UIKit) && os(iOS)
import SwiftUI
import UIKit

/// The app's own splash, in a window above the app's, starting from exactly the image the
/// user saw when the scene appeared, so the hand-over from the system's launch screen does not
/// jump.
///
/// Two windows: the app's main window, made key as usual, and the splash above it. Show the
/// splash right after the main window, in the same run-loop turn (in
/// `scene(_:willConnectTo:options:)`, or `application(_:didFinishLaunchingWithOptions:)`), host
/// a campaign page on it if you like, and let it end: it cross-dissolves away and the window
/// that was key before it is key again.
///
/// ```swift
/// window.makeKeyAndVisible()
/// LaunchSplash.show(LaunchAssets.self, in: windowScene, content: CampaignViewController(), duration: 3, skippable: true)
/// ```
///
/// What it shows is decided for each scene when it is shown, from that scene's traits, bounds,
/// screen and role (``SplashScene``): an external display gets none. The image is decoded off
/// the main thread. The splash window is above the app's: when the app presents a view
/// controller (an alert) the splash ends within a second; present from the completion handler
/// to have it never covered.
@available(iOSApplicationExtension, unavailable)
@MainActor
public final class LaunchSplash {
    /// The splash of each window scene showing one.
    private static var showing: [ObjectIdentifier: LaunchSplash] = [:]
    /// How long the main thread waits, at most, for an image still being decoded.
    private static let decodeWait: TimeInterval = 0.3

    private let window: UIWindow
    private let scene: UIWindowScene
    private let controller: SplashViewController
    private weak var previousKeyWindow: UIWindow?
    private let completion: (() -> Void)?
    private let countdown = SplashCountdown()
    private var timer: Timer?
    /// Seconds left; `nil` for a splash that ends only by ``dismiss(animated:)``.
    private var remaining: Int?
    private var skip: UIButton?
    private var disconnection: (any NSObjectProtocol)?
    private var dismissed = false

    /// Shows the splash in `scene` (one per scene; a second call returns the first), with
    /// `content` on top of the launch image, for `duration` seconds (`nil`: until
    /// ``dismiss(animated:)``), with a skip button counting down when `skippable`. While
    /// VoiceOver runs the splash does not end by itself. `nil` when the scene shows no splash:
    /// an external display, or an app whose launch screen this module cannot draw.
    @discardableResult
    public static func show<Catalog: LaunchAssetCatalog>(
        _ catalog: Catalog.Type, in scene: UIWindowScene, content: UIViewController? = nil, duration: TimeInterval? = nil,
        skippable: Bool = false, completion: (() -> Void)? = nil
    ) -> LaunchSplash? {
        if let splash = showing[ObjectIdentifier(scene)] { return splash }
        guard let launch = try? AppLaunch.start(catalog, options: LaunchRepairOptions()),
            let shown = AppLaunch.shown(for: SplashScene(scene)),
            let background = background(shown, launch: launch)
        else { return nil }
        let controller = SplashViewController(background: background, content: content, scene: scene)
        let window = UIWindow(windowScene: scene)
        window.windowLevel = UIWindow.Level(rawValue: UIWindow.Level.normal.rawValue + 1)
        window.rootViewController = controller
        let splash = LaunchSplash(window: window, scene: scene, controller: controller, completion: completion)
        showing[ObjectIdentifier(scene)] = splash
        controller.appearanceChanged = { [weak splash] in splash?.followAppearance() }
        // Visible without becoming key: the app's window stays key underneath.
        window.isHidden = false
        UIAccessibility.post(notification: .screenChanged, argument: controller.view)
        if duration != nil, skippable {
            splash.skip = controller.showSkip(splash, label: splash.countdown.accessibilityLabel)
        }
        splash.tick(every: duration)
        // A scene that goes away takes its splash with it (a window, the scene and a
        // full-screen image would otherwise stay for the life of the process).
        splash.disconnection = NotificationCenter.default.addObserver(
            forName: UIScene.didDisconnectNotification, object: scene, queue: .main
        ) { @Sendable [weak splash] _ in
            Task { @MainActor in splash?.dismiss(animated: false) }
        }
        return splash
    }

    private init(window: UIWindow, scene: UIWindowScene, controller: SplashViewController, completion: (() -> Void)?) {
        self.window = window
        self.scene = scene
        self.controller = controller
        self.completion = completion
        previousKeyWindow = scene.windows.first { $0.isKeyWindow }
    }

    /// Cross-dissolves the splash away and gives key status back to the window that had it.
    public func dismiss(animated: Bool = true) {
        guard !dismissed else { return }
        dismissed = true
        timer?.invalidate()
        if let disconnection { NotificationCenter.default.removeObserver(disconnection) }
        UIView.animate(
            withDuration: animated ? 0.35 : 0, animations: { self.window.alpha = 0 },
            completion: { _ in
                self.window.isHidden = true
                if let previous = self.previousKeyWindow, previous.windowScene === self.scene, !previous.isHidden {
                    previous.makeKey()
                }
                LaunchSplash.showing[ObjectIdentifier(self.scene)] = nil
                UIAccessibility.post(notification: .screenChanged, argument: nil)
                self.completion?()
            })
    }

    /// The image the user saw when the first of the app's scenes appeared, at the scale that
    /// makes it fill the window; `nil` when the system drew the launch screen itself.
    public static func image<Catalog: LaunchAssetCatalog>(_ catalog: Catalog.Type) -> UIImage? {
        guard let launch = try? AppLaunch.start(catalog, options: LaunchRepairOptions()),
            let scene = AppLaunch.foregroundScene(), let image = AppLaunch.shown(for: SplashScene(scene))?.image
        else { return nil }
        return decode(image, launch: launch).image(waitingAtMost: decodeWait)
    }

    /// The decoding of `image`: the launch's own when it guessed this image, else one started now.
    static func decode(_ image: SplashImage, launch: AppLaunch) -> SplashDecode {
        if let predicted = launch.predictedSplash, predicted.source == image { return predicted }
        return SplashDecode(image, context: launch.context)
    }

    /// The launch image filling the window, or what the system drew the launch screen from;
    /// `nil` when that cannot be drawn here.
    private static func background(_ shown: LaunchScreenShown, launch: AppLaunch) -> UIViewController? {
        if let image = shown.image, let decoded = decode(image, launch: launch).image(waitingAtMost: decodeWait) {
            return ImageViewController(decoded)
        }
        return launchScreenController()
    }

    /// What the system drew the launch screen from: the storyboard when its compiled file is in
    /// the bundle, else the `UILaunchScreen` dictionary's colour and image; `nil` for neither.
    fileprivate static func launchScreenController() -> UIViewController? {
        let info = AppInfo(infoDictionary: Bundle.main.infoDictionary ?? [:])
        switch SplashBackground.decide(info, storyboardExists: { Bundle.main.path(forResource: $0, ofType: "storyboardc") != nil }) {
        case .storyboard(let name): return UIStoryboard(name: name, bundle: .main).instantiateInitialViewController()
        case .launchScreen(let dictionary): return LaunchScreenViewController(dictionary)
        case .none: return nil
        }
    }

    /// The app switched between light and dark while the splash shows: the other appearance's
    /// image, decoded off the main thread and swapped in when ready.
    private func followAppearance() {
        guard let launch = AppLaunch.started, let image = AppLaunch.shown(for: SplashScene(scene))?.image else { return }
        LaunchSplash.decode(image, launch: launch).whenDecoded { [weak self] decoded in
            self?.controller.replaceBackground(with: ImageViewController(decoded))
        }
    }

    /// Once a second: counts `duration` down on the skip button and ends the splash at zero (not
    /// by itself while VoiceOver runs); ends it at once when the app presents a view controller,
    /// which would sit under the splash window.
    private func tick(every duration: TimeInterval?) {
        remaining = duration.map { Int($0.rounded(.up)) }
        if let remaining { skip?.setTitle(countdown.title(remaining), for: .normal) }
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { @Sendable [weak self] _ in
            Task { @MainActor in self?.tick() }
        }
    }

    private func tick() {
        let presenting = scene.windows.contains { $0 !== window && $0.rootViewController?.presentedViewController != nil }
        guard let left = remaining.map({ $0 - 1 }) else {
            if presenting { dismiss() }
            return
        }
        remaining = left
        skip?.setTitle(countdown.title(left), for: .normal)
        if presenting || (left <= 0 && SplashCountdown.endsByItself(voiceOverRunning: UIAccessibility.isVoiceOverRunning)) {
            dismiss()
        }
    }
}

/// The decoding of one splash image, started off the main thread as soon as it is made: the
/// launch starts one for its guess, a scene whose decision differs starts its own.
@available(iOSApplicationExtension, unavailable)
final class SplashDecode: @unchecked Sendable {
    /// The image decoded.
    let source: SplashImage
    private let result = LockedValue<DecodedImage?>(nil)
    private let group = DispatchGroup()

    /// Starts decoding `image`'s bytes, read from the pack, the store or the module's folder.
    init(_ image: SplashImage, context: CatalogRepair) {
        source = image
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async { @Sendable [self] in
            let variants = try? context.request().variants
            let data = variants.flatMap { image.data(context.locator, manifest: context.manifest, variants: $0) }
            result.set(data.flatMap { DecodedImage($0, scale: image.scale) })
            group.leave()
        }
    }

    /// The image, waiting at most `timeout` for the decoding to end; the calling thread waits
    /// but decodes nothing.
    func image(waitingAtMost timeout: TimeInterval) -> UIImage? {
        _ = group.wait(timeout: .now() + timeout)
        return result.get()?.image
    }

    /// Calls `body` on the main actor once the image is decoded (not at all when it cannot be).
    func whenDecoded(_ body: @escaping @MainActor @Sendable (UIImage) -> Void) {
        group.notify(queue: .main) { @Sendable [result] in
            guard let decoded = result.get() else { return }
            Task { @MainActor in body(decoded.image) }
        }
    }
}

/// The splash window's root: the launch image (or launch screen) below, the app's page above.
/// Status bar and orientations follow the app's window underneath, and its view is modal for
/// VoiceOver.
@available(iOSApplicationExtension, unavailable)
private final class SplashViewController: UIViewController {
    private var background: UIViewController
    private let content: UIViewController?
    private weak var scene: UIWindowScene?
    private weak var splash: LaunchSplash?
    /// Called when the interface style changes while the splash shows.
    var appearanceChanged: (() -> Void)?

    init(background: UIViewController, content: UIViewController?, scene: UIWindowScene) {
        self.background = background
        self.content = content
        self.scene = scene
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    /// The app's root view controller under the splash.
    private var appRoot: UIViewController? {
        scene?.windows.first { $0.rootViewController !== self && $0.windowLevel == .normal }?.rootViewController
    }

    override var preferredStatusBarStyle: UIStatusBarStyle { appRoot?.preferredStatusBarStyle ?? super.preferredStatusBarStyle }
    override var prefersStatusBarHidden: Bool { appRoot?.prefersStatusBarHidden ?? super.prefersStatusBarHidden }
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        appRoot?.supportedInterfaceOrientations ?? super.supportedInterfaceOrientations
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityViewIsModal = true
        for child in [background, content].compactMap({ $0 }) { embed(child) }
    }

    override func traitCollectionDidChange(_ previous: UITraitCollection?) {
        super.traitCollectionDidChange(previous)
        if previous?.userInterfaceStyle != traitCollection.userInterfaceStyle { appearanceChanged?() }
    }

    /// Swaps the launch image for another, cross-dissolving, below the app's page.
    func replaceBackground(with replacement: UIViewController) {
        let old = background
        background = replacement
        embed(replacement, below: old.view)
        UIView.transition(
            with: view, duration: 0.25, options: .transitionCrossDissolve,
            animations: {
                old.view.removeFromSuperview()
            },
            completion: { _ in
                old.willMove(toParent: nil)
                old.removeFromParent()
            })
    }

    private func embed(_ child: UIViewController, below sibling: UIView? = nil) {
        addChild(child)
        child.view.frame = view.bounds
        child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if let sibling { view.insertSubview(child.view, belowSubview: sibling) } else { view.addSubview(child.view) }
        child.didMove(toParent: self)
    }

    /// Adds the skip button in the top trailing corner; tapping it ends `splash`. Its text
    /// follows Dynamic Type; VoiceOver reads `label`, not the changing seconds.
    func showSkip(_ splash: LaunchSplash, label: String) -> UIButton {
        loadViewIfNeeded()
        let button = UIButton(type: .system)
        button.backgroundColor = UIColor.black.withAlphaComponent(0.35)
        button.setTitleColor(.white, for: .normal)
        button.titleLabel?.font = .preferredFont(forTextStyle: .body)
        button.titleLabel?.adjustsFontForContentSizeCategory = true
        button.accessibilityLabel = label
        button.layer.cornerRadius = 16
        if #available(iOS 15, *) {
            var configuration = UIButton.Configuration.plain()
            configuration.contentInsets = NSDirectionalEdgeInsets(top: 6, leading: 14, bottom: 6, trailing: 14)
            button.configuration = configuration
        } else {
            button.contentEdgeInsets = UIEdgeInsets(top: 6, left: 14, bottom: 6, right: 14)
        }
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

/// A decoded launch image filling its view, hidden from VoiceOver (it is the launch screen's
/// picture, not content).
@available(iOSApplicationExtension, unavailable)
private final class ImageViewController: UIViewController {
    private let image: UIImage

    init(_ image: UIImage) {
        self.image = image
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func loadView() {
        let view = UIImageView(image: image)
        // Pixel for pixel when the image is the window's shape; a portrait image in a
        // landscape slot fills the window upright.
        view.contentMode = .scaleAspectFill
        view.clipsToBounds = true
        view.isAccessibilityElement = false
        self.view = view
    }
}

/// The `UILaunchScreen` dictionary drawn: its colour, its image centred.
@available(iOSApplicationExtension, unavailable)
private final class LaunchScreenViewController: UIViewController {
    private let dictionary: LaunchScreenDictionary

    init(_ dictionary: LaunchScreenDictionary) {
        self.dictionary = dictionary
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = dictionary.colorName.flatMap { UIColor(named: $0) } ?? .systemBackground
        guard let image = dictionary.imageName.flatMap({ UIImage(named: $0) }) else { return }
        let imageView = UIImageView(image: image)
        imageView.isAccessibilityElement = false
        imageView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(imageView)
        let centre: (x: NSLayoutXAxisAnchor, y: NSLayoutYAxisAnchor) =
            dictionary.imageRespectsSafeArea
            ? (view.safeAreaLayoutGuide.centerXAnchor, view.safeAreaLayoutGuide.centerYAnchor) : (view.centerXAnchor, view.centerYAnchor)
        NSLayoutConstraint.activate([
            imageView.centerXAnchor.constraint(equalTo: centre.x), imageView.centerYAnchor.constraint(equalTo: centre.y),
        ])
    }
}

extension SplashScene {
    /// The scene as the splash decision needs it.
    @MainActor
    init(_ scene: UIWindowScene) {
        let style = scene.traitCollection.userInterfaceStyle
        let bounds = scene.coordinateSpace.bounds
        self.init(
            role: scene.session.role == .windowApplication ? .application : .externalDisplay,
            orientation: scene.interfaceOrientation.isLandscape ? .landscape : .portrait,
            appearance: Appearance(style), pointWidth: Double(bounds.width),
            pointHeight: Double(bounds.height), screenScale: Double(scene.screen.scale))
    }
}

/// The launch image the user saw, filling its view, for a SwiftUI app's own splash; what the
/// system drew the launch screen from when it is not one of this module's images.
///
/// Reads no file in `init` (SwiftUI creates views often): the image is decided and decoded off
/// the main thread when the view first appears, from the launch's guess when that is ready.
@available(iOSApplicationExtension, unavailable)
@MainActor
public struct LaunchSplashView<Catalog: LaunchAssetCatalog>: View {
    @State private var image: UIImage?
    @State private var decided = false

    /// The view for the app's generated catalog.
    public init(_ catalog: Catalog.Type) {}

    public var body: some View {
        ZStack {
            if let image {
                // accessibility(hidden:): accessibilityHidden(_:) is iOS 14.
                Image(uiImage: image).resizable().scaledToFill()
                    .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity).clipped()
                    .accessibility(hidden: true)
            } else if decided {
                LaunchStoryboard().accessibility(hidden: true)
            }
        }
        .fillingTheScreen()
        .onAppear(perform: decide)
    }

    private func decide() {
        guard !decided, let launch = try? AppLaunch.start(Catalog.self, options: LaunchRepairOptions()) else {
            decided = true
            return
        }
        let shown = AppLaunch.foregroundScene().flatMap { AppLaunch.shown(for: SplashScene($0)) } ?? launch.preparation.shown
        guard let splashImage = shown.image else {
            decided = true
            return
        }
        let decode = LaunchSplash.decode(splashImage, launch: launch)
        // The launch's guess is usually decoded by the first frame; otherwise it shows when ready.
        if let ready = decode.image(waitingAtMost: 0) {
            image = ready
            decided = true
        } else {
            decode.whenDecoded { decoded in
                image = decoded
                decided = true
            }
        }
    }
}

@available(iOSApplicationExtension, unavailable)
extension View {
    /// Extends the view under the safe areas: the launch screen covers the whole screen.
    @ViewBuilder
    fileprivate func fillingTheScreen() -> some View {
        if #available(iOS 14, *) { ignoresSafeArea() } else { edgesIgnoringSafeArea(.all) }
    }
}

/// The launch screen the system drew from (``LaunchSplash``'s choice), in SwiftUI.
@available(iOSApplicationExtension, unavailable)
private struct LaunchStoryboard: UIViewControllerRepresentable {
    func makeUIViewController(context: Context) -> UIViewController {
        if let controller = LaunchSplash.launchScreenController() { return controller }
        // Nothing to draw: a clear view that lets every touch through to the app.
        let empty = UIViewController()
        empty.view.isUserInteractionEnabled = false
        return empty
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
                    // Above the content while it fades: without it the removal is not animated.
                    .zIndex(1)
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
