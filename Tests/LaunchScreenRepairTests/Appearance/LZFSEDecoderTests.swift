import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// The LZFSE vectors in `Fixtures/lzfse/` were made once with the reference encoder, Apple's
/// lzfse C library through the PyPI package `lzfse` 0.4.2, by `Fixtures/lzfse/make_vectors.py`:
/// each `<name>.lzfse` is `lzfse.compress(<name>.bin)`. Together they cover every block kind:
/// `bvx-` (empty, tiny, random), `bvxn` (small-text), `bvx2` (text: two blocks; astc-like; solid-astc
/// and zeros, whose literal bit streams are 2 and 0 bytes long).
@Suite("LZFSE decoder")
struct LZFSEDecoderTests {
    static let vectors = ["empty", "tiny", "small-text", "text", "random", "astc-like", "solid-astc", "zeros"]

    @Test("decodes reference-encoder streams byte for byte", arguments: vectors)
    func referenceVectors(name: String) throws {
        let stream = [UInt8](try fixtures.data("lzfse/\(name).lzfse"))
        let original = [UInt8](try fixtures.data("lzfse/\(name).bin"))
        let decoded = try LZFSEDecoder.decode(stream)
        #expect(decoded.count == original.count)
        #expect(decoded == original)
    }

    @Test("the vectors cover bvx-, bvxn and bvx2 blocks")
    func blockKinds() throws {
        let magics = try Self.vectors.map { String(decoding: try fixtures.data("lzfse/\($0).lzfse").prefix(4), as: UTF8.self) }
        #expect(Set(magics) == ["bvx-", "bvxn", "bvx2"])
    }

    /// The reference decoder's first load of a bit stream takes 8 (or 7) bytes ending at the
    /// stream's end and only checks them against the start of the whole input: a stream shorter
    /// than that borrows bytes of the block header. A solid-colour snapshot compresses that well.
    @Test(
        "a bit stream shorter than the first 8-byte load decodes (solid-colour payloads)",
        arguments: [("solid-astc", 2), ("zeros", 0)])
    func shortBitStreams(name: String, literalPayload: Int) throws {
        let stream = [UInt8](try fixtures.data("lzfse/\(name).lzfse"))
        #expect(Array(stream.prefix(4)) == Array("bvx2".utf8))
        let v0 = ByteOrder.little.uint64(stream, at: 8)
        #expect(Int((v0 >> 20) & 0xFFFFF) == literalPayload, "the vector no longer has the short stream it is for")
        #expect(try LZFSEDecoder.decode(stream) == [UInt8](try fixtures.data("lzfse/\(name).bin")))
    }

    @Test("decodes the real Apple-encoded LZFS payloads of the AAPL snapshots", arguments: SnapshotFixtures.aapl)
    func realSnapshotPayloads(fixture: (name: String, width: Int, height: Int, dark: Bool)) throws {
        let file = InMemoryBytes(try fixtures.data("snapshots/\(fixture.name)"))
        let payload = try ASTCPayload.read(from: file)
        #expect(payload.blocks.count == (fixture.width + 3) / 4 * ((fixture.height + 3) / 4) * 16)
        #expect(payload.width == fixture.width && payload.height == fixture.height)
    }

    @Test("a stream cut anywhere is a typed error, never a crash")
    func truncatedStreams() throws {
        let stream = [UInt8](try fixtures.data("lzfse/text.lzfse"))
        for cut in stride(from: 0, to: stream.count - 1, by: 97) {
            #expect(throws: LZFSEError.self) { try LZFSEDecoder.decode(Array(stream.prefix(cut))) }
        }
    }

    @Test("corrupted bytes are a typed error or a wrong result, never a crash")
    func corruptedStreams() throws {
        let stream = [UInt8](try fixtures.data("lzfse/text.lzfse"))
        let original = [UInt8](try fixtures.data("lzfse/text.bin"))
        var failures = 0
        for position in stride(from: 4, to: stream.count, by: 211) {
            var broken = stream
            broken[position] ^= 0x5A
            do {
                let decoded = try LZFSEDecoder.decode(broken)
                if decoded != original { failures += 1 }
            } catch {
                failures += 1
            }
        }
        #expect(failures > 0)
    }

    @Test("unknown block magic names the offset")
    func unknownMagic() {
        #expect(throws: LZFSEError(offset: 0, reason: "unknown block magic 0x58585858")) {
            try LZFSEDecoder.decode(Array("XXXXbvx$".utf8))
        }
    }

    @Test("the size limit stops a decompression bomb")
    func limit() throws {
        let stream = [UInt8](try fixtures.data("lzfse/text.lzfse"))
        #expect(throws: LZFSEError.self) { try LZFSEDecoder.decode(stream, limit: 1000) }
    }
}
