import Foundation
import TestSupport

@testable import LaunchScreenRepair

/// Builds a synthetic AAPL container: the real HEAD of a fixture with a new size, and an LZFS
/// chunk whose stream is one stored (`bvx-`) block of void-extent blocks of one colour.
enum SyntheticAAPL {
    /// A snapshot of one grey level (UNORM16).
    static func make(width: Int, height: Int, grey: UInt16) throws -> Data {
        try make(width: width, height: height, red: grey, green: grey, blue: grey)
    }

    /// A snapshot of one sRGB colour, each 8-bit component stored as UNORM16 (× 257).
    static func make(width: Int, height: Int, color: LaunchScreenColors.Color) throws -> Data {
        try make(
            width: width, height: height, red: UInt16(color.red) * 257, green: UInt16(color.green) * 257, blue: UInt16(color.blue) * 257)
    }

    private static func make(width: Int, height: Int, red: UInt16, green: UInt16, blue: UInt16) throws -> Data {
        let real = [UInt8](try fixtures.data("snapshots/aapl-1179x2556-portrait-light.ktx"))
        var head = Array(real[0..<0x64])
        func putLE(_ value: Int, at index: Int, into bytes: inout [UInt8]) {
            for shift in 0..<4 { bytes[index + shift] = UInt8(value >> (8 * shift) & 0xFF) }
        }
        putLE(width, at: 0x28, into: &head)
        putLE(height, at: 0x2C, into: &head)
        var block: [UInt8] = [0xFC, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        for component in [red, green, blue] { block += [UInt8(component & 0xFF), UInt8(component >> 8)] }
        block += [0xFF, 0xFF]
        let blocks = (width + 3) / 4 * ((height + 3) / 4)
        var payload = [UInt8]()
        payload.reserveCapacity(blocks * 16)
        for _ in 0..<blocks { payload += block }
        var stream = Array("bvx-".utf8) + [0, 0, 0, 0]
        putLE(payload.count, at: 4, into: &stream)
        stream += payload + Array("bvx$".utf8)
        var chunk = [UInt8](repeating: 0, count: 12)
        putLE(stream.count + 4, at: 0, into: &chunk)
        chunk[4..<8] = ArraySlice(Array("LZFS".utf8))
        putLE(stream.count, at: 8, into: &chunk)
        let end: [UInt8] = [0, 0, 0, 0] + Array("END ".utf8)
        return Data(head + chunk + stream + end)
    }
}
