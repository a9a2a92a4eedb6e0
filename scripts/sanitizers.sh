#!/usr/bin/env bash
# ThreadSanitizer over the Swift tests where threads meet, and AddressSanitizer (with LeakSanitizer;
# Tests/lsan.supp silences other people's leaks only) over the whole Swift suite (Tests/tsan.supp: what a lock it cannot
# see guards). Each uses its own build folder.
# ThreadSanitizer runs the suites scripts/thread_suites.py lists (the real daemon, the SDK against it, the writer
# shared by tasks), which fails when a test that meets threads is missing from its list: over the single-threaded
# maths it found nothing and took 527 of its 610 s. Under it the SDK's properties through the real server send a
# tenth of their random requests (FLIGHTPLAN_THREAD_SANITIZER=1; each crosses the same threads, and the 250 of one
# property took 216 s of single-threaded maths there), and the SDK's maths-only suites are skipped. Its build is
# the run's one debug build, so it also runs the suites that check what only a debug build checks (thread_suites.py's
# DEBUG_ONLY: the progress grid's buffer bounds, `assert`s because as preconditions they cost 24 % of the grid; every
# plan the daemon tests make checks them too). The AddressSanitizer run is the suite's one full run (test.sh runs
# no plain `swift test`): every test, in an optimised build (-c release, -enable-testing for the tests' @testable
# imports). Those `assert`s are the sources' only ones and there is no `#if DEBUG` in them, and -O keeps every
# precondition, overflow and bounds check, so the optimised run checks what a debug one does, faster: the whole suite took 270 s of CPU under the
# sanitizer (2026-11-28), as much as a plain debug run without it (283 s), where the debug sanitizer run took 606 s of
# wall time on CI's two cores; the optimised build takes longer (about 410 s of CPU against 250).
set -euo pipefail
cd "$(dirname "$0")/.."
threaded=$(python3 scripts/thread_suites.py)
read -ra filters <<< "$threaded"
FLIGHTPLAN_THREAD_SANITIZER=1 TSAN_OPTIONS="halt_on_error=1:suppressions=$PWD/Tests/tsan.supp" swift test --sanitize=thread --scratch-path .build-tsan "${filters[@]}"
ASAN_OPTIONS="detect_leaks=1:halt_on_error=1" LSAN_OPTIONS="suppressions=$PWD/Tests/lsan.supp" \
    swift test -c release -Xswiftc -enable-testing --sanitize=address --scratch-path .build-asan
