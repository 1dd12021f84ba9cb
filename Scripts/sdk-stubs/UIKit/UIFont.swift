import Foundation

// UIKit/UIFont.h: not main-actor isolated, Sendable in the iOS 17 SDK.
@available(iOS 2.0, *)
open class UIFont: NSObject, @unchecked Sendable {
    // UIKit/UIFontDescriptor.h: UIFontTextStyle, an extensible string enum.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        // UIKit/UIFontDescriptor.h: UIFontTextStyleBody
        @available(iOS 7.0, *)
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        // UIKit/UIFontDescriptor.h: UIFontTextStyleCallout
        @available(iOS 9.0, *)
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        // UIKit/UIFontDescriptor.h: UIFontTextStyleFootnote
        @available(iOS 7.0, *)
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        // UIKit/UIFontDescriptor.h: UIFontTextStyleHeadline
        @available(iOS 7.0, *)
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
    }

    // UIKit/UIFont.h
    @available(iOS 7.0, *)
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont { fatalError() }
}
