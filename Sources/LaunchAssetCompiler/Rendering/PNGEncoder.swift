import CLibdeflate
import CLibrsvg
import Foundation
import LaunchScreenRepair

/// Encodes cairo images as small, deterministic PNGs with libdeflate.
///
/// Lossless only: an image of at most 256 colours becomes an indexed PNG, an opaque image RGB,
/// any other RGBA. Rows are stored unfiltered: on launch-screen art (flat fills, vertical
/// gradients, anti-aliased edges) an unfiltered row lets deflate match whole runs of the row
/// above and of itself, which measured smaller than per-row adaptive filtering
/// (`Docs/Performance.md`). At the strongest levels (``filterTrialLevels``) the Sub filter is tried as
/// well, for images of soft 2-D gradients where it wins.
public struct PNGEncoder: Sendable {
    /// libdeflate's compression level, 1 (fastest) to 12 (smallest).
    public var level: Int

    /// The level `render` uses unless told otherwise.
    public static let defaultLevel = 7
    public static let levels = 1...12
    /// Levels at which an RGB or RGBA image gets the Sub filter when a sample of its rows
    /// compresses smaller with it than unfiltered. libdeflate's near-optimal parsing at these
    /// levels turns Sub's small differences over soft gradients into fewer bytes; the greedy
    /// levels below do not, so there the trial would only cost time.
    public static let filterTrialLevels = 10...12

    public init(level: Int = Self.defaultLevel) {
        self.level = min(max(level, Self.levels.lowerBound), Self.levels.upperBound)
    }

    /// The PNG bytes of `image`.
    ///
    /// The PNG rows are built in the image's own memory when they fit (RGB and indexed rows do),
    /// so encoding needs no second image-sized buffer: the image's pixels are gone afterwards.
    func encode(_ image: CairoImage) throws(RenderError) -> Data {
        cairo_surface_flush(image.surface)
        guard let base = cairo_image_surface_get_data(image.surface) else { throw .pngFailed("the image has no pixels") }
        let pixels = Pixels(
            base: UnsafeMutableRawPointer(base), width: image.width, height: image.height,
            stride: Int(cairo_image_surface_get_stride(image.surface)),
            opaque: cairo_image_surface_get_format(image.surface) == CAIRO_FORMAT_RGB24
        )
        guard let compressor = libdeflate_alloc_compressor(Int32(level)) else {
            throw .pngFailed("libdeflate cannot allocate a compressor")
        }
        defer { libdeflate_free_compressor(compressor) }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let idat: [UInt8]
        if let palette = pixels.palette() {
            png.appendChunk("IHDR", Self.header(width: image.width, height: image.height, colorType: 3))
            png.appendChunk("tEXt", GeneratorMark.text)
            png.appendChunk("PLTE", palette.colors.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] })
            if !pixels.opaque { png.appendChunk("tRNS", palette.colors.map { UInt8($0 >> 24) }) }
            idat = try pixels.withIndexedScanlines(palette) { rows throws(RenderError) in try Self.compress(rows.bytes, with: compressor) }
        } else {
            png.appendChunk("IHDR", Self.header(width: image.width, height: image.height, colorType: pixels.opaque ? 2 : 6))
            png.appendChunk("tEXt", GeneratorMark.text)
            idat = try pixels.withScanlines { rows throws(RenderError) in
                if Self.filterTrialLevels.contains(level), try Self.subFilterWins(rows, with: compressor) { rows.applySubFilter() }
                return try Self.compress(rows.bytes, with: compressor)
            }
        }
        png.appendChunk("IDAT", idat)
        png.appendChunk("IEND", [])
        return png
    }

    /// Whether the Sub filter compresses `rows` smaller than no filter, judged on bands of rows
    /// (``Scanlines/sample()``) so the image itself is compressed only once: on the bundled art
    /// the sample picks as a trial of the whole image would for 23 of 24 images.
    private static func subFilterWins(_ rows: Scanlines, with compressor: OpaquePointer) throws(RenderError) -> Bool {
        let sample = rows.sample()
        defer { sample.bytes.deallocate() }
        let unfiltered = try compress(sample.bytes, with: compressor).count
        sample.applySubFilter()
        return try compress(sample.bytes, with: compressor).count < unfiltered
    }

    /// `scanlines` as a zlib stream.
    private static func compress(_ scanlines: UnsafeMutableRawBufferPointer, with compressor: OpaquePointer) throws(RenderError) -> [UInt8]
    {
        let bound = libdeflate_zlib_compress_bound(compressor, scanlines.count)
        // Not zero-filled first: libdeflate writes the `count` bytes kept, nothing else is read.
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            count = libdeflate_zlib_compress(compressor, scanlines.baseAddress, scanlines.count, buffer.baseAddress, bound)
        }
        guard !output.isEmpty else { throw .pngFailed("libdeflate cannot compress the image") }
        return output
    }

    /// IHDR: size, bit depth 8, the colour type, deflate, no filter method or interlace choice.
    private static func header(width: Int, height: Int, colorType: UInt8) -> [UInt8] {
        UInt32(width).bigEndianBytes + UInt32(height).bigEndianBytes + [8, colorType, 0, 0, 0]
    }
}

/// PNG rows, each a filter-type byte then the row's bytes.
private struct Scanlines {
    let bytes: UnsafeMutableRawBufferPointer
    let rowLength: Int
    let bytesPerPixel: Int

    /// A copy of one band of 32 rows in every 256, an eighth of the image spread over all of
    /// it; the caller deallocates its bytes.
    func sample() -> Scanlines {
        let rows = (0..<bytes.count / rowLength).filter { $0 % 256 < 32 }
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: rows.count * rowLength, alignment: 16)
        for (index, row) in rows.enumerated() {
            copy.baseAddress!.advanced(by: index * rowLength).copyMemory(
                from: bytes.baseAddress!.advanced(by: row * rowLength), byteCount: rowLength)
        }
        return Scanlines(bytes: copy, rowLength: rowLength, bytesPerPixel: bytesPerPixel)
    }

    /// Rewrites unfiltered rows with the Sub filter: each byte minus the same byte of the pixel
    /// to its left, right to left so every difference is taken between unfiltered bytes.
    func applySubFilter() {
        for start in stride(from: 0, to: bytes.count, by: rowLength) {
            bytes[start] = 1
            for index in stride(from: start + rowLength - 1, through: start + 1 + bytesPerPixel, by: -1) {
                bytes[index] &-= bytes[index - bytesPerPixel]
            }
        }
    }
}

/// A cairo surface's pixels: native-endian 32-bit words, premultiplied ARGB (or xRGB when opaque).
private struct Pixels {
    let base: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    let stride: Int
    let opaque: Bool

    /// Up to 256 distinct straight ARGB colours, in order of first appearance.
    struct Palette {
        var colors: [UInt32] = []
        var index: [UInt32: UInt8] = [:]
    }

    /// The pixel at (x, y), read as a raw load: the rows may be rewritten in place as PNG rows.
    func word(_ x: Int, _ y: Int) -> UInt32 {
        base.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// The straight (not premultiplied) ARGB of one cairo pixel.
    func straight(_ word: UInt32) -> UInt32 {
        if opaque { return word | 0xFF00_0000 }
        let alpha = word >> 24
        guard alpha != 0 else { return 0 }
        guard alpha != 255 else { return word }
        func channel(_ shift: UInt32) -> UInt32 { min(255, ((word >> shift & 0xFF) * 255 + alpha / 2) / alpha) << shift }
        return alpha << 24 | channel(16) | channel(8) | channel(0)
    }

    /// The palette, or `nil` once a 257th colour shows up.
    func palette() -> Palette? {
        var palette = Palette()
        var previous: UInt32?
        for y in 0..<height {
            for x in 0..<width {
                let word = word(x, y)
                guard word != previous else { continue }
                previous = word
                let color = straight(word)
                guard palette.index[color] == nil else { continue }
                guard palette.colors.count < 256 else { return nil }
                palette.index[color] = UInt8(palette.colors.count)
                palette.colors.append(color)
            }
        }
        return palette
    }

    /// Calls `body` with unfiltered rows of palette indices, each after its filter-type byte.
    func withIndexedScanlines<Result>(_ palette: Palette, _ body: (Scanlines) throws(RenderError) -> Result) throws(RenderError) -> Result {
        var lastWord: UInt32 = 0
        var lastIndex: UInt8 = palette.index[straight(0)] ?? 0
        return try withScanlines(
            bytesPerPixel: 1,
            { word, out in
                if word != lastWord {
                    lastWord = word
                    lastIndex = palette.index[straight(word)]!
                }
                out[0] = lastIndex
            }, body)
    }

    /// Calls `body` with unfiltered RGB (opaque) or RGBA rows, each after its filter-type byte.
    func withScanlines<Result>(_ body: (Scanlines) throws(RenderError) -> Result) throws(RenderError) -> Result {
        if opaque {
            return try withScanlines(
                bytesPerPixel: 3,
                { word, out in
                    out[0] = UInt8(truncatingIfNeeded: word >> 16)
                    out[1] = UInt8(truncatingIfNeeded: word >> 8)
                    out[2] = UInt8(truncatingIfNeeded: word)
                }, body)
        }
        return try withScanlines(
            bytesPerPixel: 4,
            { word, out in
                let color = straight(word)
                out[0] = UInt8(truncatingIfNeeded: color >> 16)
                out[1] = UInt8(truncatingIfNeeded: color >> 8)
                out[2] = UInt8(truncatingIfNeeded: color)
                out[3] = UInt8(truncatingIfNeeded: color >> 24)
            }, body)
    }

    /// Builds the rows and hands them to `body`. Rows of at most 3 bytes per pixel are written
    /// over the pixels themselves: row y's output never reaches past input not yet read (it
    /// starts at y × (1 + 3 × width) ≤ y × stride, and each pixel is read before its bytes are
    /// written, 1 + 3(x + 1) ≤ 4(x + 1)); the filter byte goes in last, once its row is read.
    /// Wider rows (RGBA) get a buffer of their own.
    private func withScanlines<Result>(
        bytesPerPixel: Int,
        _ write: (UInt32, UnsafeMutablePointer<UInt8>) -> Void,
        _ body: (Scanlines) throws(RenderError) -> Result
    ) throws(RenderError) -> Result {
        let rowLength = 1 + width * bytesPerPixel
        let inPlace = bytesPerPixel <= 3 && rowLength <= stride
        let buffer = inPlace ? nil : UnsafeMutableRawBufferPointer.allocate(byteCount: rowLength * height, alignment: 16)
        defer { buffer?.deallocate() }
        let destination = (buffer?.baseAddress ?? base).assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            let row = destination + y * rowLength
            var out = row + 1
            for x in 0..<width {
                write(word(x, y), out)
                out += bytesPerPixel
            }
            row.pointee = 0  // filter type None
        }
        return try body(
            Scanlines(
                bytes: UnsafeMutableRawBufferPointer(start: destination, count: rowLength * height),
                rowLength: rowLength, bytesPerPixel: bytesPerPixel
            ))
    }
}

extension UInt32 {
    fileprivate var bigEndianBytes: [UInt8] { [UInt8(self >> 24), UInt8(self >> 16 & 0xFF), UInt8(self >> 8 & 0xFF), UInt8(self & 0xFF)] }
}

extension Data {
    /// Appends a PNG chunk: length, type, data, CRC-32 of type and data.
    fileprivate mutating func appendChunk(_ type: String, _ bytes: [UInt8]) {
        let typeBytes = Array(type.utf8)
        append(contentsOf: UInt32(bytes.count).bigEndianBytes)
        append(contentsOf: typeBytes)
        append(contentsOf: bytes)
        var crc = typeBytes.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
        crc = bytes.withUnsafeBytes { UInt32(libdeflate_crc32(crc, $0.baseAddress, $0.count)) }
        append(contentsOf: crc.bigEndianBytes)
    }
}
