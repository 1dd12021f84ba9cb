/// Decodes the LZVN payload of a `bvxn` block.
///
/// LZVN is a byte-oriented LZ77 code. Each opcode carries a literal count L (the literal bytes
/// follow the opcode), a match length M and a match distance D (or reuses the previous D):
///
/// | opcode | bytes | meaning |
/// | --- | --- | --- |
/// | `LLMMMDDD` (DDD ≠ 110, 111) | 2 | small distance: D = DDD·256 + next byte, M = MMM + 3 |
/// | `LLMMM110` | 1 | previous distance |
/// | `LLMMM111` | 3 | large distance: D = next two bytes (little-endian) |
/// | `101LLMMM` | 3 | medium distance: M = (MMM·4 + low 2 bits of byte 1) + 3, D = (bytes 1–2) >> 2 |
/// | `1110LLLL`, `11100000 L` | 1, 2 | literals only: L, or L + 16 |
/// | `1111MMMM`, `11110000 M` | 1, 2 | match only, previous distance: M, or M + 16 |
/// | `0x06` | 8 | end of stream |
/// | `0x0E`, `0x16` | 1 | no operation |
/// | `0x1E`–`0x3E` step 8, `0x70`–`0x7F`, `0xD0`–`0xDF` | | undefined |
enum LZVNDecoder {
    static func decode(
        _ input: [UInt8], from start: Int, to end: Int, rawBytes: Int,
        into output: inout [UInt8]
    ) throws(LZFSEError) {
        func fail(_ at: Int, _ reason: String) -> LZFSEError {
            LZFSEError(offset: start - 12, reason: "LZVN payload byte \(at - start): \(reason)")
        }
        let target = output.count + rawBytes
        var position = start
        var distance = 0
        while true {
            guard position < end else { throw fail(position, "ends without an end-of-stream opcode") }
            let opcode = Int(input[position])
            var length = 1
            var literals = 0
            var match = 0
            var newDistance: Int? = nil
            func byte(_ index: Int) throws(LZFSEError) -> Int {
                guard position + index < end else { throw fail(position, "opcode runs past the end") }
                return Int(input[position + index])
            }
            switch opcode {
            case 0x06:
                guard output.count == target else {
                    throw fail(position, "decoded \(output.count - (target - rawBytes)) bytes, header says \(rawBytes)")
                }
                return
            case 0x0E, 0x16:
                position += 1
                continue
            case 0x1E, 0x26, 0x2E, 0x36, 0x3E, 0x70...0x7F, 0xD0...0xDF:
                throw fail(position, "undefined opcode 0x\(String(opcode, radix: 16))")
            case 0xA0...0xBF:  // medium distance
                length = 3
                literals = (opcode >> 3) & 3
                let b1 = try byte(1)
                let b2 = try byte(2)
                match = (((opcode & 7) << 2) | (b1 & 3)) + 3
                newDistance = (b1 >> 2) | (b2 << 6)
            case 0xE0:
                length = 2
                literals = try byte(1) + 16
            case 0xE1...0xEF:
                literals = opcode & 0xF
            case 0xF0:
                length = 2
                match = try byte(1) + 16
            case 0xF1...0xFF:
                match = opcode & 0xF
            default:
                literals = opcode >> 6
                match = ((opcode >> 3) & 7) + 3
                switch opcode & 7 {
                case 6:  // previous distance
                    break
                case 7:  // large distance
                    length = 3
                    newDistance = try byte(1) | (try byte(2) << 8)
                default:  // small distance
                    length = 2
                    newDistance = ((opcode & 7) << 8) | (try byte(1))
                }
            }
            if let newDistance { distance = newDistance }
            position += length
            guard position + literals <= end else { throw fail(position, "literals run past the end") }
            guard output.count + literals + match <= target else { throw fail(position, "decodes past \(rawBytes) bytes") }
            if literals > 0 {
                output.append(contentsOf: input[position..<(position + literals)])
                position += literals
            }
            if match > 0 {
                guard distance > 0, distance <= output.count else {
                    throw fail(position, "match distance \(distance) reaches before the start")
                }
                var source = output.count - distance
                for _ in 0..<match {
                    output.append(output[source])
                    source += 1
                }
            }
        }
    }
}
