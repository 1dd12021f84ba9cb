import Foundation

// UIKit/NSDataAsset.h: a data set of the app's asset catalog; not main-actor isolated.
@available(iOS 9.0, *)
open class NSDataAsset: NSObject {
    // UIKit/NSDataAsset.h: loads the whole data set.
    public init?(name: String) { super.init() }
    // UIKit/NSDataAsset.h
    public init?(name: String, bundle: Bundle) { super.init() }
    // UIKit/NSDataAsset.h
    open var data: Data { fatalError() }
    // UIKit/NSDataAsset.h
    open var name: String { fatalError() }
}
