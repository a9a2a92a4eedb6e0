#!/usr/bin/env python3
"""Instructions per request in the real server, which the shared machine's noise does not move: `flightplan serve
--threads 1` runs under `valgrind --tool=callgrind` twice, from one keep-alive client, once answering 10 requests and
once those 10 and N more; the difference divided by N is what one request costs in user space, split into the
endpoint (`Endpoint.answer`: parse, read, validate, plan, write) and the rest (libmicrohttpd, the daemon, router,
access log and metrics). The requests are http_bench's distinct sharedFrame requests, at 31 keyframes and at the
default sampling. `--spans` measures the 31-keyframe requests twice instead, without and with span export
(OTEL_EXPORTER_OTLP_ENDPOINT set to http_bench's OTLP receiver; the spans are sent when the server stops, within the
profile): what export adds to a request, the batcher's thread and the export requests included.

Needs valgrind (`apt-get install -y valgrind`).
`--workloads` measures http_bench's workloads instead (each style's requests as users send them, or `mixed`), and beside
them the floor (Benchmarks/Floor/floor.c: raw libmicrohttpd answering a fixed body, the median-sized of the first
workload's answers) over the first workload's requests. Callgrind counts a `rep stosb` a byte an instruction, so
libmicrohttpd clearing each connection's memory pool after a request (memset) shows as tens of thousands of
instructions that take a fraction of a microsecond: its row says how many.

Usage: python3 Benchmarks/server_instructions.py [BINARY] [--requests N (400)] [--spans | --workloads LIST]
"""
import argparse
import http.client
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from http_bench import ROOT, SpanReceiver, build_floor, distinct_requests, free_port, workload_requests  # noqa: E402

# Each part by its function's mangled name; callgrind_annotate lists a function once per source file it inlines,
# and the largest inclusive count is the function's own.
ENDPOINT = "$s14FlightplanWire8EndpointO6answer_6format8idPrefixAC6AnswerVx_AA10PlanFormatOSStSlRzs5UInt8V7ElementRtzlF"
STEPS = {
    "parse": "$s14FlightplanJSON10JSONParserV5parseyAA9JSONValueOxAA15JSONSyntaxErrorVYKSlRzs5UInt8V7ElementRtzlFZ",
    "decode": "$s14FlightplanCore11PlanRequestV0A4WireE8describeyyxz_ACztAA15ValidationErrorVYKAD0E4WalkRzlFZAD0E6ReaderV_Tt1g5",
    "validate": "$s14FlightplanCore20ValidatedPlanRequestVyAcA0dE0VAA15ValidationErrorVYKcfC",
    "plan": "$s14FlightplanCore7PlannerO4plan3for8spendingAA4PlanVAA09ValidatedG7RequestV_0A8Geometry14SamplingBudgetVztAA15ValidationErrorVYKFZTf4nnd_n",
    "encode": "$s14FlightplanWire0B6ObjectPAAE5write2at2toySPyxG_0A4JSON10JSONWriterVztFZ0A4Core4PlanV_Tt1g5",
}


def unspecialized(symbol):
    """`symbol` without a function signature specialization's suffix (`Tf4nnd_n`), which the optimizer adds or drops as
    the function's callers change."""
    return re.sub(r"Tf\d[0-9a-z_]*_n$", "", symbol)


def serve_command(binary):
    """`flightplan serve` on one thread at the default log level, its port `PORT`."""
    return [binary, "serve", "--port", "PORT", "--threads", "1", "--log-level", "info"]


def profile(command, bodies, out, environment=None):
    """Runs the server `command` (its port `PORT`) under callgrind (with `environment` added), sends `bodies` over one
    connection, stops it; the profile's totals."""
    port = free_port()
    server = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                               *[str(port) if part == "PORT" else part for part in command]],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env={**os.environ, **(environment or {})})
    deadline = time.time() + 120
    while True:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            connection.request("GET", "/healthz")
            connection.getresponse().read()
            break
        except OSError:
            if time.time() > deadline:
                server.kill()
                sys.exit("the server did not start under valgrind")
            time.sleep(0.5)
    for body in bodies:
        connection.request("POST", "/v1/plans", body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        assert response.status == 200, response.status
    connection.close()
    server.terminate()
    stderr = server.communicate()[1]
    total = int(re.search(r"Collected : (\d+)", stderr)[1])
    annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out], capture_output=True, text=True).stdout
    counts = {}
    for line in annotated.splitlines():
        cleared = re.match(r"\s*([\d,]+) \([ \d.]+%\)\s+\S*?:__memset\w*", line)
        if cleared:
            counts["pool"] = max(counts.get("pool", 0), int(cleared[1].replace(",", "")))
        match = re.match(r"\s*([\d,]+) \([ \d.]+%\)\s+\S*?:(\$\S+)", line)
        if match:
            name, count = match[2], int(match[1].replace(",", ""))
            for part, symbol in [("endpoint", ENDPOINT), *STEPS.items()]:
                if unspecialized(name) == unspecialized(symbol):
                    counts[part] = max(counts.get(part, 0), count)
    return total, counts


def measure(binary, requests=400, sampling="keyframes", environment=None, workload=None):
    """Instructions per request, by part (``PARTS``' keys), over `requests` distinct requests (sharedFrame's at
    `sampling`, or http_bench's `workload`), the server run with `environment` added."""
    if not shutil.which("valgrind") or not shutil.which("callgrind_annotate"):
        sys.exit("server_instructions.py needs valgrind: apt-get install -y valgrind")
    warmup = 10
    bodies = (distinct_requests(warmup + requests, None, sampling) if workload is None
              else workload_requests(workload, warmup + requests))
    with tempfile.TemporaryDirectory() as scratch:
        few = profile(serve_command(binary), bodies[:warmup], os.path.join(scratch, "few"), environment)
        many = profile(serve_command(binary), bodies, os.path.join(scratch, "many"), environment)
    missing = [name for name in ["endpoint", *STEPS] if name not in many[1]]
    if missing:
        sys.exit(f"no function for {', '.join(missing)} in the profile: a signature changed; update the names in {__file__}")
    return per_request(few, many, requests)


def per_request(few, many, requests):
    """Each part's instructions a request: the difference of two profiles (``profile``'s totals)
    over the `requests` between them."""
    parts = {"whole": (many[0] - few[0]) / requests}
    for name in ["endpoint", *STEPS, "pool"]:
        parts[name] = (many[1].get(name, 0) - few[1].get(name, 0)) / requests
    parts["rest"] = parts["whole"] - parts["endpoint"]
    parts["endpoint rest"] = parts["endpoint"] - sum(parts[name] for name in STEPS)
    return parts


def measure_floor(binary, requests, workload):
    """Instructions per request in the floor (built beside `binary`), answering the median-sized of flightplan's answers
    to `workload`'s first requests, over `requests` of `workload`'s requests: its every part but ``rest`` and ``pool`` is 0."""
    floor = build_floor(binary)
    warmup = 10
    bodies = workload_requests(workload, warmup + requests)
    answers = sorted((subprocess.run([binary, "plan"], input=body.encode(), capture_output=True, check=True).stdout.rstrip(b"\n")
                      for body in bodies[:50]), key=len)
    with tempfile.TemporaryDirectory() as scratch:
        response = os.path.join(scratch, "answer.json")
        with open(response, "wb") as file:
            file.write(answers[len(answers) // 2])
        command = [floor, "PORT", "1", response]
        few = profile(command, bodies[:warmup], os.path.join(scratch, "few"))
        many = profile(command, bodies, os.path.join(scratch, "many"))
    return per_request(few, many, requests)


# The table's rows: a part's key and what it is.
PARTS = [("whole", "the whole request in user space"), ("endpoint", "the endpoint: body in, answer out"),
         ("parse", "— parsing the body"), ("decode", "— reading it into a request"), ("validate", "— validating it"),
         ("plan", "— planning"), ("encode", "— writing the answer"),
         ("endpoint rest", "— the rest of it: handing the answer over, freeing the request and plan"),
         ("rest", "the rest: libmicrohttpd, the daemon, router, access log and metrics"),
         ("pool", "— of which libmicrohttpd clearing the connection's memory (memset, counted a byte an instruction)")]


def spans_columns(binary, requests):
    """The 31-keyframe requests without and with span export to an OTLP receiver in this process, as table columns."""
    receiver = SpanReceiver()
    return [(title, measure(binary, requests, "keyframes", environment))
            for title, environment in [("31 keyframes", None), ("spans exported", {"OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url})]]


def workload_columns(binary, requests, workloads):
    """One column a workload, then the floor's over the first workload's requests."""
    return ([(workload, measure(binary, requests, workload=workload)) for workload in workloads]
            + [(f"floor ({workloads[0]})", measure_floor(binary, requests, workloads[0]))])


def table(columns):
    """A Markdown table of instructions per request: one column per (title, parts) in `columns`."""
    lines = ["| part | " + " | ".join(title for title, _ in columns) + " |", "|---|" + "---:|" * len(columns)]
    for key, label in PARTS:
        lines.append(f"| {label} | " + " | ".join(f"{parts[key] / 1000:,.1f}k" if parts[key] else "—" for _, parts in columns) + " |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build", "release", "flightplan"))
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--spans", action="store_true", help="31 keyframes without and with span export, instead of both samplings")
    parser.add_argument("--workloads", metavar="LIST", help="http_bench's workloads instead (e.g. sharedFrame,zoom,mixed): "
                        "each style's requests as users send them, one column each")
    arguments = parser.parse_args()
    if arguments.spans:
        print(table(spans_columns(arguments.binary, arguments.requests)))
        return
    if arguments.workloads:
        print(table(workload_columns(arguments.binary, arguments.requests, arguments.workloads.split(","))))
        return
    print(table([(f"{sampling} sampling", measure(arguments.binary, arguments.requests, sampling)) for sampling in ["keyframes", "default"]]))


if __name__ == "__main__":
    main()
