import Foundation

// QuartzCore/CALayer.h: not main-actor isolated in the SDK.
@available(iOS 2.0, *)
open class CALayer: NSObject {
    open var cornerRadius: CGFloat {
        get { fatalError() }
        set {}
    }
    open var masksToBounds: Bool {
        get { fatalError() }
        set {}
    }
}
