import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

@Suite("Appearance from pixels")
struct AppearanceTests {
    @Test("void-extent luminance of the real AAPL snapshots: ~1 light, ~0 dark", arguments: SnapshotFixtures.aapl)
    func luminance(fixture: (name: String, width: Int, height: Int, dark: Bool)) throws {
        let payload = try ASTCPayload.read(from: InMemoryBytes(try fixtures.data("snapshots/\(fixture.name)")))
        let measured = try #require(VoidExtentLuminance.measure(payload))
        #expect(Double(measured.voidExtentBlocks) / Double(measured.totalBlocks) > 0.9)
        if fixture.dark { #expect(measured.mean < 0.1) } else { #expect(measured.mean > 0.9) }
    }

    @Test("all four real AAPL files classified right, as pairs of the same size")
    func classifyRealPairs() throws {
        var samples: [AppearanceClassifier.Sample] = []
        for fixture in SnapshotFixtures.aapl {
            let payload = try ASTCPayload.read(from: InMemoryBytes(try fixtures.data("snapshots/\(fixture.name)")))
            samples.append(
                .init(
                    name: fixture.name, width: fixture.width, height: fixture.height,
                    luminance: VoidExtentLuminance.measure(payload)?.mean))
        }
        let result = AppearanceClassifier.classify(samples, pinned: nil)
        for fixture in SnapshotFixtures.aapl {
            #expect(result[fixture.name]?.appearance == (fixture.dark ? .dark : .light), "\(fixture.name)")
            #expect(result[fixture.name]?.source == .pixels)
        }
    }

    @Test("of two same-size files the darker is dark, even when both are bright")
    func relativeOrder() {
        let result = AppearanceClassifier.classify(
            [
                .init(name: "a", width: 10, height: 20, luminance: 0.95),
                .init(name: "b", width: 10, height: 20, luminance: 0.7),
                .init(name: "c", width: 20, height: 10, luminance: 0.3),
            ], pinned: nil)
        #expect(result["a"]?.appearance == .light)
        #expect(result["b"]?.appearance == .dark)
        #expect(result["c"]?.appearance == .dark)  // alone: below mid-grey
    }

    @Test("known beats pinned beats pixels; nothing known is unknown")
    func precedence() {
        let result = AppearanceClassifier.classify(
            [
                .init(name: "ledger", width: 1, height: 2, known: .init(appearance: .dark, source: .ledger), luminance: 1),
                .init(name: "pixels", width: 1, height: 2, luminance: 1),
                .init(name: "none", width: 3, height: 4),
            ], pinned: .dark)
        #expect(result["ledger"] == AppearanceEvidence(appearance: .dark, source: .ledger))
        #expect(result["pixels"]?.appearance == .dark)
        #expect(result["pixels"]?.source == .pinned)
        #expect(result["none"]?.source == .pinned)
        let unpinned = AppearanceClassifier.classify([.init(name: "none", width: 3, height: 4)], pinned: nil)
        #expect(unpinned["none"] == .unknown)
    }

    @Test("PNG content has no ASTC payload")
    func pngIsNotASTC() throws {
        #expect(throws: PixelReadError.self) {
            try ASTCPayload.read(from: InMemoryBytes(try fixtures.data("snapshots/png-1179x2556-portrait-light.ktx")))
        }
    }

    @Test("a synthetic AAPL with a stored LZFSE block measures its grey level")
    func syntheticAAPL() throws {
        let data = try SyntheticAAPL.make(width: 64, height: 40, grey: 0x4000)
        let measured = try #require(VoidExtentLuminance.measure(try ASTCPayload.read(from: InMemoryBytes(data))))
        #expect(abs(measured.mean - Double(0x4000) / 65535) < 1e-6)
        #expect(measured.totalBlocks == 16 * 10)
    }

    @Test("a chunk tagged in upper case (ASTC, as other system snapshots have it) is read as the lower-case astc is")
    func upperCaseChunkTag() throws {
        let original = [UInt8](try SyntheticAAPL.make(width: 8, height: 8, grey: 0xF000))
        let blocks = try ASTCPayload.read(from: InMemoryBytes(original)).blocks
        // The same HEAD, then the blocks in a raw chunk tagged `ASTC`, then `END `.
        let headLength = Int(original[8]) | Int(original[9]) << 8
        var bytes = Array(original[..<(16 + headLength)])
        let length = UInt32(blocks.count)
        bytes += [UInt8(length & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 24)]
        bytes += Array("ASTC".utf8) + blocks + [0, 0, 0, 0] + Array("END ".utf8)
        #expect(try ASTCPayload.read(from: InMemoryBytes(bytes)).blocks == blocks)
    }

    @Test("half floats convert")
    func halfFloat() {
        #expect(VoidExtentLuminance.halfToFloat(0x3C00) == 1)
        #expect(VoidExtentLuminance.halfToFloat(0x3800) == 0.5)
        #expect(VoidExtentLuminance.halfToFloat(0) == 0)
    }
}
