#!/usr/bin/env bash
# Soak: a bounded wrk run of mixed valid and invalid plan requests against the release server, checking
# that every response has the status its request calls for (200, 400 or 422, in the mix's proportions),
# no socket errors, and flat RSS (start, peak and end are printed).
# Usage: soak.sh [seconds, default 300] [connections, default 64]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
connections=${2:-64}
scripts/install-deps.sh --test
swift build -c release --product flightplan >/dev/null
log=$(mktemp) samples=$(mktemp) report=$(mktemp)
.build/release/flightplan serve --port 0 --threads 2 --log-level error > "$log" &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log" "$samples" "$report"' EXIT
for _ in $(seq 100); do grep -q listening "$log" && break; sleep 0.05; done
port=$(sed -nE 's/.*:([0-9]+) .*/\1/p' "$log")
rss() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }
rss > "$samples"
( while kill -0 "$server" 2>/dev/null; do rss >> "$samples"; sleep 1; done ) &
wrk -t2 -c"$connections" -d"${seconds}s" --latency -s scripts/soak.lua "http://127.0.0.1:$port/" | tee "$report"
sleep 1
start=$(head -1 "$samples") peak=$(sort -n "$samples" | tail -1) end=$(rss)
echo "RSS start $((start / 1024)) MiB, peak $((peak / 1024)) MiB, end $((end / 1024)) MiB"
python3 - "$report" "$connections" "$start" "$end" <<'PY'
import re, sys
report, connections, start, end = open(sys.argv[1]).read(), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
counts = {int(s): int(n) for s, n in re.findall(r"^status (\d+): (\d+)$", report, re.M)}
unexpected, errors = map(int, re.search(r"unexpected statuses (\d+), socket errors (\d+)", report).groups())
total = sum(counts.values())
# The mix is 5 valid : 1 malformed : 1 invalid; requests in flight at the end may be cut off.
expected = {200: total * 5 / 7, 400: total / 7, 422: total / 7}
ratios_ok = all(abs(counts.get(status, 0) - share) <= connections + 2 for status, share in expected.items())
print(f"soak: {total} responses, {unexpected} unexpected statuses, {errors} socket errors, mix {'as sent' if ratios_ok else 'WRONG'}")
failed = unexpected or errors or not ratios_ok or end - start > 8 * 1024
print(f"soak: {0 if failed else 1} passed, {1 if failed else 0} failed")
sys.exit(1 if failed else 0)
PY
