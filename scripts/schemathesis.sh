#!/usr/bin/env bash
# Conformance: schemathesis against the real binary, every check, positive and negative data, fixed seed.
# Positive data acceptance (ST202) is checked as scripts/schemathesis_hooks.py's
# positive_data_acceptance_within_budgets: schemathesis's own check, except a 422 for a plan over one of its work
# budgets (output, tolerance search) or its reach (geometry 10⁸ pt beyond a track's ends), which only planning reveals. The hooks first apply to each generated positive
# body the cross-field rules JSON Schema cannot state, listed in openapi.yaml's 422 description (spans ordered and
# within the duration, unique ids, a visible frame that overlaps its frame, springs that settle within 60 s, no
# duration beside a `response`, stagger and fps within the duration, an interruption's time, a dismissal's springs
# without initialVelocity), so any other refusal of a schema-valid body fails the run. `from.request` is a $ref to
# PlanRequest; the hooks generate one running plan deep, with only style, direction and geometry.
# createPlanCss and createPlanSvg (POST /v1/plans/export.css, .svg) take createPlan's body and idPrefix and answer from
# the same endpoint, so their run skips the coverage phase, which enumerates the boundaries and negations of that same
# body and query again (192 of its 213 s, 2026-11-29): their examples and fuzzing (positive and negative) check
# their own answers, text of their own media type.
# Usage: schemathesis.sh path/to/flightplan [examples per operation, default 300; a sixth for export.css and export.svg]
# SCHEMATHESIS_SEED=N explores with another seed; CI keeps the fixed one so a run is reproducible.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$1
examples=${2:-300}
log=$(mktemp)
"$binary" serve --port 0 --log-level error > "$log" &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 100); do grep -q listening "$log" && break; sleep 0.05; done
port=$(sed -nE 's/.*:([0-9]+) .*/\1/p' "$log")
run() {  # run MAX-EXAMPLES FILTER...
    local count=$1; shift
    SCHEMATHESIS_HOOKS=schemathesis_hooks PYTHONPATH=scripts st run openapi.yaml --url "http://127.0.0.1:$port" --checks all \
        --exclude-checks positive_data_acceptance --mode all --seed "${SCHEMATHESIS_SEED:-20261121}" --max-examples "$count" \
        --no-color --generation-database none --request-timeout 60 "$@"
}
# Each run takes one core between schemathesis and the server it waits on (363 s of CPU in 361 s, 2026-11-29), so
# two run side by side on CI's two cores, each printing its log when both are done: the coverage phase of every
# operation but two (176 s) beside their examples and fuzzing (133 s), followed by the CSS and SVG operations, which read
# the same PlanRequest as createPlan and so explore only what they add (their answer types, idPrefix, refusals), with
# a sixth of the examples. The phases of one operation share nothing (no example database), so the split explores
# exactly what one run of all three phases does. Sharing the cores, the debug server may take longer than
# schemathesis's default 10 s over one of the costliest plans its budgets allow (once so on a machine with other
# builds running): a request may take 60 s, so only a hang fails as one.
coverage_log=$(mktemp) rest_log=$(mktemp)
trap 'kill "$server" 2>/dev/null || true; rm -f "$log" "$coverage_log" "$rest_log"' EXIT
run "$examples" --exclude-operation-id createPlanCss --exclude-operation-id createPlanSvg --phases coverage \
    > "$coverage_log" 2>&1 &
coverage=$!
status=0
{ run "$examples" --exclude-operation-id createPlanCss --exclude-operation-id createPlanSvg --phases examples,fuzzing &&
  run $((examples / 6)) --include-operation-id createPlanCss --include-operation-id createPlanSvg --phases examples,fuzzing
} > "$rest_log" 2>&1 || status=$?
wait "$coverage" || status=$?
cat "$coverage_log" "$rest_log"
[ "$status" -eq 0 ] || exit "$status"
kill -TERM "$server"
wait "$server"
