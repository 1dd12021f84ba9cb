import CLibrsvg
import Foundation

/// A cairo image surface of a fixed pixel size, with a drawing context.
final class CairoImage {
    let surface: OpaquePointer
    let context: OpaquePointer
    let width: Int
    let height: Int

    /// A blank image; `opaque` images have no alpha channel and encode as RGB PNGs.
    init(width: Int, height: Int, opaque: Bool) throws(RenderError) {
        let surface = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .surfaceFailed(String(cString: cairo_status_to_string(status)))
        }
        self.surface = surface
        self.context = cairo_create(surface)
        self.width = width
        self.height = height
    }

    /// Decodes PNG bytes (cairo's libpng decoder, used by tests and the contact sheet).
    init(png: Data) throws(RenderError) {
        let source = PNGSource(png)
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream(
                { closure, buffer, length in
                    let source = Unmanaged<PNGSource>.fromOpaque(closure!).takeUnretainedValue()
                    return source.read(into: buffer!, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
                }, Unmanaged.passUnretained(source).toOpaque())!
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .pngFailed(String(cString: cairo_status_to_string(status)))
        }
        self.surface = surface
        self.context = cairo_create(surface)
        self.width = Int(cairo_image_surface_get_width(surface))
        self.height = Int(cairo_image_surface_get_height(surface))
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Fills the whole image with one colour (components 0…1).
    func fill(red: Double, green: Double, blue: Double) {
        cairo_save(context)
        cairo_set_source_rgb(context, red, green, blue)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// The image as PNG bytes (deterministic: no time stamps). The encoder reuses the image's
    /// memory, so its pixels are gone afterwards.
    func pngData(_ encoder: PNGEncoder = PNGEncoder()) throws(RenderError) -> Data {
        try encoder.encode(self)
    }

    /// The pixel at (x, y) as straight (not premultiplied) RGBA, 0…255.
    func rgba(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let base = cairo_image_surface_get_data(surface)!
        let word = (base + y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        let alpha = opaque ? 255 : UInt32(word >> 24)
        func channel(_ shift: UInt32) -> UInt8 {
            let premultiplied = (word >> shift) & 0xFF
            guard alpha > 0 else { return 0 }
            return UInt8(min(255, (premultiplied * 255 + alpha / 2) / alpha))
        }
        return (channel(16), channel(8), channel(0), UInt8(alpha))
    }
}

private final class PNGSource {
    private let data: Data
    private var offset = 0

    init(_ data: Data) { self.data = data }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= data.count - offset else { return false }
        data.copyBytes(to: buffer, from: data.startIndex + offset..<data.startIndex + offset + count)
        offset += count
        return true
    }
}
