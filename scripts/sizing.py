#!/usr/bin/env python3
"""Writes the sizing figures of docs/operations.md (its Sizing section) from the measurements on the performance
page, docs/performance.md, and the memory ceiling docs/robustness.md derives, so they cannot disagree; the manifests
and the nginx config cite that section instead of repeating a figure. Rerun with --write whenever
Benchmarks/performance_page.py remakes the page. It also fails when the Deployment's memory request and limit are
not the ones these figures give (the request: twice the peak RSS under load; the limit: the ceiling for the
Deployment's threads and connections; each rounded up to 32 MiB).

Usage: sizing.py [--write]   (without it: fail, showing both, if docs/operations.md is out of date)
"""
import os
import re
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "performance.md")
ROBUSTNESS = os.path.join(ROOT, "docs", "robustness.md")
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


def container():
    """The Deployment's container, as deploy/kubernetes/deployment.yaml defines it."""
    import yaml  # PyYAML, as the deployment checks use it

    deployment = yaml.safe_load(open(os.path.join(ROOT, "deploy", "kubernetes", "deployment.yaml")))
    return deployment["spec"]["template"]["spec"]["containers"][0]


def resources():
    """The Deployment's CPU request in cores, and its memory request and limit, as deploy/kubernetes/ sets them."""
    wanted = container()["resources"]
    cpu = str(wanted["requests"]["cpu"])
    cores = float(cpu[:-1]) / 1000 if cpu.endswith("m") else float(cpu)
    return cpu, cores, wanted["requests"]["memory"], wanted["limits"]["memory"]


def ceiling():
    """docs/robustness.md's memory ceiling: {own, answers, threads, connections, measured, checked}, in MiB."""
    text = open(ROBUSTNESS).read()
    own = re.search(r"about (\d+) MiB of its own", text)
    answers = re.search(r"Answers alone come to about (\d+) MiB at (\d+) threads and\s+([\d ]+) connections", text)
    measured = re.search(r"peak RSS (\d+) MiB\s+\(`scripts/abuse_test.py`'s memory ceiling check, which fails above (\d+) MiB", text)
    if not (own and answers and measured):
        sys.exit("sizing: docs/robustness.md's Memory ceiling no longer gives its own memory, the answers' and the measured peak")
    return {"own": int(own.group(1)), "answers": int(answers.group(1)), "threads": answers.group(2),
            "connections": answers.group(3).replace(" ", ""), "measured": int(measured.group(1)), "checked": int(measured.group(2))}


def mebibytes(value, step=32):
    """A quantity in MiB rounded up to `step`, as Kubernetes writes it (160Mi)."""
    return f"{-(-value // step) * step:.0f}Mi"


def check_memory(rss):
    """Fails unless the Deployment's memory request and limit are the ones the figures give, and its threads and
    connections are those the ceiling is derived for."""
    bound, env = ceiling(), {item["name"]: item["value"] for item in container()["env"]}
    settings = (env.get("FLIGHTPLAN_THREADS"), env.get("FLIGHTPLAN_MAX_CONNECTIONS"))
    if settings != (bound["threads"], bound["connections"]):
        sys.exit(f"sizing: the Deployment runs {settings[0]} threads and {settings[1]} connections, docs/robustness.md's "
                 f"ceiling is for {bound['threads']} and {bound['connections']}")
    _, _, request, limit = resources()
    wanted = (mebibytes(2 * max(rss)), mebibytes(bound["own"] + bound["answers"]))
    if (request, limit) != wanted:
        sys.exit(f"sizing: deployment.yaml's memory request and limit are {request} and {limit}; the figures give {wanted[0]} "
                 f"(twice the peak RSS under load, {max(rss)} MiB) and {wanted[1]} (the ceiling, {bound['own']} + "
                 f"{bound['answers']} MiB)")


def paragraph(page):
    """The Sizing section's text: the page's figures for the server as shipped, and what they mean per core."""
    date = re.search(r"on (\d{4}-\d{2}-\d{2})", page).group(1)
    fixed, default = rows(section(page, "HTTP")), rows(section(page, "HTTP at the default sampling"))
    cpu, default_cpu = fixed[64]["server CPU µs/request"], default[64]["server CPU µs/request"]
    per_core, default_per_core = 1e6 / number(cpu), 1e6 / number(default_cpu)
    rss = [number(cells["peak RSS MiB"]) for cells in fixed.values()]
    check_memory(rss)
    bound = ceiling()
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
        f"rate for your mix × cores per replica × 0.7, the HPA's target utilisation). Memory stays flat under load: "
        f"a peak RSS of {min(rss)} to {max(rss)} MiB from {min(fixed)} to {max(fixed)} connections; the Deployment's "
        f"memory request, `{memory_request}`, is twice that, rounded up to 32 MiB. Its limit, `{memory_limit}`, is the "
        f"ceiling [Robustness](robustness.md) derives for its {bound['threads']} worker threads and "
        f"{spaced(int(bound['connections']))} connections ({bound['own']} MiB of the process's own and "
        f"{bound['answers']} MiB of answers being written and queued: {bound['own'] + bound['answers']} MiB), "
        f"rounded up to 32 MiB; the worst accepted requests at once, half never read, peaked at {bound['measured']} "
        f"MiB. Request bodies are the part not bounded together (up to `--max-body` each): an ingress or nginx that "
        f"buffers bodies bounds them."
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
