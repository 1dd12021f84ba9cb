import Foundation

// UIKit/UIDevice.h
@available(iOS 3.2, *)
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone = 0
    case pad = 1
    @available(iOS 9.0, *) case tv = 2
    @available(iOS 9.0, *) case carPlay = 3
    @available(iOS 14.0, *) case mac = 5
    @available(iOS 17.0, *) case vision = 6
}

// UIKit/UIDevice.h
@available(iOS 2.0, *)
@MainActor
open class UIDevice: NSObject {
    // UIKit/UIDevice.h
    open class var current: UIDevice { fatalError() }
    // UIKit/UIDevice.h
    @available(iOS 3.2, *)
    open var userInterfaceIdiom: UIUserInterfaceIdiom { fatalError() }
    // UIKit/UIDevice.h
    open var systemVersion: String { fatalError() }
    // UIKit/UIDevice.h
    open var model: String { fatalError() }
}
