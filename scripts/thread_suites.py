"""The Swift tests where threads meet, which scripts/sanitizers.sh runs under ThreadSanitizer, printed as `swift test`
filter arguments; and the check that the list is not stale.

The rest of the suite is single-threaded maths and wire forms: Swift 6's data-race checking already rules out races
there, and ThreadSanitizer over it took 527 of the 610 s the whole suite took under it (issue 44). Where threads meet:
the real daemon (libmicrohttpd's threads, the log sink, the metrics, the drain), the SDK against it, the span
batcher's thread, and a writer shared by tasks. Every `@unchecked Sendable` and unsafe buffer of the library is reached from those suites: each
request the daemon tests send is decoded, planned and written on libmicrohttpd's threads.

Stale means: a test file outside the listed targets whose code starts threads or tasks, awaits, or takes a lock (the
tokens in THREADED) in a test that is not listed, a skipped suite that does, or a listed target, test or suite that
no longer exists. Any of them fails. The list also holds the suites that need a debug build (DEBUG_ONLY).
Usage: thread_suites.py   (prints the filter arguments on one line; exits 1, saying what to list, when stale)
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TESTS = os.path.join(ROOT, "Tests")

# Whole test targets: every suite in them runs the real daemon or calls a planner across tasks.
TARGETS = ["FlightplanServerTests", "FlightplanClientTests", "FlightplanTracingTests"]
# Single tests in the other targets, as Target.Type/function.
SINGLE = ["FlightplanWireTests.EncoderFingerprintTests/sharedValuesWrittenConcurrently"]
# Suites that check what only a debug build checks (`assert`), as Target.Type: run here because this is the run's one
# debug build (the full run, under AddressSanitizer, is optimised).
DEBUG_ONLY = ["FlightplanGeometryTests.ProgressGridBufferTests"]
# Suites of those targets that are single-threaded maths (no token of THREADED in them), as Target.Type: left out
# (`--skip`). The Core Animation export's playback over 270 random plans took 171 s under ThreadSanitizer.
SKIPPED = ["FlightplanClientTests.CoreAnimationExportTests", "FlightplanClientTests.PlaybackTests"]

THREADED = re.compile(r"\b(Thread|Task|TaskGroup|with\w*TaskGroup|Dispatch\w*|Mutex|Atomic\w*|pthread_\w+|async|await|"
                      r"NSLock|Locked|EphemeralDaemon)\b")
DECLARATION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|final|static)\s+)*"
                         r"(struct|class|enum|actor|extension|func)\s+(\w+)")


def threaded_tests(path):
    """(Type, function) of every line of `path` that meets threads, comments left out: the nearest type and function
    declared above it."""
    found, kind, function = set(), None, None
    for line in open(path, encoding="utf-8"):
        code = line.split("//", 1)[0]
        declared = DECLARATION.match(code)
        if declared and declared.group(1) == "func":
            function = declared.group(2)
        elif declared:
            kind, function = declared.group(2), None
        if THREADED.search(code):
            found.add((kind, function))
    return found


def stale():
    """What is wrong with the lists, one sentence each."""
    problems = [f"{target}: no such test target under Tests/" for target in TARGETS if not os.path.isdir(os.path.join(TESTS, target))]
    listed = set()
    for entry in SINGLE:
        target, rest = entry.split(".", 1)
        kind, function = rest.split("/")
        listed.add((target, kind, function))
    existing, existing_skipped = set(), set()
    for target in sorted(os.listdir(TESTS)):
        folder = os.path.join(TESTS, target)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            text = open(path, encoding="utf-8").read()
            existing |= {(target, kind, function) for kind, function in listed_in(text, target, listed)}
            if target in TARGETS:
                for kind, function in sorted(threaded_tests(path), key=str):
                    if f"{target}.{kind}" in SKIPPED:
                        problems.append(f"Tests/{target}/{name}: {kind}.{function} starts tasks or threads, awaits or locks, "
                                        f"but its suite is skipped: take \"{target}.{kind}\" out of SKIPPED in scripts/thread_suites.py")
                skipped_here = {entry for entry in SKIPPED if entry.startswith(target + ".")
                                and re.search(rf"\b(struct|class|enum|actor|extension)\s+{entry.split('.', 1)[1]}\b", text)}
                existing_skipped.update(skipped_here)
                continue
            for kind, function in sorted(threaded_tests(path), key=str):
                if (target, kind, function) not in listed and f"{target}.{kind}" not in DEBUG_ONLY:
                    problems.append(f"Tests/{target}/{name}: {kind}.{function} starts tasks or threads, awaits or locks, "
                                    f"but is not under ThreadSanitizer: add \"{target}.{kind}/{function}\" to SINGLE in "
                                    f"scripts/thread_suites.py (a helper: list the tests that call it)")
    problems += [f"{target}.{kind}/{function}: listed in SINGLE but not found" for target, kind, function in sorted(listed - existing)]
    problems += [f"{entry}: listed in SKIPPED but not found in its target" for entry in sorted(set(SKIPPED) - existing_skipped)]
    for entry in DEBUG_ONLY:
        target, kind = entry.split(".", 1)
        folder = os.path.join(TESTS, target)
        texts = [open(os.path.join(folder, name), encoding="utf-8").read() for name in os.listdir(folder) if name.endswith(".swift")] \
            if os.path.isdir(folder) else []
        if not any(re.search(rf"\bstruct\s+{kind}\b", text) for text in texts):
            problems.append(f"{entry}: listed in DEBUG_ONLY but not found")
    return problems


def listed_in(text, target, listed):
    """The listed (Type, function) pairs of `target` declared in `text`."""
    return {(kind, function) for t, kind, function in listed
            if t == target and re.search(rf"\b(struct|class|enum|actor|extension)\s+{kind}\b", text) and re.search(rf"\bfunc\s+{function}\b", text)}


def main():
    problems = stale()
    for problem in problems:
        print(f"thread_suites: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)
    # Swift Testing's test ids are Target.Type/function(arguments).
    filters = [f"{re.escape(target)}\\." for target in TARGETS]
    filters += [re.escape(entry) + "\\(" for entry in SINGLE]
    filters += [re.escape(entry) + "/" for entry in DEBUG_ONLY]
    print(" ".join([f"--filter {pattern}" for pattern in filters] + [f"--skip {re.escape(entry)}/" for entry in SKIPPED]))


if __name__ == "__main__":
    main()
