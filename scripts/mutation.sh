#!/usr/bin/env bash
# Plants known faults, one at a time, and lists the tests that catch each: a fault no test catches is a hole in the
# suite. Each fault is a one-line sed on one file, undone before the next (the tree is restored even when the script
# is interrupted). A fault in the maths runs the geometry and core suites and the seed examples (FILTER); a fault
# listed in `suites` runs the suites named there instead (the format negotiation: the router's format tests).
# Usage: scripts/mutation.sh [FILTER]   (FILTER: a swift test --filter; default the maths suites)
#        MUTATION_ONLY=REGEX scripts/mutation.sh   plants only the faults whose names match REGEX
# Output: one line per fault, `caught by N tests: …` or `NOT CAUGHT`; exit 1 when a fault is not caught. A fault that
# makes the suites run past MUTATION_MINUTES (default 15) is caught by the hang, with the tests that failed before it.
# Each fault's test output is kept in /tmp/mutation-N.log. It refuses to start (exit 2) while Sources holds uncommitted or
# untracked changes: each fault is undone by checking Sources out again.
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${1:-FlightplanGeometryTests|FlightplanCoreTests|SeedExampleTests|SeedGestureExampleTests}"

# name | file | sed expression (must change exactly the line it names)
faults=(
    "velocity-matching sign|Sources/FlightplanGeometry/Timing/RateMatchedMotion.swift|s/curveRate.isFinite ? rate - curveRate : rate/curveRate.isFinite ? rate + curveRate : rate/"
    "cover scale max → min|Sources/FlightplanGeometry/Geometry/ContentMode.swift|s/min(widthScale, heightScale) : max(widthScale, heightScale)/min(widthScale, heightScale) : min(widthScale, heightScale)/"
    "overshoot continuation sign|Sources/FlightplanGeometry/Tracks/Interpolation.swift|s|if p > 1 { return b \\* Double.exp(max((b - a) / b \\* (p - 1), -30)) }|if p > 1 { return b * Double.exp(max((a - b) / b * (p - 1), -30)) }|"
    "spring's velocity term|Sources/FlightplanGeometry/Timing/Spring.swift|s|c2 = (velocity + zeta \\* omega \\* c1) / dampedOmega|c2 = (velocity - zeta * omega * c1) / dampedOmega|"
    "spring end residual dropped|Sources/FlightplanGeometry/Timing/Spring.swift|s|return 1 + oscillator.displacement(at: t) + residual \\* ramp \\* ramp \\* ramp|return 1 + oscillator.displacement(at: t)|"
    "Bézier's control points swapped|Sources/FlightplanGeometry/Timing/CubicBezier.swift|s|return Self.coordinate(s, y1, y2)|return Self.coordinate(s, y2, y1)|"
    "grid's cell bend a quarter|Sources/FlightplanGeometry/Sampling/ProgressGrid+Workspace.swift|s|var largest = larger(larger(pointBends\\[start\\], pointBends\\[middle\\]), pointBends\\[end\\])|var largest = larger(larger(pointBends[start], pointBends[middle]), pointBends[end]) / 4|"
    "a flight's kinks left out|Sources/FlightplanGeometry/Tracks/LayerTrack.swift|s|        return kinks.sorted()|        return []|"
    "every snapshot a flight|Sources/FlightplanCore/Planning/Choreography.swift|s|form: linearOpacity ? .flight : .measured|form: .flight|"
    "a spring's table turned backwards|Sources/FlightplanGeometry/Timing/DampedRotation.swift|s|entry = (re \\* stepRotation.re - im \\* stepRotation.im, re \\* stepRotation.im + im \\* stepRotation.re)|entry = (re * stepRotation.re + im * stepRotation.im, im * stepRotation.re - re * stepRotation.im)|"
    "Accept ignored by the negotiation|Sources/FlightplanWire/Endpoints/Endpoint+Negotiation.swift|s|if let preferred = preferredFormat(accept: accept)|if let preferred = preferredFormat(accept: nil)|"
    "an overshooting flight's mixed fields left out|Sources/FlightplanGeometry/Sampling/FlightOvershoot.swift|s|bendShare = larger(bendShare, (bend / 2 + product) \\* perAllowed\\[lane\\])|bendShare = larger(bendShare, bend / 2 * perAllowed[lane])|"
    "a remembered fade past its keyframe limit|Sources/FlightplanGeometry/Sampling/Sampler+ProgressBound.swift|s|found = known.times.count <= keyframeLimit ? (known.times, known.progresses) : nil|found = (known.times, known.progresses)|"
)
# The suites a fault outside the maths runs (a swift test --filter), by the fault's name.
declare -A suites=(
    ["a flight's kinks left out"]="FlightLanesTests|ProgressBoundTests"
    ["every snapshot a flight"]="ProgressBoundTests"
    ["a spring's table turned backwards"]="DampedRotationTests|ProgressBoundTests|FingerprintPlansToleranceTests"
    ["Accept ignored by the negotiation"]="FormatTests"
    ["a remembered fade past its keyframe limit"]="SpringMemoTests"
    ["an overshooting flight's mixed fields left out"]="FlightOvershootTests|ProgressBoundTests"
)

# Each fault is undone by checking Sources out again, which would throw away uncommitted edits there too (and leave a
# fault planted in a file git does not track yet): refuse to start unless Sources is committed.
if ! git diff --quiet HEAD -- Sources || [[ -n "$(git ls-files --others --exclude-standard -- Sources)" ]]; then
    echo "mutation.sh: Sources has uncommitted or untracked changes; commit them first (each fault is undone with git checkout)" >&2
    exit 2
fi
restore() { git checkout -q -- Sources; }
trap restore EXIT
missed=0
index=0
for fault in "${faults[@]}"; do
    IFS='|' read -r name file expression <<<"$fault"
    index=$((index + 1))
    [[ "$name" =~ ${MUTATION_ONLY:-.} ]] || continue
    before=$(sha1sum "$file")
    sed -i "$expression" "$file"
    if [ "$(sha1sum "$file")" = "$before" ]; then
        echo "$name: the sed did not apply to $file (the code moved: update scripts/mutation.sh)" >&2
        exit 2
    fi
    if ! swift build --build-tests >/tmp/mutation-build.log 2>&1; then
        echo "$name: does not compile (see /tmp/mutation-build.log)"
        restore
        continue
    fi
    log="/tmp/mutation-$index.log"
    status=0
    timeout --kill-after=10 "$((${MUTATION_MINUTES:-15} * 60))" swift test --skip-build --filter "${suites[$name]:-$filter}" >"$log" 2>&1 || status=$?
    failed=$(sed -n 's/^✘ Test "\(.*\)" \(with [0-9]* test cases \)\{0,1\}failed.*/\1/p' "$log" | sort -u || true)
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        echo "$name: caught by a hang (the suites ran past ${MUTATION_MINUTES:-15} minutes; $(echo -n "$failed" | grep -c . || true) tests had failed: $(echo "$failed" | head -5 | paste -sd ';' -))"
    elif [ -z "$failed" ]; then
        echo "$name: NOT CAUGHT"
        missed=$((missed + 1))
    else
        echo "$name: caught by $(echo "$failed" | wc -l) tests: $(echo "$failed" | head -5 | paste -sd ';' -)"
    fi
    restore
done
swift build --build-tests >/dev/null 2>&1 || true
[ "$missed" -eq 0 ]
