#ifndef DEFLATE_SPLICE_H
#define DEFLATE_SPLICE_H

#include <stddef.h>
#include <stdint.h>

/// Where a complete raw DEFLATE stream (RFC 1951) ends, to the bit: `final_block_bit` is the
/// bit at which its final block's header starts (the header's first bit is BFINAL), `end_bit`
/// the bit just past the final block's end-of-block code. Bits count from the least
/// significant bit of the first byte, as DEFLATE packs them. Returns 0, or -1 when `stream`
/// is not one complete DEFLATE stream within `size` bytes.
///
/// It reads block headers and Huffman codes without writing any output, so it costs a small
/// part of decompressing the stream.
int deflate_stream_bounds(const uint8_t *stream, size_t size, uint64_t *final_block_bit, uint64_t *end_bit);

/// Appends bits [0, `end_bit`) of `stream` to `destination` after its first `destination_bits`
/// bits, and returns the new count of bits. With `keeps_final` 0 the stream's final block
/// becomes an ordinary one (the bit at `final_block_bit` is written as 0), so another stream
/// can follow it. Bits of `destination` after the returned count are zero.
///
/// `destination` must have room for (`destination_bits` + `end_bit`) / 8 + 2 bytes.
uint64_t deflate_stream_append(
    uint8_t *destination, uint64_t destination_bits, const uint8_t *stream, uint64_t end_bit,
    uint64_t final_block_bit, int keeps_final);

#endif
