import Foundation

// UIKit/UIImage.h: immutable, not main-actor isolated, Sendable in the iOS 17 SDK.
@available(iOS 2.0, *)
open class UIImage: NSObject, @unchecked Sendable {
    // UIKit/UIImage.h
    public init?(named name: String) { super.init() }
    // UIKit/UIImage.h
    public init?(data: Data) { super.init() }
    // UIKit/UIImage.h
    @available(iOS 6.0, *)
    public init?(data: Data, scale: CGFloat) { super.init() }
    // UIKit/UIImage.h
    public init?(contentsOfFile path: String) { super.init() }

    // UIKit/UIImage.h
    open var size: CGSize { fatalError() }
    // UIKit/UIImage.h
    @available(iOS 4.0, *)
    open var scale: CGFloat { fatalError() }

    // UIKit/UIImage.h: draws into the current context (a renderer's, on any thread).
    open func draw(at point: CGPoint) { fatalError() }

    // UIKit/UIImage.h: decodes now, on the calling thread; `nil` when it cannot.
    @available(iOS 15.0, *)
    open func preparingForDisplay() -> UIImage? { fatalError() }
    // UIKit/UIImage.h
    @available(iOS 15.0, *)
    open func prepareForDisplay(completionHandler: @escaping @Sendable (UIImage?) -> Void) { fatalError() }
}

// UIKit/UIGraphicsImageRenderer.h
@available(iOS 10.0, *)
open class UIGraphicsImageRendererFormat: NSObject {
    // UIKit/UIGraphicsImageRenderer.h
    open var scale: CGFloat {
        get { fatalError() }
        set {}
    }
    // UIKit/UIGraphicsImageRenderer.h
    open var opaque: Bool {
        get { fatalError() }
        set {}
    }
}

// UIKit/UIGraphicsImageRenderer.h
@available(iOS 10.0, *)
open class UIGraphicsImageRendererContext: NSObject {}

// UIKit/UIGraphicsImageRenderer.h: not main-actor isolated; usable on any thread.
@available(iOS 10.0, *)
open class UIGraphicsImageRenderer: NSObject {
    // UIKit/UIGraphicsImageRenderer.h
    public init(size: CGSize, format: UIGraphicsImageRendererFormat) { super.init() }
    // UIKit/UIGraphicsImageRenderer.h
    public init(size: CGSize) { super.init() }
    // UIKit/UIGraphicsImageRenderer.h
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage { fatalError() }
}
