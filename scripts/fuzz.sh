#!/usr/bin/env bash
# Fuzzes request decoding + validation + planning + encoding with libFuzzer and AddressSanitizer,
# optimised as a production build is (-c release), starting from the committed corpus (Fuzz/corpus); findings land in
# Fuzz/findings/ (add them to Fuzz/corpus as regression inputs once fixed). libFuzzer first runs every corpus input
# once through the fuzz target's checks, past findings included: that is the corpus's regression replay (a trap there
# fails the run), and the script checks that every input was read whole. `swift build` also builds the target without
# libFuzzer, which replays given files by hand: `.build/debug/FlightplanFuzz Fuzz/corpus/*`.
# Usage: fuzz.sh [seconds, default 60]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
swift build -c release --product FlightplanFuzz --scratch-path .build-fuzz \
    --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
work=$(mktemp -d)
trap 'rm -rf "$work" "$work.log"' EXIT
cp Fuzz/corpus/* "$work/"
mkdir -p Fuzz/findings
# -timeout is per input: each input is planned in every format and as a batch in every format (a dozen plans), and
# a corpus input whose tolerance search spends its whole evaluation budget (regression-tolerance-work.json) takes
# about 11 s of CPU under AddressSanitizer that way; a hang still ends the run.
count=$(find Fuzz/corpus -type f | wc -l)
max_len=65536
oversized=$(find Fuzz/corpus -type f -size +${max_len}c)
[ -z "$oversized" ] || { echo "fuzz: longer than -max_len=$max_len, so not replayed whole: $oversized" >&2; exit 1; }
.build-fuzz/release/FlightplanFuzz "$work" -max_total_time="$seconds" -max_len="$max_len" -timeout=60 \
    -rss_limit_mb=4096 -artifact_prefix=Fuzz/findings/ -print_final_stats=1 2>&1 | tee "$work.log"
grep -q "INFO: seed corpus: files: $count " "$work.log" || { echo "fuzz: libFuzzer did not read the $count corpus inputs" >&2; exit 1; }
