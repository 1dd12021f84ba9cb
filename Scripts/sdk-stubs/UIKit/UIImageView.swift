import Foundation

// UIKit/UIImageView.h
@available(iOS 2.0, *)
@MainActor
open class UIImageView: UIView {
    // UIKit/UIImageView.h
    public init(image: UIImage?) { super.init(frame: .zero) }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(frame: .zero) }

    // UIKit/UIImageView.h
    open var image: UIImage? {
        get { fatalError() }
        set {}
    }
}
