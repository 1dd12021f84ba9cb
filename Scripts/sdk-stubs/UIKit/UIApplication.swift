import Foundation

// UIKit/UIApplication.h
@available(iOS 2.0, *)
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    // UIKit/UIApplication.h: UIBackgroundTaskInvalid
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

// UIKit/UIApplication.h
@available(iOS 2.0, *)
@MainActor
open class UIApplication: UIResponder {
    // UIKit/UIApplication.h
    public enum State: Int, Sendable {
        case active, inactive, background
    }

    // UIKit/UIApplication.h
    @available(iOSApplicationExtension, unavailable)
    open class var shared: UIApplication { fatalError() }

    // UIKit/UIApplication.h
    @available(iOS 4.0, *)
    open var applicationState: UIApplication.State { fatalError() }

    // UIKit/UIApplication.h
    @available(iOS 13.0, *)
    open var connectedScenes: Set<UIScene> { fatalError() }

    // UIKit/UIApplication.h
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Should not be used for applications that support multiple scenes")
    open var keyWindow: UIWindow? { fatalError() }

    // UIKit/UIApplication.h
    @available(iOS, introduced: 2.0, deprecated: 15.0, message: "Use UIWindowScene.windows on a relevant window scene instead")
    open var windows: [UIWindow] { fatalError() }

    // UIKit/UIApplication.h: callable from any thread; UIKit calls the handler on the main thread.
    @available(iOS 7.0, *)
    nonisolated open func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier { fatalError() }

    // UIKit/UIApplication.h
    @available(iOS 4.0, *)
    nonisolated open func beginBackgroundTask(
        expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    )
        -> UIBackgroundTaskIdentifier
    { fatalError() }

    // UIKit/UIApplication.h: callable from any thread.
    @available(iOS 4.0, *)
    nonisolated open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) { fatalError() }

    // UIKit/UIApplication.h
    @available(iOS 4.0, *)
    nonisolated open var backgroundTimeRemaining: TimeInterval { fatalError() }

    // UIKit/UIApplication.h: the notification names are nonisolated constants.
    @available(iOS 2.0, *)
    nonisolated public static let didFinishLaunchingNotification = NSNotification.Name("UIApplicationDidFinishLaunchingNotification")
    // UIKit/UIApplication.h
    @available(iOS 2.0, *)
    nonisolated public static let didBecomeActiveNotification = NSNotification.Name("UIApplicationDidBecomeActiveNotification")
    // UIKit/UIApplication.h
    @available(iOS 2.0, *)
    nonisolated public static let willResignActiveNotification = NSNotification.Name("UIApplicationWillResignActiveNotification")
    // UIKit/UIApplication.h
    @available(iOS 2.0, *)
    nonisolated public static let significantTimeChangeNotification = NSNotification.Name(
        "UIApplicationSignificantTimeChangeNotification")
    // UIKit/UIApplication.h
    @available(iOS 4.0, *)
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
    // UIKit/UIApplication.h
    @available(iOS 4.0, *)
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name(
        "UIApplicationWillEnterForegroundNotification")
    // UIKit/UIApplication.h
    @available(iOS 4.0, *)
    nonisolated public static let protectedDataWillBecomeUnavailableNotification = NSNotification.Name(
        "UIApplicationProtectedDataWillBecomeUnavailable")
    // UIKit/UIApplication.h
    @available(iOS 4.0, *)
    nonisolated public static let protectedDataDidBecomeAvailableNotification = NSNotification.Name(
        "UIApplicationProtectedDataDidBecomeAvailable")

    // UIKit/UIApplication.h
    @available(iOS 4.0, *)
    open var isProtectedDataAvailable: Bool { fatalError() }
}

// UIKit/UIApplication.h: UIApplicationLaunchOptionsKey
extension UIApplication {
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

// UIKit/UIApplication.h
@available(iOS 2.0, *)
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {}
