import Foundation

// UIKit/UIResponder.h
@available(iOS 2.0, *)
@MainActor
open class UIResponder: NSObject {
    public override init() { super.init() }

    open var next: UIResponder? { fatalError() }
    open func becomeFirstResponder() -> Bool { fatalError() }
    open func resignFirstResponder() -> Bool { fatalError() }
}
