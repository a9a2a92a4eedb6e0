#!/usr/bin/env python3
"""Writes the sizing figures of docs/operations.md (its Sizing section) from the measurements on the performance
page, docs/performance.md, so the two cannot disagree; the manifests and the nginx config cite that section
instead of repeating a figure. Rerun with --write whenever Benchmarks/performance_page.py remakes the page.

Usage: sizing.py [--write]   (without it: fail, showing both, if docs/operations.md is out of date)
"""
import os
import re
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "performance.md")
TARGET = os.path.join(ROOT, "docs", "operations.md")
BEGIN = "<!-- BEGIN SIZING (scripts/sizing.py, from docs/performance.md; do not edit by hand) -->\n"
END = "<!-- END SIZING -->\n"
SERVER = "flightplan (info)"  # the server as shipped: the default log level, an access line per request


def section(page, title):
    """The text of the page's `## title` section."""
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", page, re.M | re.S)
    if not match:
        sys.exit(f"sizing: docs/performance.md has no section '## {title}'")
    return match.group(1)


def rows(text):
    """{connections: {column: cell}} for SERVER's rows of the first table in `text`."""
    lines = [line for line in text.splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    found = {}
    for line in lines[2:]:
        cells = dict(zip(header, (cell.strip() for cell in line.strip("|").split("|"))))
        if cells.get("server") == SERVER:
            found[int(cells["connections"])] = cells
    return found


def number(cell):
    return float(cell.replace(",", ""))


def spaced(value, step=1):
    """An integer rounded to `step`, with thin-space thousands as the docs write them (46 474)."""
    return f"{round(value / step) * step:,}".replace(",", " ")


def resources():
    """The Deployment's CPU request in cores, and its memory request and limit, as deploy/kubernetes/ sets them."""
    import yaml  # PyYAML, as the deployment checks use it

    deployment = yaml.safe_load(open(os.path.join(ROOT, "deploy", "kubernetes", "deployment.yaml")))
    wanted = deployment["spec"]["template"]["spec"]["containers"][0]["resources"]
    cpu = str(wanted["requests"]["cpu"])
    cores = float(cpu[:-1]) / 1000 if cpu.endswith("m") else float(cpu)
    return cpu, cores, wanted["requests"]["memory"], wanted["limits"]["memory"]


def paragraph(page):
    """The Sizing section's text: the page's figures for the server as shipped, and what they mean per core."""
    date = re.search(r"on (\d{4}-\d{2}-\d{2})", page).group(1)
    fixed, default = rows(section(page, "HTTP")), rows(section(page, "HTTP at the default sampling"))
    cpu, default_cpu = fixed[64]["server CPU µs/request"], default[64]["server CPU µs/request"]
    per_core, default_per_core = 1e6 / number(cpu), 1e6 / number(default_cpu)
    rss = [number(cells["peak RSS MiB"]) for cells in fixed.values()]
    request, cores, memory_request, memory_limit = resources()
    text = (
        f"One replica with 2 worker threads answered {spaced(number(fixed[64]['requests/s (median)']))} plan requests/s "
        f"on 2 cores at 64 connections (1 000 distinct sharedFrame requests of 31 keyframes, wrk on the same cores; "
        f"[Performance, HTTP](performance.md#http), {date}), at {cpu} µs of server CPU per request: about "
        f"{spaced(per_core, 100)} requests/s per core of CPU. A request left at the default sampling (a 0.5 pt "
        f"tolerance) took {default_cpu} µs: {spaced(number(default[64]['requests/s (median)']))} requests/s per "
        f"replica, about {spaced(default_per_core, 100)} per core ([at the default sampling]"
        f"(performance.md#http-at-the-default-sampling)). So the "
        f"Deployment's CPU request of `{request}` covers about {spaced(per_core * cores, 100)} 31-keyframe requests/s "
        f"({spaced(default_per_core * cores, 100)} default-sampled). Size replicas as peak requests/s ÷ (per-core "
        f"rate for your mix × cores per replica × 0.7, the HPA's target utilisation). Memory stays flat: a peak RSS "
        f"of {min(rss)} to {max(rss)} MiB from {min(fixed)} to {max(fixed)} connections, under the Deployment's "
        f"`{memory_request}` request and `{memory_limit}` limit."
    )
    # A number's thousands stay on one line: wrapped with no-break spaces, written with plain ones.
    text = re.sub(r"(?<=\d) (?=\d{3}\b)", "\u00a0", text)
    return textwrap.fill(text, width=115, break_on_hyphens=False, break_long_words=False).replace("\u00a0", " ") + "\n"


def main():
    page, target = open(PAGE).read(), open(TARGET).read()
    start, end = target.index(BEGIN) + len(BEGIN), target.index(END)
    wanted = paragraph(page)
    if "--write" in sys.argv[1:]:
        open(TARGET, "w").write(target[:start] + wanted + target[end:])
        print("sizing: docs/operations.md written from docs/performance.md")
    elif target[start:end] != wanted:
        sys.exit(f"sizing: docs/operations.md is out of date with docs/performance.md (scripts/sizing.py --write):\n"
                 f"--- it says\n{target[start:end]}--- the page gives\n{wanted}")
    else:
        print("ok   docs/operations.md's sizing figures are the performance page's (scripts/sizing.py)")


if __name__ == "__main__":
    main()
