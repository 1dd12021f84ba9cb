import Foundation

// UIKit/UIViewController.h
@available(iOS 2.0, *)
@MainActor
open class UIViewController: UIResponder {
    // UIKit/UIViewController.h
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    // UIKit/UIViewController.h
    public required init?(coder: NSCoder) { super.init() }
    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    // UIKit/UIViewController.h
    open var view: UIView! {
        get { fatalError() }
        set {}
    }
    // UIKit/UIViewController.h
    open func loadView() { fatalError() }
    // UIKit/UIViewController.h
    @available(iOS 9.0, *)
    open func loadViewIfNeeded() { fatalError() }
    // UIKit/UIViewController.h
    open func viewDidLoad() { fatalError() }
    // UIKit/UIViewController.h
    open var traitCollection: UITraitCollection { fatalError() }
    // UIKit/UIViewController.h
    open var presentedViewController: UIViewController? { fatalError() }
    // UIKit/UIViewController.h
    open var children: [UIViewController] { fatalError() }
    // UIKit/UIViewController.h
    @available(iOS 5.0, *)
    open func addChild(_ childController: UIViewController) { fatalError() }
    // UIKit/UIViewController.h
    @available(iOS 5.0, *)
    open func removeFromParent() { fatalError() }
    // UIKit/UIViewController.h
    @available(iOS 5.0, *)
    open func willMove(toParent parent: UIViewController?) { fatalError() }
    // UIKit/UIViewController.h
    @available(iOS 5.0, *)
    open func didMove(toParent parent: UIViewController?) { fatalError() }
    // UIKit/UITraitCollection.h (UITraitEnvironment): deprecated in iOS 17 for the trait
    // registration API, which is iOS 17 only.
    @available(iOS 8.0, *)
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) { fatalError() }
    // UIKit/UIViewController.h
    @available(iOS 5.0, *)
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        fatalError()
    }
    // UIKit/UIViewController.h
    open var preferredStatusBarStyle: UIStatusBarStyle { fatalError() }
    // UIKit/UIViewController.h
    open var prefersStatusBarHidden: Bool { fatalError() }
    // UIKit/UIViewController.h
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { fatalError() }
}

// UIKit/UIApplication.h
@available(iOS 2.0, *)
public enum UIStatusBarStyle: Int, Sendable {
    case `default` = 0
    case lightContent = 1
    @available(iOS 13.0, *) case darkContent = 3
}
