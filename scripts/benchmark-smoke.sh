#!/usr/bin/env bash
# Builds and briefly runs every benchmark (in-process and HTTP) so that the benchmark code cannot rot.
# The figures it prints mean nothing; the real runs are docs/performance.md, made by Benchmarks/performance_page.py.
# (The Hummingbird peers, `http_bench.py --peer`, are left out: building them would add minutes to every run.)
# Usage: benchmark-smoke.sh [path/to/flightplan]   (a release binary for the HTTP benchmark; else it builds one)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
FLIGHTPLAN_BENCHMARK_SMOKE=1 swift package --package-path Benchmarks --disable-sandbox benchmark --no-progress
python3 Benchmarks/http_bench.py --seconds 1 --rounds 1 --connections 8 --formats json,css --spans ${1:+--binary "$1"}
python3 Benchmarks/http_bench.py --seconds 1 --rounds 1 --connections 8 --distinct 50 --workloads mixed ${1:+--binary "$1"}
