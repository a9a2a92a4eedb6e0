#!/usr/bin/env python3
"""Planning instructions per plan for every style, at the default sampling and at 31 fixed keyframes, which the shared
machine's noise does not move: `flightplan batch` runs under `valgrind --tool=callgrind` over N of http_bench's
distinct requests of each style (`style_requests`: examples/<style>.json with a random source frame, direction and
image size, no `sampling`; the same requests with `{"keyframes": 31}`), and `Planner.plan`'s inclusive count is
divided by N. Prints a Markdown table with the ratio of the two samplings per style.

Needs valgrind (`apt-get install -y valgrind`) and a release build (`swift build -c release --product flightplan`).
Usage: python3 Benchmarks/plan_instructions.py [BINARY (.build/release/flightplan)] [--requests N (60)]
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


def table(binary, requests):
    """The Markdown table: per style, `Planner.plan`'s instructions per plan at both samplings and their ratio."""
    lines = ["| style | default sampling | 31 keyframes | default ÷ 31 keyframes |", "|---|---:|---:|---:|"]
    for style in STYLES:
        bodies = [json.loads(body) for body in style_requests(style, requests)]
        per_plan = {}
        for name, sampling in SAMPLINGS.items():
            batch = [body if sampling is None else {**body, "sampling": sampling} for body in bodies]
            per_plan[name] = planning_instructions(binary, batch) / requests
        lines.append(f"| {style} | {per_plan['default'] / 1000:,.1f}k | {per_plan['31 keyframes'] / 1000:,.1f}k | "
                     f"{per_plan['default'] / per_plan['31 keyframes']:.2f}× |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build", "release", "flightplan"))
    parser.add_argument("--requests", type=int, default=60)
    arguments = parser.parse_args()
    print(table(arguments.binary, arguments.requests))


if __name__ == "__main__":
    main()
