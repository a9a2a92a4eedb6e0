#!/usr/bin/env bash
# Fuzzes request decoding + validation + planning + encoding with libFuzzer and AddressSanitizer,
# optimised as a production build is (-c release), starting from the committed corpus (Fuzz/corpus); findings land in Fuzz/findings/ (add them to
# Fuzz/corpus as regression inputs once fixed: the test command replays that folder).
# Usage: fuzz.sh [seconds, default 60]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
swift build -c release --product FlightplanFuzz --scratch-path .build-fuzz \
    --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp Fuzz/corpus/* "$work/"
mkdir -p Fuzz/findings
# -timeout is per input: each input is planned in every format and as a batch in every format (a dozen plans), and
# a corpus input whose tolerance search spends its whole evaluation budget (regression-tolerance-work.json) takes
# about 11 s of CPU under AddressSanitizer that way; a hang still ends the run.
.build-fuzz/release/FlightplanFuzz "$work" -max_total_time="$seconds" -max_len=65536 -timeout=60 \
    -rss_limit_mb=4096 -artifact_prefix=Fuzz/findings/ -print_final_stats=1
