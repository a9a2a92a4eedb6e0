#!/usr/bin/env bash
# Runs every test: the Swift suites (core properties, router, real daemon) and the curl
# integration tests against the real binary. CI runs exactly this (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
python3 -m openapi_spec_validator openapi.yaml
swift build --build-tests
swift test --skip-build
python3 scripts/openapi_examples.py .build/debug/flightplan --check
python3 scripts/integration_test.py .build/debug/flightplan
scripts/schemathesis.sh .build/debug/flightplan
