import Foundation

// UIKit/NSLayoutConstraint.h
@available(iOS 6.0, *)
@MainActor
open class NSLayoutConstraint: NSObject {
    // UIKit/NSLayoutConstraint.h
    @available(iOS 8.0, *)
    open class func activate(_ constraints: [NSLayoutConstraint]) { fatalError() }
    // UIKit/NSLayoutConstraint.h
    @available(iOS 8.0, *)
    open var isActive: Bool {
        get { fatalError() }
        set {}
    }
}

// UIKit/NSLayoutAnchor.h
@available(iOS 9.0, *)
@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    // UIKit/NSLayoutAnchor.h
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { fatalError() }
    // UIKit/NSLayoutAnchor.h
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { fatalError() }
}

// UIKit/NSLayoutAnchor.h
@available(iOS 9.0, *)
@MainActor
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

// UIKit/NSLayoutAnchor.h
@available(iOS 9.0, *)
@MainActor
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

// UIKit/UILayoutGuide.h
@available(iOS 9.0, *)
@MainActor
open class UILayoutGuide: NSObject {
    // UIKit/UILayoutGuide.h
    open var topAnchor: NSLayoutYAxisAnchor { fatalError() }
    // UIKit/UILayoutGuide.h
    open var bottomAnchor: NSLayoutYAxisAnchor { fatalError() }
    // UIKit/UILayoutGuide.h
    open var leadingAnchor: NSLayoutXAxisAnchor { fatalError() }
    // UIKit/UILayoutGuide.h
    open var trailingAnchor: NSLayoutXAxisAnchor { fatalError() }
    // UIKit/UILayoutGuide.h
    open var centerXAnchor: NSLayoutXAxisAnchor { fatalError() }
    // UIKit/UILayoutGuide.h
    open var centerYAnchor: NSLayoutYAxisAnchor { fatalError() }
}
