#if canImport(UIKit) && os(iOS)
import SwiftUI
import UIKit

/// The launch image the user saw in this view's scene, filling the view, for a SwiftUI app's own
/// splash; the launch screen the system draws from while it is decoded, and when the system
/// drew that itself.
///
/// Reads no file and decodes nothing on the main thread: the image of the view's own window
/// scene (a second iPad window gets its own) is decided once the view is in a window, and
/// decoded off the main thread at user-interactive priority.
@available(iOSApplicationExtension, unavailable)
@MainActor
public struct LaunchSplashView<Catalog: LaunchAssetCatalog>: View {
    private let request: SplashRequest
    private let ended: () -> Void
    @State private var content = SplashViewContent.launchScreen(AppLaunch.launchBackground)
    @State private var presenter: SplashViewPresenter?

    /// The view for the app's generated catalog; it shows until the app removes it.
    public init(_ catalog: Catalog.Type) { self.init(catalog, request: .view, ended: {}) }

    /// A view that the coordinator ends after `request`'s duration, calling `ended`.
    init(_ catalog: Catalog.Type, request: SplashRequest, ended: @escaping () -> Void) {
        self.request = request
        self.ended = ended
    }

    public var body: some View {
        ZStack {
            SceneProbe(found: appeared)
            switch content {
            case .image(let image):
                // accessibility(hidden:): accessibilityHidden(_:) is iOS 14.
                Image(uiImage: image).resizable().scaledToFill()
                    .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity).clipped()
                    .accessibility(hidden: true)
            case .launchScreen(let background):
                LaunchScreenView(background: background).accessibility(hidden: true)
            case .nothing:
                EmptyView()
            }
        }
        .fillingTheScreen()
        .onDisappear(perform: disappeared)
    }

    /// The view is in a window of `scene`: its splash is asked for.
    private func appeared(in scene: UIWindowScene) {
        guard presenter == nil, let driver = AppLaunch.driver(Catalog.self), let platform = AppLaunch.platform else { return }
        let reading = SceneReading(scene)
        let presenter = SplashViewPresenter(scene: reading.id, show: { content = $0 }, end: ended)
        self.presenter = presenter
        platform.attach(presenter, to: reading.id)
        driver.send(.splashRequested(reading, request, screen: .main, app: .now, clock: .now))
        // No splash in this scene (an external display, nothing to draw): the view shows nothing.
        guard driver.showsSplash(in: reading.id) else {
            platform.detach(reading.id)
            content = .nothing
            ended()
            return
        }
    }

    private func disappeared() {
        guard let scene = presenter?.scene else { return }
        AppLaunch.platform?.detach(scene)
        AppLaunch.current?.send(.splashViewDisappeared(scene))
    }
}

/// What a SwiftUI splash view shows.
enum SplashViewContent {
    /// The decoded launch image.
    case image(UIImage)
    /// What the system draws the launch screen from.
    case launchScreen(SplashBackground)
    /// Nothing: the scene shows no splash.
    case nothing
}

/// The presenter of a SwiftUI splash: the coordinator's effects turned into the view's state.
@available(iOSApplicationExtension, unavailable)
@MainActor
final class SplashViewPresenter: SplashPresenter {
    /// The view's scene.
    let scene: SceneID
    private let showContent: (SplashViewContent) -> Void
    private let end: () -> Void
    private var background = SplashBackground.none

    init(scene: SceneID, show: @escaping (SplashViewContent) -> Void, end: @escaping () -> Void) {
        self.scene = scene
        showContent = show
        self.end = end
    }

    func show(background: SplashBackground, skip: SkipButton?) {
        self.background = background
        showContent(.launchScreen(background))
    }

    func show(image: UIImage) { showContent(.image(image)) }

    func showBackground() { showContent(.launchScreen(background)) }

    /// A SwiftUI splash has no skip button.
    func setSkipButton(_ skip: SkipButton) {}

    func dismiss(animated: Bool, handBackKey: Bool) { end() }

    /// A SwiftUI splash lives in the app's window: nothing is presented under it.
    var appIsPresenting: Bool { false }

    var accessibilityFocus: Any? { nil }
}

/// Reports the window scene of the view it stands in, once it is in a window.
@available(iOSApplicationExtension, unavailable)
private struct SceneProbe: UIViewRepresentable {
    let found: (UIWindowScene) -> Void

    func makeUIView(context: Context) -> ProbeView {
        let view = ProbeView()
        view.found = found
        view.isUserInteractionEnabled = false
        view.isAccessibilityElement = false
        return view
    }

    func updateUIView(_ view: ProbeView, context: Context) {}

    final class ProbeView: UIView {
        var found: ((UIWindowScene) -> Void)?

        override func didMoveToWindow() {
            super.didMoveToWindow()
            if let scene = window?.windowScene { found?(scene) }
        }
    }
}

/// The launch screen the system draws from, in SwiftUI.
@available(iOSApplicationExtension, unavailable)
private struct LaunchScreenView: UIViewControllerRepresentable {
    let background: SplashBackground

    func makeUIViewController(context: Context) -> UIViewController { SplashViewController.backgroundController(background) }

    func updateUIViewController(_ controller: UIViewController, context: Context) {}
}

@available(iOSApplicationExtension, unavailable)
extension View {
    /// Extends the view under the safe areas: the launch screen covers the whole screen.
    @ViewBuilder
    fileprivate func fillingTheScreen() -> some View {
        if #available(iOS 14, *) { ignoresSafeArea() } else { edgesIgnoringSafeArea(.all) }
    }
}
#endif
