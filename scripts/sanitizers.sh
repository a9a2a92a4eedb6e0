#!/usr/bin/env bash
# ThreadSanitizer over the Swift tests where threads meet, and AddressSanitizer (with LeakSanitizer;
# Tests/lsan.supp silences other people's leaks only) over the whole Swift suite. Each uses its own build folder.
# ThreadSanitizer runs the suites scripts/thread_suites.py lists (the real daemon, the SDK against it, the writer
# shared by tasks), which fails when a test that meets threads is missing from its list: over the single-threaded
# maths it found nothing and took 527 of its 610 s. The AddressSanitizer run is the suite's one full run (test.sh runs
# no plain `swift test`): a debug build with every test.
set -euo pipefail
cd "$(dirname "$0")/.."
threaded=$(python3 scripts/thread_suites.py)
read -ra filters <<< "$threaded"
TSAN_OPTIONS="halt_on_error=1" swift test --sanitize=thread --scratch-path .build-tsan "${filters[@]}"
ASAN_OPTIONS="detect_leaks=1:halt_on_error=1" LSAN_OPTIONS="suppressions=$PWD/Tests/lsan.supp" \
    swift test --sanitize=address --scratch-path .build-asan
