#!/usr/bin/env bash
# Sets up (dependencies, release build) and runs the server on 127.0.0.1:8080.
# Extra arguments go to `flightplan serve` (see `--help`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product flightplan
exec .build/release/flightplan serve "$@"
