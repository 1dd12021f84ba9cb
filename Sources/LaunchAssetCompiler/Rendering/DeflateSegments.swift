import CDeflateSplice
import CLibdeflate
import Foundation

/// Rows compressed apart and joined into one zlib stream: each segment is a complete raw
/// DEFLATE stream from libdeflate, spliced to the next at the bit, its final block made an
/// ordinary one (`CDeflateSplice`).
enum DeflateSegments {
    /// A complete raw DEFLATE stream, and the bits its final block starts and ends at.
    struct Segment {
        var stream: [UInt8]
        var finalBlockBit: UInt64
        var endBit: UInt64
    }

    /// `bytes` as a segment.
    static func compress(_ bytes: UnsafeRawBufferPointer, with compressor: OpaquePointer) throws(RenderError) -> Segment {
        let bound = libdeflate_deflate_compress_bound(compressor, bytes.count)
        // Not zero-filled first: libdeflate writes the `count` bytes kept, nothing else is read.
        let stream = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            count = libdeflate_deflate_compress(compressor, bytes.baseAddress, bytes.count, buffer.baseAddress, bound)
        }
        guard !stream.isEmpty else { throw .pngFailed("libdeflate cannot compress the image") }
        var finalBlockBit: UInt64 = 0
        var endBit: UInt64 = 0
        guard deflate_stream_bounds(stream, stream.count, &finalBlockBit, &endBit) == 0 else {
            throw .pngFailed("libdeflate wrote a DEFLATE stream that does not end where DEFLATE says")
        }
        return Segment(stream: stream, finalBlockBit: finalBlockBit, endBit: endBit)
    }

    /// The zlib stream of `segments` in order, whose bytes have the Adler-32 checksum `adler`:
    /// the header for `level`, the segments (all but the last made non-final) and the checksum.
    ///
    /// Each segment starts on a byte, as it was compressed: a stored block aligns its length to
    /// a byte of the stream, so a segment ending within a byte is followed by an empty stored
    /// block (3 bits, the padding to the byte, its length 0 and the length's complement), as
    /// zlib's sync flush writes.
    static func zlibStream(_ segments: [Segment], level: Int, adler: UInt32) -> [UInt8] {
        // Room for the header, every segment and the empty block after it, the two bytes a
        // splice may touch past its end, the checksum.
        var bytes = [UInt8](repeating: 0, count: 2 + segments.reduce(0) { $0 + $1.stream.count + 5 } + 2 + 4)
        bytes.replaceSubrange(0..<2, with: PNGEncoder.zlibHeader(level: level))
        var bits: UInt64 = 16
        bytes.withUnsafeMutableBufferPointer { output in
            for (index, segment) in segments.enumerated() {
                if bits % 8 != 0 {
                    // Not final, stored (the three bits are zero), to the byte; length 0, complement 0xFFFF.
                    bits = (bits + 3 + 7) / 8 * 8
                    output[Int(bits / 8) + 2] = 0xFF
                    output[Int(bits / 8) + 3] = 0xFF
                    bits += 32
                }
                bits = deflate_stream_append(
                    output.baseAddress, bits, segment.stream, segment.endBit, segment.finalBlockBit,
                    index == segments.count - 1 ? 1 : 0)
            }
        }
        bytes.replaceSubrange(
            Int((bits + 7) / 8)...,
            with: [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)])
        return bytes
    }
}
