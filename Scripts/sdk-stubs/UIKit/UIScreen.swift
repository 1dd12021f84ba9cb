import Foundation

// UIKit/UIScreen.h
@available(iOS 2.0, *)
@MainActor
open class UIScreen: NSObject, UICoordinateSpace {
    // UIKit/UIScreen.h: API_TO_BE_DEPRECATED, in favour of the screen of a scene.
    @available(
        iOS, introduced: 2.0, deprecated: 100000,
        message: "Use a UIScreen instance found through context instead: i.e, view.window.windowScene.screen"
    )
    open class var main: UIScreen { fatalError() }
    // UIKit/UIScreen.h
    open var bounds: CGRect { fatalError() }
    // UIKit/UIScreen.h
    @available(iOS 4.0, *)
    open var scale: CGFloat { fatalError() }
    // UIKit/UIScreen.h
    @available(iOS 8.0, *)
    open var nativeBounds: CGRect { fatalError() }
    // UIKit/UIScreen.h
    @available(iOS 8.0, *)
    open var nativeScale: CGFloat { fatalError() }
    // UIKit/UIScreen.h
    @available(iOS 8.0, *)
    open var traitCollection: UITraitCollection { fatalError() }
    // UIKit/UIScreen.h
    @available(iOS 8.0, *)
    open var coordinateSpace: any UICoordinateSpace { fatalError() }
}
