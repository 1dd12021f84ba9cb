# Generates the LZFSE test vectors with the reference encoder (Apple's lzfse C library,
# via the PyPI package `lzfse` 0.4.2). Run once: python3 make_vectors.py
# Each vector is <name>.bin (the original bytes) and <name>.lzfse (the encoded stream).
import random, lzfse

def text(n, seed):
    rng = random.Random(seed)
    words = ["launch", "screen", "snapshot", "winter", "spring", "summer", "autumn",
             "festival", "light", "dark", "portrait", "landscape", "repair", "ktx", "astc"]
    out = []
    size = 0
    while size < n:
        w = rng.choice(words) + (" " if rng.random() < 0.8 else "\n")
        out.append(w)
        size += len(w)
    return "".join(out).encode()[:n]

def astc_like(blocks, seed):
    rng = random.Random(seed)
    white = bytes([0xFC, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) + b"\xff" * 8
    out = bytearray()
    for i in range(blocks):
        out += white if rng.random() < 0.97 else bytes(rng.getrandbits(8) for _ in range(16))
    return bytes(out)

vectors = {
    "empty": b"",
    "tiny": b"abc",                               # below the LZVN threshold: bvx- block
    "small-text": text(3000, 1),                  # below 4096 bytes: bvxn (LZVN) block
    "text": text(120000, 2),                      # bvx2 blocks (more than one)
    "random": random.Random(3).randbytes(20000),     # incompressible
    "astc-like": astc_like(6000, 4),              # long runs and far matches, like a snapshot
    # A solid-colour snapshot's payload (white void-extent blocks) and a run of zeros: bvx2 blocks
    # whose literal bit stream is 2 and 0 bytes long, shorter than the decoder's first 8-byte load.
    "solid-astc": bytes([0xFC, 0xFD] + [0xFF] * 14) * 1000,
    "zeros": bytes(16000),
}
for name, data in vectors.items():
    open(name + ".bin", "wb").write(data)
    open(name + ".lzfse", "wb").write(lzfse.compress(data))
