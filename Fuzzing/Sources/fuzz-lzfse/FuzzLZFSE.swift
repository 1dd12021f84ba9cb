@_spi(Fuzzing) import LaunchScreenRepair

/// Fuzzes `LZFSEDecoder.decode` (bvx2 / bvxn / bvx- / bvx$ blocks). ASan catches any out-of-bounds
/// read or write; the checks below catch output beyond what the headers imply.
///
/// The first byte picks the limit (so the limit check is exercised with small limits too); the
/// rest is the stream.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limit = bytes[0] == 0 ? 1 << 20 : Int(bytes[0]) * 64
    let stream = Array(bytes.dropFirst())
    guard let output = SnapshotParsers.decodeLZFSE(stream, limit: limit) else { return 0 }
    // Never more than the limit.
    precondition(output.count <= limit, "decoded \(output.count) bytes past the limit \(limit)")
    // Never more than the block headers imply: the sum of every block's raw size.
    precondition(output.count == declaredSize(stream), "decoded size differs from the headers' sum")
    return 0
}

/// Walks the block headers the way the format defines them and sums the raw sizes.
func declaredSize(_ s: [UInt8]) -> Int {
    func u32(_ at: Int) -> Int { Int(s[at]) | Int(s[at + 1]) << 8 | Int(s[at + 2]) << 16 | Int(s[at + 3]) << 24 }
    var offset = 0
    var total = 0
    while offset + 4 <= s.count {
        switch u32(offset) {
        case 0x2478_7662: return total  // bvx$
        case 0x2D78_7662:
            total += u32(offset + 4)
            offset += 8 + u32(offset + 4)  // bvx-
        case 0x6E78_7662:
            total += u32(offset + 4)
            offset += 12 + u32(offset + 8)  // bvxn
        case 0x3278_7662:  // bvx2
            total += u32(offset + 4)
            let v0 = UInt64(u32(offset + 8)) | UInt64(u32(offset + 12)) << 32
            let v1 = UInt64(u32(offset + 16)) | UInt64(u32(offset + 20)) << 32
            let header = u32(offset + 24)
            offset += header + Int((v0 >> 20) & 0xFFFFF) + Int((v1 >> 40) & 0xFFFFF)
        default: return -1
        }
    }
    return -1
}
