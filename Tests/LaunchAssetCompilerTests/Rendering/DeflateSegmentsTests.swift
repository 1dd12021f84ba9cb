import CDeflateSplice
import CLibdeflate
import Foundation
import Testing

@testable import LaunchAssetCompiler

/// Streams libdeflate compressed apart, spliced at the bit, inflate (with libdeflate's own
/// decompressor) to their bytes one after the other.
@Suite("DEFLATE streams spliced into one")
struct DeflateSegmentsTests {
    /// Bytes that compress into several blocks of every kind libdeflate writes: nothing, a few
    /// bytes (a fixed-code block), noise (stored blocks at level 0, literals otherwise) and long
    /// runs with a pattern (dynamic blocks, long matches).
    static let pieces: [[UInt8]] = {
        var state: UInt32 = 12345
        let noise = (0..<70_000).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let pattern = (0..<400_000).map { UInt8(truncatingIfNeeded: $0 / 3000 &* 7 &+ ($0 % 5 == 0 ? 1 : 0)) }
        return [[], Array("launch".utf8), noise, pattern, Array("screen".utf8), noise.reversed() + pattern]
    }()

    @Test(arguments: [0, 1, 6, 7, 8, 12])
    func segmentsAtEveryLevelInflateToTheirBytesInOrder(level: Int) throws {
        let compressor = try #require(libdeflate_alloc_compressor(Int32(level)))
        defer { libdeflate_free_compressor(compressor) }
        var segments: [DeflateSegments.Segment] = []
        var adler: UInt32 = 1
        for piece in Self.pieces {
            let segment = try piece.withUnsafeBytes { bytes throws(RenderError) in try DeflateSegments.compress(bytes, with: compressor) }
            // The stream ends in its last byte, after its final block's header.
            #expect(segment.endBit > UInt64(segment.stream.count - 1) * 8 && segment.endBit <= UInt64(segment.stream.count) * 8)
            #expect(segment.finalBlockBit < segment.endBit)
            segments.append(segment)
            adler = piece.withUnsafeBytes { libdeflate_adler32(adler, $0.baseAddress, $0.count) }
        }
        let stream = DeflateSegments.zlibStream(segments, level: level, adler: adler)
        #expect((Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0, "the zlib header's check bits")
        #expect(try inflate(stream, count: Self.pieces.map(\.count).reduce(0, +)) == Self.pieces.flatMap { $0 })
    }

    @Test func aStreamThatIsNotWholeIsRefused() throws {
        let compressor = try #require(libdeflate_alloc_compressor(7))
        defer { libdeflate_free_compressor(compressor) }
        let whole = try Self.pieces[3].withUnsafeBytes { bytes throws(RenderError) in try DeflateSegments.compress(bytes, with: compressor)
        }
        let truncated = Array(whole.stream.dropLast(8))
        let malformed: [(String, [UInt8])] = [
            ("cut short", truncated),
            ("block type 3", [0x07]),
            ("a stored block whose length's complement is wrong", [0x01, 0x05, 0x00, 0x00, 0x00]),
            ("an ordinary block and then nothing", [0x00, 0x00, 0x00, 0xFF, 0xFF]),
            ("nothing", []),
        ]
        for (name, stream) in malformed {
            var final: UInt64 = 0
            var end: UInt64 = 0
            #expect(deflate_stream_bounds(stream, stream.count, &final, &end) == -1, "\(name)")
        }
    }

    /// `stream` inflated by libdeflate, which must use every byte of it.
    private func inflate(_ stream: [UInt8], count: Int) throws -> [UInt8] {
        let decompressor = try #require(libdeflate_alloc_decompressor())
        defer { libdeflate_free_decompressor(decompressor) }
        var output = [UInt8](repeating: 0, count: count)
        var used = 0
        let result = stream.withUnsafeBytes { input in
            output.withUnsafeMutableBytes {
                libdeflate_zlib_decompress_ex(decompressor, input.baseAddress, input.count, $0.baseAddress, $0.count, &used, nil)
            }
        }
        try #require(result == LIBDEFLATE_SUCCESS)
        #expect(used == stream.count)
        return output
    }
}
