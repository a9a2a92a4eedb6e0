#!/usr/bin/env bash
# Runs every test; CI runs exactly this (.ci/run). Each check runs once, in one build per configuration (debug;
# release, built by the image; ThreadSanitizer; AddressSanitizer; libFuzzer; the benchmarks). Steps, fastest first:
#   the contract is a valid OpenAPI 3.1 document; swift-format's lint (.swift-format) is clean; every public
#   declaration of every library target (Geometry, Core, JSON, Wire, Server, Client) has its doc comment, parameters, return and throws
#   (scripts/public_api_docs.py); the debug build;
#   the SDK's DocC documentation, the client with the model types it builds with (swift-docc-plugin, warnings are
#   errors: ~30 s after the build);
#   openapi.yaml's examples match the planner; curl integration tests against
#   the real binary (including the contract check of every response); clients generated from openapi.yaml
#   (openapi-python-client, datamodel-code-generator, openapi-generator python and typescript-fetch,
#   swift-openapi-generator built in Clients/swift-openapi) used against the real binary
#   in every format; the TypeScript client (Clients/typescript: its types regenerated from openapi.yaml and compared,
#   compiled with tsc, node's test runner against the real binary, its player in headless Chromium);
#   schemathesis (positive data acceptance included); the image built with podman from the Dockerfile (its build
#   stage is the run's release build: its binary, copied out, is the one every later step runs) and the curl tests
#   run against it, then deploy/kubernetes under `podman kube play`; abusive clients; what operators read (JSON log
#   lines with a trace id end to end, /metrics through promtool and the Prometheus parser, build info against
#   --version, the exit status and lines of every failed start);
#   the deployment files (hadolint, Kubernetes schemas, compose, systemd, nginx live in front of the
#   server, two replicas losing no request while one stops); the
#   preview page in headless Chromium (screenshots in .build/artifacts); the exports played by real clients
#   (waapi, css, svg and the linear() easing in Chromium; lottie against its schema and in rlottie); the exports'
#   pixels (every seed and 12 random plans with a test image as content, captured in Chromium and rlottie at 5
#   instants, against a Pillow rasterisation of the tracks; frames and contact sheets in .build/artifacts/pixels);
#   the whole Swift suite (core properties, router, real daemon, SDK) under AddressSanitizer, and the suites where
#   threads meet under ThreadSanitizer (scripts/sanitizers.sh); a 60 s libFuzzer run, which first replays the fuzz
#   corpus; the benchmarks, briefly (so they cannot rot; the figures in README.md come from full runs).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
# A step that cannot run here, its tool (podman, Chromium) missing, exits 77 (automake's "skipped") after saying
# why. Locally that is counted and printed as a skip; under CI (CI=true, which .ci/run sets) it fails the run, since
# install-deps.sh has installed every tool there. Every step's time is printed after it and again in the closing table:
# its wall time and the CPU time (user + system) of the processes it ran, which says what a step costs on a busy machine.
passed=0 skipped=0 failed=0 table=()
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The CPU seconds of every finished child process of this shell so far, in $cpu_now (bash's `times`, whose second
# line is the children's user and system time; a subshell's counts start at zero). $1: a file to write `times` to.
children_cpu() {
    times > "$1"
    cpu_now=$(awk 'function sec(t) { split(t, p, "m"); return p[1] * 60 + p[2] }
        NR == 2 { printf "%.0f", sec($1) + sec($2) }' "$1")
}
summary() {
    printf '%s\n' "== step times" "${table[@]}"
    echo "test.sh: $passed passed, $skipped skipped, $failed failed in $((SECONDS / 60)) min $((SECONDS % 60)) s"
}
# Counts and tables a finished step: record STATUS WALL CPU COMMAND...; stops the run at a failure.
record() {
    local status=$1 wall=$2 cpu=$3 outcome
    shift 3
    if [ "$status" -eq 0 ]; then
        outcome=passed passed=$((passed + 1))
    elif [ "$status" -eq 77 ] && [ "${CI:-}" != true ]; then
        outcome=SKIPPED skipped=$((skipped + 1))
    else
        outcome=FAILED failed=$((failed + 1))
        [ "$status" -eq 77 ] && echo "== a tool this step needs is missing, and under CI (CI=true) that is a failure"
    fi
    table+=("$(printf '%5d s  %5d s CPU  %-7s  %s' "$wall" "$cpu" "$outcome" "$*")")
    echo "== ${table[-1]}"
    if [ "$outcome" = FAILED ] && [ -z "${holding:-}" ]; then summary; exit 1; fi
}
# Runs a step: step COMMAND...
step() {
    echo "== $*"
    local start=$SECONDS cpu status=0
    children_cpu "$work/times"
    cpu=$cpu_now
    "$@" || status=$?
    children_cpu "$work/times"
    record "$status" $((SECONDS - start)) $((cpu_now - cpu)) "$@"
}
# Runs two steps side by side, each a core's worth of work for much of its time, and prints each one's lines when
# both are done; each is counted and tabled as a step of its own: side_by_side COMMAND... -- COMMAND...
side_by_side() {
    local first=() index=0 status wall cpu
    while [ "$1" != -- ]; do first+=("$1"); shift; done
    shift
    echo "== side by side: ${first[*]} | $*"
    in_background "$work/first" "${first[@]}" &
    local one=$!
    in_background "$work/second" "$@" &
    wait "$one" "$!" || true
    local before=$failed holding=1  # both are printed and tabled before a failure stops the run
    for part in first second; do
        index=$((index + 1))
        echo "== $([ "$index" -eq 1 ] && echo "${first[*]}" || echo "$*")"
        cat "$work/$part.log"
        read -r status wall cpu < "$work/$part.result"
        if [ "$index" -eq 1 ]; then record "$status" "$wall" "$cpu" "${first[@]}"; else record "$status" "$wall" "$cpu" "$@"; fi
    done
    if [ "$failed" -gt "$before" ]; then summary; exit 1; fi
}
# One side of side_by_side, in a subshell of its own (so its children's CPU is the step's): in_background PREFIX
# COMMAND... writes the command's output to PREFIX.log and "status wall cpu" to PREFIX.result.
in_background() {
    local prefix=$1 start=$SECONDS status=0
    shift
    "$@" > "$prefix.log" 2>&1 || status=$?
    children_cpu "$prefix.times"
    echo "$status $((SECONDS - start)) $cpu_now" > "$prefix.result"
}
step python3 -m openapi_spec_validator openapi.yaml
step swift format lint --strict --recursive Sources Tests Clients/swift-openapi/Package.swift Clients/swift-openapi/Sources
step python3 scripts/public_api_docs.py
step swift build
step scripts/sdk_docs.sh
step python3 scripts/sdk_consumer.py
step python3 scripts/openapi_rules.py .build/debug/flightplan
step python3 scripts/openapi_examples.py .build/debug/flightplan --check
step python3 scripts/integration_test.py .build/debug/flightplan
step python3 scripts/generated_clients.py .build/debug/flightplan
step scripts/typescript_client.sh .build/debug/flightplan
step scripts/schemathesis.sh .build/debug/flightplan
# The release configuration is built once: the image's build stage builds it from source as shipped, and every
# release step runs that binary; only where the image cannot be built (a counted skip) is it built here.
step scripts/container_test.sh
release=.build/image/flightplan
if [ ! -x "$release" ]; then
    step swift build -c release --product flightplan
    release=.build/release/flightplan
fi
step python3 scripts/abuse_test.py "$release"
step python3 scripts/hardening_test.py "$release"
step python3 scripts/observability_test.py "$release"
step scripts/deploy_check.sh "$release"
step python3 scripts/browser_test.py "$release"
step python3 scripts/export_test.py "$release"
step python3 scripts/pixel_test.py "$release"
step scripts/sanitizers.sh
# The fuzzer's 60 s keep one core (its build both), the benchmarks' package build both: side by side they take
# about the time of the longer alone.
side_by_side scripts/fuzz.sh "${FUZZ_SECONDS:-60}" -- scripts/benchmark-smoke.sh "$release"
summary
