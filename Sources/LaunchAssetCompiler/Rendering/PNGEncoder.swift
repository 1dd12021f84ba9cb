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
        try png(of: rows(of: image))
    }

    /// The PNG of `rows`, compressed whole as one zlib stream.
    func png(of rows: PNGRows) throws(RenderError) -> Data {
        let compressor = try Self.compressor(level: level)
        defer { libdeflate_free_compressor(compressor) }
        return rows.png(idat: try Self.compress(rows.bytes, with: compressor))
    }

    /// The PNG rows of `image`, filtered, and the chunks that go before them, for an encoder of
    /// several images to compress (``ScreenLanguages``). The image's pixels are gone afterwards.
    func rows(of image: CairoImage) throws(RenderError) -> PNGRows {
        cairo_surface_flush(image.surface)
        guard let base = cairo_image_surface_get_data(image.surface) else { throw .pngFailed("the image has no pixels") }
        let pixels = Pixels(
            base: UnsafeMutableRawPointer(base), width: image.width, height: image.height,
            stride: Int(cairo_image_surface_get_stride(image.surface)),
            opaque: cairo_image_surface_get_format(image.surface) == CAIRO_FORMAT_RGB24
        )
        var chunks = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let rows: Scanlines
        if let palette = pixels.palette() {
            chunks.appendChunk("IHDR", Self.header(width: image.width, height: image.height, colorType: 3))
            chunks.appendChunk("tEXt", GeneratorMark.text)
            chunks.appendChunk("PLTE", palette.colors.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] })
            if !pixels.opaque { chunks.appendChunk("tRNS", palette.colors.map { UInt8($0 >> 24) }) }
            rows = pixels.indexedScanlines(palette)
        } else {
            chunks.appendChunk("IHDR", Self.header(width: image.width, height: image.height, colorType: pixels.opaque ? 2 : 6))
            chunks.appendChunk("tEXt", GeneratorMark.text)
            rows = pixels.scanlines()
        }
        let encoded = PNGRows(chunks: chunks, scanlines: rows, image: image)
        if rows.bytesPerPixel > 1, Self.filterTrialLevels.contains(level) {
            let compressor = try Self.compressor(level: level)
            defer { libdeflate_free_compressor(compressor) }
            if try Self.subFilterWins(rows, with: compressor) { rows.applySubFilter() }
        }
        return encoded
    }

    /// A libdeflate compressor at `level`; the caller frees it.
    static func compressor(level: Int) throws(RenderError) -> OpaquePointer {
        guard let compressor = libdeflate_alloc_compressor(Int32(level)) else {
            throw .pngFailed("libdeflate cannot allocate a compressor")
        }
        return compressor
    }

    /// Whether the Sub filter compresses `rows` smaller than no filter, judged on bands of rows
    /// (``Scanlines/sample()``) so the image itself is compressed only once: on the bundled art
    /// the sample picks as a trial of the whole image would for 23 of 24 images.
    private static func subFilterWins(_ rows: Scanlines, with compressor: OpaquePointer) throws(RenderError) -> Bool {
        let sample = rows.sample()
        defer { sample.bytes.deallocate() }
        let unfiltered = try compress(UnsafeRawBufferPointer(sample.bytes), with: compressor).count
        sample.applySubFilter()
        return try compress(UnsafeRawBufferPointer(sample.bytes), with: compressor).count < unfiltered
    }

    /// `scanlines` as a zlib stream.
    static func compress(_ scanlines: UnsafeRawBufferPointer, with compressor: OpaquePointer) throws(RenderError) -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(compressor, scanlines.count)
        // Not zero-filled first: libdeflate writes the `count` bytes kept, nothing else is read.
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            count = libdeflate_zlib_compress(compressor, scanlines.baseAddress, scanlines.count, buffer.baseAddress, bound)
        }
        guard !output.isEmpty else { throw .pngFailed("libdeflate cannot compress the image") }
        return output
    }

    /// The zlib header of a stream compressed at `level`: deflate with a 32 KB window, the
    /// level's class as libdeflate writes it, and the check bits.
    static func zlibHeader(level: Int) -> [UInt8] {
        let levelClass: UInt8 = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3
        let flags = levelClass << 6
        return [0x78, flags + UInt8(31 - (0x7800 + Int(flags)) % 31)]
    }

    /// IHDR: size, bit depth 8, the colour type, deflate, no filter method or interlace choice.
    private static func header(width: Int, height: Int, colorType: UInt8) -> [UInt8] {
        UInt32(width).bigEndianBytes + UInt32(height).bigEndianBytes + [8, colorType, 0, 0, 0]
    }
}

/// An image's PNG rows, filtered, and the chunks that go before its image data. It keeps the
/// image the rows were built in.
final class PNGRows {
    /// The PNG signature, IHDR, tEXt and, for an indexed image, PLTE and tRNS.
    let chunks: Data
    private let scanlines: Scanlines
    private let image: CairoImage

    init(chunks: Data, scanlines: Scanlines, image: CairoImage) {
        self.chunks = chunks
        self.scanlines = scanlines
        self.image = image
    }

    deinit {
        if scanlines.ownsBytes { scanlines.bytes.deallocate() }
    }

    /// The rows, each a filter-type byte then the row's bytes.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(scanlines.bytes) }
    var rowLength: Int { scanlines.rowLength }

    /// The PNG file of these rows, `idat` their zlib stream.
    func png(idat: [UInt8]) -> Data { Self.png(chunks: chunks, idat: idat) }

    /// A PNG file: `chunks`, then `idat` as the image data.
    static func png(chunks: Data, idat: [UInt8]) -> Data {
        var png = chunks
        png.appendChunk("IDAT", idat)
        png.appendChunk("IEND", [])
        return png
    }
}

/// PNG rows, each a filter-type byte then the row's bytes.
struct Scanlines {
    let bytes: UnsafeMutableRawBufferPointer
    let rowLength: Int
    let bytesPerPixel: Int
    /// Whether `bytes` is a buffer of its own (RGBA rows) rather than the image's memory.
    var ownsBytes = false

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
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var row = base
        let end = base + bytes.count
        while row < end {
            row.pointee = 1
            var byte = row + (rowLength - 1)
            let first = row + (1 + bytesPerPixel)
            while byte >= first {
                byte.pointee &-= (byte - bytesPerPixel).pointee
                byte -= 1
            }
            row += rowLength
        }
    }
}

/// A cairo surface's pixels: native-endian 32-bit words, premultiplied ARGB (or xRGB when opaque).
///
/// The loops over pixels are plain pointer loops, and rows are compared and copied with
/// `memcmp` and `memcpy`: a debug build (the build plugin's, and
/// `swift run`'s) then encodes nearly as fast as a release build, where generic calls and
/// closures per pixel made it several times slower.
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

    /// Row `y`'s pixels, read as raw words: the rows may be rewritten in place as PNG rows.
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (base + y * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// Whether the `count` pixels at `pixels` are all alike: the row compared with itself one
    /// pixel on.
    static func isUniform(_ pixels: UnsafePointer<UInt32>, count: Int) -> Bool {
        count < 2 || memcmp(pixels, pixels + 1, (count - 1) * 4) == 0
    }

    /// The part of a row that differs from the row above, from its first differing pixel to its
    /// last: a row crossing a logo or a line of text differs in the middle alone. Runs of pixels
    /// are compared with `memcmp`, the pixels of the run that differs one by one.
    static func differingPixels(_ pixels: UnsafePointer<UInt32>, from above: UnsafePointer<UInt32>, count: Int) -> Range<Int> {
        let run = 64
        var start = 0
        while start + run <= count, memcmp(pixels + start, above + start, run * 4) == 0 { start += run }
        while start < count, pixels[start] == above[start] { start += 1 }
        var end = count
        while end - run >= start, memcmp(pixels + (end - run), above + (end - run), run * 4) == 0 { end -= run }
        while end > start, pixels[end - 1] == above[end - 1] { end -= 1 }
        return start..<end
    }

    /// The straight (not premultiplied) ARGB of one cairo pixel.
    func straight(_ word: UInt32) -> UInt32 {
        if opaque { return word | 0xFF00_0000 }
        let alpha = word &>> 24
        guard alpha != 0 else { return 0 }
        guard alpha != 255 else { return word }
        func channel(_ shift: UInt32) -> UInt32 {
            let straight = ((word &>> shift & 0xFF) &* 255 &+ alpha / 2) / alpha
            return (straight < 255 ? straight : 255) &<< shift
        }
        return alpha &<< 24 | channel(16) | channel(8) | channel(0)
    }

    /// The palette, or `nil` once a 257th colour shows up. The pixels of a row that are those
    /// of the row above add no colour, and a row of one colour is looked at once.
    func palette() -> Palette? {
        var palette = Palette()
        guard width > 0, height > 0 else { return palette }
        var previous = ~row(0).pointee
        for y in 0..<height {
            let pixels = row(y)
            var differing = y > 0 ? Self.differingPixels(pixels, from: row(y - 1), count: width) : 0..<width
            if !differing.isEmpty, Self.isUniform(pixels, count: width) { differing = 0..<1 }
            var x = differing.lowerBound
            let end = differing.upperBound
            while x < end {
                let word = pixels[x]
                x += 1
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

    /// Unfiltered rows of palette indices, each after its filter-type byte.
    func indexedScanlines(_ palette: Palette) -> Scanlines {
        // The last pixel looked up and its index, carried from row to row.
        var lastWord: UInt32 = 0
        var lastIndex: UInt8 = palette.index[straight(0)] ?? 0
        return scanlines(
            bytesPerPixel: 1,
            { pixels, count, out in
                var word = lastWord
                var index = lastIndex
                var x = 0
                while x < count {
                    if pixels[x] != word {
                        word = pixels[x]
                        index = palette.index[straight(word)]!
                    }
                    out[x] = index
                    x += 1
                }
                lastWord = word
                lastIndex = index
            })
    }

    /// Unfiltered RGB (opaque) or RGBA rows, each after its filter-type byte.
    func scanlines() -> Scanlines {
        if opaque {
            return scanlines(
                bytesPerPixel: 3,
                { pixels, count, out in
                    // Four pixels a step: in a debug build the step, not the bytes, is what costs.
                    var pixel = pixels
                    var bytes = out
                    let end = pixels + count
                    let endOfFours = pixels + (count & ~3)
                    while pixel < endOfFours {
                        let a = pixel[0]
                        let b = pixel[1]
                        let c = pixel[2]
                        let d = pixel[3]
                        bytes[0] = UInt8(truncatingIfNeeded: a &>> 16)
                        bytes[1] = UInt8(truncatingIfNeeded: a &>> 8)
                        bytes[2] = UInt8(truncatingIfNeeded: a)
                        bytes[3] = UInt8(truncatingIfNeeded: b &>> 16)
                        bytes[4] = UInt8(truncatingIfNeeded: b &>> 8)
                        bytes[5] = UInt8(truncatingIfNeeded: b)
                        bytes[6] = UInt8(truncatingIfNeeded: c &>> 16)
                        bytes[7] = UInt8(truncatingIfNeeded: c &>> 8)
                        bytes[8] = UInt8(truncatingIfNeeded: c)
                        bytes[9] = UInt8(truncatingIfNeeded: d &>> 16)
                        bytes[10] = UInt8(truncatingIfNeeded: d &>> 8)
                        bytes[11] = UInt8(truncatingIfNeeded: d)
                        bytes += 12
                        pixel += 4
                    }
                    while pixel < end {
                        let word = pixel.pointee
                        bytes[0] = UInt8(truncatingIfNeeded: word &>> 16)
                        bytes[1] = UInt8(truncatingIfNeeded: word &>> 8)
                        bytes[2] = UInt8(truncatingIfNeeded: word)
                        bytes += 3
                        pixel += 1
                    }
                })
        }
        return scanlines(
            bytesPerPixel: 4,
            { pixels, count, out in
                var pixel = pixels
                var bytes = out
                let end = pixels + count
                while pixel < end {
                    let color = straight(pixel.pointee)
                    bytes[0] = UInt8(truncatingIfNeeded: color &>> 16)
                    bytes[1] = UInt8(truncatingIfNeeded: color &>> 8)
                    bytes[2] = UInt8(truncatingIfNeeded: color)
                    bytes[3] = UInt8(truncatingIfNeeded: color &>> 24)
                    bytes += 4
                    pixel += 1
                }
            })
    }

    /// Builds the rows. `convert` writes the bytes of `count` pixels,
    /// once per row and only for the pixels that differ from the row above: the rest of the PNG
    /// row is copied from the one above (launch art repeats rows, a third of the bundled
    /// layouts' rows, and a row crossing a logo differs from the one above in the middle alone),
    /// and a row of one colour is filled with its first pixel.
    ///
    /// Rows of at most 3 bytes per pixel are written over the pixels themselves: row y's
    /// output never reaches past input not yet read (it starts at y × (1 + 3 × width) ≤
    /// y × stride, and each pixel is read before its bytes are written, 1 + 3(x + 1) ≤
    /// 4(x + 1)). Wider rows (RGBA) get a buffer of their own.
    private func scanlines(
        bytesPerPixel: Int,
        _ convert: (_ pixels: UnsafePointer<UInt32>, _ count: Int, _ out: UnsafeMutablePointer<UInt8>) -> Void
    ) -> Scanlines {
        let rowLength = 1 + width * bytesPerPixel
        let inPlace = bytesPerPixel <= 3 && rowLength <= stride
        let buffer = inPlace ? nil : UnsafeMutableRawBufferPointer.allocate(byteCount: rowLength * height, alignment: 16)
        let destination = (buffer?.baseAddress ?? base).assumingMemoryBound(to: UInt8.self)
        let rowBytes = width * 4
        // A copy of the row above, for the first rows, whose pixels their PNG rows write over
        // before the next row is compared with them; from the row where y × rowLength ≤
        // (y − 1) × stride on, the row above is still in place.
        let kept = UnsafeMutablePointer<UInt32>.allocate(capacity: max(width, 1))
        defer { kept.deallocate() }
        for y in 0..<height {
            let pixels = row(y)
            let out = destination + y * rowLength
            let aboveInPlace = !inPlace || y * rowLength <= (y - 1) * stride
            let differing = y > 0 ? Self.differingPixels(pixels, from: aboveInPlace ? row(y - 1) : kept, count: width) : 0..<width
            let (start, end) = (differing.lowerBound, differing.upperBound)
            if start < end, inPlace, (y + 1) * rowLength > y * stride { memcpy(kept, pixels, rowBytes) }
            if start < end, Self.isUniform(pixels, count: width) {
                convert(pixels, min(width, 1), out + 1)
                Self.repeatFirstPixel(out + 1, bytesPerPixel: bytesPerPixel, count: width)
            } else {
                // The differing pixels first: in place, the bytes copied around them land on their pixels.
                convert(pixels + start, end - start, out + 1 + start * bytesPerPixel)
                if y > 0 {
                    let above = out + 1 - rowLength
                    memcpy(out + 1, above, start * bytesPerPixel)
                    memcpy(out + 1 + end * bytesPerPixel, above + end * bytesPerPixel, (width - end) * bytesPerPixel)
                }
            }
            out.pointee = 0  // filter type None, once the row's pixels are read
        }
        return Scanlines(
            bytes: UnsafeMutableRawBufferPointer(start: destination, count: rowLength * height),
            rowLength: rowLength, bytesPerPixel: bytesPerPixel, ownsBytes: !inPlace)
    }

    /// Fills `count` pixels of `bytesPerPixel` bytes at `bytes` with copies of the first, each
    /// copy doubling what is filled.
    private static func repeatFirstPixel(_ bytes: UnsafeMutablePointer<UInt8>, bytesPerPixel: Int, count: Int) {
        let total = count * bytesPerPixel
        var filled = bytesPerPixel
        while filled < total {
            let chunk = min(filled, total - filled)
            memcpy(bytes + filled, bytes, chunk)
            filled += chunk
        }
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
