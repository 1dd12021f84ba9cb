import CLibdeflate
import Foundation

/// The images of one screen in each of its languages, encoded together.
///
/// They differ only where their text is. So the rows above and below the band where any of
/// them differs from the first are compressed once, for all of them, one level stronger than
/// the rest (``sharedLevel(_:)``: they are stored in every language's PNG but compressed once),
/// and each image's PNG joins them to its own band's compressed rows (``DeflateSegments``).
/// An image's PNG depends on the screen's images, in plan order, alone: whatever machine or
/// shard renders them, and, when their rows are all alike in length, whichever comes first.
/// A screen drawn in one language is encoded as ``PNGEncoder/encode(_:)`` encodes any image.
///
/// It holds the first image, and of each other image the rows where it differs from the first.
struct ScreenLanguages {
    let encoder: PNGEncoder
    /// The first image's rows: the others are compared with them.
    private var first: PNGRows?
    /// The images after the first, in order.
    private var others: [Other] = []

    private enum Other {
        /// An image whose rows cannot be compared with the first's (another row length: an
        /// indexed image beside RGB ones), already encoded on its own.
        case encoded(Data)
        /// The chunks before the image data, and the rows (indices and bytes) where the image
        /// differs from the first; an empty range when it does not.
        case differing(chunks: Data, rows: Range<Int>, bytes: [UInt8])
    }

    init(encoder: PNGEncoder) {
        self.encoder = encoder
    }

    /// The level the rows all languages share are compressed at.
    static func sharedLevel(_ level: Int) -> Int { min(level + 1, PNGEncoder.levels.upperBound) }

    /// Adds the next language's image; its pixels are gone afterwards.
    mutating func add(_ image: CairoImage) throws(RenderError) {
        let rows = try encoder.rows(of: image)
        guard let first else {
            first = rows
            return
        }
        guard rows.rowLength == first.rowLength, rows.bytes.count == first.bytes.count else {
            others.append(.encoded(try encoder.png(of: rows)))
            return
        }
        let differing = Self.differingRows(rows, from: first)
        let start = differing.lowerBound * rows.rowLength
        // Copied with memcpy: a debug build would copy a slice byte by byte.
        let bytes = [UInt8](unsafeUninitializedCapacity: differing.count * rows.rowLength) { buffer, count in
            count = differing.count * rows.rowLength
            if count > 0 { memcpy(buffer.baseAddress!, rows.bytes.baseAddress! + start, count) }
        }
        others.append(.differing(chunks: rows.chunks, rows: differing, bytes: bytes))
    }

    /// The PNG of every image, in the order they were added.
    func pngs() throws(RenderError) -> [Data] {
        guard let first else { return [] }
        let bands = others.compactMap { other -> Range<Int>? in
            guard case .differing(_, let rows, _) = other else { return nil }
            return rows
        }
        guard !bands.isEmpty, !first.bytes.isEmpty else {
            let alone = others.compactMap { other -> Data? in
                guard case .encoded(let png) = other else { return nil }
                return png
            }
            return try [encoder.png(of: first)] + alone
        }
        let rowLength = first.rowLength
        let rowCount = first.bytes.count / rowLength
        // The rows where any image differs from the first; none of them (all alike) leaves every row shared.
        let differing = bands.filter { !$0.isEmpty }
        let band = differing.isEmpty ? rowCount..<rowCount : differing.map(\.lowerBound).min()!..<differing.map(\.upperBound).max()!
        let above = UnsafeRawBufferPointer(rebasing: first.bytes[0..<band.lowerBound * rowLength])
        let below = UnsafeRawBufferPointer(rebasing: first.bytes[band.upperBound * rowLength..<first.bytes.count])
        let firstBand = UnsafeRawBufferPointer(rebasing: first.bytes[band.lowerBound * rowLength..<band.upperBound * rowLength])

        let shared = try PNGEncoder.compressor(level: Self.sharedLevel(encoder.level))
        defer { libdeflate_free_compressor(shared) }
        let own = try PNGEncoder.compressor(level: encoder.level)
        defer { libdeflate_free_compressor(own) }
        let top = above.isEmpty ? nil : try DeflateSegments.compress(above, with: shared)
        let bottom = below.isEmpty ? nil : try DeflateSegments.compress(below, with: shared)
        // The checksum runs over the rows in order: the shared rows above the band count once.
        let adlerAbove = above.isEmpty ? 1 : libdeflate_adler32(1, above.baseAddress, above.count)

        /// One image's PNG: the shared rows around `bandBytes`, its rows in the band.
        func png(chunks: Data, bandBytes: UnsafeRawBufferPointer) throws(RenderError) -> Data {
            var segments = top.map { [$0] } ?? []
            if !bandBytes.isEmpty { segments.append(try DeflateSegments.compress(bandBytes, with: own)) }
            if let bottom { segments.append(bottom) }
            var adler = adlerAbove
            for part in [bandBytes, below] where !part.isEmpty {
                adler = libdeflate_adler32(adler, part.baseAddress, part.count)
            }
            return PNGRows.png(chunks: chunks, idat: DeflateSegments.zlibStream(segments, level: encoder.level, adler: adler))
        }

        var pngs = [try png(chunks: first.chunks, bandBytes: firstBand)]
        let bandBytes = UnsafeMutableRawBufferPointer.allocate(byteCount: firstBand.count, alignment: 16)
        defer { bandBytes.deallocate() }
        for other in others {
            switch other {
            case .encoded(let alone):
                pngs.append(alone)
            case .differing(let chunks, let rows, let bytes):
                // The first image's band with this image's differing rows laid over it.
                bandBytes.copyMemory(from: firstBand)
                if !bytes.isEmpty {
                    bytes.withUnsafeBytes {
                        (bandBytes.baseAddress! + (rows.lowerBound - band.lowerBound) * rowLength).copyMemory(
                            from: $0.baseAddress!, byteCount: $0.count)
                    }
                }
                pngs.append(try png(chunks: chunks, bandBytes: UnsafeRawBufferPointer(bandBytes)))
            }
        }
        return pngs
    }

    /// The rows of `rows` that differ from those of `first`, from the first that does to the
    /// last that does (empty when none does).
    private static func differingRows(_ rows: PNGRows, from first: PNGRows) -> Range<Int> {
        let length = rows.rowLength
        let count = rows.bytes.count / length
        let (new, old) = (rows.bytes.baseAddress!, first.bytes.baseAddress!)
        var top = 0
        while top < count, memcmp(new + top * length, old + top * length, length) == 0 { top += 1 }
        guard top < count else { return 0..<0 }
        var bottom = count
        while memcmp(new + (bottom - 1) * length, old + (bottom - 1) * length, length) == 0 { bottom -= 1 }
        return top..<bottom
    }
}
