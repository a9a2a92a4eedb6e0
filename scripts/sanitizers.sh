#!/usr/bin/env bash
# The whole Swift test suite under ThreadSanitizer and under AddressSanitizer (with LeakSanitizer;
# Tests/lsan.supp silences XCTest's own leaks only). Each uses its own build folder.
set -euo pipefail
cd "$(dirname "$0")/.."
TSAN_OPTIONS="halt_on_error=1" swift test --sanitize=thread --scratch-path .build-tsan
ASAN_OPTIONS="detect_leaks=1:halt_on_error=1" LSAN_OPTIONS="suppressions=$PWD/Tests/lsan.supp" \
    swift test --sanitize=address --scratch-path .build-asan
