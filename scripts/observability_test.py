#!/usr/bin/env python3
"""What an operator reads, checked on the real binary (issue 30): JSON log lines parsed one by one (every line
from the startup line on, numbers as numbers, probes at debug, no libmicrohttpd warning) with a W3C trace id
followed from the request to its access line and its traceresponse, a span id random per request; /metrics
through promtool and the Prometheus client's parser (route-labelled histogram, process metrics, build info equal to --version); the exit
status and the lines of every way `serve` can fail to start; docs/operations.md's settings table against `serve --help`,
whose defaults come from the server's own configuration. Spans exported by OTLP/HTTP (issue 48): an OTLP receiver
on 127.0.0.1, written here with the official protobuf classes (opentelemetry-proto), decodes what the binary sends
and finds the caller's trace and parent span, the route, status, sizes and service name; the last spans are sent
on SIGTERM; a receiver that never answers slows no request, and the spans that do not fit are counted in /metrics.
Prints what it measured.

Usage: observability_test.py path/to/flightplan
"""
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BINARY = os.path.abspath(sys.argv[1])
results = {"passed": 0, "failed": 0}
PLAN = b'{"style": "zoom", "source": {"frame": {"x": 10, "y": 100, "width": 100, "height": 140}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}}'
TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
TRACEPARENT = f"00-{TRACE_ID}-00f067aa0ba902b7-01"


def check(condition, name, detail=""):
    results["passed" if condition else "failed"] += 1
    print(f"{'ok  ' if condition else 'FAIL'} {name} {detail}", flush=True)


def serve(*args, env=None):
    """Starts `flightplan serve` on free ports; returns the process and its first stdout line."""
    process = subprocess.Popen([BINARY, "serve", "--port", "0", "--admin-port", "0", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, **(env or {})})
    return process, process.stdout.readline()


def request(url, data=None, headers=None):
    """(status, headers, body) of one request; an HTTP error status is an answer too."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers or {}), timeout=10) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def json_logs():
    process, first = serve("--log-format", "json", "--log-level", "debug")
    startup = json.loads(first)
    port, admin = startup["port"], startup["admin_port"]
    check(isinstance(port, int) and startup["level"] == "notice" and startup["version"] and "listening on" in startup["message"],
          "the startup line is a JSON log line, its port a number", f"({first.strip()[:120]}…)")
    check(startup["threads"] == os.cpu_count(), "with no setting, one worker thread per core (os.cpu_count())",
          f"({startup['threads']} threads, {os.cpu_count()} cores)")
    json_headers = {"Content-Type": "application/json", "X-Request-Id": "obs-1", "traceparent": TRACEPARENT, "tracestate": "vendor=x"}
    status, headers, _ = request(f"http://127.0.0.1:{port}/v1/plans", PLAN, json_headers)
    answered = headers.get("traceresponse", "")
    check(status == 200 and answered.startswith(f"00-{TRACE_ID}-") and answered.endswith("-01"), "a traced plan answers traceresponse in its trace",
          f"({answered})")
    status, headers, _ = request(f"http://127.0.0.1:{port}/v1/plans", PLAN, {**json_headers, "X-Request-Id": "obs-2", "traceparent": "ff-" + TRACE_ID})
    check(status == 200 and "traceresponse" not in headers, "a malformed traceparent is ignored, not refused")
    request(f"http://127.0.0.1:{admin}/healthz")
    request(f"http://127.0.0.1:{admin}/metrics")
    process.send_signal(signal.SIGTERM)
    process.wait(20)
    lines = process.stderr.read().splitlines()
    parsed = []
    for line in lines:
        try:
            parsed.append(json.loads(line))
        except ValueError:
            pass
    check(lines and len(parsed) == len(lines), "every stderr line is one JSON object", f"({len(parsed)} of {len(lines)} lines)")
    by_id = {entry.get("request_id"): entry for entry in parsed}
    traced = by_id.get("obs-1", {})
    check(traced.get("trace_id") == TRACE_ID and answered.split("-")[2] == traced.get("span_id"),
          "the access line carries the trace id and the span the response named", f"({traced.get('trace_id')}, {traced.get('span_id')})")
    check(all(isinstance(traced.get(key), int) and not isinstance(traced.get(key), bool) for key in ("status", "bytes", "duration_us")),
          "status, bytes and duration_us are JSON numbers", f"(status {traced.get('status')!r}, {traced.get('duration_us')!r} µs)")
    check(traced.get("route") == "/v1/plans" and "trace_id" not in by_id.get("obs-2", {"trace_id": 1}), "route from the table; no trace id when none was valid")
    probes = [entry for entry in parsed if entry.get("route") in ("/healthz", "/metrics")]
    check(len(probes) == 2 and all(entry["level"] == "debug" for entry in probes), "probe and scrape access lines are at debug")
    check(not any("libmicrohttpd" in entry.get("message", "") for entry in parsed), "no libmicrohttpd warning at start")
    process, first = serve("--log-format", "json")
    admin = json.loads(first)["admin_port"]
    request(f"http://127.0.0.1:{admin}/readyz")
    process.send_signal(signal.SIGTERM)
    process.wait(20)
    check("readyz" not in process.stderr.read(), "at the default level (info) probes leave no line")


def span_ids():
    """Two requests with the same X-Request-Id and traceparent: each answer names a span of its own, random (16
    lower-case hex digits, not all zero), and each access line names its answer's span."""
    process, first = serve("--log-format", "json")
    port = json.loads(first)["port"]
    headers = {"Content-Type": "application/json", "X-Request-Id": "same-id", "traceparent": TRACEPARENT}
    spans = [request(f"http://127.0.0.1:{port}/v1/plans", PLAN, headers)[1].get("traceresponse", "").split("-")[2:3] for _ in range(2)]
    spans = [span[0] if span else "" for span in spans]
    process.send_signal(signal.SIGTERM)
    process.wait(20)
    logged = [json.loads(line).get("span_id") for line in process.stderr.read().splitlines() if '"same-id"' in line]
    check(len(set(spans)) == 2 and all(re.fullmatch(r"[0-9a-f]{16}", span) and span != "0" * 16 for span in spans),
          "the same request id and traceparent twice get two random span ids", f"({spans})")
    # The two access lines may be written in either order: each exchange is completed on whichever worker thread
    # libmicrohttpd runs it, after its client has its answer.
    check(sorted(logged) == sorted(spans), "each access line names the span its traceresponse named", f"({logged} for {spans})")


def metrics():
    version = subprocess.run([BINARY, "--version"], capture_output=True, text=True).stdout.strip()
    match = re.fullmatch(r"flightplan (\S+) \(revision (\S+)\)", version)
    check(match is not None, "--version names the version and revision", f"({version})")
    process, first = serve()
    admin = int(re.search(r"admin on http://[^ ]+:(\d+)", first).group(1))
    port = int(re.search(r"listening on http://[^ ]+:(\d+) ", first).group(1))
    planned = request(f"http://127.0.0.1:{port}/v1/plans", PLAN, {"Content-Type": "application/json"})[0]
    for path in ("/x/../../etc/passwd", "/%7Broute%7D", "/v1/plans/" + "a" * 300):
        request(f"http://127.0.0.1:{port}{path}")
    # A request is counted when libmicrohttpd reports its answer sent, which a client may read first.
    for _ in range(100):
        body = request(f"http://127.0.0.1:{admin}/metrics")[2]
        if b'route="/v1/plans"' in body and body.count(b'route="unmatched",le="+Inf"} 3') == 1:
            break
        time.sleep(0.05)
    process.send_signal(signal.SIGTERM)
    process.wait(20)
    text = body.decode()
    if shutil.which("promtool"):
        lint = subprocess.run(["promtool", "check", "metrics"], input=text, capture_output=True, text=True)
        check(lint.returncode == 0, "promtool check metrics is clean", (lint.stdout + lint.stderr).strip()[:300])
    else:
        check(False, "promtool is installed (Debian: prometheus)")
    from prometheus_client.parser import text_string_to_metric_families
    families = {family.name: family for family in text_string_to_metric_families(text)}
    durations = families["flightplan_http_request_duration_seconds"].samples
    routes = {sample.labels["route"] for sample in durations}
    table = set(re.findall(r"^  (/\S+):$", open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "openapi.yaml")).read(), re.M))
    check(planned == 200 and {"/v1/plans", "unmatched"} <= routes <= table | {"unmatched"},
          "the Prometheus parser reads the histogram, labelled by the contract's routes only (hostile paths: unmatched)", f"({sorted(routes)})")
    info = families["flightplan_build_info"].samples[0].labels
    check(match is not None and info == {"version": match.group(1), "revision": match.group(2)}, "flightplan_build_info agrees with --version", f"({info})")
    process_families = ["process_cpu_seconds", "process_resident_memory_bytes", "process_start_time_seconds", "process_open_fds"]
    check(all(name in families for name in process_families), "the standard process metrics are exposed",
          f"(RSS {families['process_resident_memory_bytes'].samples[0].value / 2**20:.1f} MiB, {families['process_open_fds'].samples[0].value:.0f} fds)")


def startup_failures():
    def run(*args, env=None):
        done = subprocess.run([BINARY, "serve", *args], capture_output=True, text=True, env={**os.environ, **(env or {})}, timeout=20)
        return done.returncode, done.stderr.splitlines()

    status, lines = run(env={"FLIGHTPLAN_THREADS": "0"})
    check(status == 64 and len(lines) == 1 and "threads must be 1…256, got 0" in lines[0], "an invalid setting: exit 64, one line", f"({status}: {lines})")
    status, lines = run("--log-format", "json", env={"FLIGHTPLAN_PORT": "http"})
    check(status == 64 and len(lines) == 1 and json.loads(lines[0])["level"] == "critical", "in JSON mode that line is JSON", f"({lines})")
    status, lines = run(env={"FLIGHTPLAN_LOG_FORMAT": "yaml"})
    check(status == 64 and lines == ["flightplan: log format must be text or json, got yaml"], "an unknown log format: exit 64, one plain line", f"({lines})")
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    status, lines = run("--port", str(busy.getsockname()[1]))
    busy.close()
    check(status == 1 and len(lines) == 1 and "cannot listen" in lines[0], "a busy port: exit 1, one line", f"({lines})")
    status, lines = run("--port", "eighty")
    check(status == 64 and lines[0].startswith("Error:"), "a flag that does not parse: exit 64 with the usage", f"({len(lines)} lines)")


class OTLPReceiver:
    """An OTLP/HTTP trace receiver on 127.0.0.1: every POST to /v1/traces is decoded with opentelemetry-proto's
    ExportTraceServiceRequest and kept with its path and headers; it answers 200 with an empty
    ExportTraceServiceResponse, as a collector does."""

    def __init__(self):
        from opentelemetry.proto.collector.trace.v1 import trace_service_pb2
        self.requests = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                decoded = trace_service_pb2.ExportTraceServiceRequest()
                decoded.ParseFromString(body)
                receiver.requests.append((self.path, dict(self.headers), decoded))
                answer = trace_service_pb2.ExportTraceServiceResponse().SerializeToString()
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def spans(self):
        """(resource attributes, span) of every span received."""
        found = []
        for _, _, request in self.requests:
            for resource_spans in request.resource_spans:
                resource = {kv.key: kv.value.string_value for kv in resource_spans.resource.attributes}
                found += [(resource, span) for scope in resource_spans.scope_spans for span in scope.spans]
        return found

    def close(self):
        self.server.shutdown()


def attributes(span):
    return {kv.key: getattr(kv.value, kv.value.WhichOneof("value")) for kv in span.attributes}


def exported_spans():
    """The real binary with OTEL_* set sends each answered request's server span to a receiver on 127.0.0.1."""
    from opentelemetry.proto.trace.v1 import trace_pb2
    receiver = OTLPReceiver()
    process, first = serve("--log-format", "json", env={
        "OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url, "OTEL_SERVICE_NAME": "flightplan-e2e", "OTEL_BSP_SCHEDULE_DELAY": "100",
        "OTEL_RESOURCE_ATTRIBUTES": "deployment.environment.name=test,team=motion%20ui", "OTEL_EXPORTER_OTLP_HEADERS": "x-tenant=team%20a"})
    port = json.loads(first)["port"]
    json_headers = {"Content-Type": "application/json", "X-Request-Id": "span-1", "traceparent": TRACEPARENT}
    status, headers, _ = request(f"http://127.0.0.1:{port}/v1/plans", PLAN, json_headers)
    own_span = headers.get("traceresponse", "--").split("-")[2]
    request(f"http://127.0.0.1:{port}/v1/plans", PLAN, {**json_headers, "X-Request-Id": "unsampled", "traceparent": TRACEPARENT[:-2] + "00"})
    request(f"http://127.0.0.1:{port}/v1/nothing", headers={"X-Request-Id": "root"})
    for _ in range(100):
        if len(receiver.spans()) >= 2:
            break
        time.sleep(0.05)
    process.send_signal(signal.SIGTERM)
    process.wait(20)
    access = {entry.get("request_id"): entry for entry in map(json.loads, process.stderr.read().splitlines()) if "request_id" in entry}
    spans = receiver.spans()
    by_id = {attributes(span).get("flightplan.request_id"): (resource, span) for resource, span in spans}
    resource, span = by_id.get("span-1", ({}, trace_pb2.Span()))
    path, sent_headers, _ = receiver.requests[0] if receiver.requests else ("", {}, None)
    check(path == "/v1/traces" and sent_headers.get("Content-Type") == "application/x-protobuf" and sent_headers.get("x-tenant") == "team a",
          "spans are POSTed to <OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces in protobuf, with OTEL_EXPORTER_OTLP_HEADERS", f"({path}, {sent_headers.get('x-tenant')!r})")
    check(span.trace_id.hex() == TRACE_ID and span.parent_span_id.hex() == TRACEPARENT.split("-")[2] and span.span_id.hex() == own_span,
          "the server span is the caller's child: its trace id and parent span id, the span traceresponse named",
          f"({span.trace_id.hex()}, parent {span.parent_span_id.hex()}, span {span.span_id.hex()})")
    found = attributes(span)
    check(span.name == "POST /v1/plans" and span.kind == trace_pb2.Span.SPAN_KIND_SERVER and found.get("http.route") == "/v1/plans"
          and found.get("http.response.status_code") == 200 and found.get("http.request.body.size") == len(PLAN)
          and found.get("http.response.body.size", 0) > 0 and span.end_time_unix_nano > span.start_time_unix_nano > 1.7e18,
          "name, kind, route, status, request and response sizes and times", f"({span.name}, {found})")
    check(resource.get("service.name") == "flightplan-e2e" and resource.get("team") == "motion ui" and resource.get("deployment.environment.name") == "test",
          "the resource carries OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES", f"({resource})")
    root = by_id.get("root", ({}, trace_pb2.Span()))[1]
    check("unsampled" not in by_id and len(root.trace_id) == 16 and root.trace_id.hex() != TRACE_ID and not root.parent_span_id
          and attributes(root).get("http.response.status_code") == 404 and "http.route" not in attributes(root),
          "an untraced request starts a trace of its own; a caller that did not sample is followed (parentbased_always_on)",
          f"({sorted(key for key in by_id)})")
    root_line, unsampled_line = access.get("root", {}), access.get("unsampled", {})
    check(root_line.get("trace_id") == root.trace_id.hex() and root_line.get("span_id") == root.span_id.hex()
          and unsampled_line.get("trace_id") == TRACE_ID,
          "the access line of a request that began a trace names its exported span (a traced one, its caller's trace)",
          f"({root_line.get('trace_id')}, {root_line.get('span_id')})")
    receiver.close()


def spans_flushed_on_shutdown():
    """With a 60 s schedule delay the span waits in the queue; SIGTERM sends it before the process ends."""
    receiver = OTLPReceiver()
    process, first = serve(env={"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": receiver.url + "/custom/path", "OTEL_BSP_SCHEDULE_DELAY": "60000"})
    port = int(re.search(r"listening on http://[^ ]+:(\d+) ", first).group(1))
    request(f"http://127.0.0.1:{port}/v1/plans", PLAN, {"Content-Type": "application/json", "traceparent": TRACEPARENT})
    time.sleep(0.5)
    before = len(receiver.requests)
    process.send_signal(signal.SIGTERM)
    status = process.wait(20)
    check(before == 0 and status == 0 and len(receiver.spans()) == 1 and receiver.requests[0][0] == "/custom/path",
          "spans are batched (none sent within the schedule delay) and flushed on SIGTERM, to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as is",
          f"({before} before SIGTERM, {len(receiver.spans())} after, exit {status})")
    receiver.close()


def stalled_receiver():
    """A receiver that accepts connections and never answers: requests are answered as fast as without one, the
    spans past the queue's bound are dropped and counted, the failed export is logged once and counted."""
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(64)
    process, first = serve(env={
        "OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{silent.getsockname()[1]}", "OTEL_BSP_MAX_QUEUE_SIZE": "4",
        "OTEL_BSP_MAX_EXPORT_BATCH_SIZE": "2", "OTEL_EXPORTER_OTLP_TIMEOUT": "1500", "OTEL_BSP_EXPORT_TIMEOUT": "1500"})
    admin = int(re.search(r"admin on http://[^ ]+:(\d+)", first).group(1))
    port = int(re.search(r"listening on http://[^ ]+:(\d+) ", first).group(1))
    started = time.monotonic()
    statuses = [request(f"http://127.0.0.1:{port}/v1/plans", PLAN, {"Content-Type": "application/json"})[0] for _ in range(40)]
    elapsed = time.monotonic() - started
    time.sleep(2)
    text = request(f"http://127.0.0.1:{admin}/metrics")[2].decode()
    dropped = int(re.search(r"^flightplan_spans_dropped_total (\d+)$", text, re.M).group(1))
    failed = int(re.search(r"^flightplan_span_exports_failed_total (\d+)$", text, re.M).group(1))
    process.send_signal(signal.SIGTERM)
    status = process.wait(20)
    log = process.stderr.read()
    silent.close()
    check(statuses == [200] * 40 and elapsed < 5, "a receiver that never answers holds up no request", f"(40 plans in {elapsed:.2f} s)")
    check(dropped >= 40 - 4 - 2 * 2 and failed >= 1 and log.count("span export failed") == 1 and status == 0,
          "the spans past OTEL_BSP_MAX_QUEUE_SIZE are dropped and counted; the failed export is counted and logged once",
          f"({dropped} dropped, {failed} failed exports, exit {status})")


def tracing_refusals():
    """An OTEL_* setting Flightplan cannot honour stops `serve` with one line naming it; none set exports nothing."""
    for variable, value, words in [("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc", "http/protobuf"), ("OTEL_EXPORTER_OTLP_ENDPOINT", "https://collector:4318", "http only"),
                                   ("OTEL_TRACES_SAMPLER", "jaeger_remote", "built-in samplers")]:
        env = {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318", variable: value}
        done = subprocess.run([BINARY, "serve", "--port", "0"], capture_output=True, text=True, env={**os.environ, **env}, timeout=20)
        lines = done.stderr.splitlines()
        check(done.returncode == 64 and len(lines) == 1 and f"{variable}={value} is not supported" in lines[0] and words in lines[0],
              f"{variable}={value} is refused: exit 64, one line naming it", f"({lines})")


def settings_table():
    """docs/operations.md's table of `serve` settings says what `serve --help` says: each flag, its environment
    variable and its default (the help's defaults are the server's own, written once in ServerConfiguration)."""
    text = subprocess.run([BINARY, "serve", "--help"], capture_output=True, text=True, check=True).stdout
    options = " ".join(text.split("OPTIONS:", 1)[1].split())
    helped = {flag: (variable, default) for flag, variable, default in
              re.findall(r"--([a-z-]+)(?: <[a-z-]+>)? [^\[]*?\[env: (FLIGHTPLAN_[A-Z_]+)(?:=1)?\](?: \(default: ([^)]*)\))?", options)}
    table = os.path.join(os.path.dirname(__file__), "..", "docs", "operations.md")
    rows = re.findall(r"^\| `--([a-z-]+)`[^|]*\| `(FLIGHTPLAN_[A-Z_]+)(?:=1)?`[^|]*\| ([^|]*) \|$", open(table).read(), re.M)
    documented = {flag: (variable, cell) for flag, variable, cell in rows}
    check(set(helped) == set(documented) and len(helped) >= 16, "operations.md lists every serve setting, and only those",
          f"({sorted(set(helped) ^ set(documented))} differ)")
    disagreements = []
    for flag in sorted(set(helped) & set(documented)):
        (variable, default), (documented_variable, cell) = helped[flag], documented[flag]
        quoted = re.match(r"`([^`]*)`", cell)
        if variable != documented_variable or not (quoted.group(1) == default if quoted else not default or cell.startswith(default.removeprefix("the "))):
            disagreements.append(f"--{flag}: help {variable} {default!r}, table {documented_variable} {cell!r}")
    check(not disagreements, "each documented variable and default is the help's", f"({'; '.join(disagreements)})")

json_logs()
span_ids()
metrics()
startup_failures()
exported_spans()
spans_flushed_on_shutdown()
stalled_receiver()
tracing_refusals()

settings_table()
print(f"observability: {results['passed']} passed, {results['failed']} failed")
sys.exit(1 if results["failed"] else 0)
