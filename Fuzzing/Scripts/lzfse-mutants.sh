#!/usr/bin/env bash
# Checks that fuzz-lzfse would catch the violations it is there for: builds the LZFSE decoder
# with one guard removed at a time (a mutant) together with the fuzz-lzfse harness, and runs
# the fuzzer on the seed corpus for up to N seconds (default 60) per mutant. Each mutant must
# be caught: an out-of-bounds read/write (Swift bounds trap or ASan report) or output past the
# size the headers imply (the harness's precondition). Runs in a scratch folder under /tmp;
# the sources are not touched.
#
#   Fuzzing/Scripts/lzfse-mutants.sh [seconds]          (ONLY=<mutant name> for one)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
seconds="${1:-60}"
work="$(mktemp -d /tmp/lzfse-mutants.XXXXXX)"
trap 'rm -rf "$work"' EXIT
sources="$root/Sources/LaunchScreenRepair"

# name | file | guard to neutralise (a literal fragment) | replacement [ | fragment | replacement ]
# A guard backed up by a later check (the end-of-block size check) is removed together with it:
# removing one alone changes no output, only how early the decoder gives up.
mutants=(
  "limit-not-enforced|LZFSEDecoder.swift|guard output.count + raw <= limit else|guard true else"
  "bvx2-no-size-checks|LZFSEDecoder.swift|guard output.count - blockStart + l + m <= rawBytes else|guard true else|guard output.count - blockStart == rawBytes else|guard true else"
  "bvx2-no-distance-check|LZFSEDecoder.swift|guard distance > 0, distance <= output.count else|guard distance > 0 else"
  "bvx2-no-literal-run-check|LZFSEDecoder.swift|guard literalIndex + l <= literalCount else|guard true else"
  "lzvn-no-size-checks|LZVNDecoder.swift|guard output.count + literals + match <= target else|guard true else|guard output.count == target else|guard true else"
  "lzvn-no-distance-check|LZVNDecoder.swift|guard distance > 0, distance <= output.count else|guard true else"
  "lzvn-no-literal-bounds|LZVNDecoder.swift|guard position + literals <= end else|guard true else"
  "stored-no-bounds|LZFSEDecoder.swift|guard offset + 8 + raw <= input.count else|guard true else"
)

harness="$work/Harness.swift"
sed -e '/import LaunchScreenRepair$/d' "$root/Fuzzing/Sources/fuzz-lzfse/FuzzLZFSE.swift" > "$harness"
# The harness calls the decoder through the runtime's fuzzing entry point; compiled here without
# the rest of the runtime, that entry point is this shim.
cat >> "$harness" <<'SWIFT'

enum SnapshotParsers {
    static func decodeLZFSE(_ stream: [UInt8], limit: Int) -> [UInt8]? { try? LZFSEDecoder.decode(stream, limit: limit) }
}
SWIFT

export SWIFT_BACKTRACE=enable=no   # let libFuzzer, not the Swift backtracer, handle traps
caught=0
for mutant in "${mutants[@]}"; do
    IFS='|' read -r name file edits <<<"$mutant"
    [[ -n "${ONLY:-}" && "$name" != "$ONLY" ]] && continue   # ONLY=<name> runs one mutant
    dir="$work/$name"
    mkdir -p "$dir/src" "$dir/corpus"
    cp "$sources/Appearance/LZFSEDecoder.swift" "$sources/Appearance/LZVNDecoder.swift" "$sources/Probe/ByteSource.swift" "$dir/src/"
    python3 - "$dir/src/$file" "$edits" <<'PY'
import sys
path, edits = sys.argv[1], sys.argv[2].split("|")
text = open(path).read()
for pattern, replacement in zip(edits[::2], edits[1::2]):
    assert text.count(pattern) == 1, f"{pattern!r} found {text.count(pattern)} times in {path}"
    text = text.replace(pattern, replacement)
open(path, "w").write(text)
PY
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name LZFSEMutant -package-name LaunchAssets \
        "$dir/src/"*.swift "$harness" -o "$dir/fuzz" 2>"$dir/build.log" || { cat "$dir/build.log"; exit 1; }
    # Seeds: the committed ones, plus the corpus a real run grew, when there is one.
    seeds=("$root/Fuzzing/Corpus/lzfse")
    [[ -d "$root/Fuzzing/.build/fuzz-runs/lzfse/corpus" ]] && seeds+=("$root/Fuzzing/.build/fuzz-runs/lzfse/corpus")
    if (cd "$dir" && "$dir/fuzz" "$dir/corpus" "${seeds[@]}" -max_total_time="$seconds" \
            -max_len=8192 -artifact_prefix="$dir/" >"$dir/log.txt" 2>&1); then
        echo "MISSED  $name (no finding in ${seconds}s)"
    else
        reason="$(grep -m1 -E 'Fatal error|ERROR: AddressSanitizer|ERROR: libFuzzer|deadly signal' "$dir/log.txt" | sed 's/^.*\(Fatal error\|ERROR\)/\1/' | cut -c1-110)"
        execs="$(grep -m1 -oE '^#[0-9]+' <(grep -E '^#[0-9]+' "$dir/log.txt" | tail -1) || true)"
        echo "CAUGHT  $name after ${execs:-?} executions: $reason"
        caught=$((caught + 1))
    fi
done
total=${#mutants[@]}
[[ -n "${ONLY:-}" ]] && total=1
echo "$caught of $total mutants caught"
(( caught == total ))
