import CLibrsvg
import Foundation

/// A parsed SVG document: a librsvg handle.
///
/// librsvg allows different handles on different threads; one handle is used by one thread at
/// a time.
final class SVGDocument {
    private let handle: UnsafeMutablePointer<RsvgHandle>

    /// Parses `svg`. Relative references resolve against `baseFile` (a template's path).
    init(_ svg: String, baseFile: URL?) throws(RenderError) {
        var bytes = Array(svg.utf8)
        let count = bytes.count
        var error: UnsafeMutablePointer<GError>?
        let handle: UnsafeMutablePointer<RsvgHandle>? = bytes.withUnsafeMutableBytes { buffer in
            let stream = g_memory_input_stream_new_from_data(buffer.baseAddress, gssize(count), nil)
            defer { g_object_unref(stream) }
            let base: OpaquePointer? = baseFile.map { g_file_new_for_path($0.path) }
            defer { if let base { g_object_unref(UnsafeMutableRawPointer(base)) } }
            return rsvg_handle_new_from_stream_sync(stream, base, RSVG_HANDLE_FLAGS_NONE, nil, &error)
        }
        guard let handle else { throw .invalidSVG(Self.consume(error)) }
        // CSS's 96 dpi, as browsers and rsvg-convert use: librsvg's own default of 90 would
        // draw `mm`, `in` and `pt` (Inkscape's documents are in mm) 6.25% small.
        rsvg_handle_set_dpi(handle, Self.dotsPerInch)
        self.handle = handle
    }

    /// How long an inch is, in pixels.
    static let dotsPerInch = 96.0

    deinit {
        g_object_unref(handle)
    }

    /// The document's own size in pixels, when it declares one (width/height or a viewBox).
    var intrinsicSize: (width: Double, height: Double)? {
        var width = 0.0
        var height = 0.0
        guard rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0 else { return nil }
        return (width, height)
    }

    /// Draws the whole document into `rect` of `context`, fitting its viewBox as the document asks.
    func draw(in context: OpaquePointer, x: Double, y: Double, width: Double, height: Double) throws(RenderError) {
        var viewport = RsvgRectangle(x: x, y: y, width: width, height: height)
        var error: UnsafeMutablePointer<GError>?
        guard rsvg_handle_render_document(handle, context, &viewport, &error) != 0 else {
            throw .renderFailed(Self.consume(error))
        }
    }

    private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown librsvg error" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}

/// What went wrong turning SVG text into pixels.
public enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidSVG(String)
    case renderFailed(String)
    case surfaceFailed(String)
    case pngFailed(String)

    public var description: String {
        switch self {
        case .invalidSVG(let message): "librsvg cannot parse the SVG: \(message)"
        case .renderFailed(let message): "librsvg failed to render: \(message)"
        case .surfaceFailed(let message): "cairo cannot create the image: \(message)"
        case .pngFailed(let message): "cannot encode or decode the PNG: \(message)"
        }
    }
}
