import Foundation

// UIKit/UIInterface.h
@available(iOS 12.0, *)
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

// UIKit/UITraitCollection.h: immutable, not main-actor isolated, Sendable in the iOS 17 SDK.
@available(iOS 8.0, *)
open class UITraitCollection: NSObject, @unchecked Sendable {
    // UIKit/UITraitCollection.h: the collection of the trait environment UIKit is updating now.
    @available(iOS 13.0, *)
    open class var current: UITraitCollection {
        get { fatalError() }
        set {}
    }
    // UIKit/UITraitCollection.h
    @available(iOS 12.0, *)
    open var userInterfaceStyle: UIUserInterfaceStyle { fatalError() }
    // UIKit/UITraitCollection.h
    open var displayScale: CGFloat { fatalError() }
    // UIKit/UITraitCollection.h
    @available(iOS 9.0, *)
    open var userInterfaceIdiom: UIUserInterfaceIdiom { fatalError() }
    // UIKit/UITraitCollection.h
    @available(iOS 10.0, *)
    open var preferredContentSizeCategory: UIContentSizeCategory { fatalError() }
}

// UIKit/UIApplication.h: UIContentSizeCategory, an extensible string enum.
@available(iOS 7.0, *)
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    // UIKit/UIContentSizeCategory.h
    @available(iOS 11.0, *)
    public var isAccessibilityCategory: Bool { fatalError() }
    // UIKit/UIApplication.h: UIContentSizeCategoryDidChangeNotification
    public static let didChangeNotification = NSNotification.Name("UIContentSizeCategoryDidChangeNotification")
}
