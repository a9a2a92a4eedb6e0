#!/usr/bin/env python3
"""HTTP benchmark: `flightplan serve` against the raw-libmicrohttpd floor (Benchmarks/Floor/floor.c: same thread pool
and poll mode, answering with one of flightplan's own answers), optionally at two log levels, in several answer
formats, and against two peers (Benchmarks/Peer: the same planner behind Hummingbird 2, once with Foundation's
JSONDecoder and JSONEncoder, once with Flightplan's own JSON forms, the server's `Endpoint.plan.answer`; the first step
is the JSON layer's share, the second the transport's). Every server runs in turn under the same wrk settings,
alternating order each round, so all see the same machine. wrk rotates through DISTINCT different sharedFrame requests
(31 keyframes each, or with `--sampling default` the default sampling, a 0.5 pt tolerance) so that no cache of one
answer can help. `--formats json,css` runs one flightplan server per answer format (`?format=`; the floor and the peers
answer JSON). `--compare BINARY` also runs another flightplan build (an earlier commit's, say) as
"flightplan (compare)", at the first log level, to measure a change in one run. `--pin` runs every server on core 0
with one worker thread (taskset) and wrk on core 1, so that latency is not the scheduler's sharing of both cores
between wrk and the server (the default mode runs both everywhere, as the performance page measures). `--spans` also
runs flightplan at the first log level exporting a span per request (OTEL_EXPORTER_OTLP_ENDPOINT, the default batch
settings) to an OTLP/HTTP receiver in this script that reads each export and answers 200, as "flightplan (info, spans
exported)": what export costs against the same server without it, in one run.

`--workloads sharedFrame,morph,reveal,zoom,snapshot,mixed` measures what users send instead: per style, DISTINCT
requests made from examples/<style>.json with a random source frame (children moved with it), direction and image
aspect and no `sampling` (what a client that tunes nothing sends); `mixed` rotates through all five styles' requests.
One flightplan server answers every workload; each workload has a floor of its own, answering the median-sized of
that workload's answers, and the ratio is to that floor, measured in the same round.

Per server and connection count it reports the median requests/s, p50 and p99 latency, server CPU per request (user +
system time from /proc/PID/stat over the run, divided by the requests wrk completed), peak RSS, and the ratio to the
floor measured in the same round; `--json FILE` also writes them, with the answers' sizes, for
Benchmarks/performance_page.py.

Usage: python3 Benchmarks/http_bench.py [--seconds 10] [--rounds 3] [--connections 1,64,256] [--distinct 1000]
                                        [--log-levels info,warning] [--formats json] [--peer] [--precision N]
                                        [--sampling keyframes|default] [--compare BINARY] [--pin] [--spans] [--json FILE]
                                        [--workloads sharedFrame,morph,reveal,zoom,snapshot,mixed]
       python3 Benchmarks/http_bench.py --sampling default --write-bodies FILE   (the bodies alone, one a line: set
       FLIGHTPLAN_DISTINCT_BODIES=FILE for the in-process benchmark that plans them all; with --workloads, the first
       workload's)
"""
import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, ".build", "release")
TICKS = os.sysconf("SC_CLK_TCK")


def build_floor(binary):
    """The floor (Benchmarks/Floor/floor.c), compiled beside `binary`."""
    floor = os.path.join(os.path.dirname(os.path.abspath(binary)), "flightplan-floor")
    subprocess.run(["cc", "-O2", "-o", floor, os.path.join(ROOT, "Benchmarks", "Floor", "floor.c"), "-lmicrohttpd", "-lpthread"],
                   check=True)
    return floor


def build(peer, binary):
    """The servers' binaries: flightplan (`binary`, else a release build of it), the floor, and the peer if asked."""
    if not binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "flightplan"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        binary = os.path.join(BUILD, "flightplan")
    floor = build_floor(binary)
    peer_binary = None
    if peer:
        package = os.path.join(ROOT, "Benchmarks", "Peer")
        subprocess.run(["swift", "build", "-c", "release", "--package-path", package], check=True, stdout=subprocess.DEVNULL)
        peer_binary = os.path.join(package, ".build", "release", "FlightplanPeer")
    return os.path.abspath(binary), floor, peer_binary


def free_port():
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


class Sampler(threading.Thread):
    """Samples a process's RSS every 200 ms."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.running = pid, 0, True

    def run(self):
        while self.running:
            try:
                rss = int(re.search(r"VmRSS:\s+(\d+)", open(f"/proc/{self.pid}/status").read()).group(1))
                self.peak = max(self.peak, rss)
            except (OSError, AttributeError):
                return
            time.sleep(0.2)


def distinct_requests(count, precision, sampling="keyframes"):
    """`count` sharedFrame requests that differ in the source cell, the image and the duration, all with 31 keyframes
    (`sampling` "keyframes") or all without `sampling` ("default": a 0.5 pt tolerance)."""
    base = json.load(open(os.path.join(ROOT, "examples", "sharedFrame.json")))
    rng = random.Random(17)
    bodies = []
    for _ in range(count):
        request = json.loads(json.dumps(base))
        frame = request["source"]["frame"]
        frame["x"], frame["y"] = rng.randint(0, 250), rng.randint(100, 600)
        frame["width"], frame["height"] = rng.randint(80, 140), rng.randint(100, 200)
        request["imageSize"] = {"width": rng.randint(2000, 4000), "height": rng.randint(2000, 4500)}
        request["timing"]["duration"] = round(rng.uniform(0.2, 0.45), 3)
        if precision is not None:
            request["precision"] = precision
        if sampling == "default":
            del request["sampling"]
        bodies.append(json.dumps(request, separators=(",", ":")))
    return bodies


STYLES = ["sharedFrame", "morph", "reveal", "zoom", "snapshot"]


def style_requests(style, count, seed=29):
    """`count` requests of `style` as users send them: examples/<style>.json with a random source frame (within the
    destination's bounds; a snapshot's child pairs move with it), a random direction and, where the example gives an
    image, a random portrait or landscape image size; no `sampling`."""
    base = json.load(open(os.path.join(ROOT, "examples", f"{style}.json")))
    base.pop("sampling", None)
    rng = random.Random(f"{style}-{seed}")
    bounds = base["destination"]["bounds"]
    bodies = []
    for _ in range(count):
        request = json.loads(json.dumps(base))
        frame = request["source"]["frame"]
        width = min(bounds["width"], max(24, round(frame["width"] * rng.uniform(0.6, 1.4))))
        height = min(bounds["height"] - 120, max(24, round(frame["height"] * rng.uniform(0.6, 1.4))))
        x, y = rng.randint(0, int(bounds["width"] - width)), rng.randint(60, int(bounds["height"] - height - 60))
        for child in request.get("children", []):
            moved = child["from"]
            moved["x"] += x - frame["x"]
            moved["y"] += y - frame["y"]
        frame.update(x=x, y=y, width=width, height=height)
        if "cornerRadius" in request["source"]:
            request["source"]["cornerRadius"] = min(request["source"]["cornerRadius"], min(width, height) / 2)
        request["direction"] = rng.choice(["push", "pop"])
        if "imageSize" in request:
            long_side, short_side = rng.randint(1200, 4032), rng.randint(800, 3024)
            request["imageSize"] = ({"width": long_side, "height": short_side} if rng.random() < 0.5
                                    else {"width": short_side, "height": long_side})
        bodies.append(json.dumps(request, separators=(",", ":")))
    return bodies


def workload_requests(workload, count):
    """The DISTINCT requests of one workload: a style's, or `mixed`: every style's in turn."""
    if workload != "mixed":
        return style_requests(workload, count)
    per_style = [style_requests(style, count // len(STYLES) + 1) for style in STYLES]
    return [bodies[index] for index in range(count // len(STYLES) + 1) for bodies in per_style][:count]


def wrk_script(path, bodies):
    with open(path, "w") as script:
        script.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nlocal bodies = {\n')
        for body in bodies:
            script.write(f"  {json.dumps(body)},\n")
        script.write("}\nlocal index = 0\n"
                     "request = function()\n  index = index % #bodies + 1\n  return wrk.format(nil, nil, nil, bodies[index])\nend\n")


SERVER_CORE, CLIENT_CORE = "0", "1"


def pinned(command, core):
    """`command` run on `core` alone (taskset), or as it is when `core` is None."""
    return command if core is None else ["taskset", "-c", core, *command]


def wrk(url, connections, seconds, script, core=None):
    """Runs wrk (on `core` alone when given); its requests/s, requests completed, p50 and p99 in ms."""
    threads = 1 if core is not None else min(2, connections)
    output = subprocess.run(
        pinned(["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "--latency", "-s", script, url], core),
        capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    requests = int(re.search(r"(\d+) requests in", output).group(1))

    def percentile(name):
        value, unit = re.search(rf"^\s+{name}%\s+([\d.]+)(us|ms|s)\s*$", output, re.M).groups()
        return float(value) * {"us": 1e-3, "ms": 1, "s": 1e3}[unit]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if errors or "Socket errors" in output:
        sys.exit(f"wrk saw errors:\n{output}")
    return rate, requests, percentile(50), percentile(99)


class SpanReceiver:
    """An OTLP/HTTP receiver on 127.0.0.1 that reads every export request whole and answers 200 with an empty
    ExportTraceServiceResponse, counting requests and bytes; the spans themselves are counted by the server
    (flightplan_spans_exported_total)."""

    def __init__(self):
        self.requests, self.bytes = 0, 0
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                receiver.bytes += len(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                receiver.requests += 1
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def span_counts(url):
    """(exported, dropped, failed exports) from a server's /metrics."""
    import urllib.request
    text = urllib.request.urlopen(url.split("/v1/")[0] + "/metrics", timeout=10).read().decode()
    return tuple(int(re.search(rf"^{name} (\d+)$", text, re.M).group(1))
                 for name in ("flightplan_spans_exported_total", "flightplan_spans_dropped_total", "flightplan_span_exports_failed_total"))


SPANS_NAME = "flightplan (info, spans exported)"
PEERS = {"hummingbird + Codable": "codable", "hummingbird + own JSON": "wire"}


def flightplan_name(level, answer_format):
    """A flightplan server's name in the table: its log level, and its format unless it answers JSON."""
    return f"flightplan ({level})" if answer_format == "json" else f"flightplan ({level}, {answer_format})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", default="1,64,256")
    parser.add_argument("--distinct", type=int, default=1000)
    parser.add_argument("--log-levels", default="info", help="flightplan's log levels to compare, e.g. info,warning")
    parser.add_argument("--formats", default="json",
                        help="the answer formats flightplan serves (?format=), one server each; the first log level")
    parser.add_argument("--peer", action="store_true",
                        help="also run the Hummingbird peers (Benchmarks/Peer), with Codable and with Flightplan's own JSON")
    parser.add_argument("--precision", type=int, default=None)
    parser.add_argument("--sampling", choices=["keyframes", "default"], default="keyframes",
                        help="31 keyframes per request, or the default sampling (a 0.5 pt tolerance)")
    parser.add_argument("--binary", help="a flightplan release binary already built (scripts/test.sh passes its own) "
                                         "instead of building .build/release/flightplan")
    parser.add_argument("--compare", metavar="BINARY", help="another flightplan build to run alongside, e.g. an earlier commit's")
    parser.add_argument("--pin", action="store_true",
                        help=f"run the servers on core {SERVER_CORE} with one worker thread and wrk on core {CLIENT_CORE} (taskset)")
    parser.add_argument("--spans", action="store_true",
                        help="also run flightplan exporting a span per request to an OTLP/HTTP receiver in this script")
    parser.add_argument("--json", metavar="FILE", help="also write the settings, the answers' sizes and every run here")
    parser.add_argument("--workloads", metavar="LIST",
                        help=f"measure these workloads ({','.join(STYLES)},mixed) each against a floor of its own, instead of sharedFrame")
    parser.add_argument("--write-bodies", metavar="FILE",
                        help="only write the DISTINCT request bodies here, one a line (for the in-process benchmark)")
    options = parser.parse_args()
    if options.write_bodies:
        with open(options.write_bodies, "w") as file:
            bodies = (workload_requests(options.workloads.split(",")[0], options.distinct) if options.workloads
                      else distinct_requests(options.distinct, options.precision, options.sampling))
            file.write("".join(body + "\n" for body in bodies))
        return
    formats = options.formats.split(",")
    levels = options.log_levels.split(",")
    server_binary, floor_binary, peer_binary = build(options.peer, options.binary)
    work = tempfile.mkdtemp()
    workloads = options.workloads.split(",") if options.workloads else [None]

    def answer(body, answer_format="json"):
        return subprocess.run([server_binary, "plan", "--format", answer_format], input=body.encode(),
                              capture_output=True, check=True).stdout.rstrip(b"\n")

    # Per workload: its requests, wrk's script rotating through them, and the floor's answer (the median-sized JSON
    # answer of its first requests, or of every style's for `mixed`).
    loads = {}
    for workload in workloads:
        bodies = (workload_requests(workload, options.distinct) if workload
                  else distinct_requests(options.distinct, options.precision, options.sampling))
        sample = bodies[:50] if workload else bodies[:20]
        answers = {answer_format: [answer(body, answer_format) for body in sample] for answer_format in dict.fromkeys(["json"] + formats)}
        response = sorted(answers["json"], key=len)[len(answers["json"]) // 2]
        tag = workload or "sharedFrame"
        response_file, script = os.path.join(work, f"{tag}.json"), os.path.join(work, f"{tag}.lua")
        open(response_file, "wb").write(response)
        wrk_script(script, bodies)
        sizes = {answer_format: [min(map(len, sized)), max(map(len, sized))] for answer_format, sized in answers.items()}
        loads[workload] = {"bodies": bodies, "script": script, "response": response, "response_file": response_file, "sizes": sizes,
                           "mean_answer": statistics.mean(map(len, answers["json"]))}

    processes = []
    servers = {}  # name: (process, URL, wrk script)

    def start(name, command, path="/v1/plans", quiet=True, script=None, environment=None):
        port = free_port()
        command = pinned([arg.replace("PORT", str(port)) for arg in command], SERVER_CORE if options.pin else None)
        process = subprocess.Popen(command, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL if quiet else None, text=True, env={**os.environ, **(environment or {})})
        processes.append(process)
        servers[name] = (process, f"http://127.0.0.1:{port}{path}", script or loads[None]["script"])
        return process, servers[name][1]

    receiver = SpanReceiver() if options.spans and not options.workloads else None
    threads = "1" if options.pin else "2"
    serve = ["serve", "--port", "PORT", "--threads", threads, "--log-level"]
    if options.workloads:
        # One flightplan server answers every workload, each workload's floor its own answer.
        process, url = start("flightplan", [server_binary, *serve, levels[0]], script=loads[workloads[0]]["script"])
        del servers["flightplan"]
        for workload in workloads:
            servers[f"flightplan · {workload}"] = (process, url, loads[workload]["script"])
            start(f"floor · {workload}", [floor_binary, "PORT", threads, loads[workload]["response_file"]], quiet=False,
                  script=loads[workload]["script"])
    else:
        for level in levels:
            start(flightplan_name(level, "json"), [server_binary, *serve, level])
        for answer_format in formats:
            if answer_format != "json":
                start(flightplan_name(levels[0], answer_format), [server_binary, *serve, levels[0]], f"/v1/plans?format={answer_format}")
        if options.compare:
            start("flightplan (compare)", [options.compare, *serve, levels[0]])
        if receiver:
            start(SPANS_NAME.replace("info", levels[0]), [server_binary, *serve, levels[0]],
                  environment={"OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url})
        start("floor", [floor_binary, "PORT", threads, loads[None]["response_file"]], quiet=False)
        if peer_binary:
            for name, layer in PEERS.items():
                start(name, [peer_binary, "PORT", layer])
    for process in processes:
        process.stdout.readline()
    for workload, load in loads.items():
        bodies, sizes = load["bodies"], load["sizes"]
        print(f"{workload or 'sharedFrame'}: {len(bodies)} distinct requests of {min(map(len, bodies))}-{max(map(len, bodies))} B, "
              f"answers of {sizes['json'][0]}-{sizes['json'][1]} B (floor: {len(load['response'])} B)", file=sys.stderr)
    print(f"{options.rounds} rounds x {options.seconds} s, alternating"
          + (f", servers on core {SERVER_CORE} (1 thread), wrk on core {CLIENT_CORE}" if options.pin else ""), file=sys.stderr)

    names = list(servers)
    results = {}
    for round_index in range(options.rounds):
        for connections in map(int, options.connections.split(",")):
            for name in (names if round_index % 2 == 0 else list(reversed(names))):
                process, url, script = servers[name]
                sampler = Sampler(process.pid)
                sampler.start()
                cpu_before = cpu_seconds(process.pid)
                rate, requests, p50, p99 = wrk(url, connections, options.seconds, script, CLIENT_CORE if options.pin else None)
                cpu = (cpu_seconds(process.pid) - cpu_before) / requests * 1e6
                sampler.running = False
                sampler.join()
                results.setdefault((name, connections), []).append((rate, p50, p99, cpu, sampler.peak))
                print(f"round {round_index + 1} {name:28} c={connections:<4} {rate:>10.0f} req/s  p50 {p50:.3f} ms  "
                      f"p99 {p99:.3f} ms  CPU {cpu:.1f} µs/req", file=sys.stderr)
    spans = None
    if receiver:
        exported, dropped, failed = span_counts(servers[SPANS_NAME.replace("info", levels[0])][1])
        spans = {"exported": exported, "dropped": dropped, "failed_exports": failed, "export_requests": receiver.requests,
                 "export_bytes": receiver.bytes}
        print(f"spans: {exported:,} exported in {receiver.requests:,} requests ({receiver.bytes / max(exported, 1):.0f} B a span), "
              f"{dropped:,} dropped, {failed} failed exports", file=sys.stderr)
    for process in processes:
        process.terminate()
        process.wait()

    def row(name, connections, floor_name, **extra):
        runs = results[(name, connections)]
        floor_rate = statistics.median(r[0] for r in results[(floor_name, connections)])
        measured = {"connections": connections, "server": name, **extra, "requests_per_second": statistics.median(r[0] for r in runs),
                    "p50_ms": statistics.median(r[1] for r in runs), "p99_ms": statistics.median(r[2] for r in runs),
                    "cpu_us_per_request": statistics.median(r[3] for r in runs), "peak_rss_mib": max(r[4] for r in runs) / 1024}
        measured["ratio_to_floor"] = measured["requests_per_second"] / floor_rate
        return measured

    rows = []
    if options.workloads:
        print("| connections | workload | answer kB (mean) | flightplan requests/s | p50 / p99 ms | server CPU µs/request | "
              "floor requests/s (p99 ms) | ratio to floor |")
        print("|---:|---|---:|---:|---:|---:|---:|---:|")
        for connections in map(int, options.connections.split(",")):
            for workload in workloads:
                floor = row(f"floor · {workload}", connections, f"floor · {workload}", workload=workload)
                served = row(f"flightplan · {workload}", connections, f"floor · {workload}", workload=workload,
                             mean_answer_bytes=loads[workload]["mean_answer"])
                rows += [floor, served]
                print(f"| {connections} | {workload} | {served['mean_answer_bytes'] / 1000:.1f} | {served['requests_per_second']:,.0f} | "
                      f"{served['p50_ms']:.2f} / {served['p99_ms']:.2f} | {served['cpu_us_per_request']:.1f} | "
                      f"{floor['requests_per_second']:,.0f} ({floor['p99_ms']:.2f}) | {served['ratio_to_floor']:.2f}× |")
    else:
        print("| connections | server | requests/s (median) | p50 ms | p99 ms | server CPU µs/request | peak RSS MiB | ratio to floor |")
        print("|---:|---|---:|---:|---:|---:|---:|---:|")
        for connections in map(int, options.connections.split(",")):
            for name in ["floor"] + [n for n in names if n != "floor"]:
                measured = row(name, connections, "floor")
                rows.append(measured)
                print(f"| {connections} | {name} | {measured['requests_per_second']:,.0f} | {measured['p50_ms']:.3f} | "
                      f"{measured['p99_ms']:.3f} | {measured['cpu_us_per_request']:.1f} | {measured['peak_rss_mib']:.1f} | "
                      f"{measured['ratio_to_floor']:.2f}× |")
    if options.json:
        with open(options.json, "w") as output:
            first = loads[workloads[0]]
            json.dump({"settings": vars(options), "requests": len(first["bodies"]),
                       "request_bytes": [min(map(len, first["bodies"])), max(map(len, first["bodies"]))], "answer_bytes": first["sizes"],
                       "floor_answer_bytes": len(first["response"]), "rows": rows, "spans": spans}, output, indent=1)


if __name__ == "__main__":
    main()
