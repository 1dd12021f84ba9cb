import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// Snapshot files made at test time by `Scripts/make-snapshots` the way iOS stores them: pixels
/// encoded to ASTC 4×4 by astcenc, wrapped as AAPL (LZFSE by Apple's reference library) or KTX
/// 1.1 (plain or `Compression_APPLE`), and as PNG and JPEG (cjpeg).
@Suite("Snapshots made by the reference encoders")
struct GeneratedSnapshotTests {
    static let astcContainers: [(format: String, probed: ImageFormat)] = [("aapl", .aapl), ("ktx", .ktx), ("ktx-lzfse", .ktx)]
    static let containers = astcContainers + [("png", .png), ("jpeg", .jpeg)]

    /// An iPhone both ways and the 13-inch iPad.
    static let screens = ["1179x2556", "2556x1179", "2064x2752"]
    /// The screens (near-solid: fast to encode), one block, less than a block, odd sizes (busy:
    /// every block different).
    static let pictures = [
        "near-solid-light-1179x2556", "near-solid-dark-2556x1179", "near-solid-light-2064x2752",
        "busy-dark-4x4", "busy-light-1x1", "busy-dark-5x7", "busy-light-1001x3",
    ]

    @Test("the probe reads every generated file's format and size; every ASTC container holds astcenc's exact blocks")
    func probeEverySize() throws {
        let folder = try TemporaryFolder("GeneratedSnapshots")
        defer { folder.remove() }
        let specs = Self.pictures.flatMap { picture in (Self.containers.map(\.format) + ["astc"]).map { "\(picture).\($0)" } }
        try ReferenceEncoders.makeSnapshots(specs, into: folder.url)
        for picture in Self.pictures {
            let size = picture.split(separator: "-").last!.split(separator: "x").map { Int($0)! }
            let blocks = [UInt8](try Data(contentsOf: folder.url.appendingPathComponent("\(picture).astc")))
            for container in Self.containers {
                let name = "\(picture).\(container.format)"
                let header = try ImageHeaderProbe.probe(fileAt: folder.url.appendingPathComponent(name))
                #expect(header == ImageHeader(format: container.probed, width: size[0], height: size[1]), "\(name)")
                guard Self.astcContainers.contains(where: { $0.format == container.format }) else { continue }
                let payload = try ASTCPayload.read(from: InMemoryBytes(try Data(contentsOf: folder.url.appendingPathComponent(name))))
                let identical = payload.blocks == blocks
                #expect(identical, "\(name): payload of \(payload.blocks.count) bytes is not astcenc's \(blocks.count)")
            }
        }
    }

    @Test("solid and near-solid snapshots, light and dark: measured from their void-extent blocks in every ASTC container")
    func solidAndNearSolid() throws {
        let folder = try TemporaryFolder("GeneratedSnapshots")
        defer { folder.remove() }
        var specs: [String] = []
        for image in ["solid", "near-solid"] {
            for appearance in ["light", "dark"] {
                for size in Self.screens {
                    specs += Self.astcContainers.map { "\(image)-\(appearance)-\(size).\($0.format)" }
                }
            }
        }
        try ReferenceEncoders.makeSnapshots(specs, into: folder.url)
        for name in specs {
            let payload = try ASTCPayload.read(from: InMemoryBytes(try Data(contentsOf: folder.url.appendingPathComponent(name))))
            let measured = try #require(VoidExtentLuminance.measure(payload), "\(name)")
            let share = Double(measured.voidExtentBlocks) / Double(measured.totalBlocks)
            #expect(share > (name.hasPrefix("solid") ? 0.999 : 0.95), "\(name): \(share) void-extent")
            if name.contains("-dark-") {
                #expect(measured.mean < 0.1, "\(name)")
            } else {
                #expect(measured.mean > 0.9, "\(name)")
            }
        }
    }

    /// Gradient plus noise leaves no 4×4 block of one colour, so there is no void-extent block
    /// to measure: the appearance stays unknown, which is the honest answer for such a file.
    @Test("busy (photo-like) snapshots have no void-extent block: nothing to measure")
    func busy() throws {
        let folder = try TemporaryFolder("GeneratedSnapshots")
        defer { folder.remove() }
        let specs = ["busy-light-1179x2556.aapl", "busy-dark-1179x2556.aapl"]
        // No preset makes a void-extent block of pixels that differ; the fastest takes half the time.
        try ReferenceEncoders.makeSnapshots(specs, into: folder.url, preset: "fastest")
        for name in specs {
            let payload = try ASTCPayload.read(from: InMemoryBytes(try Data(contentsOf: folder.url.appendingPathComponent(name))))
            #expect(payload.blocks.count == ASTCPayload.expectedSize(width: 1179, height: 2556))
            #expect(VoidExtentLuminance.measure(payload) == nil, "\(name)")
        }
    }
}
