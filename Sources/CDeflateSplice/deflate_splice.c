#include "deflate_splice.h"

#include <string.h>

// Codes up to this many bits decode with one table lookup; longer ones bit by bit.
#define FAST_BITS 10

/// An LSB-first bit reader that reads zeros past the end and notes how far past it went.
typedef struct {
    const uint8_t *data;
    size_t size;
    size_t next;  // the next byte to load
    uint64_t buffer;
    unsigned count;  // bits in buffer
} BitReader;

static inline void need(BitReader *reader, unsigned bits) {
    while (reader->count < bits) {
        uint64_t byte = reader->next < reader->size ? reader->data[reader->next] : 0;
        reader->next += 1;
        reader->buffer |= byte << reader->count;
        reader->count += 8;
    }
}

static inline uint32_t take(BitReader *reader, unsigned bits) {
    need(reader, bits);
    uint32_t value = (uint32_t)(reader->buffer & ((1ull << bits) - 1));
    reader->buffer >>= bits;
    reader->count -= bits;
    return value;
}

static inline uint64_t position(const BitReader *reader) { return (uint64_t)reader->next * 8 - reader->count; }

static inline int overran(const BitReader *reader) { return position(reader) > (uint64_t)reader->size * 8; }

/// A canonical Huffman code: code counts per length and symbols in code order (for codes
/// longer than FAST_BITS), and a table of (symbol << 4 | length) by the next FAST_BITS bits.
typedef struct {
    uint16_t count[16];
    uint16_t symbol[320];
    uint16_t fast[1 << FAST_BITS];
} Huffman;

static int build(Huffman *code, const uint8_t *lengths, int symbols) {
    memset(code->count, 0, sizeof code->count);
    for (int symbol = 0; symbol < symbols; symbol++) code->count[lengths[symbol]] += 1;
    code->count[0] = 0;
    int left = 1;
    for (int length = 1; length < 16; length++) {
        left = left * 2 - code->count[length];
        if (left < 0) return -1;  // over-subscribed; incomplete codes are allowed
    }
    uint16_t offsets[16];
    offsets[1] = 0;
    for (int length = 1; length < 15; length++) offsets[length + 1] = offsets[length] + code->count[length];
    for (int symbol = 0; symbol < symbols; symbol++) {
        if (lengths[symbol]) code->symbol[offsets[lengths[symbol]]++] = (uint16_t)symbol;
    }
    memset(code->fast, 0, sizeof code->fast);
    unsigned next = 0, index = 0;
    for (unsigned length = 1; length <= FAST_BITS; length++) {
        for (unsigned k = 0; k < code->count[length]; k++, index++, next++) {
            unsigned reversed = 0;
            for (unsigned bit = 0; bit < length; bit++) reversed |= ((next >> bit) & 1u) << (length - 1 - bit);
            for (unsigned entry = reversed; entry < (1u << FAST_BITS); entry += 1u << length) {
                code->fast[entry] = (uint16_t)(code->symbol[index] << 4 | length);
            }
        }
        next <<= 1;
    }
    return 0;
}

static int decode(BitReader *reader, const Huffman *code) {
    need(reader, FAST_BITS);
    uint16_t entry = code->fast[reader->buffer & ((1u << FAST_BITS) - 1)];
    if (entry) {
        unsigned length = entry & 15;
        reader->buffer >>= length;
        reader->count -= length;
        return entry >> 4;
    }
    int bits = 0, first = 0, index = 0;
    for (int length = 1; length < 16; length++) {
        bits |= (int)take(reader, 1);
        int count = code->count[length];
        if (bits - count < first) return code->symbol[index + (bits - first)];
        index += count;
        first = (first + count) << 1;
        bits <<= 1;
    }
    return -1;
}

static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint8_t distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
static const uint8_t code_length_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/// Reads a dynamic block's code definitions into `literals` and `distances`.
static int read_codes(BitReader *reader, Huffman *literals, Huffman *distances) {
    int literal_count = (int)take(reader, 5) + 257;
    int distance_count = (int)take(reader, 5) + 1;
    int code_length_count = (int)take(reader, 4) + 4;
    if (literal_count > 286 || distance_count > 30) return -1;
    uint8_t lengths[320] = {0};
    for (int index = 0; index < code_length_count; index++) lengths[code_length_order[index]] = (uint8_t)take(reader, 3);
    Huffman code_lengths;
    if (build(&code_lengths, lengths, 19) != 0) return -1;
    int index = 0, total = literal_count + distance_count;
    while (index < total) {
        int symbol = decode(reader, &code_lengths);
        if (symbol < 0 || overran(reader)) return -1;
        if (symbol < 16) {
            lengths[index++] = (uint8_t)symbol;
            continue;
        }
        uint8_t repeated = 0;
        int times;
        if (symbol == 16) {
            if (index == 0) return -1;
            repeated = lengths[index - 1];
            times = 3 + (int)take(reader, 2);
        } else if (symbol == 17) {
            times = 3 + (int)take(reader, 3);
        } else {
            times = 11 + (int)take(reader, 7);
        }
        if (index + times > total) return -1;
        while (times--) lengths[index++] = repeated;
    }
    if (lengths[256] == 0) return -1;
    if (build(literals, lengths, literal_count) != 0) return -1;
    return build(distances, lengths + literal_count, distance_count);
}

static void fixed_codes(Huffman *literals, Huffman *distances) {
    uint8_t lengths[320];
    int symbol = 0;
    for (; symbol < 144; symbol++) lengths[symbol] = 8;
    for (; symbol < 256; symbol++) lengths[symbol] = 9;
    for (; symbol < 280; symbol++) lengths[symbol] = 7;
    for (; symbol < 288; symbol++) lengths[symbol] = 8;
    build(literals, lengths, 288);
    for (symbol = 0; symbol < 30; symbol++) lengths[symbol] = 5;
    build(distances, lengths, 30);
}

int deflate_stream_bounds(const uint8_t *stream, size_t size, uint64_t *final_block_bit, uint64_t *end_bit) {
    BitReader reader = {stream, size, 0, 0, 0};
    Huffman literals, distances;
    for (;;) {
        uint64_t header = position(&reader);
        uint32_t final = take(&reader, 1);
        uint32_t type = take(&reader, 2);
        if (type == 0) {
            // Stored: to the byte boundary, LEN and its complement, LEN bytes.
            take(&reader, (unsigned)((8 - position(&reader) % 8) % 8));
            uint32_t length = take(&reader, 16);
            if ((take(&reader, 16) ^ 0xFFFF) != length) return -1;
            uint64_t end = position(&reader) + (uint64_t)length * 8;
            reader.next = (size_t)(end / 8);
            reader.buffer = 0;
            reader.count = 0;
        } else {
            if (type == 1) {
                fixed_codes(&literals, &distances);
            } else if (type != 2 || read_codes(&reader, &literals, &distances) != 0) {
                return -1;
            }
            for (;;) {
                int symbol = decode(&reader, &literals);
                if (symbol < 0 || overran(&reader)) return -1;
                if (symbol < 256) continue;
                if (symbol == 256) break;
                symbol -= 257;
                if (symbol >= 29) return -1;
                take(&reader, length_extra[symbol]);
                int distance = decode(&reader, &distances);
                if (distance < 0 || distance >= 30) return -1;
                take(&reader, distance_extra[distance]);
            }
        }
        if (overran(&reader)) return -1;
        if (final) {
            *final_block_bit = header;
            *end_bit = position(&reader);
            return 0;
        }
    }
}

uint64_t deflate_stream_append(
    uint8_t *destination, uint64_t destination_bits, const uint8_t *stream, uint64_t end_bit,
    uint64_t final_block_bit, int keeps_final) {
    uint8_t *start = destination + destination_bits / 8;
    unsigned shift = (unsigned)(destination_bits % 8);
    size_t bytes = (size_t)((end_bit + 7) / 8);
    if (shift == 0) {
        memcpy(start, stream, bytes);
        start[bytes] = 0;
    } else {
        start[0] &= (uint8_t)((1u << shift) - 1);
        for (size_t index = 0; index < bytes; index++) {
            start[index] |= (uint8_t)(stream[index] << shift);
            start[index + 1] = (uint8_t)(stream[index] >> (8 - shift));
        }
    }
    uint64_t end = destination_bits + end_bit;
    if (!keeps_final) {
        uint64_t bit = destination_bits + final_block_bit;
        destination[bit / 8] &= (uint8_t)~(1u << (bit % 8));
    }
    // The stream's padding after its last code, now inside the destination: cleared.
    uint8_t *last = destination + end / 8;
    *last &= (uint8_t)((1u << (end % 8)) - 1);
    if (last + 1 <= start + bytes) last[1] = 0;
    return end;
}
