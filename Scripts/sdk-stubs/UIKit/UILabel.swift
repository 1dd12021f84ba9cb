import Foundation

// UIKit/UILabel.h
@available(iOS 2.0, *)
@MainActor
open class UILabel: UIView {
    // UIKit/UILabel.h
    open var text: String? {
        get { fatalError() }
        set {}
    }
    // UIKit/UILabel.h
    open var font: UIFont! {
        get { fatalError() }
        set {}
    }
    // UIKit/UIContentSizeCategoryAdjusting.h
    @available(iOS 10.0, *)
    open var adjustsFontForContentSizeCategory: Bool {
        get { fatalError() }
        set {}
    }
}
