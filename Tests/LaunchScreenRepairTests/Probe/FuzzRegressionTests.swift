import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

/// Inputs found by the libFuzzer harnesses in `Fuzzing/` (or written from what they found), kept
/// under `Fixtures/fuzz/`: `astc-*` go through `ASTCPayload.read`, `lzfse-*` through
/// `LZFSEDecoder.decode`, and every one through `ImageHeaderProbe.probe`. Each must give a typed
/// error or a value, never a trap.
@Suite("Fuzz regressions (repair)")
struct FuzzRegressionTests {
    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.url("fuzz").path)) ?? []
        return names.sorted()
    }()

    @Test("the fuzz fixtures are there")
    func fixturesPresent() {
        #expect(Self.files.count >= 4)
    }

    @Test("every fuzz input ends in a value or a typed error", arguments: files)
    func noTrap(name: String) throws {
        let bytes = [UInt8](try fixtures.data("fuzz/\(name)"))
        _ = try? ImageHeaderProbe.probe(InMemoryBytes(bytes))
        if name.hasPrefix("astc-") {
            if let payload = try? ASTCPayload.read(from: InMemoryBytes(bytes)) {
                _ = VoidExtentLuminance.measure(payload)
            }
        }
        if name.hasPrefix("lzfse-") {
            _ = try? LZFSEDecoder.decode(bytes)
        }
    }

    /// fuzz-astc, crash-14c4d7d4…: an AAPL file whose first chunk is a valid HEAD and a later
    /// chunk is another HEAD of 0 bytes. `PayloadReader.aapl` read the format word at 0x10 of a
    /// body it had cut to the chunk's length: index out of range. Now a malformed-chunk error.
    @Test(
        "a second, short HEAD chunk is malformed, not a trap",
        arguments: ["astc-second-head-too-short.bin", "astc-crash-14c4d7d4.bin"])
    func secondShortHead(name: String) throws {
        let bytes = try fixtures.data("fuzz/\(name)")
        #expect(throws: PixelReadError.self) { try ASTCPayload.read(from: InMemoryBytes(bytes)) }
        do {
            _ = try ASTCPayload.read(from: InMemoryBytes(bytes))
        } catch {
            guard case .malformed(let message) = error.reason else {
                Issue.record("expected .malformed, got \(error)")
                return
            }
            #expect(message.contains("HEAD chunk of 0 bytes"))
        }
    }

    /// A block header may claim up to 4 GiB; under a large limit (an AAPL file of 2^20 × 2^20
    /// pixels allows ~1 TiB) the decoder reserved all of it before decoding a byte. libFuzzer
    /// flags that as an out-of-memory (`malloc(4294967295)`); on a device it is a 4 GiB allocation
    /// from a 136-byte file. The reservation is now capped; the block still fails its size check.
    @Test("a block claiming 4 GiB fails without reserving it")
    func hugeClaimedSize() throws {
        let stream = [UInt8](try fixtures.data("fuzz/lzfse-bvxn-claims-4gib.lzfse"))
        #expect(throws: LZFSEError.self) { try LZFSEDecoder.decode(stream, limit: 1 << 40) }
        let file = try fixtures.data("fuzz/astc-lzfs-claims-4gib.bin")
        #expect(throws: PixelReadError.self) { try ASTCPayload.read(from: InMemoryBytes(file)) }
    }
}
