import Foundation

// UIKit/UIStoryboard.h: raises an Objective-C exception when the storyboard is not in the bundle.
@available(iOS 5.0, *)
@MainActor
open class UIStoryboard: NSObject {
    // UIKit/UIStoryboard.h
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) { super.init() }
    // UIKit/UIStoryboard.h
    open func instantiateInitialViewController() -> UIViewController? { fatalError() }
}
