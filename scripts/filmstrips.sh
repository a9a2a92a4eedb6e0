#!/usr/bin/env bash
# Writes docs/filmstrips/<style>.svg, the README's filmstrip figures, from examples/<style>.json with the
# given binary (the integration tests check they match what the server draws). Like the openapi.yaml
# examples, they are change detectors: drawn by the binary, they show that a plan changed, not that it is right.
# Usage: filmstrips.sh path/to/flightplan
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p docs/filmstrips
for example in examples/*.json; do
    style=$(basename "$example" .json)
    "$1" filmstrip "$example" > "docs/filmstrips/$style.svg"
done
