import CLibrsvg
import CPangoFontconfig
import Foundation

/// Every font face the render's threads can draw with, opened once and kept open until the
/// process ends, so that cairo never closes a face while another thread draws with it.
///
/// cairo keeps at most ten FreeType faces open. To open another it closes one that no thread
/// has locked, but it reads "not locked" without taking that face's own lock, so a thread
/// taking the face at that moment draws with a face being freed: wrong glyphs, or a crash in
/// the glyph loader. More than ten font files among the threads drawing at once are enough (a
/// family's weights and a few scripts). cairo never closes a face it has locked, so each font
/// file of a configuration is opened and locked here, once per process and before any thread
/// draws with that configuration: no open face is ever unlocked, and no drawing thread opens
/// one. A face costs about 10 KB of memory (its file is mapped, not read).
final class OpenFontFaces: @unchecked Sendable {
    /// The process's faces: cairo's cache of them is process-wide.
    static let process = OpenFontFaces()

    private let lock = NSLock()
    /// `file#index` of every face kept open.
    private var kept: Set<String> = []
    /// `cairo_scaled_font_t *` of each face kept open, each holding its face's lock; never released.
    private var lockedFonts: [OpaquePointer] = []

    /// Opens and locks every face `configuration` (an `FcConfig *`) lists that is not open yet.
    func keepOpen(every configuration: OpaquePointer) {
        lock.withLock {
            for set in [FcSetSystem, FcSetApplication] {
                guard let fonts = FcConfigGetFonts(configuration, set) else { continue }
                for index in 0..<Int(fonts.pointee.nfont) {
                    guard let pattern = fonts.pointee.fonts[index] else { continue }
                    keepOpen(pattern)
                }
            }
        }
    }

    /// Opens and locks the face of one font `pattern` (its file and index), unless it is open.
    private func keepOpen(_ pattern: OpaquePointer) {
        var file: UnsafeMutablePointer<FcChar8>?
        var faceIndex: Int32 = 0
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return }
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &faceIndex)
        guard kept.insert("\(String(cString: file))#\(faceIndex)").inserted else { return }
        // A pattern with a file names cairo's face of that file and index, the one Pango's
        // fonts of that file share.
        guard let face = cairo_ft_font_face_create_for_pattern(pattern) else { return }
        defer { cairo_font_face_destroy(face) }
        var size = cairo_matrix_t()
        cairo_matrix_init_scale(&size, 16, 16)
        var deviceTransform = cairo_matrix_t()
        cairo_matrix_init_identity(&deviceTransform)
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        guard let font = cairo_scaled_font_create(face, &size, &deviceTransform, options) else { return }
        guard cairo_scaled_font_status(font) == CAIRO_STATUS_SUCCESS, cairo_ft_scaled_font_lock_face(font) != nil else {
            // A file FreeType cannot open: Pango cannot draw with it either.
            cairo_scaled_font_destroy(font)
            return
        }
        lockedFonts.append(font)
    }
}
