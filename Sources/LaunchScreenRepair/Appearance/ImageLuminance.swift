import Foundation

#if canImport(ImageIO) && canImport(CoreGraphics)
import CoreGraphics
import ImageIO
#endif

/// Mean luminance of PNG or JPEG bytes, through ImageIO where it exists (Apple platforms);
/// `nil` elsewhere or when the bytes cannot be decoded.
package enum ImageLuminance {
    /// Whether this platform can decode PNG and JPEG pixels.
    package static var isAvailable: Bool {
        #if canImport(ImageIO) && canImport(CoreGraphics)
        true
        #else
        false
        #endif
    }

    /// Decodes `data`, scales it down to 16×16 and averages its Rec. 709 luminance.
    package static func mean(of data: Data) -> Double? {
        #if canImport(ImageIO) && canImport(CoreGraphics)
        guard let source = CGImageSourceCreateWithData(data as CFData, nil),
            let image = CGImageSourceCreateImageAtIndex(source, 0, nil)
        else { return nil }
        let side = 16
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        let drawn: Bool = pixels.withUnsafeMutableBytes { raw in
            guard
                let context = CGContext(
                    data: raw.baseAddress, width: side, height: side, bitsPerComponent: 8, bytesPerRow: side * 4,
                    space: CGColorSpaceCreateDeviceRGB(),
                    bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue
                )
            else { return false }
            context.interpolationQuality = .medium
            context.draw(image, in: CGRect(x: 0, y: 0, width: side, height: side))
            return true
        }
        guard drawn else { return nil }
        var sum = 0.0
        for index in stride(from: 0, to: pixels.count, by: 4) {
            sum += 0.2126 * Double(pixels[index]) + 0.7152 * Double(pixels[index + 1]) + 0.0722 * Double(pixels[index + 2])
        }
        return sum / Double(side * side) / 255
        #else
        return nil
        #endif
    }
}
