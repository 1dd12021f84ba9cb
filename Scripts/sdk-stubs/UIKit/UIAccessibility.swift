import Foundation

// UIKit/UIAccessibility.h, UIAccessibilityConstants.h: UIAccessibility's functions and constants.
@available(iOS 3.0, *)
public enum UIAccessibility {
    // UIKit/UIAccessibilityConstants.h: UIAccessibilityNotifications
    public struct Notification: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        // UIKit/UIAccessibilityConstants.h: UIAccessibilityScreenChangedNotification
        public static let screenChanged = Notification(rawValue: 1000)
        // UIKit/UIAccessibilityConstants.h: UIAccessibilityLayoutChangedNotification
        public static let layoutChanged = Notification(rawValue: 1001)
        // UIKit/UIAccessibilityConstants.h: UIAccessibilityAnnouncementNotification
        @available(iOS 4.0, *)
        public static let announcement = Notification(rawValue: 1008)
    }

    // UIKit/UIAccessibility.h: UIAccessibilityPostNotification; main-actor isolated.
    @MainActor
    public static func post(notification: UIAccessibility.Notification, argument: Any?) { fatalError() }

    // UIKit/UIAccessibility.h: UIAccessibilityIsVoiceOverRunning
    @available(iOS 4.0, *)
    @MainActor
    public static var isVoiceOverRunning: Bool { fatalError() }

    // UIKit/UIAccessibility.h: UIAccessibilityIsReduceMotionEnabled
    @available(iOS 8.0, *)
    @MainActor
    public static var isReduceMotionEnabled: Bool { fatalError() }

    // UIKit/UIAccessibility.h: UIAccessibilityVoiceOverStatusDidChangeNotification
    @available(iOS 11.0, *)
    public static let voiceOverStatusDidChangeNotification = NSNotification.Name("UIAccessibilityVoiceOverStatusDidChangeNotification")
}

// UIKit/UIAccessibility.h: the informal UIAccessibility protocol, a main-actor category on NSObject.
@MainActor
extension NSObject {
    // UIKit/UIAccessibility.h
    public var isAccessibilityElement: Bool {
        get { fatalError() }
        set {}
    }
    // UIKit/UIAccessibility.h
    public var accessibilityLabel: String? {
        get { fatalError() }
        set {}
    }
    // UIKit/UIAccessibility.h
    @available(iOS 5.0, *)
    public var accessibilityViewIsModal: Bool {
        get { fatalError() }
        set {}
    }
    // UIKit/UIAccessibility.h
    @available(iOS 5.0, *)
    public var accessibilityElementsHidden: Bool {
        get { fatalError() }
        set {}
    }
}
