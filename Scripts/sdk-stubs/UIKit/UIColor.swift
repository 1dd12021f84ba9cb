import Foundation

// UIKit/UIColor.h: immutable, not main-actor isolated, Sendable in the iOS 17 SDK.
@available(iOS 2.0, *)
open class UIColor: NSObject, @unchecked Sendable {
    // UIKit/UIColor.h
    public init(white: CGFloat, alpha: CGFloat) { super.init() }
    // UIKit/UIColor.h
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { super.init() }
    // UIKit/UIColor.h
    @available(iOS 11.0, *)
    public init?(named name: String) { super.init() }

    // UIKit/UIColor.h
    open class var black: UIColor { fatalError() }
    // UIKit/UIColor.h
    open class var white: UIColor { fatalError() }
    // UIKit/UIColor.h
    open class var clear: UIColor { fatalError() }
    // UIKit/UIColor.h
    @available(iOS 13.0, *)
    open class var systemBackground: UIColor { fatalError() }
    // UIKit/UIColor.h
    @available(iOS 13.0, *)
    open class var label: UIColor { fatalError() }
    // UIKit/UIColor.h
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor { fatalError() }
}
