#!/usr/bin/env python3
"""HTTP benchmark: flightplan serve against a raw-libmicrohttpd floor that answers the same request
with flightplan's own response body (Benchmarks/Floor/floor.c), same thread model, same wrk settings,
measured alternately so that both see the same machine. Prints a Markdown table with the ratio.

Usage: python3 Benchmarks/http_bench.py [--seconds 10] [--rounds 3] [--connections 1,64,256] [--precision N]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, ".build", "release")


def build():
    subprocess.run(["swift", "build", "-c", "release", "--product", "flightplan"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    floor = os.path.join(BUILD, "flightplan-floor")
    subprocess.run(["cc", "-O2", "-o", floor, os.path.join(ROOT, "Benchmarks", "Floor", "floor.c"), "-lmicrohttpd", "-lpthread"],
                   check=True)
    return os.path.join(BUILD, "flightplan"), floor


def free_port():
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


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


def wrk(port, connections, seconds, script):
    threads = min(2, connections)
    output = subprocess.run(
        ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", script, f"http://127.0.0.1:{port}/v1/plans"],
        capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))

    def percentile(name):
        value, unit = re.search(rf"^\s+{name}%\s+([\d.]+)(us|ms|s)\s*$", output, re.M).groups()
        return float(value) * {"us": 1e-3, "ms": 1, "s": 1e3}[unit]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if errors or "Socket errors" in output:
        sys.exit(f"wrk saw errors:\n{output}")
    return rate, percentile(50), percentile(99)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", default="1,64,256")
    parser.add_argument("--precision", type=int, default=None)
    options = parser.parse_args()
    server_binary, floor_binary = build()
    request = json.load(open(os.path.join(ROOT, "examples", "sharedFrame.json")))
    if options.precision is not None:
        request["precision"] = options.precision
    body = json.dumps(request)
    response = subprocess.run([server_binary, "plan"], input=body.encode(), capture_output=True, check=True).stdout.rstrip(b"\n")
    work = tempfile.mkdtemp()
    response_file = os.path.join(work, "response.json")
    open(response_file, "wb").write(response)
    script = os.path.join(work, "post.lua")
    open(script, "w").write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                            f"wrk.body = {json.dumps(body)}\n")

    servers = {}
    port = free_port()
    servers["flightplan"] = (subprocess.Popen(
        [server_binary, "serve", "--port", str(port), "--threads", "2", "--log-level", "warning"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True), port)
    port = free_port()
    servers["floor"] = (subprocess.Popen([floor_binary, str(port), "2", response_file], stdout=subprocess.PIPE, text=True), port)
    for process, _ in servers.values():
        process.stdout.readline()
    print(f"request {len(body)} B, response {len(response)} B ({len(json.loads(response)['keyframes'])} keyframes), "
          f"{options.rounds} rounds x {options.seconds} s, alternating", file=sys.stderr)

    results = {}
    for round_index in range(options.rounds):
        for connections in map(int, options.connections.split(",")):
            for name in (["floor", "flightplan"] if round_index % 2 == 0 else ["flightplan", "floor"]):
                process, port = servers[name]
                sampler = Sampler(process.pid)
                sampler.start()
                rate, p50, p99 = wrk(port, connections, options.seconds, script)
                sampler.running = False
                sampler.join()
                results.setdefault((name, connections), []).append((rate, p50, p99, sampler.peak))
                print(f"round {round_index + 1} {name:10} c={connections:<4} {rate:>10.0f} req/s  p50 {p50:.3f} ms  p99 {p99:.3f} ms", file=sys.stderr)
    for process, _ in servers.values():
        process.terminate()
        process.wait()

    print("| connections | server | requests/s (median) | p50 ms | p99 ms | peak RSS MiB | ratio to floor |")
    print("|---:|---|---:|---:|---:|---:|---:|")
    for connections in map(int, options.connections.split(",")):
        floor_rate = statistics.median(r[0] for r in results[("floor", connections)])
        for name in ("floor", "flightplan"):
            runs = results[(name, connections)]
            rate = statistics.median(r[0] for r in runs)
            print(f"| {connections} | {name} | {rate:,.0f} | {statistics.median(r[1] for r in runs):.3f} | "
                  f"{statistics.median(r[2] for r in runs):.3f} | {max(r[3] for r in runs) / 1024:.1f} | {rate / floor_rate:.2f}× |")


if __name__ == "__main__":
    main()
