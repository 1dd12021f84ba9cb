// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (the C functions keep their SDK names)

import CoreGraphics

// ImageIO/CGImageSource.h: CGImageSourceRef, a Core Foundation object (imported as a class).
@available(iOS 4.0, macOS 10.8, *)
public final class CGImageSource {}

// ImageIO/CGImageSource.h
@available(iOS 4.0, macOS 10.4, *)
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? { fatalError() }

// ImageIO/CGImageSource.h
@available(iOS 4.0, macOS 10.4, *)
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    fatalError()
}
