import CLibrsvg
import Foundation
import LaunchScreenRepair

/// How two PNGs of the same size differ, pixel by pixel, and a picture of it: the new image
/// washed out, with every changed pixel in red.
package struct PixelDifference: Sendable {
    package var changedPixels: Int
    package var totalPixels: Int
    /// The difference picture, PNG.
    package var png: Data

    /// The share of pixels that changed, 0…1.
    package var share: Double { totalPixels == 0 ? 0 : Double(changedPixels) / Double(totalPixels) }

    /// Compares a variant's PNG in two render folders; `nil` when the sizes differ. A PNG cairo
    /// cannot decode is named.
    package init?(
        _ old: LaunchManifest.Variant, in oldFolder: RenderFolder, _ new: LaunchManifest.Variant, in newFolder: RenderFolder
    ) throws(CompilerError) {
        let before = try oldFolder.png(of: old)
        let after = try newFolder.png(of: new)
        do { try self.init(old: before, new: after) } catch {
            // Both decoded once already when they were rendered: say which one fails now.
            let broken = (try? CairoImage(png: before)) == nil ? oldFolder.imageFile(of: old) : newFolder.imageFile(of: new)
            throw CompilerError(
                Diagnostic.imageUnusable(error.description).placed(file: broken.relativePathForDisplay, path: "variant \(new.id)"))
        }
    }

    /// Decodes both PNGs (with cairo) and compares them; `nil` when their sizes differ.
    package init?(old: Data, new: Data, encoder: PNGEncoder = PNGEncoder(level: 1)) throws(RenderError) {
        let before = try CairoImage(png: old)
        let after = try CairoImage(png: new)
        guard before.width == after.width, before.height == after.height else { return nil }
        let picture = try CairoImage(width: after.width, height: after.height, opaque: true)
        var changed = 0
        let rows = [before, after, picture].map { image in
            cairo_surface_flush(image.surface)
            return (base: cairo_image_surface_get_data(image.surface)!, stride: Int(cairo_image_surface_get_stride(image.surface)))
        }
        // Both decoded images are premultiplied ARGB words; an opaque one has no alpha byte to compare.
        let masks = [before, after].map { cairo_image_surface_get_format($0.surface) == CAIRO_FORMAT_RGB24 ? UInt32(0xFF00_0000) : 0 }
        for y in 0..<after.height {
            let a = UnsafeMutableRawPointer(rows[0].base + y * rows[0].stride).assumingMemoryBound(to: UInt32.self)
            let b = UnsafeMutableRawPointer(rows[1].base + y * rows[1].stride).assumingMemoryBound(to: UInt32.self)
            let out = UnsafeMutableRawPointer(rows[2].base + y * rows[2].stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<after.width {
                let word = b[x] | masks[1]
                if a[x] | masks[0] != word {
                    changed += 1
                    out[x] = 0xFFE0_2020
                } else {
                    // Luminance of the (premultiplied) pixel over white, faded to a light grey.
                    let alpha = Int(word >> 24)
                    let r = Int((word >> 16) & 0xFF)
                    let g = Int((word >> 8) & 0xFF)
                    let blue = Int(word & 0xFF)
                    let luma = (r * 54 + g * 183 + blue * 19) / 256 + (255 - alpha)
                    let grey = UInt32(255 - (255 - min(luma, 255)) / 4)
                    out[x] = 0xFF00_0000 | grey << 16 | grey << 8 | grey
                }
            }
        }
        cairo_surface_mark_dirty(picture.surface)
        changedPixels = changed
        totalPixels = after.width * after.height
        png = try picture.pngData(encoder)
    }
}
