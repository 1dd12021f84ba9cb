/// Decodes LZFSE streams, Apple's open compression format, on every platform.
///
/// Written from the format description: a stream is a sequence of blocks, each starting with a
/// four-byte magic: `bvx2` (LZFSE, compressed header: finite-state-entropy coded literals and
/// L/M/D match triples), `bvxn` (LZVN), `bvx-` (stored bytes), and `bvx$` (end of stream).
/// Matches may reach back into earlier blocks. The legacy `bvx1` header is rejected: no current
/// encoder writes it.
package enum LZFSEDecoder {
    /// Decodes a whole stream. `limit` caps the decoded size, guarding against hostile input.
    package static func decode(_ input: [UInt8], limit: Int = 256 << 20) throws(LZFSEError) -> [UInt8] {
        var output: [UInt8] = []
        var offset = 0
        while true {
            guard offset + 4 <= input.count else {
                throw LZFSEError(offset: offset, reason: "stream ends without an end-of-stream block (bvx$)")
            }
            let magic = ByteOrder.little.uint32(input, at: offset)
            switch magic {
            case Magic.end:
                return output
            case Magic.stored:
                let raw = try field(input, offset + 4, offset)
                guard offset + 8 + raw <= input.count else {
                    throw LZFSEError(offset: offset, reason: "stored block of \(raw) bytes runs past the end")
                }
                try reserve(&output, raw, limit: limit, at: offset)
                output.append(contentsOf: input[(offset + 8)..<(offset + 8 + raw)])
                offset += 8 + raw
            case Magic.lzvn:
                let raw = try field(input, offset + 4, offset)
                let payload = try field(input, offset + 8, offset)
                guard offset + 12 + payload <= input.count else {
                    throw LZFSEError(offset: offset, reason: "LZVN block of \(payload) bytes runs past the end")
                }
                try reserve(&output, raw, limit: limit, at: offset)
                try LZVNDecoder.decode(
                    input, from: offset + 12, to: offset + 12 + payload,
                    rawBytes: raw, into: &output)
                offset += 12 + payload
            case Magic.compressedV2:
                offset = try LZFSEBlock.decode(input, at: offset, into: &output, limit: limit)
            case Magic.compressedV1:
                throw LZFSEError(offset: offset, reason: "bvx1 (uncompressed LZFSE header) blocks are not supported")
            default:
                throw LZFSEError(offset: offset, reason: "unknown block magic 0x\(String(magic, radix: 16))")
            }
        }
    }

    enum Magic {
        static let end: UInt32 = 0x2478_7662  // bvx$
        static let stored: UInt32 = 0x2D78_7662  // bvx-
        static let compressedV1: UInt32 = 0x3178_7662  // bvx1
        static let compressedV2: UInt32 = 0x3278_7662  // bvx2
        static let lzvn: UInt32 = 0x6E78_7662  // bvxn
    }

    static func field(_ input: [UInt8], _ at: Int, _ block: Int) throws(LZFSEError) -> Int {
        guard at + 4 <= input.count else { throw LZFSEError(offset: block, reason: "block header runs past the end") }
        return Int(ByteOrder.little.uint32(input, at: at))
    }

    static func reserve(_ output: inout [UInt8], _ raw: Int, limit: Int, at offset: Int) throws(LZFSEError) {
        guard output.count + raw <= limit else {
            throw LZFSEError(offset: offset, reason: "decoded size would exceed the limit of \(limit) bytes")
        }
        // The declared size is only a claim: reserve at most 1 MiB ahead, so a hostile header
        // (raw size up to 4 GiB under a large limit) cannot make us allocate what it never decodes.
        output.reserveCapacity(output.count + min(raw, 1 << 20))
    }
}

/// An LZFSE stream could not be decoded; `offset` is the start of the failing block.
package struct LZFSEError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Byte offset in the compressed stream.
    package var offset: Int
    /// What was wrong.
    package var reason: String

    /// Creates an error value.
    package init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// `LZFSE stream, block at byte <offset>: <reason>`.
    package var description: String { "LZFSE stream, block at byte \(offset): \(reason)" }
}

/// One `bvx2` block: a packed header with the frequency tables, then two bit streams read
/// backwards: literals (four interleaved FSE states) and L/M/D triples.
enum LZFSEBlock {
    static let literalStates = 1024, lStates = 64, mStates = 64, dStates = 256
    static let lSymbols = 20, mSymbols = 20, dSymbols = 64, literalSymbols = 256
    static let maximumLiterals = 40_000, maximumMatches = 10_000

    static let lExtraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 5, 8]
    static let mExtraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 5, 8, 11]
    static let dExtraBits: [UInt8] = (0..<64).map { UInt8($0 / 4) }
    static let lBase = bases(lExtraBits), mBase = bases(mExtraBits), dBase = bases(dExtraBits)

    /// Each symbol's value base: the previous base plus the range its extra bits cover.
    static func bases(_ extra: [UInt8]) -> [Int32] {
        var result: [Int32] = []
        var next: Int32 = 0
        for bits in extra {
            result.append(next)
            next += 1 << Int32(bits)
        }
        return result
    }

    /// Decodes the block at `offset`, appends its bytes, returns the offset of the next block.
    static func decode(_ input: [UInt8], at offset: Int, into output: inout [UInt8], limit: Int) throws(LZFSEError) -> Int {
        func fail(_ reason: String) -> LZFSEError { LZFSEError(offset: offset, reason: reason) }
        guard offset + 32 <= input.count else { throw fail("block header runs past the end") }
        let rawBytes = Int(ByteOrder.little.uint32(input, at: offset + 4))
        let v0 = ByteOrder.little.uint64(input, at: offset + 8)
        let v1 = ByteOrder.little.uint64(input, at: offset + 16)
        let v2 = ByteOrder.little.uint64(input, at: offset + 24)
        func bits(_ value: UInt64, _ shift: Int, _ count: Int) -> Int { Int((value >> UInt64(shift)) & ((1 << UInt64(count)) - 1)) }

        let literalCount = bits(v0, 0, 20)
        let literalPayload = bits(v0, 20, 20)
        let matchCount = bits(v0, 40, 20)
        let literalBits = bits(v0, 60, 3) - 7
        let literalState = [bits(v1, 0, 10), bits(v1, 10, 10), bits(v1, 20, 10), bits(v1, 30, 10)]
        let lmdPayload = bits(v1, 40, 20)
        let lmdBits = bits(v1, 60, 3) - 7
        let headerSize = bits(v2, 0, 32)
        var lState = bits(v2, 32, 10)
        var mState = bits(v2, 42, 10)
        var dState = bits(v2, 52, 10)

        guard literalCount <= maximumLiterals, matchCount <= maximumMatches else {
            throw fail("\(literalCount) literals / \(matchCount) matches exceed the block maximum")
        }
        guard headerSize >= 32, offset + headerSize + literalPayload + lmdPayload <= input.count else {
            throw fail("block of \(headerSize + literalPayload + lmdPayload) bytes runs past the end")
        }
        guard lState < lStates, mState < mStates, dState < dStates,
            literalState.allSatisfy({ $0 < literalStates })
        else { throw fail("initial state out of range") }
        try LZFSEDecoder.reserve(&output, rawBytes, limit: limit, at: offset)

        // Frequency tables: variable-length codes, least significant bit first.
        let frequencies = try decodeFrequencies(input, from: offset + 32, to: offset + headerSize, block: offset)
        let lFreq = Array(frequencies[0..<20])
        let mFreq = Array(frequencies[20..<40])
        let dFreq = Array(frequencies[40..<104])
        let literalFreq = Array(frequencies[104..<360])

        let literalTable = try symbolTable(states: literalStates, frequencies: literalFreq, block: offset)
        let lTable = try valueTable(states: lStates, frequencies: lFreq, extraBits: lExtraBits, base: lBase, block: offset)
        let mTable = try valueTable(states: mStates, frequencies: mFreq, extraBits: mExtraBits, base: mBase, block: offset)
        let dTable = try valueTable(states: dStates, frequencies: dFreq, extraBits: dExtraBits, base: dBase, block: offset)

        // Literals: four interleaved states, read backwards from the end of their payload.
        let literalStart = offset + headerSize
        var literals = [UInt8](repeating: 0, count: (literalCount + 3) / 4 * 4)
        var stream = try FSEBitStream(input, end: literalStart + literalPayload, extraBits: literalBits, block: offset)
        var states = literalState
        var index = 0
        while index < literalCount {
            try stream.refill(input)
            for lane in 0..<4 {
                let entry = literalTable[states[lane]]
                literals[index + lane] = entry.symbol
                states[lane] = Int(entry.delta) + Int(try stream.pull(Int(entry.bits)))
            }
            index += 4
        }

        // L/M/D triples: L literals, then a match of M bytes D back (D = 0 repeats the last D).
        let lmdStart = literalStart + literalPayload
        stream = try FSEBitStream(input, end: lmdStart + lmdPayload, extraBits: lmdBits, block: offset)
        let blockStart = output.count
        var literalIndex = 0
        var distance = -1
        for _ in 0..<matchCount {
            try stream.refill(input)
            let l = try value(lTable, &lState, &stream)
            let m = try value(mTable, &mState, &stream)
            let d = try value(dTable, &dState, &stream)
            if d != 0 { distance = d }
            guard literalIndex + l <= literalCount else { throw fail("literal run past the decoded literals") }
            guard output.count - blockStart + l + m <= rawBytes else { throw fail("block decodes to more than \(rawBytes) bytes") }
            output.append(contentsOf: literals[literalIndex..<(literalIndex + l)])
            literalIndex += l
            if m > 0 {
                guard distance > 0, distance <= output.count else { throw fail("match distance \(distance) reaches before the start") }
                var source = output.count - distance
                for _ in 0..<m {
                    output.append(output[source])
                    source += 1
                }
            }
        }
        guard output.count - blockStart == rawBytes else {
            throw fail("block decoded to \(output.count - blockStart) bytes, header says \(rawBytes)")
        }
        return lmdStart + lmdPayload
    }

    /// The 360 frequencies (L, M, D, literal) packed with a 2–14 bit prefix code.
    static func decodeFrequencies(_ input: [UInt8], from start: Int, to end: Int, block: Int) throws(LZFSEError) -> [Int] {
        let total = lSymbols + mSymbols + dSymbols + literalSymbols
        guard end > start else { return [Int](repeating: 0, count: total) }
        let nbitsTable: [Int] = [
            2, 3, 2, 5, 2, 3, 2, 8, 2, 3, 2, 5, 2, 3, 2, 14,
            2, 3, 2, 5, 2, 3, 2, 8, 2, 3, 2, 5, 2, 3, 2, 14,
        ]
        let valueTable: [Int] = [
            0, 2, 1, 4, 0, 3, 1, -1, 0, 2, 1, 5, 0, 3, 1, -1,
            0, 2, 1, 6, 0, 3, 1, -1, 0, 2, 1, 7, 0, 3, 1, -1,
        ]
        var result: [Int] = []
        result.reserveCapacity(total)
        var accumulator: UInt32 = 0
        var accumulated = 0
        var position = start
        for _ in 0..<total {
            while position < end, accumulated + 8 <= 32 {
                accumulator |= UInt32(input[position]) << UInt32(accumulated)
                accumulated += 8
                position += 1
            }
            let low = Int(accumulator & 31)
            let count = nbitsTable[low]
            let value: Int =
                switch count {
                case 8: 8 + Int((accumulator >> 4) & 0xF)
                case 14: 24 + Int((accumulator >> 4) & 0x3FF)
                default: valueTable[low]
                }
            guard count <= accumulated else {
                throw LZFSEError(offset: block, reason: "frequency table runs past the header")
            }
            accumulator >>= UInt32(count)
            accumulated -= count
            result.append(value)
        }
        guard accumulated < 8, position == end else {
            throw LZFSEError(offset: block, reason: "frequency table does not end with the header")
        }
        return result
    }

    struct SymbolEntry {
        var bits: UInt8 = 0
        var symbol: UInt8 = 0
        var delta: Int32 = 0
    }

    struct ValueEntry {
        var totalBits: UInt8 = 0
        var valueBits: UInt8 = 0
        var delta: Int32 = 0
        var base: Int32 = 0
    }

    /// The spread of `states` over symbols by frequency: symbol `i` owns `freq[i]` consecutive
    /// states; each state knows how many bits to read and the base of the next state.
    static func spread(
        states: Int, frequencies: [Int], block: Int,
        _ body: (_ symbol: Int, _ bits: Int, _ delta: Int) -> Void
    ) throws(LZFSEError) {
        let statesZeros = UInt32(states).leadingZeroBitCount
        var sum = 0
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 {
            sum += frequency
            guard sum <= states else {
                throw LZFSEError(offset: block, reason: "frequencies sum past \(states) states")
            }
            let k = UInt32(frequency).leadingZeroBitCount - statesZeros
            let j0 = ((2 * states) >> k) - frequency
            for j in 0..<frequency {
                if j < j0 {
                    body(symbol, k, ((frequency + j) << k) - states)
                } else {
                    body(symbol, k - 1, (j - j0) << (k - 1))
                }
            }
        }
    }

    static func symbolTable(states: Int, frequencies: [Int], block: Int) throws(LZFSEError) -> [SymbolEntry] {
        var table: [SymbolEntry] = []
        table.reserveCapacity(states)
        try spread(states: states, frequencies: frequencies, block: block) { symbol, bits, delta in
            table.append(SymbolEntry(bits: UInt8(bits), symbol: UInt8(symbol), delta: Int32(delta)))
        }
        while table.count < states { table.append(SymbolEntry()) }
        return table
    }

    static func valueTable(
        states: Int, frequencies: [Int], extraBits: [UInt8], base: [Int32], block: Int
    ) throws(LZFSEError) -> [ValueEntry] {
        var table: [ValueEntry] = []
        table.reserveCapacity(states)
        try spread(states: states, frequencies: frequencies, block: block) { symbol, bits, delta in
            table.append(
                ValueEntry(
                    totalBits: UInt8(bits) + extraBits[symbol], valueBits: extraBits[symbol],
                    delta: Int32(delta), base: base[symbol]))
        }
        while table.count < states { table.append(ValueEntry()) }
        return table
    }

    static func value(_ table: [ValueEntry], _ state: inout Int, _ stream: inout FSEBitStream) throws(LZFSEError) -> Int {
        let entry = table[state]
        let both = try stream.pull(Int(entry.totalBits))
        state = Int(entry.delta) + Int(both >> UInt64(entry.valueBits))
        guard state >= 0, state < table.count else {
            throw LZFSEError(offset: stream.block, reason: "FSE state out of range")
        }
        return Int(entry.base) + Int(both & ((1 << UInt64(entry.valueBits)) - 1))
    }
}

/// A bit stream read backwards from the end of a payload, refilled a byte at a time so it
/// always holds 56 to 63 bits after ``refill(_:)``.
struct FSEBitStream {
    private var accumulator: UInt64
    private var count: Int
    private var position: Int
    let block: Int

    /// Starts reading backwards from `end`, the end of the stream's payload; `extraBits` (−7…0)
    /// says how many bits of the last byte are padding.
    ///
    /// Like the reference decoder, the first load takes 8 bytes (7 when `extraBits` is 0) even
    /// from a shorter payload: the bytes before it belong to the block header or the previous
    /// stream and are never consumed by a valid stream. Solid-colour images compress to such
    /// streams. Only a load before the start of the whole input is an error.
    init(_ input: [UInt8], end: Int, extraBits: Int, block: Int) throws(LZFSEError) {
        let take = extraBits != 0 ? 8 : 7
        guard end - take >= 0 else {
            throw LZFSEError(offset: block, reason: "bit stream read past the start of the input")
        }
        position = end - take
        accumulator = 0
        for index in 0..<take { accumulator |= UInt64(input[position + index]) << UInt64(8 * index) }
        count = extraBits + (take == 8 ? 64 : 56)
        self.block = block
        guard (56..<64).contains(count), accumulator >> UInt64(count) == 0 else {
            throw LZFSEError(offset: block, reason: "bit stream padding is not zero")
        }
    }

    /// Loads whole bytes until 56 or more bits are held.
    mutating func refill(_ input: [UInt8]) throws(LZFSEError) {
        let bits = (63 - count) & ~7
        let bytes = bits >> 3
        // Like the reference decoder, a refill may load bytes before the payload (they belong
        // to the header or the previous stream and are never consumed by a valid stream);
        // only a load before the start of the whole input is an error.
        guard position - bytes >= 0 else {
            throw LZFSEError(offset: block, reason: "bit stream read past the start of the input")
        }
        position -= bytes
        var incoming: UInt64 = 0
        for index in 0..<bytes { incoming |= UInt64(input[position + index]) << UInt64(8 * index) }
        accumulator = (accumulator << UInt64(bits)) | incoming
        count += bits
    }

    /// Takes the `n` most significant held bits.
    mutating func pull(_ n: Int) throws(LZFSEError) -> UInt64 {
        guard n <= count else { throw LZFSEError(offset: block, reason: "bit stream underflow") }
        count -= n
        let result = accumulator >> UInt64(count)
        accumulator &= count == 0 ? 0 : (UInt64(1) << UInt64(count)) - 1
        return result
    }
}
