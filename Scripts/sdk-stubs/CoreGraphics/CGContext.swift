// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (the C functions keep their SDK names)

import Foundation

// CoreFoundation/CFData.h, CFDictionary.h: CFDataRef and CFDictionaryRef, which CoreGraphics
// re-exports. Both are toll-free bridged to NSData and NSDictionary, so `data as CFData` converts
// on a device; the stub spells them as those classes for the same conversion. (CGRect and CGFloat
// are Foundation's on Linux.)
public typealias CFData = NSData
// CoreFoundation/CFDictionary.h
public typealias CFDictionary = NSDictionary

// CoreGraphics/CGImage.h: CGImageRef, a Core Foundation object (imported as a class).
@available(iOS 2.0, macOS 10.0, *)
public final class CGImage {}

// CoreGraphics/CGColorSpace.h: CGColorSpaceRef
@available(iOS 2.0, macOS 10.0, *)
public final class CGColorSpace {}
// CoreGraphics/CGColorSpace.h
@available(iOS 2.0, macOS 10.0, *)
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { fatalError() }

// CoreGraphics/CGImage.h
@available(iOS 2.0, macOS 10.0, *)
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0
    case premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

// CoreGraphics/CGContext.h
@available(iOS 2.0, macOS 10.0, *)
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0
    case none = 1
    case low = 2
    case medium = 4
    case high = 3
}

// CoreGraphics/CGContext.h: CGContextRef, not main-actor isolated.
@available(iOS 2.0, macOS 10.0, *)
public final class CGContext {
    // CoreGraphics/CGBitmapContext.h: CGBitmapContextCreate, as the SDK's Swift name.
    public init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int, space: CGColorSpace,
        bitmapInfo: UInt32
    ) { fatalError() }
    // CoreGraphics/CGContext.h: CGContextSetInterpolationQuality, CGContextGetInterpolationQuality
    public var interpolationQuality: CGInterpolationQuality {
        get { fatalError() }
        set {}
    }
    // CoreGraphics/CGContext.h: CGContextDrawImage, CGContextDrawTiledImage, as the CoreGraphics overlay spells them.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {}
}
