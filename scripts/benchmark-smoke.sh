#!/usr/bin/env bash
# Builds and briefly runs every benchmark (in-process and HTTP) so that the benchmark code cannot rot.
# The figures it prints mean nothing; the real runs are documented in README.md (Performance).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
FLIGHTPLAN_BENCHMARK_SMOKE=1 swift package --package-path Benchmarks --disable-sandbox benchmark --no-progress
python3 Benchmarks/http_bench.py --seconds 1 --rounds 1 --connections 8
