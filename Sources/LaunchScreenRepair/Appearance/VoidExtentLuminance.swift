/// Mean luminance and colour over the void-extent (single-colour) blocks of an ASTC payload.
///
/// A void-extent block has block-mode bits 0–8 equal to `1 1111 1100` and stores its colour as
/// four 16-bit values in bits 64–127 (UNORM16, or FP16 when bit 9 is set). A launch snapshot of
/// a typical storyboard is ~99% such blocks: its background colour.
package struct VoidExtentLuminance: Sendable, Hashable, Codable {
    /// Mean Rec. 709 luminance, 0 (black) to 1 (white), over the void-extent blocks.
    package var mean: Double
    /// The mean colour of the void-extent blocks, each component rounded to 8 bits: the
    /// snapshot's background, to compare with the launch storyboard's (``LaunchScreenColors``).
    package var meanColor: LaunchScreenColors.Color
    /// How many blocks were void-extent.
    package var voidExtentBlocks: Int
    /// How many blocks the payload has.
    package var totalBlocks: Int

    /// Creates a measurement value; `meanColor` defaults to the grey of luminance `mean`.
    package init(mean: Double, meanColor: LaunchScreenColors.Color? = nil, voidExtentBlocks: Int, totalBlocks: Int) {
        self.mean = mean
        self.meanColor = meanColor ?? Self.color(red: mean, green: mean, blue: mean)
        self.voidExtentBlocks = voidExtentBlocks
        self.totalBlocks = totalBlocks
    }

    /// Measures `payload`; `nil` when it has no void-extent block at all.
    package static func measure(_ payload: ASTCPayload) -> VoidExtentLuminance? {
        measure(blocks: payload.blocks)
    }

    /// Measures raw 16-byte ASTC blocks.
    package static func measure(blocks: [UInt8]) -> VoidExtentLuminance? {
        let total = blocks.count / 16
        var sum = 0.0
        var sums = (red: 0.0, green: 0.0, blue: 0.0)
        var count = 0
        for block in 0..<total {
            let base = block * 16
            // Bits 0-8 = 0x1FC: byte 0 = 0xFC, bit 0 of byte 1 set; bits 10-11 (reserved) set.
            guard blocks[base] == 0xFC, blocks[base + 1] & 0x0D == 0x0D else { continue }
            let isHDR = blocks[base + 1] & 0x02 != 0
            func channel(_ index: Int) -> Double {
                let raw = UInt16(blocks[base + 8 + 2 * index]) | UInt16(blocks[base + 9 + 2 * index]) << 8
                return isHDR ? min(1, max(0, Double(halfToFloat(raw)))) : Double(raw) / 65535
            }
            let (red, green, blue) = (channel(0), channel(1), channel(2))
            sum += 0.2126 * red + 0.7152 * green + 0.0722 * blue
            sums = (sums.red + red, sums.green + green, sums.blue + blue)
            count += 1
        }
        guard count > 0 else { return nil }
        let measured = Double(count)
        return VoidExtentLuminance(
            mean: sum / measured, meanColor: color(red: sums.red / measured, green: sums.green / measured, blue: sums.blue / measured),
            voidExtentBlocks: count, totalBlocks: total)
    }

    /// The 8-bit colour of components from 0 to 1 (outside clamped, NaN as 0).
    static func color(red: Double, green: Double, blue: Double) -> LaunchScreenColors.Color {
        func component(_ value: Double) -> UInt8 { value >= 1 ? 255 : value > 0 ? UInt8((value * 255).rounded()) : 0 }
        return LaunchScreenColors.Color(red: component(red), green: component(green), blue: component(blue))
    }

    /// IEEE 754 half to Float, without `Float16` (unavailable on some targets).
    static func halfToFloat(_ bits: UInt16) -> Float {
        let sign: Float = bits & 0x8000 != 0 ? -1 : 1
        let exponent = Int((bits >> 10) & 0x1F)
        let fraction = Float(bits & 0x3FF)
        switch exponent {
        case 0: return sign * fraction * 0x1p-24
        case 31: return fraction == 0 ? sign * .infinity : .nan
        default: return sign * (1 + fraction / 1024) * Float(sign: .plus, exponent: exponent - 15, significand: 1)
        }
    }
}
