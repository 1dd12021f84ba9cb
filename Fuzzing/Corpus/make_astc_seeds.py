#!/usr/bin/env python3
"""Writes small, valid ASTC 4x4 containers into Corpus/astc/ (run from Fuzzing/).

The snapshot fixtures are ~21 KB; these seeds reach the same code paths (AAPL with an LZFS or
astc chunk, KTX 1.1 plain and with Compression_APPLE, KTX 2.0) in a few hundred bytes. The
LZFSE streams come from Tests/LaunchScreenRepairTests/Fixtures/lzfse (reference encoder).
"""
import struct

def void_extent(r, g, b, a=0xFFFF):
    return bytes([0xFC, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) + struct.pack("<4H", r, g, b, a)

def stored(data):  # LZFSE stream of one stored block
    return b"bvx-" + struct.pack("<I", len(data)) + data + b"bvx$"

def chunk(tag, body):
    return struct.pack("<I", len(body)) + tag + body

def aapl(width, height, payload_chunk):
    head = bytearray(0x54)
    struct.pack_into("<I", head, 0x10, 0x93B0)
    struct.pack_into("<II", head, 0x18, width, height)
    return b"AAPL\r\n\x1a\n" + chunk(b"HEAD", bytes(head)) + payload_chunk + chunk(b"END ", b"")

def ktx1(width, height, key_values, image):
    head = bytearray(64)
    head[:12] = bytes([0xAB, 0x4B, 0x54, 0x58, 0x20, 0x31, 0x31, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A])
    struct.pack_into("<I", head, 0x0C, 0x04030201)
    struct.pack_into("<I", head, 0x1C, 0x93B0)
    struct.pack_into("<II", head, 0x24, width, height)
    struct.pack_into("<I", head, 0x3C, len(key_values))
    return bytes(head) + key_values + struct.pack("<I", len(image)) + image

def ktx2(width, height, image):
    head = bytearray(104)
    head[:12] = bytes([0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A])
    struct.pack_into("<I", head, 12, 157)
    struct.pack_into("<II", head, 0x14, width, height)
    struct.pack_into("<QQ", head, 80, 104, len(image))
    return bytes(head) + image

blocks8 = void_extent(0xFFFF, 0xFFFF, 0xFFFF) * 2 + void_extent(0, 0, 0) + bytes(range(16))  # 8x8
lzfse_dir = "../Tests/LaunchScreenRepairTests/Fixtures/lzfse/"
astc_like = open(lzfse_dir + "astc-like.lzfse", "rb").read()  # 96000 bytes = 6000 blocks: 240x400
kv = b"Compression_APPLE\x00LZFSE\x00"
kv = struct.pack("<I", len(kv)) + kv + b"\x00" * (-len(kv) % 4)
seeds = {
    "aapl-astc-8x8": aapl(8, 8, chunk(b"astc", blocks8)),
    "aapl-lzfs-stored-8x8": aapl(8, 8, chunk(b"LZFS", struct.pack("<I", len(stored(blocks8))) + stored(blocks8))),
    "aapl-lzfs-bvx2-240x400": aapl(240, 400, chunk(b"LZFS", struct.pack("<I", len(astc_like)) + astc_like)),
    "ktx1-plain-8x8": ktx1(8, 8, b"", blocks8),
    "ktx1-lzfse-8x8": ktx1(8, 8, kv, stored(blocks8)),
    "ktx2-8x8": ktx2(8, 8, blocks8),
}
for name, data in seeds.items():
    open(f"Corpus/astc/{name}.bin", "wb").write(data)
