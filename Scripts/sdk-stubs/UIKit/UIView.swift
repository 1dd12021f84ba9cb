import Foundation

// UIKit/UIGeometry.h
@available(iOS 2.0, *)
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    // UIKit/UIGeometry.h: UIEdgeInsetsZero
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

// UIKit/UIView.h
@available(iOS 8.0, *)
@MainActor
public protocol UICoordinateSpace: NSObjectProtocol {
    var bounds: CGRect { get }
}

// UIKit/UIView.h
@available(iOS 2.0, *)
@MainActor
open class UIView: UIResponder, UICoordinateSpace {
    // UIKit/UIView.h: UIViewContentMode
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    // UIKit/UIView.h: UIViewAutoresizing
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    // UIKit/UIView.h
    public init(frame: CGRect) { super.init() }
    // UIKit/UIView.h
    public required init?(coder: NSCoder) { super.init() }
    public convenience override init() { self.init(frame: .zero) }

    // UIKit/UIView.h
    open var frame: CGRect {
        get { fatalError() }
        set {}
    }
    // UIKit/UIView.h
    open var bounds: CGRect {
        get { fatalError() }
        set {}
    }
    // UIKit/UIView.h
    open var layer: CALayer { fatalError() }
    // UIKit/UIView.h
    open var alpha: CGFloat {
        get { fatalError() }
        set {}
    }
    // UIKit/UIView.h
    open var isHidden: Bool {
        get { fatalError() }
        set {}
    }
    // UIKit/UIView.h
    open var backgroundColor: UIColor? {
        get { fatalError() }
        set {}
    }
    // UIKit/UIView.h
    open var contentMode: UIView.ContentMode {
        get { fatalError() }
        set {}
    }
    // UIKit/UIView.h
    open var clipsToBounds: Bool {
        get { fatalError() }
        set {}
    }
    // UIKit/UIView.h
    open var autoresizingMask: UIView.AutoresizingMask {
        get { fatalError() }
        set {}
    }
    // UIKit/UIView.h
    open var isUserInteractionEnabled: Bool {
        get { fatalError() }
        set {}
    }
    // UIKit/UIView.h
    open var window: UIWindow? { fatalError() }
    // UIKit/UIView.h
    open var superview: UIView? { fatalError() }
    // UIKit/UIView.h
    open var subviews: [UIView] { fatalError() }
    // UIKit/UIView.h
    open var traitCollection: UITraitCollection { fatalError() }
    // UIKit/UIView.h
    open func addSubview(_ view: UIView) { fatalError() }
    // UIKit/UIView.h
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) { fatalError() }
    // UIKit/UIView.h
    open func removeFromSuperview() { fatalError() }
    // UIKit/UIView.h
    open func didMoveToWindow() { fatalError() }
    // UIKit/UIView.h
    open func setNeedsLayout() { fatalError() }
    // UIKit/UIView.h
    open func layoutIfNeeded() { fatalError() }

    // UIKit/UIView.h: Auto Layout
    @available(iOS 6.0, *)
    open var translatesAutoresizingMaskIntoConstraints: Bool {
        get { fatalError() }
        set {}
    }
    // UIKit/UIView.h
    @available(iOS 11.0, *)
    open var safeAreaLayoutGuide: UILayoutGuide { fatalError() }
    // UIKit/UIView.h
    @available(iOS 11.0, *)
    open var safeAreaInsets: UIEdgeInsets { fatalError() }
    // UIKit/UIView.h
    @available(iOS 9.0, *)
    open var topAnchor: NSLayoutYAxisAnchor { fatalError() }
    // UIKit/UIView.h
    @available(iOS 9.0, *)
    open var bottomAnchor: NSLayoutYAxisAnchor { fatalError() }
    // UIKit/UIView.h
    @available(iOS 9.0, *)
    open var leadingAnchor: NSLayoutXAxisAnchor { fatalError() }
    // UIKit/UIView.h
    @available(iOS 9.0, *)
    open var trailingAnchor: NSLayoutXAxisAnchor { fatalError() }
    // UIKit/UIView.h
    @available(iOS 9.0, *)
    open var centerXAnchor: NSLayoutXAxisAnchor { fatalError() }
    // UIKit/UIView.h
    @available(iOS 9.0, *)
    open var centerYAnchor: NSLayoutYAxisAnchor { fatalError() }

    // UIKit/UIView.h: UIViewAnimationOptions
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    }

    // UIKit/UIView.h: the blocks run on the main actor.
    @available(iOS 4.0, *)
    open class func transition(
        with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
        animations: (@MainActor @Sendable () -> Void)?, completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) { fatalError() }

    // UIKit/UIView.h: the blocks run on the main actor.
    @available(iOS 4.0, *)
    open class func animate(
        withDuration duration: TimeInterval, animations: @escaping @MainActor @Sendable () -> Void,
        completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) { fatalError() }

    // UIKit/UIView.h
    @available(iOS 4.0, *)
    open class func animate(withDuration duration: TimeInterval, animations: @escaping @MainActor @Sendable () -> Void) {
        fatalError()
    }
}
