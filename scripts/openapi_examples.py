#!/usr/bin/env python3
"""Writes the worked examples of openapi.yaml from the real planner: for each examples/<style>.json, the
request (sampled at 3 keyframes to stay readable) and the plan `flightplan plan` answers for it; for each
examples/gestures/dismiss-<phase>.json, the drag sample and what `flightplan dismiss` answers.

Usage: openapi_examples.py path/to/flightplan [--check]   (--check: fail if openapi.yaml is out of date)

A change detector, not a proof: the examples come from the binary, so --check shows that the output
changed, never that it is right. Correctness is shown by the property tests and by the hand-derived
plans in Tests/FlightplanCoreTests/HandDerivedPlanTests.swift.
"""
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN = "  # BEGIN GENERATED EXAMPLES (scripts/openapi_examples.py; do not edit by hand)\n"
END = "  # END GENERATED EXAMPLES\n"
SUMMARIES = {
    "sharedFrame": "Instagram-style push from a non-square grid cell into a detail screen",
    "zoom": "Photos-style zoom of a landscape photo with a UIKit-style spring",
    "reveal": "Expanding round button, sampled to a 0.5 pt tolerance",
    "morph": "List avatar (circle) to a detail header with a 10 pt radius",
    "snapshot": "Card popping back from a full screen, with child pairs and a SwiftUI spring",
}
DISMISS_SUMMARIES = {
    "changed": "A photo dragged 140 pt down, the state under the finger",
    "ended": "Released after a short drag with a downward flick, so it finishes and leaves with the finger velocity",
}


def generate(binary):
    lines = ["  examples:\n"]
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.json"))):
        style = os.path.splitext(os.path.basename(path))[0]
        request = json.load(open(path))
        request["sampling"] = {"keyframes": 3}
        body = json.dumps(request, separators=(",", ":"))
        plan = subprocess.run([binary, "plan"], input=body.encode(), capture_output=True, check=True).stdout.decode().strip()
        lines.append(f"    {style}Request:\n      summary: {SUMMARIES[style]}\n      value: {body}\n")
        lines.append(f"    {style}Plan:\n      summary: The plan for the {style} example (3 keyframes)\n      value: {plan}\n")
    # Every export of the sharedFrame example (JSON ones as values, text ones as strings).
    request = json.load(open(os.path.join(ROOT, "examples", "sharedFrame.json")))
    request["sampling"] = {"keyframes": 3}
    body = json.dumps(request, separators=(",", ":"))
    for fmt, name in (("waapi", "Waapi"), ("css", "Css"), ("svg", "Svg"), ("lottie", "Lottie"), ("core-animation", "CoreAnimation"),
                      ("boxes", "Boxes")):
        exported = subprocess.run([binary, "plan", "--format", fmt], input=body.encode(), capture_output=True, check=True).stdout.decode().strip()
        value = exported if fmt not in ("css", "svg") else json.dumps(exported)
        lines.append(f"    sharedFrame{name}:\n      summary: The sharedFrame example (3 keyframes) as ?format={fmt}\n      value: {value}\n")
    for phase in ("changed", "ended"):
        sample = json.load(open(os.path.join(ROOT, "examples", "gestures", f"dismiss-{phase}.json")))
        sample["plan"]["sampling"] = {"keyframes": 3}
        body = json.dumps(sample, separators=(",", ":"))
        answer = subprocess.run([binary, "dismiss"], input=body.encode(), capture_output=True, check=True).stdout.decode().strip()
        name = phase[0].upper() + phase[1:]
        lines.append(f"    dismiss{name}Request:\n      summary: {DISMISS_SUMMARIES[phase]}\n      value: {body}\n")
        lines.append(f"    dismiss{name}Answer:\n      summary: The answer to the {phase} sample\n      value: {answer}\n")
    return "".join(lines)


def main():
    binary, check = sys.argv[1], "--check" in sys.argv
    spec_path = os.path.join(ROOT, "openapi.yaml")
    spec = open(spec_path).read()
    start, end = spec.index(BEGIN) + len(BEGIN), spec.index(END)
    updated = spec[:start] + generate(binary) + spec[end:]
    if check:
        if updated != spec:
            sys.exit("openapi.yaml examples are out of date: run scripts/openapi_examples.py .build/debug/flightplan")
        print("openapi.yaml examples match the planner")
    else:
        open(spec_path, "w").write(updated)


if __name__ == "__main__":
    main()
