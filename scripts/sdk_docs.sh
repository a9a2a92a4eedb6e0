#!/usr/bin/env bash
# The SDK's DocC archive: the client and the model types it builds with (FlightplanCore's PlanRequest, Plan, Track;
# FlightplanGeometry's geometry and timing), one combined archive, warnings as errors; then checks that the pages an
# SDK user reads first are in it.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package --disable-sandbox generate-documentation --target FlightplanClient --target FlightplanCore --target FlightplanGeometry \
    --enable-experimental-combined-documentation --warnings-as-errors
pages=.build/plugins/Swift-DocC/outputs/flightplan.doccarchive/data/documentation
for page in flightplanclient/transitionplanner flightplancore/planrequest flightplancore/plan flightplancore/track \
    flightplangeometry/keyframe flightplangeometry/rect; do
    [ -f "$pages/$page.json" ] || { echo "sdk_docs: the archive has no page $page" >&2; exit 1; }
done
echo "sdk_docs: the client, the model and the geometry in one archive"
