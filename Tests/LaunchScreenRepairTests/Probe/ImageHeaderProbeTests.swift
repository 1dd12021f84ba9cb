import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

@Suite("Image header probe")
struct ImageHeaderProbeTests {
    static let realFiles: [(path: String, format: ImageFormat, width: Int, height: Int)] = [
        ("snapshots/aapl-1179x2556-portrait-light.ktx", .aapl, 1179, 2556),
        ("snapshots/aapl-1179x2556-portrait-dark.ktx", .aapl, 1179, 2556),
        ("snapshots/aapl-1179x2556-landscape-light.ktx", .aapl, 2556, 1179),
        ("snapshots/aapl-1179x2556-landscape-dark.ktx", .aapl, 2556, 1179),
        ("snapshots/png-1179x2556-portrait-light.ktx", .png, 1179, 2556),
        ("snapshots/png-1179x2556-portrait-dark.ktx", .png, 1179, 2556),
        ("snapshots/png-1179x2556-landscape-light.ktx", .png, 2556, 1179),
        ("snapshots/png-1179x2556-landscape-dark.ktx", .png, 2556, 1179),
        ("images/exif-samples_Canon_40D.jpg", .jpeg, 100, 68),
        ("images/exif-samples_tests_32-lens_data.jpeg", .jpeg, 200, 133),
        ("images/jpeg-decoder_mozilla_jpg-progressive.jpg", .jpeg, 32, 32),
        ("images/libjpeg-turbo_testimgari.jpg", .jpeg, 227, 149),
        ("images/pngsuite_basi0g16.png", .png, 32, 32),
        ("ktx/etc1.ktx", .ktx, 128, 128),
        ("ktx/astcenc_ldr.ktx", .ktx, 8, 8),
        ("ktx/ktxparse_CesiumLogoFlat.ktx2", .ktx2, 211, 211),
        ("ktx/ktxparse_astc_ldr_6x6_arraytex_7.ktx2", .ktx2, 16, 16),
    ]

    @Test("real files: format and size from the header", arguments: realFiles)
    func realFile(_ file: (path: String, format: ImageFormat, width: Int, height: Int)) throws {
        let header = try ImageHeaderProbe.probe(fileAt: fixtures.url(file.path))
        #expect(header == ImageHeader(format: file.format, width: file.width, height: file.height))
    }

    @Test("reads only the header: a few dozen bytes, even past large EXIF segments")
    func readsOnlyTheHeader() throws {
        for (path, limit) in [
            ("snapshots/aapl-1179x2556-portrait-light.ktx", 64), ("snapshots/png-1179x2556-portrait-dark.ktx", 64),
            ("images/exif-samples_Canon_40D.jpg", 200), ("ktx/etc1.ktx", 80),
        ] {
            let source = CountingByteSource(InMemoryBytes(try fixtures.data(path)))
            _ = try ImageHeaderProbe.probe(source)
            #expect(source.bytesRead <= limit, "\(path) read \(source.bytesRead) bytes")
        }
    }

    @Test("an EXIF thumbnail's SOF inside APP1 does not fool the segment walk")
    func exifThumbnailTrap() throws {
        // SOI, APP1 holding a complete thumbnail JPEG (SOI, SOF0 8x8), then the real SOF0 640x480.
        let thumbnail: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x08, 0x00, 0x08, 0x03] + [UInt8](repeating: 0, count: 9)
        let exif = Array("Exif\0\0".utf8) + thumbnail
        var file: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 0xFF)] + exif
        file += [0xFF, 0xFF, 0xC2, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03] + [UInt8](repeating: 0, count: 9)
        #expect(try ImageHeaderProbe.probe(InMemoryBytes(file)) == ImageHeader(format: .jpeg, width: 640, height: 480))
    }

    @Test("KTX 1.1 in big-endian byte order")
    func bigEndianKTX() throws {
        var bytes = [UInt8](try fixtures.data("ktx/etc1.ktx"))
        for field in stride(from: 12, to: 64, by: 4) { bytes[field..<field + 4].reverse() }
        #expect(Array(bytes[12..<16]) == [0x04, 0x03, 0x02, 0x01])  // the word 0x04030201, big-endian
        #expect(try ImageHeaderProbe.probe(InMemoryBytes(bytes)) == ImageHeader(format: .ktx, width: 128, height: 128))
    }

    @Test("empty, truncated, unknown and broken files are typed errors with the place")
    func brokenFiles() throws {
        func error(_ bytes: [UInt8]) -> ImageHeaderError? {
            do {
                _ = try ImageHeaderProbe.probe(InMemoryBytes(bytes))
                return nil
            } catch { return error }
        }
        let aapl = [UInt8](try fixtures.data("snapshots/aapl-1179x2556-portrait-dark.ktx"))
        let png = [UInt8](try fixtures.data("snapshots/png-1179x2556-portrait-dark.ktx"))
        let jpeg = [UInt8](try fixtures.data("images/exif-samples_Canon_40D.jpg"))
        #expect(error([])?.reason == .empty)
        #expect(error(Array(aapl.prefix(0x20))) == ImageHeaderError(offset: 0x20, reason: .truncated(needed: 0x10)))
        #expect(error(Array(png.prefix(5))) == ImageHeaderError(offset: 5, reason: .truncated(needed: 3)))
        #expect(error(Array(png.prefix(20)))?.reason == .truncated(needed: 4))
        #expect(error(Array(jpeg.prefix(3000)))?.reason == .truncated(needed: 2))  // ends inside the ICC segment's skip
        #expect(error(Array("hello, world".utf8))?.reason == .unknownFormat(leadingBytes: Array("hello, w".utf8)))
        var zeroWidth = png
        zeroWidth[16..<20] = [0, 0, 0, 0]
        #expect(error(zeroWidth) == ImageHeaderError(offset: 16, reason: .malformed("width 0 is out of range 1...1048576")))
        var badEndianness = [UInt8](try fixtures.data("ktx/etc1.ktx"))
        badEndianness[12] = 0x55
        #expect(error(badEndianness)?.offset == 12)
        // SOS before any frame header.
        #expect(error([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02])?.summary == "malformed header at byte 2: SOS before any frame header (SOFn)")
    }

    @Test("a PNG with a broken signature is an error, not a guess")
    func brokenSignature() throws {
        #expect(throws: ImageHeaderError.self) { try ImageHeaderProbe.probe(fileAt: fixtures.url("images/pngsuite_xs1n0g01.png")) }
    }

    @Test("errors from files name the path")
    func errorNamesPath() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let empty = folder.url.appendingPathComponent("empty.ktx")
        try Data().write(to: empty)
        do {
            _ = try ImageHeaderProbe.probe(fileAt: empty)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "\(empty.path): empty file")
        }
        let missing = folder.url.appendingPathComponent("missing.ktx")
        #expect(throws: ImageHeaderError.self) { try ImageHeaderProbe.probe(fileAt: missing) }
    }

    @Test("a symbolic link is not followed")
    func symlinkNotFollowed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let link = folder.url.appendingPathComponent("link.ktx")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: fixtures.url("snapshots/png-1179x2556-portrait-dark.ktx"))
        do {
            _ = try ImageHeaderProbe.probe(fileAt: link)
            Issue.record("expected an error")
        } catch {
            guard case .unreadable = error.reason else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }
}
