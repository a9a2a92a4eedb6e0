#!/usr/bin/env python3
"""Planning instructions per plan for every style, at the default sampling and at 31 fixed keyframes, which the shared
machine's noise does not move: `flightplan batch` runs under `valgrind --tool=callgrind` over N of http_bench's
distinct requests of each style (`style_requests`: examples/<style>.json with a random source frame, direction and
image size, no `sampling`; the same requests with `{"keyframes": 31}`), and `Planner.plan`'s inclusive count is
divided by N. Prints a Markdown table with the ratio of the two samplings per style. `--choreographed` measures the same
requests with what a designer adds instead (`CHOREOGRAPHIES`: channels on a window of time, a snapshot's stagger).

Needs valgrind (`apt-get install -y valgrind`) and a release build (`swift build -c release --product flightplan`).
Usage: python3 Benchmarks/plan_instructions.py [BINARY (.build/release/flightplan)] [--requests N (60)] [--choreographed]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from http_bench import ROOT, STYLES, style_requests  # noqa: E402
from server_instructions import STEPS, unspecialized  # noqa: E402

SAMPLINGS = {"default": None, "31 keyframes": {"keyframes": 31}}


def planning_instructions(binary, requests):
    """`Planner.plan`'s inclusive instructions over one batch of `requests` (every item must be planned)."""
    with tempfile.TemporaryDirectory() as directory:
        batch, out = os.path.join(directory, "batch.json"), os.path.join(directory, "callgrind.out")
        with open(batch, "w") as file:
            json.dump({"requests": requests}, file)
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, "batch", batch],
                             capture_output=True, text=True)
        if run.returncode != 0 or '"status"' in run.stdout:
            sys.exit(f"the batch was not planned whole: {run.stderr[-500:]}")
        annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out], capture_output=True,
                                   text=True).stdout
    counts = [int(match[1].replace(",", "")) for match in re.finditer(r"^\s*([\d,]+) \([ \d.]+%\)\s+\S*?:(\$\S+)", annotated, re.M)
              if unspecialized(match[2]) == unspecialized(STEPS["plan"])]
    if not counts:
        sys.exit("Planner.plan is not in the profile")
    return max(counts)


# What a designer adds to a style's requests, by row title: the corner radius rounding on a window of time of its own (on
# the plan's curve; the flight then reads two clocks and is searched in time), a fade or the whole geometry on one window
# (those tracks take the bound on the window), and a snapshot's children staggered (each child takes the bound on its span).
WINDOW = {"window": [0.2, 1]}
CHOREOGRAPHIES = [(f"{style}, cornerRadius on a window", style, {"timing": {"channels": {"cornerRadius": WINDOW}}})
                  for style in STYLES] + [
    ("zoom, fadeIn on a window", "zoom", {"timing": {"channels": {"fadeIn": WINDOW}}}),
    ("morph, transform, maskFrame and cornerRadius on one window", "morph",
     {"timing": {"channels": {channel: WINDOW for channel in ("transform", "maskFrame", "cornerRadius")}}}),
    ("snapshot, children staggered 0.04 s", "snapshot", {"snapshot": {"stagger": 0.04}})]


def table(binary, requests, choreographed=False):
    """The Markdown table: per style (or per choreography, `choreographed`), `Planner.plan`'s instructions per plan at both
    samplings and their ratio."""
    lines = [f"| {'requests' if choreographed else 'style'} | default sampling | 31 keyframes | default ÷ 31 keyframes |",
             "|---|---:|---:|---:|"]
    rows = CHOREOGRAPHIES if choreographed else [(style, style, {}) for style in STYLES]
    for title, style, added in rows:
        bodies = []
        for body in style_requests(style, requests):
            body = json.loads(body)
            for key, value in added.items():
                body[key] = {**body.get(key, {}), **value}
            bodies.append(body)
        per_plan = {}
        for name, sampling in SAMPLINGS.items():
            batch = [body if sampling is None else {**body, "sampling": sampling} for body in bodies]
            per_plan[name] = planning_instructions(binary, batch) / requests
        lines.append(f"| {title} | {per_plan['default'] / 1000:,.1f}k | {per_plan['31 keyframes'] / 1000:,.1f}k | "
                     f"{per_plan['default'] / per_plan['31 keyframes']:.2f}× |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build", "release", "flightplan"))
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--choreographed", action="store_true", help="each style with a channel on a window of time, and a "
                        "snapshot with staggered children, instead of the requests as the examples make them")
    arguments = parser.parse_args()
    print(table(arguments.binary, arguments.requests, arguments.choreographed))


if __name__ == "__main__":
    main()
