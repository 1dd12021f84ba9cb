import CLibrsvg
import Testing

@testable import LaunchAssetCompiler

/// Every pixel of `image` as cairo holds it (native-endian words; the unused byte of opaque
/// images zeroed), row by row without stride padding.
func pixels(of image: CairoImage) throws -> [UInt32] {
    cairo_surface_flush(image.surface)
    let base = try #require(cairo_image_surface_get_data(image.surface))
    let stride = Int(cairo_image_surface_get_stride(image.surface))
    let mask: UInt32 = cairo_image_surface_get_format(image.surface) == CAIRO_FORMAT_RGB24 ? 0x00FF_FFFF : 0xFFFF_FFFF
    var words: [UInt32] = []
    words.reserveCapacity(image.width * image.height)
    for y in 0..<image.height {
        let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
        words += UnsafeBufferPointer(start: row, count: image.width).map { $0 & mask }
    }
    return words
}
