import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// Our decoder against Apple's reference LZFSE encoder on streams made at test time (megabytes,
/// too large to commit), deterministically: the scripts are seeded.
@Suite("LZFSE decoder against the reference encoder")
struct LZFSEDifferentialTests {
    /// Each kind at one block, an odd size, an iPhone and the largest iPad screen.
    static let images = ["solid", "two-colour", "gradient", "noise"]
    static let sizes = ["light-4x4", "dark-5x7", "light-1179x2556", "dark-2752x2064"]

    @Test("astcenc's ASTC 4x4 blocks of solid, two-colour, gradient and noise images, one block to 2752x2064, decode byte for byte")
    func astcPayloads() throws {
        let folder = try TemporaryFolder("LZFSEDifferential")
        defer { folder.remove() }
        let names = Self.images.flatMap { image in Self.sizes.map { "\(image)-\($0)" } } + ["busy-dark-2556x1179"]
        // The fastest preset: the blocks are as real as the fast preset's (the decoder only sees their
        // statistics) and noise at 2752x2064 encodes in half the time.
        try ReferenceEncoders.makeSnapshots(names.flatMap { ["\($0).astc", "\($0).astc.lzfse"] }, into: folder.url, preset: "fastest")
        for name in names {
            let blocks = [UInt8](try Data(contentsOf: folder.url.appendingPathComponent("\(name).astc")))
            let size = name.split(separator: "-").last!.split(separator: "x").map { Int($0)! }
            #expect(blocks.count == ASTCPayload.expectedSize(width: size[0], height: size[1]), "\(name)")
            try expectDecodes(folder.url.appendingPathComponent("\(name).astc.lzfse"), to: blocks)
        }
    }

    @Test("large raw-byte streams (text, random, zeros, sparse, far repeats, the LZVN/LZFSE switch) decode byte for byte")
    func rawBytes() throws {
        let folder = try TemporaryFolder("LZFSEDifferential")
        defer { folder.remove() }
        try ReferenceEncoders.makeLargeVectors(into: folder.url)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            .filter { $0.hasSuffix(".bin") }.map { String($0.dropLast(4)) }.sorted()
        #expect(names.count == 8, "make_vectors.py --into wrote \(names)")
        for name in names {
            let original = [UInt8](try Data(contentsOf: folder.url.appendingPathComponent("\(name).bin")))
            try expectDecodes(folder.url.appendingPathComponent("\(name).lzfse"), to: original)
        }
    }

    /// Compares without handing the arrays to `#expect`, which would print megabytes on failure.
    private func expectDecodes(_ stream: URL, to expected: [UInt8]) throws {
        let name = stream.lastPathComponent
        let decoded: [UInt8]
        do { decoded = try LZFSEDecoder.decode([UInt8](try Data(contentsOf: stream))) } catch {
            Issue.record("\(name): \(error)")
            return
        }
        let identical = decoded == expected
        #expect(
            identical,
            """
            \(name): \(decoded.count) bytes decoded, \(expected.count) expected, \
            first difference at byte \(zip(decoded, expected).prefix { $0 == $1 }.count)
            """)
    }
}
