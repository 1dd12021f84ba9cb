import Foundation

// UIKit/UIControl.h
@available(iOS 2.0, *)
@MainActor
open class UIControl: UIView {
    // UIKit/UIControl.h: UIControlState
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    // UIKit/UIControl.h: UIControlEvents
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }

    // UIKit/UIControl.h
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event) { fatalError() }
}

// UIKit/UIButton.h
@available(iOS 2.0, *)
@MainActor
open class UIButton: UIControl {
    // UIKit/UIButton.h: UIButtonType
    public enum ButtonType: Int, Sendable {
        case custom = 0
        case system = 1
        case detailDisclosure, infoLight, infoDark, contactAdd
        case close = 7
    }

    // UIKit/UIButtonConfiguration.h
    @available(iOS 15.0, *)
    public struct Configuration: Hashable {
        // UIKit/UIButtonConfiguration.h
        public static func plain() -> UIButton.Configuration { fatalError() }
        // UIKit/UIButtonConfiguration.h
        public static func filled() -> UIButton.Configuration { fatalError() }
        // UIKit/UIButtonConfiguration.h
        public static func tinted() -> UIButton.Configuration { fatalError() }
        // UIKit/UIButtonConfiguration.h
        public var title: String? {
            get { fatalError() }
            set {}
        }
        // UIKit/UIButtonConfiguration.h
        public var baseForegroundColor: UIColor? {
            get { fatalError() }
            set {}
        }
        // UIKit/UIButtonConfiguration.h
        public var baseBackgroundColor: UIColor? {
            get { fatalError() }
            set {}
        }
        // UIKit/UIButtonConfiguration.h
        public var contentInsets: NSDirectionalEdgeInsets {
            get { fatalError() }
            set {}
        }
    }

    // UIKit/UIButton.h
    public convenience init(type buttonType: UIButton.ButtonType) { self.init(frame: .zero) }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(frame: .zero) }

    // UIKit/UIButton.h
    @available(iOS 15.0, *)
    open var configuration: UIButton.Configuration? {
        get { fatalError() }
        set {}
    }
    // UIKit/UIButton.h
    open func setTitle(_ title: String?, for state: UIControl.State) { fatalError() }
    // UIKit/UIButton.h
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) { fatalError() }
    // UIKit/UIButton.h
    open var titleLabel: UILabel? { fatalError() }
    // UIKit/UIButton.h
    @available(iOS, introduced: 2.0, deprecated: 15.0, message: "This property is ignored when using UIButtonConfiguration")
    open var contentEdgeInsets: UIEdgeInsets {
        get { fatalError() }
        set {}
    }
}

// UIKit/UIGeometry.h
@available(iOS 11.0, *)
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
    }
}
