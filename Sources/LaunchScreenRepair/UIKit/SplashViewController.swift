#if canImport(UIKit) && os(iOS)
import UIKit

/// The splash window's root: the launch screen or the launch image below, the app's page above.
/// Status bar and orientations follow the app's window underneath.
@available(iOSApplicationExtension, unavailable)
final class SplashViewController: UIViewController {
    private var background: UIViewController
    private let content: UIViewController?
    private weak var scene: UIWindowScene?
    private var skip: UIButton?
    /// Called when the trait collection changes while the splash shows.
    var traitsChanged: (() -> Void)?

    init(background: SplashBackground, content: UIViewController?, scene: UIWindowScene) {
        self.background = Self.backgroundController(background)
        self.content = content
        self.scene = scene
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    /// What the system draws the launch screen from: the storyboard, the `UILaunchScreen`
    /// dictionary's colour and image, or the system background for neither.
    static func backgroundController(_ background: SplashBackground) -> UIViewController {
        switch background {
        case .storyboard(let name):
            if let controller = UIStoryboard(name: name, bundle: .main).instantiateInitialViewController() { return controller }
        case .launchScreen(let dictionary):
            return LaunchScreenViewController(dictionary)
        case .none:
            break
        }
        let plain = UIViewController()
        plain.view.backgroundColor = .systemBackground
        return plain
    }

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
        for child in [background, content].compactMap({ $0 }) { embed(child) }
    }

    override func traitCollectionDidChange(_ previous: UITraitCollection?) {
        super.traitCollectionDidChange(previous)
        traitsChanged?()
    }

    /// Swaps what is below the app's page, cross-dissolving.
    func replaceBackground(with replacement: UIViewController) {
        let old = background
        background = replacement
        embed(replacement, below: old.view)
        UIView.transition(
            with: view, duration: 0.25, options: .transitionCrossDissolve, animations: { old.view.removeFromSuperview() },
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

    /// Adds the skip button in the top trailing corner. Its text follows Dynamic Type; VoiceOver
    /// reads its label, not the changing seconds.
    func showSkip(_ skip: SkipButton, target: AnyObject, action: Selector) {
        loadViewIfNeeded()
        let button = UIButton(type: .system)
        button.backgroundColor = UIColor.black.withAlphaComponent(0.35)
        button.setTitleColor(.white, for: .normal)
        button.titleLabel?.font = .preferredFont(forTextStyle: .body)
        button.titleLabel?.adjustsFontForContentSizeCategory = true
        button.layer.cornerRadius = 16
        if #available(iOS 15, *) {
            var configuration = UIButton.Configuration.plain()
            configuration.contentInsets = NSDirectionalEdgeInsets(top: 6, leading: 14, bottom: 6, trailing: 14)
            button.configuration = configuration
        } else {
            button.contentEdgeInsets = UIEdgeInsets(top: 6, left: 14, bottom: 6, right: 14)
        }
        button.translatesAutoresizingMaskIntoConstraints = false
        button.addTarget(target, action: action, for: .touchUpInside)
        view.addSubview(button)
        NSLayoutConstraint.activate([
            button.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 12),
            button.trailingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.trailingAnchor, constant: -16),
        ])
        self.skip = button
        setSkip(skip)
    }

    /// The skip button's title and label.
    func setSkip(_ skip: SkipButton) {
        self.skip?.setTitle(skip.title, for: .normal)
        self.skip?.accessibilityLabel = skip.label
    }
}

/// A decoded launch image filling its view, hidden from VoiceOver (it is the launch screen's
/// picture, not content).
@available(iOSApplicationExtension, unavailable)
final class ImageViewController: UIViewController {
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
        let guide = dictionary.imageRespectsSafeArea ? view.safeAreaLayoutGuide : nil
        NSLayoutConstraint.activate([
            imageView.centerXAnchor.constraint(equalTo: guide?.centerXAnchor ?? view.centerXAnchor),
            imageView.centerYAnchor.constraint(equalTo: guide?.centerYAnchor ?? view.centerYAnchor),
        ])
    }
}
#endif
