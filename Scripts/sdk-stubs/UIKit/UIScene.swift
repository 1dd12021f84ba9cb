import Foundation

// UIKit/UIScene.h
@available(iOS 13.0, *)
@MainActor
open class UIScene: UIResponder {
    // UIKit/UISceneDefinitions.h: UISceneActivationState
    public enum ActivationState: Int, Sendable {
        case unattached = -1
        case foregroundActive
        case foregroundInactive
        case background
    }

    // UIKit/UIScene.h: UISceneConnectionOptions, what a scene delegate's
    // scene(_:willConnectTo:options:) receives (the documentation's snippets).
    @MainActor
    open class ConnectionOptions: NSObject {}

    // UIKit/UIScene.h
    open var session: UISceneSession { fatalError() }
    // UIKit/UIScene.h
    open var activationState: UIScene.ActivationState { fatalError() }

    // UIKit/UIScene.h: the notification names are nonisolated constants.
    nonisolated public static let willConnectNotification = NSNotification.Name("UISceneWillConnectNotification")
    // UIKit/UIScene.h
    nonisolated public static let didDisconnectNotification = NSNotification.Name("UISceneDidDisconnectNotification")
    // UIKit/UIScene.h
    nonisolated public static let didActivateNotification = NSNotification.Name("UISceneDidActivateNotification")
    // UIKit/UIScene.h
    nonisolated public static let willDeactivateNotification = NSNotification.Name("UISceneWillDeactivateNotification")
    // UIKit/UIScene.h
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name("UISceneWillEnterForegroundNotification")
    // UIKit/UIScene.h
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name("UISceneDidEnterBackgroundNotification")
}

// UIKit/UISceneSession.h
@available(iOS 13.0, *)
@MainActor
open class UISceneSession: NSObject {
    // UIKit/UISceneDefinitions.h: UISceneSessionRole, an extensible string enum.
    public struct Role: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        // UIKit/UIWindowScene.h: UIWindowSceneSessionRoleApplication
        @available(iOS 13.0, *)
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
        // UIKit/UIWindowScene.h: UIWindowSceneSessionRoleExternalDisplay
        @available(iOS, introduced: 13.0, deprecated: 16.0, message: "Use windowExternalDisplayNonInteractive")
        public static let windowExternalDisplay = Role(rawValue: "UIWindowSceneSessionRoleExternalDisplay")
        // UIKit/UIWindowScene.h: UIWindowSceneSessionRoleExternalDisplayNonInteractive
        @available(iOS 16.0, *)
        public static let windowExternalDisplayNonInteractive = Role(rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }

    // UIKit/UISceneSession.h
    open var role: UISceneSession.Role { fatalError() }
    // UIKit/UISceneSession.h
    open var persistentIdentifier: String { fatalError() }
    // UIKit/UISceneSession.h
    open var scene: UIScene? { fatalError() }
}

// UIKit/UIWindowScene.h
@available(iOS 13.0, *)
@MainActor
open class UIWindowScene: UIScene {
    // UIKit/UIWindowScene.h
    open var screen: UIScreen { fatalError() }
    // UIKit/UIWindowScene.h
    open var interfaceOrientation: UIInterfaceOrientation { fatalError() }
    // UIKit/UIWindowScene.h
    open var coordinateSpace: any UICoordinateSpace { fatalError() }
    // UIKit/UIWindowScene.h
    open var traitCollection: UITraitCollection { fatalError() }
    // UIKit/UIWindowScene.h
    open var windows: [UIWindow] { fatalError() }
    // UIKit/UIWindowScene.h
    @available(iOS 15.0, *)
    open var keyWindow: UIWindow? { fatalError() }
}

// UIKit/UIScene.h
@available(iOS 13.0, *)
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {}

// UIKit/UIWindowScene.h
@available(iOS 13.0, *)
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {}
