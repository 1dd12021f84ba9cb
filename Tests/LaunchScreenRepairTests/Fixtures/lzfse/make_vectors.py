# Generates the LZFSE test vectors with the reference encoder (Apple's lzfse C library,
# via the PyPI package `lzfse` 0.4.2). Each vector is <name>.bin (the original bytes) and
# <name>.lzfse (the encoded stream).
#   python3 make_vectors.py            the small committed vectors, into the current folder (run once)
#   python3 make_vectors.py --into DIR the large raw-byte vectors (megabytes, not committed), into DIR;
#                                      the differential tests make them at test time
import os, random, sys, lzfse

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

def far_repeats(size, seed):
    """Random bytes, then the same bytes with one in 997 changed, then the original again:
    matches reaching back a whole copy, broken by short literal runs."""
    base = random.Random(seed).randbytes(size)
    changed = bytearray(base)
    for i in range(0, size, 997):
        changed[i] ^= 0x55
    return base + bytes(changed) + base

def sparse(size, every, seed):
    """Zeros with a random byte every `every` bytes: single literals between long matches."""
    rng = random.Random(seed)
    out = bytearray(size)
    for i in range(0, size, every):
        out[i] = rng.randrange(1, 256)
    return bytes(out)

large = {
    "large-text": text(2 << 20, 11),                    # many bvx2 blocks
    "large-random": random.Random(12).randbytes(1 << 20),  # incompressible: one bvx- block
    "large-zeros": bytes(8 << 20),                      # one bvx2 block of long matches, 0-byte literal stream
    "large-sparse": sparse(4 << 20, 1500, 13),
    "large-far-repeats": far_repeats(200000, 14),
    "text-4095": text(4095, 15),                        # either side of the LZVN / LZFSE switch
    "text-4096": text(4096, 16),
    "text-4097": text(4097, 17),
}

folder = "."
if sys.argv[1:2] == ["--into"] and len(sys.argv) == 3:
    folder, vectors = sys.argv[2], large
    os.makedirs(folder, exist_ok=True)
elif len(sys.argv) > 1:
    sys.exit("usage: python3 make_vectors.py [--into DIR]")
for name, data in vectors.items():
    open(os.path.join(folder, name + ".bin"), "wb").write(data)
    open(os.path.join(folder, name + ".lzfse"), "wb").write(lzfse.compress(data))
