#!/usr/bin/env python3
"""Regenerates docs/performance.md from one run on this machine: the in-process benchmarks (the Benchmarks package,
ordo-one/benchmark, exported as Influx CSV) and three HTTP runs of Benchmarks/http_bench.py (31 keyframes with the
floor, flightplan at two log levels and both peers; the default sampling; every answer format). It fills the template
Benchmarks/performance_page.md with their tables, the commands that produced them, the date and the machine. Every
ratio on the page is between two figures of the same run. Writing docs/performance.md also rewrites the sizing
figures of docs/operations.md from it (scripts/sizing.py --write).

Usage: python3 Benchmarks/performance_page.py [--quick] [--output docs/performance.md]
  (about a quarter of an hour on 2 cores once the three packages are built)
  --quick  short runs (the in-process benchmarks' smoke settings; HTTP 1 round x 2 s, fewer connection counts), a few
           minutes in all: rough figures, to check that the page still generates. The page says so.
"""
import argparse
import csv
import datetime
import glob
import json
import os
import re
import string
import subprocess
import sys
import tempfile

import plan_instructions
import server_instructions

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEMPLATE = os.path.join(ROOT, "Benchmarks", "performance_page.md")
FLIGHTPLAN = os.path.join(ROOT, ".build", "release", "flightplan")
WHOLE_PATH = "whole request path: body in, JSON out"
EXPORT = re.compile(r"export sharedFrame plan \(31 keyframes\) as (\S+) \((\d+) B\)")
CODABLE_PEER, WIRE_PEER = "hummingbird + Codable", "hummingbird + own JSON"
SPANS = "flightplan (info, spans exported)"


def shell(command, environment=None):
    """`command` as one would type it, with `environment` (a dict of variables) in front."""
    words = [f"{name}={value}" for name, value in (environment or {}).items()] + command
    return " ".join(word if re.fullmatch(r"[\w./,=:+-]+", word) else f"'{word}'" for word in words)


def in_process(quick):
    """Runs every in-process benchmark; returns {name: {metric: {percentile: value}}} (wall clock in ns) and the command."""
    environment = {"FLIGHTPLAN_BENCHMARK_SMOKE": "1"} if quick else {}
    command = ["swift", "package", "--package-path", "Benchmarks", "--disable-sandbox", "benchmark", "--no-progress", "--format", "influx"]
    folder = tempfile.mkdtemp()
    print(f"$ {shell(command, environment)}", file=sys.stderr)
    subprocess.run(command + ["--path", folder], cwd=ROOT, check=True, env=os.environ | environment, stdout=sys.stderr)
    results = {}
    # Rows: measurement, host tags..., metric, unit, test, percentile, value, test_average, iterations, warmup, time.
    for path in glob.glob(os.path.join(folder, "*.csv")):
        for row in csv.reader(line for line in open(path) if not line.startswith("#")):
            if row[0] == "measurement":
                continue
            metric, test, percentile, value = row[6], row[8], float(row[9]), float(row[10])
            results.setdefault(test, {}).setdefault(metric, {})[percentile] = value
    if not results:
        sys.exit(f"the benchmark wrote no Influx CSV into {folder}")
    return results, shell(command, environment)


def http(arguments, quick):
    """Runs http_bench.py with `arguments` (shortened in quick mode); returns its JSON report and the command."""
    if quick:
        arguments = arguments + ["--seconds", "2", "--rounds", "1"]
    command = ["python3", "Benchmarks/http_bench.py", *arguments]
    report = os.path.join(tempfile.mkdtemp(), "http_bench.json")
    print(f"$ {shell(command)}", file=sys.stderr)
    subprocess.run(command + ["--json", report], cwd=ROOT, check=True, stdout=sys.stderr)
    return json.load(open(report)), shell(command)


def number(value):
    """A count with thousands separators."""
    return f"{value:,.0f}"


def microseconds(nanoseconds):
    """A duration in µs with three significant digits or more."""
    value = nanoseconds / 1000
    return f"{value:.2f} µs" if value < 10 else f"{value:.1f} µs" if value < 100 else f"{value:,.0f} µs"


def http_table(report, ratio_name="ratio to floor", baseline=None):
    """The report's rows as a Markdown table; `baseline(row)` picks the row each ratio is against (the floor by default)."""
    lines = ["| connections | server | requests/s (median) | p50 ms | p99 ms | server CPU µs/request | peak RSS MiB | " + ratio_name + " |",
             "|---:|---|---:|---:|---:|---:|---:|---:|"]
    for row in report["rows"]:
        ratio = row["ratio_to_floor"] if baseline is None else row["requests_per_second"] / baseline(row)["requests_per_second"]
        lines.append(f"| {row['connections']} | {row['server']} | {number(row['requests_per_second'])} | {row['p50_ms']:.3f} | "
                     f"{row['p99_ms']:.3f} | {row['cpu_us_per_request']:.1f} | {row['peak_rss_mib']:.1f} | {ratio:.2f}× |")
    return "\n".join(lines)


def row_of(report, server, connections):
    return next(row for row in report["rows"] if row["server"] == server and row["connections"] == connections)


def connection_counts(report):
    return list(dict.fromkeys(row["connections"] for row in report["rows"]))


def workloads_table(report):
    """Per connection count and workload: flightplan's rate, latency and CPU beside the workload's own floor."""
    lines = ["| connections | workload | answer (mean) | flightplan requests/s | p50 / p99 | server CPU / request | "
             "floor requests/s (p99) | ratio to floor |", "|---:|---|---:|---:|---:|---:|---:|---:|"]
    for served in (row for row in report["rows"] if row["server"].startswith("flightplan")):
        floor = next(row for row in report["rows"]
                     if row["server"] == f"floor · {served['workload']}" and row["connections"] == served["connections"])
        lines.append(f"| {served['connections']} | {served['workload']} | {served['mean_answer_bytes'] / 1000:.1f} kB | "
                     f"{number(served['requests_per_second'])} | {served['p50_ms']:.2f} / {served['p99_ms']:.2f} ms | "
                     f"{served['cpu_us_per_request']:.1f} µs | {number(floor['requests_per_second'])} ({floor['p99_ms']:.2f} ms) | "
                     f"{served['ratio_to_floor']:.2f}× |")
    return "\n".join(lines)


def peer_table(report):
    """Per connection count: the Codable peer → the own-JSON peer (the JSON layer) → flightplan (the transport)."""
    lines = ["| connections | Codable peer → own-JSON peer (the JSON layer) | own-JSON peer → flightplan (the transport) | "
             "Codable peer → flightplan |", "|---:|---:|---:|---:|"]
    for connections in connection_counts(report):
        codable, wire = row_of(report, CODABLE_PEER, connections), row_of(report, WIRE_PEER, connections)
        flightplan = row_of(report, "flightplan (info)", connections)

        def step(before, after):
            return (f"{after['requests_per_second'] / before['requests_per_second']:.2f}× the requests/s at "
                    f"{after['cpu_us_per_request'] / before['cpu_us_per_request']:.2f}× the CPU per request")
        lines.append(f"| {connections} | {step(codable, wire)} | {step(wire, flightplan)} | {step(codable, flightplan)} |")
    return "\n".join(lines)


def log_level_note(report):
    """What the access log costs: flightplan at info against warning, per connection count."""
    parts = []
    for connections in connection_counts(report):
        info, warning = row_of(report, "flightplan (info)", connections), row_of(report, "flightplan (warning)", connections)
        parts.append(f"at {connections} connection{'s' if connections > 1 else ''}, {info['requests_per_second'] / warning['requests_per_second']:.2f}× "
                     f"the requests/s and {info['cpu_us_per_request'] / warning['cpu_us_per_request']:.2f}× the CPU per request")
    return "; ".join(parts)


def spans_table(report):
    """Flightplan exporting a span per request against the same server without export, per connection count."""
    lines = ["| connections | requests/s | server CPU µs/request | p99 ms | peak RSS MiB |", "|---:|---:|---:|---:|---:|"]
    for connections in connection_counts(report):
        plain, spans = row_of(report, "flightplan (info)", connections), row_of(report, SPANS, connections)

        def pair(key, digits):
            return f"{plain[key]:,.{digits}f} → {spans[key]:,.{digits}f} ({spans[key] / plain[key]:.2f}×)"
        lines.append(f"| {connections} | {pair('requests_per_second', 0)} | {pair('cpu_us_per_request', 1)} | {pair('p99_ms', 3)} | "
                     f"{pair('peak_rss_mib', 1)} |")
    counts = report["spans"]
    return "\n".join(lines) + (
        f"\n\nThe receiver took {number(counts['exported'])} spans in {number(counts['export_requests'])} export requests "
        f"({counts['export_bytes'] / max(counts['exported'], 1):.0f} B of protobuf a span); {number(counts['dropped'])} were dropped "
        f"and {counts['failed_exports']} exports failed.")


def in_process_table(results):
    """Every benchmark but the exports: p50 and p99 wall clock, mallocs, and the ratio to the whole request path."""
    whole = results[WHOLE_PATH]["Time(wallclock)"][50]
    lines = ["| benchmark | p50 | p99 | mallocs (p50) | × the whole path (p50) |", "|---|---:|---:|---:|---:|"]
    for name in sorted(results, key=lambda name: results[name]["Time(wallclock)"][50]):
        if EXPORT.fullmatch(name):
            continue
        wall = results[name]["Time(wallclock)"]
        name_cell = f"**{name}**" if name == WHOLE_PATH else name
        lines.append(f"| {name_cell} | {microseconds(wall[50])} | {microseconds(wall[99])} | "
                     f"{number(results[name]['Malloc(total)'][50])} | {wall[50] / whole:.2f}× |")
    return "\n".join(lines)


def exports_table(results):
    """Each answer format for the same plan, against the JSON format's export of it in the same run: the export alone,
    and the request (the plan made, then written in the format) against the JSON request."""
    rows = [(EXPORT.fullmatch(name), values) for name, values in results.items() if EXPORT.fullmatch(name)]
    json_answer = next(values for match, values in rows if match[1] == "json")["Time(wallclock)"][50]
    plan = results[next(name for name in results if name.startswith("plan sharedFrame ("))]["Time(wallclock)"][50]
    lines = ["| format | bytes | p50 | mallocs (p50) | × the JSON answer (p50) | the request: plan + format, × plan + JSON |",
             "|---|---:|---:|---:|---:|---:|"]
    for match, values in sorted(rows, key=lambda row: row[1]["Time(wallclock)"][50]):
        wall = values["Time(wallclock)"][50]
        lines.append(f"| {match[1]} | {number(int(match[2]))} | {microseconds(wall)} | {number(values['Malloc(total)'][50])} | "
                     f"{wall / json_answer:.1f}× | {(plan + wall) / (plan + json_answer):.1f}× |")
    return "\n".join(lines)


def tolerance_table(results):
    """Per style: its example planned at the default sampling (0.5 pt) against the example as committed (its own
    sampling), and against the fixed 31-keyframe sharedFrame plan; which search picks the times."""
    default = re.compile(r"plan (\w+)(?: example)?, default tolerance sampling \((\d+) keyframes\)")
    committed = {re.match(r"plan (\w+) \(", name)[1]: name for name in results if re.fullmatch(r"plan \w+ \(\d+ B example\)", name)}
    fixed = results[committed["sharedFrame"]]["Time(wallclock)"][50]
    lines = ["| style (its example's curve) | default sampling: keyframes | p50 | mallocs | the example as committed (its sampling): p50 | "
             "× the committed example | × sharedFrame's 31-keyframe plan |", "|---|---:|---:|---:|---:|---:|---:|"]
    for name in sorted(name for name in results if default.fullmatch(name)):
        style, keyframes = default.fullmatch(name)[1], default.fullmatch(name)[2]
        example = json.load(open(os.path.join(ROOT, "examples", f"{style}.json")))
        curve, sampling = example.get("timing", {}).get("curve", "default"), example.get("sampling", "default")
        search = "the time search" if isinstance(curve, dict) and "spring" in curve else "the progress bound"
        wall, own = results[name]["Time(wallclock)"][50], results[committed[style]]["Time(wallclock)"][50]
        lines.append(f"| {style} (`{json.dumps(curve)}`, {search}) | {keyframes} | {microseconds(wall)} | "
                     f"{number(results[name]['Malloc(total)'][50])} | {microseconds(own)} (`{json.dumps(sampling)}`) | "
                     f"{wall / own:.1f}× | {wall / fixed:.1f}× |")
    return "\n".join(lines)


def answer_bytes():
    """The 31-keyframe sharedFrame answer's size, a table of what each member takes (in bytes of its compact JSON; the
    keyframes' channels with their keys), the keyframes' share, and whether Python re-prints the answer byte for byte
    (if not, the members' sizes are approximate)."""
    request = json.load(open(os.path.join(ROOT, "examples", "sharedFrame.json")))
    request["sampling"] = {"keyframes": 31}
    answer = subprocess.run([FLIGHTPLAN, "plan"], input=json.dumps(request).encode(), capture_output=True, check=True).stdout.rstrip(b"\n")
    plan = json.loads(answer)

    def size(value):
        return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())
    lines = ["| member | bytes |", "|---|---:|"]
    moving, keyframe_bytes = 0, 0
    for track in plan.get("tracks", []):
        keyframes = track.get("keyframes", [])
        channels = {}
        for keyframe in keyframes:
            for channel, value in keyframe.items():
                channels[channel] = channels.get(channel, 0) + size({channel: value}) - 2
        detail = ", ".join(f"`{channel}` {number(total)}" for channel, total in sorted(channels.items(), key=lambda item: -item[1]))
        if keyframes:
            moving, keyframe_bytes = moving + 1, keyframe_bytes + size(keyframes)
        lines.append(f"| `tracks`, `{track.get('id', '?')}`{f': {len(keyframes)} keyframes ({detail})' if keyframes else ''} | "
                     f"{number(size(track))} |")
    for member, value in plan.items():
        if member != "tracks":
            lines.append(f"| `{member}` | {number(size(value))} |")
    return len(answer), "\n".join(lines), moving, keyframe_bytes, size(plan) == len(answer)


def machine():
    model = re.search(r"model name\s*:\s*(.*)", open("/proc/cpuinfo").read())
    return f"{os.cpu_count()} cores ({model[1].strip() if model else 'unknown CPU'}), load average {os.getloadavg()[0]:.1f} at the start"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="short runs: rough figures, a check that the page still generates")
    parser.add_argument("--output", default=os.path.join(ROOT, "docs", "performance.md"))
    options = parser.parse_args()
    quick = options.quick
    values = {"date": datetime.datetime.now(datetime.timezone.utc).date().isoformat(), "machine": machine(),
              "mode": "**Quick mode** (`--quick`): short runs, rough figures; without `--quick` the script makes the real page."
              if quick else "Full runs."}

    results, values["in_process_command"] = in_process(quick)
    formats = list(dict.fromkeys(["json"] + [EXPORT.fullmatch(name)[1] for name in sorted(results) if EXPORT.fullmatch(name)]))
    main_report, values["http_command"] = http(["--peer", "--log-levels", "info,warning"] + (["--connections", "1,64"] if quick else []), quick)
    default_report, values["default_command"] = http(["--sampling", "default", "--connections", "64" if quick else "1,64"], quick)
    formats_report, values["formats_command"] = http(["--formats", ",".join(formats), "--connections", "64"], quick)
    spans_report, values["spans_command"] = http(["--spans", "--connections", "1,64"], quick)
    workloads_report, values["workloads_command"] = http(
        ["--workloads", "sharedFrame,morph,reveal,zoom,snapshot,mixed", "--distinct", "500", "--connections", "64" if quick else "1,64,256"], quick)

    values["http_table"] = http_table(main_report)
    values["peer_table"] = peer_table(main_report)
    values["log_level_note"] = log_level_note(main_report)
    values["default_table"] = http_table(default_report)
    values["spans_table"] = spans_table(spans_report)
    values["workloads_table"] = workloads_table(workloads_report)
    values["formats_table"] = http_table(
        formats_report, "ratio to flightplan's JSON",
        lambda row: row_of(formats_report, "flightplan (info)", row["connections"]))
    sizes = main_report["answer_bytes"]["json"]
    values["answer_sizes"] = f"{number(sizes[0])}–{number(sizes[1])} B"
    values["floor_answer"] = f"{number(main_report['floor_answer_bytes'])} B"
    default_sizes = default_report["answer_bytes"]["json"]
    values["default_answer_sizes"] = f"{number(default_sizes[0])}–{number(default_sizes[1])} B"
    values["in_process_table"] = in_process_table(results)
    values["exports_table"] = exports_table(results)
    values["tolerance_table"] = tolerance_table(results)

    # Instructions per request in the real server, both samplings (valgrind: robust to the machine's noise).
    requests = 40 if quick else 400
    binary = os.path.join(ROOT, ".build", "release", "flightplan")
    values["instructions_command"] = f"python3 Benchmarks/server_instructions.py --requests {requests}"
    print(f"$ {values['instructions_command']}", file=sys.stderr)
    values["instructions_table"] = server_instructions.table(
        [(f"{title}", server_instructions.measure(binary, requests, sampling))
         for title, sampling in [("31 keyframes", "keyframes"), ("default sampling", "default")]])

    # The same split for every style as users send them, and each style's planning at both samplings.
    styles = "sharedFrame,morph,reveal,zoom,snapshot,mixed"
    style_requests = 20 if quick else 200
    values["workload_instructions_command"] = (
        f"python3 Benchmarks/server_instructions.py --workloads {styles} --requests {style_requests}")
    print(f"$ {values['workload_instructions_command']}", file=sys.stderr)
    values["workload_instructions_table"] = server_instructions.table(
        server_instructions.workload_columns(binary, style_requests, styles.split(",")))
    plans = 10 if quick else 60
    values["plan_instructions_command"] = f"python3 Benchmarks/plan_instructions.py --requests {plans}"
    print(f"$ {values['plan_instructions_command']}", file=sys.stderr)
    values["plan_instructions_table"] = plan_instructions.table(binary, plans)
    values["choreographed_instructions_command"] = f"python3 Benchmarks/plan_instructions.py --requests {plans} --choreographed"
    print(f"$ {values['choreographed_instructions_command']}", file=sys.stderr)
    values["choreographed_instructions_table"] = plan_instructions.table(binary, plans, choreographed=True)

    values["spans_instructions_command"] = f"python3 Benchmarks/server_instructions.py --spans --requests {requests}"
    print(f"$ {values['spans_instructions_command']}", file=sys.stderr)
    values["spans_instructions_table"] = server_instructions.table(server_instructions.spans_columns(binary, requests))

    # Where the time goes: flightplan's CPU per request over HTTP against the whole path in process.
    busiest = max(connection_counts(main_report))
    server = row_of(main_report, "flightplan (info)", busiest)
    floor = row_of(main_report, "floor", busiest)
    whole = results[WHOLE_PATH]["Time(wallclock)"][50] / 1000
    values["cpu_connections"] = str(busiest)
    values["server_cpu"] = f"{server['cpu_us_per_request']:.1f} µs"
    values["whole_path"] = f"{whole:.1f} µs"
    values["whole_path_share"] = f"{whole / server['cpu_us_per_request']:.0%}"
    values["floor_cpu"] = f"{floor['cpu_us_per_request']:.1f} µs"
    steps = {"decode": "decode sharedFrame request", "plan": "plan sharedFrame (", "encode": "encode sharedFrame plan (31 keyframes)"}
    for key, prefix in steps.items():
        name = next(name for name in results if name.startswith(prefix))
        values[f"{key}_time"] = microseconds(results[name]["Time(wallclock)"][50])
    numbers = results["write 1 000 distinct fractional numbers"]["Time(wallclock)"][50]
    values["per_number"] = f"{numbers / 1000:.0f} ns"
    values["rss"] = ", ".join(f"{name} {max(row['peak_rss_mib'] for row in main_report['rows'] if row['server'] == name):.1f} MiB"
                              for name in dict.fromkeys(row["server"] for row in main_report["rows"]))
    total, member_table, moving, keyframe_bytes, exact = answer_bytes()
    values["answer_total"] = number(total)
    values["answer_members"] = member_table + ("" if exact else "\n\n(Python re-prints some numbers differently, so the "
                                                                 "members' sizes are approximate.)")
    values["moving_tracks"] = str(moving)
    values["keyframe_bytes"] = number(keyframe_bytes)
    values["keyframe_share"] = f"{keyframe_bytes / total:.0%}"
    page = string.Template(open(TEMPLATE).read()).substitute(values)
    open(options.output, "w").write(page)
    print(f"wrote {options.output}", file=sys.stderr)
    if os.path.abspath(options.output) == os.path.join(ROOT, "docs", "performance.md"):
        # docs/operations.md's Sizing section is made from this page.
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "sizing.py"), "--write"], check=True)


if __name__ == "__main__":
    main()
