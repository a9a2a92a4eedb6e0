#!/usr/bin/env bash
# The TypeScript client (Clients/typescript): its types are what openapi.yaml gives (generate_types.py --check), it
# compiles with Debian's tsc (strict), node's own test runner plays it against the real binary (every committed
# example request in every format, the batch, the dismissals, problems, request ids, the player's callback form),
# and headless Chromium plays a plan on real DOM elements with its player (test/browser_test.py).
# Usage: typescript_client.sh path/to/flightplan
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "$1")
for tool in node tsc; do
    command -v "$tool" >/dev/null || { echo "typescript_client: SKIPPED: $tool is not installed (apt-get install nodejs node-typescript)"; exit 77; }
done
python3 Clients/typescript/generate_types.py --check
rm -rf Clients/typescript/dist
tsc -p Clients/typescript
FLIGHTPLAN_BINARY=$binary node --test Clients/typescript/dist/test/*.test.js
python3 Clients/typescript/test/browser_test.py "$binary"
