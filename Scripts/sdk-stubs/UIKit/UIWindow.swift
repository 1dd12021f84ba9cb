import Foundation

// UIKit/UIWindow.h
@available(iOS 2.0, *)
@MainActor
open class UIWindow: UIView {
    // UIKit/UIWindow.h: UIWindowLevel
    public struct Level: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        // UIKit/UIWindow.h: UIWindowLevelNormal
        public static let normal = Level(rawValue: 0)
        // UIKit/UIWindow.h: UIWindowLevelStatusBar
        public static let statusBar = Level(rawValue: 1000)
        // UIKit/UIWindow.h: UIWindowLevelAlert
        public static let alert = Level(rawValue: 2000)
    }

    // UIKit/UIWindow.h
    @available(iOS 13.0, *)
    public init(windowScene: UIWindowScene) { super.init(frame: .zero) }

    public override init(frame: CGRect) { super.init(frame: frame) }

    public required init?(coder: NSCoder) { super.init(frame: .zero) }

    // UIKit/UIWindow.h
    @available(iOS 13.0, *)
    open var windowScene: UIWindowScene? {
        get { fatalError() }
        set {}
    }
    // UIKit/UIWindow.h
    open var windowLevel: UIWindow.Level {
        get { fatalError() }
        set {}
    }
    // UIKit/UIWindow.h
    open var isKeyWindow: Bool { fatalError() }
    // UIKit/UIWindow.h
    open var rootViewController: UIViewController? {
        get { fatalError() }
        set {}
    }
    // UIKit/UIWindow.h
    open func makeKey() { fatalError() }
    // UIKit/UIWindow.h: the notification names are nonisolated constants.
    nonisolated public static let didBecomeKeyNotification = NSNotification.Name("UIWindowDidBecomeKeyNotification")
    // UIKit/UIWindow.h
    nonisolated public static let didResignKeyNotification = NSNotification.Name("UIWindowDidResignKeyNotification")
    // UIKit/UIWindow.h
    open func makeKeyAndVisible() { fatalError() }
}
