import Foundation
import Testing

/// The MD5 (RFC 1321) of `data` in lowercase hex, computed here, independent of the library's
/// swift-crypto use.
func md5Hex(_ data: Data) -> String {
    let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]
    let table: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }
    var message = [UInt8](data)
    let bitLength = UInt64(message.count) &* 8
    message.append(0x80)
    while message.count % 64 != 56 { message.append(0) }
    for shift in stride(from: 0, to: 64, by: 8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
    var a0: UInt32 = 0x6745_2301
    var b0: UInt32 = 0xefcd_ab89
    var c0: UInt32 = 0x98ba_dcfe
    var d0: UInt32 = 0x1032_5476
    for chunk in stride(from: 0, to: message.count, by: 64) {
        let words: [UInt32] = (0..<16).map { index in
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(message[chunk + index * 4 + $1]) << UInt32(8 * $1) }
        }
        var a = a0
        var b = b0
        var c = c0
        var d = d0
        for i in 0..<64 {
            var f: UInt32
            var g: Int
            switch i {
            case 0..<16:
                f = (b & c) | (~b & d)
                g = i
            case 16..<32:
                f = (d & b) | (~d & c)
                g = (5 * i + 1) % 16
            case 32..<48:
                f = b ^ c ^ d
                g = (3 * i + 5) % 16
            default:
                f = c ^ (b | ~d)
                g = (7 * i) % 16
            }
            f = f &+ a &+ table[i] &+ words[g]
            a = d
            d = c
            c = b
            b = b &+ (f << shifts[i] | f >> (32 - shifts[i]))
        }
        a0 = a0 &+ a
        b0 = b0 &+ b
        c0 = c0 &+ c
        d0 = d0 &+ d
    }
    return [a0, b0, c0, d0].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(8 * $0)) } }
        .map { String(format: "%02x", $0) }.joined()
}

@Test func md5HelperMatchesRFC1321Vectors() {
    #expect(md5Hex(Data()) == "d41d8cd98f00b204e9800998ecf8427e")
    #expect(md5Hex(Data("abc".utf8)) == "900150983cd24fb0d6963f7d28e17f72")
    #expect(md5Hex(Data(String(repeating: "1234567890", count: 8).utf8)) == "57edf4a22be3c955ac49da2e2107b67a")
    #expect(md5Hex(Data(repeating: UInt8(ascii: "a"), count: 1000)) == "cabe45dcc9ae5b66ba86600cca6b8ba8")
}
