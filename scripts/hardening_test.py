#!/usr/bin/env python3
"""Hardening regressions against the release binary, each a probe an attacker tried (issues 18 and 26):
exclusive ports, RFC 9112 framing and targets, head limits, answers nobody reads, log forging, a log pipe nobody
reads, bounded batches, the admin listener under saturation, draining under load, and a forced stop's exit status. Prints a figure for each.

Usage: hardening_test.py path/to/flightplan
"""
import json
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import threading
import time

BINARY = os.path.abspath(sys.argv[1])
results = {"passed": 0, "failed": 0}
GEOMETRY = '"source": {"frame": {"x": 16, "y": 220, "width": 120, "height": 160}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}'
# The largest batch one output budget accepts, in bytes: the snapshot example (a container, two snapshots, two child
# pairs of two snapshots each and the screens, whose keyframes carry a transform, a mask, a radius or an opacity: the
# most bytes per budgeted keyframe of the examples), 5 times, each at the most keyframes its share of the budget
# leaves: 5 × (tracks × keyframes + easing stops) ≤ 50 000 points (9 tracks × 1 108 + 26 stops, a 9.9 MB answer;
# counted from the plan, so that a track or a stop more or less keeps it the largest).
SNAPSHOT = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "snapshot.json")))


def budget_share(request, items):
    """The most fixed keyframes each of `items` copies of `request` can have in one batch: the output budget (50 000
    keyframes and `easing.css` stops) shared by the items, less each plan's stops, over each plan's tracks."""
    body = json.dumps(dict(request, sampling={"keyframes": 2})).encode()
    plan = json.loads(subprocess.run([BINARY, "plan"], input=body, capture_output=True, check=True).stdout)
    stops = plan["easing"]["css"].count(",") + 1 if plan["easing"].get("css", "").startswith("linear(") else 0
    return (50_000 // items - stops) // len(plan["tracks"])


LARGEST_BATCH = json.dumps({"requests": [dict(SNAPSHOT, sampling={"keyframes": budget_share(SNAPSHOT, 5)})] * 5})


def check(condition, name, detail=""):
    results["passed" if condition else "failed"] += 1
    print(f"{'ok  ' if condition else 'FAIL'} {name} {detail}", flush=True)


class Server:
    def __init__(self, *args, stderr=subprocess.DEVNULL):
        self.process = subprocess.Popen([BINARY, "serve", "--port", "0", *args], stdout=subprocess.PIPE, stderr=stderr, text=True)
        line = self.process.stdout.readline()
        self.port = int(re.search(r"listening on http://[^ ]+:(\d+) ", line).group(1))
        admin = re.search(r"admin on http://[^ ]+:(\d+)", line)
        self.admin = int(admin.group(1)) if admin else None

    def cpu_seconds(self):
        fields = open(f"/proc/{self.process.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mib(self):
        return int(re.search(r"VmRSS:\s+(\d+)", open(f"/proc/{self.process.pid}/status").read()).group(1)) / 1024

    def peak_rss_mib(self):
        return int(re.search(r"VmHWM:\s+(\d+)", open(f"/proc/{self.process.pid}/status").read()).group(1)) / 1024

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(20)


def exchange(port, data, timeout=2.0):
    """Sends raw bytes and reads until the server closes or goes quiet; returns (status lines, closed)."""
    received, closed = received_bytes(port, data, timeout)
    return re.findall(rb"HTTP/1\.[01] (\d{3})", received), closed


def received_bytes(port, data, timeout=2.0):
    """Sends raw bytes and reads until the server closes or goes quiet; returns (bytes received, closed)."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    connection.sendall(data)
    received, closed = b"", False
    try:
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                closed = True
                break
            received += chunk
    except socket.timeout:
        pass
    except ConnectionResetError:
        closed = True
    connection.close()
    return received, closed


def one_problem(port, data, status):
    """Whether `data` gets exactly one answer, a `status` problem+json, and the connection closed; and a figure."""
    received, closed = received_bytes(port, data)
    heads = re.findall(rb"HTTP/1\.[01] (\d{3})", received)
    ok = heads == [status.encode()] and b"\r\nContent-Type: application/problem+json\r\n" in received and closed
    return ok, f"({len(heads)} head{'s' if len(heads) != 1 else ''}: {b', '.join(heads).decode()}, {len(received)} bytes, closed {closed})"


def post(port, path, body, timeout=30):
    data = body.encode()
    head = f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\nConnection: close\r\n\r\n"
    connection = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    connection.sendall(head.encode() + data)
    received = b""
    while True:
        chunk = connection.recv(1 << 20)
        if not chunk:
            break
        received += chunk
    connection.close()
    head, _, body = received.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


def get_latency(port, path="/healthz"):
    started = time.monotonic()
    statuses, _ = exchange(port, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode(), timeout=5)
    return time.monotonic() - started, statuses[:1] == [b"200"]


def exclusive_port():
    first = Server()
    second = subprocess.run([BINARY, "serve", "--port", str(first.port)], capture_output=True, text=True, timeout=10)
    lines = second.stderr.strip().splitlines()
    check(second.returncode != 0 and len(lines) == 1 and "in use" in lines[0],
          "a second instance on a busy port exits non-zero with one line", f"(exit {second.returncode}: {lines})")
    first.stop()
    shared = Server("--reuse-port")
    third = subprocess.Popen([BINARY, "serve", "--port", str(shared.port), "--reuse-port"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = third.stdout.readline()
    check("listening on" in line, "with --reuse-port on both, a second instance shares the port", f"({line.strip()})")
    third.send_signal(signal.SIGTERM)
    third.wait(20)
    shared.stop()


def framing_and_targets(port):
    plan = b'{"source": {"frame": {"x": 1, "y": 1, "width": 9, "height": 9}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 99, "height": 99}}}'
    cases = [
        ("%00 in the path", b"GET /metrics%00.css HTTP/1.1\r\nHost: x\r\n\r\n", b"400"),
        ("%0a in the path (log forging)", b"GET /x%0a2026-01-01T00:00:00+0000%20info%20flightplan:%20FORGED HTTP/1.1\r\nHost: x\r\n\r\n", b"400"),
        ("a space before the colon of Content-Length", b"POST /v1/plans HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length : 2\r\n\r\n{}", b"400"),
        ("no Host on HTTP/1.1", b"GET /healthz HTTP/1.1\r\n\r\n", b"400"),
        ("two Host headers", b"GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", b"400"),
        ("a bare CR in a header value", b"GET /healthz HTTP/1.1\r\nHost: a\r\nX-A: a\rb\r\n\r\n", b"400"),
    ]
    for name, data, expected in cases:
        statuses, closed = exchange(port, data)
        check(statuses == [expected] and closed, f"{name}: one {expected.decode()} and the connection closed", f"({statuses}, closed {closed})")
    statuses, _ = exchange(port, b"POST http://example.com/v1/plans HTTP/1.1\r\nHost: example.com\r\nContent-Type: application/json\r\nContent-Length: "
                           + str(len(plan)).encode() + b"\r\nConnection: close\r\n\r\n" + plan)
    check(statuses == [b"200"], "an absolute-form target is served", f"({statuses})")
    # libmicrohttpd 0.9.75 refuses a Content-Length it cannot parse before any callback (its HTML 400, the head
    # written twice; nginx in front answers these itself, see proxy_test.py): refused, closed, never executed.
    for length in [b"+2", b"0x2", b"-1", b"2, 2", b"12345678901234567890", b"123456789012345678901", b"2 2", b" 2 "]:
        received, closed = received_bytes(port, b"POST /v1/plans HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " + length + b"\r\n\r\n{}")
        heads = re.findall(rb"HTTP/1\.[01] (\d{3})", received)
        check(heads and set(heads) <= {b"400", b"413"} and closed and b'"style"' not in received,
              f"Content-Length {length.decode()!r}: 400 (413 past 20 digits) from libmicrohttpd, closed, never executed", f"({len(heads)} heads, closed {closed})")
    for name, value in [("a NUL", b"a\x00b"), ("a NUL ending it", b"a\x00"), ("a control character", b"a\x01b")]:
        ok, figure = one_problem(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: " + value + b"\r\nAccept: */*\r\n\r\n", "400")
        check(ok, f"{name} in a header value: one 400 problem, closed", figure)
    ok, figure = one_problem(port, b"GET /healthz\x00.css HTTP/1.1\r\nHost: x\r\n\r\n", "400")
    check(ok, "a raw NUL in the request target: one 400 problem, closed (it was served as /healthz)", figure)


def head_limits(port):
    """Every head within 8 KiB and 100 fields is answered (500 query parameters got no answer at all); past
    them, one 431 problem."""
    query = "&".join(f"p{i}=1" for i in range(500))
    statuses, _ = exchange(port, f"GET /healthz?{query} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    check(statuses == [b"200"], "GET /healthz with 500 query parameters (a 3.4 kB line) is answered 200", f"({statuses})")
    base = b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Pad: "
    for size, status in [(8192, "200"), (8193, "431"), (16384, "431")]:
        data = base + b"a" * (size - len(base) - 4) + b"\r\n\r\n"
        if status == "200":
            statuses, _ = exchange(port, data)
            ok, figure = statuses == [b"200"], f"({statuses})"
        else:
            ok, figure = one_problem(port, data, status)
        check(ok, f"a {size}-byte head: {status}{' problem, closed' if status != '200' else ''}", figure)
    fields = b"".join(b"X-F%d: 1\r\n" % i for i in range(100))
    ok, figure = one_problem(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + fields + b"\r\n", "431")
    check(ok, "101 header fields: one 431 problem, closed", figure)


def unread_answers(clients=12):
    """`clients` connections each ask for the largest accepted batch (a 9.9 MB answer) and never read: the answers
    they leave queued are bounded by --max-queued-response-bytes (32 MiB), the rest get 503 + Retry-After. What the
    process holds afterwards is those queued answers and little else: the refused answers' memory goes back to the
    system (glibc kept it in its heaps, 65 MiB in some runs, until `serve` fixed its mmap threshold)."""
    server = Server("--threads", "2", "--log-level", "critical")
    most = LARGEST_BATCH
    request = (f"POST /v1/plans/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(most)}\r\n\r\n" + most).encode()
    get_latency(server.port)
    before = server.rss_mib()
    idle = []
    for _ in range(clients):
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        connection.sendall(request)
        idle.append(connection)
    settled, cpu = time.monotonic(), server.cpu_seconds()
    while time.monotonic() - settled < 30:
        time.sleep(1)
        if server.cpu_seconds() - cpu < 0.05:
            break
        cpu = server.cpu_seconds()
    held, peak = server.rss_mib(), server.peak_rss_mib()
    latency, ok = get_latency(server.port)
    refused = 0
    for connection in idle:
        connection.settimeout(0.5)
        try:
            refused += connection.recv(12) == b"HTTP/1.1 503"
        except OSError:
            pass
        connection.close()
    server.stop()
    check(held - before <= 32 + 16 and ok and refused > 0,
          f"{clients} clients that never read their 9.9 MB answers: RSS grows by at most the 32 MiB budget + 16 MiB, /healthz still answers",
          f"(RSS {before:.0f} → {held:.0f} MiB, peak {peak:.0f} MiB, {refused} answered 503, /healthz {latency * 1000:.1f} ms)")


def per_client_limit():
    server = Server("--max-connections-per-client", "3")
    held = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(3)]
    time.sleep(0.2)
    statuses, closed = exchange(server.port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    for connection in held:
        connection.close()
    time.sleep(0.2)
    after, _ = exchange(server.port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    server.stop()
    check(not statuses and closed and after == [b"200"], "--max-connections-per-client 3: a fourth connection from one address is closed, and served once one frees",
          f"({statuses}, then {after})")


def oversized_chunked(port):
    """A 20 MiB chunked body (over the 16 MiB discard limit) still gets a readable 413 problem."""
    chunk = b" " * 65536
    connection = socket.create_connection(("127.0.0.1", port), timeout=30)
    connection.sendall(b"POST /v1/plans HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
    for _ in range(20 * 16):
        connection.sendall(b"10000\r\n" + chunk + b"\r\n")
    connection.sendall(b"0\r\n\r\n")
    received = b""
    while b"\r\n\r\n" not in received or not received.rstrip().endswith(b"}"):
        data = connection.recv(65536)
        if not data:
            break
        received += data
    connection.close()
    check(received.startswith(b"HTTP/1.1 413") and b"application/problem+json" in received, "a 20 MiB chunked body gets a readable 413 problem",
          f"({received[:12]!r})")


def logfmt_pairs(line):
    """The key=value pairs of a logfmt line, quoted values unquoted; words without '=' are skipped."""
    pairs, index = [], 0
    while index < len(line):
        if line[index] == " ":
            index += 1
            continue
        start = index
        while index < len(line) and line[index] not in ' ="':
            index += 1
        key, has_value = line[start:index], index < len(line) and line[index] == "="
        index += has_value
        value = ""
        if index < len(line) and line[index] == '"':
            index += 1
            while index < len(line) and line[index] != '"':
                if line[index] == "\\" and index + 1 < len(line):
                    index += 1
                value += line[index]
                index += 1
            index += 1
        else:
            while index < len(line) and line[index] != " ":
                value += line[index]
                index += 1
        if key and has_value:
            pairs.append((key, value))
    return pairs


def log_forging():
    server = Server("--log-level", "info", stderr=subprocess.PIPE)
    exchange(server.port, b"GET /x%0a2026-01-01T00:00:00+0000%20info%20flightplan:%20FORGED HTTP/1.1\r\nHost: x\r\n\r\n")
    exchange(server.port, b"GET /y\x1b[31m HTTP/1.1\r\nHost: x\r\n\r\n")
    # Fields of its own in the path: a status, route and request id, and a trace without any traceparent.
    exchange(server.port, b"GET /x%20status=200%20route=/healthz%20request_id=forged%20trace_id=4bf92f3577b34da6a3ce929d0e0e4736%20%22 HTTP/1.1\r\n"
                          b"Host: x\r\nX-Request-Id: real-1\r\n\r\n")
    server.stop()
    log = server.process.stderr.read()
    forged = [line for line in log.splitlines() if line.startswith("2026-01-01T00:00:00+0000")]
    check(not forged and "\x1b" not in log, "no request can write a line or an escape sequence of its own into the log", f"({len(log.splitlines())} lines)")
    refused = [line for line in log.splitlines() if " 400" in line and "path=" in line]
    check(any('path="/x\\\\x0A2026-01-01T00:00:00+0000 info flightplan: FORGED"' in line for line in refused),
          "a path refused for a control character is logged as sent, escaped and quoted", f"({refused[:1]})")
    lines = [line for line in log.splitlines() if "real-1" in line]
    pairs = logfmt_pairs(lines[0]) if len(lines) == 1 else []
    keys = [key for key, _ in pairs]
    fields = dict(pairs)
    check(pairs and len(keys) == len(set(keys)) and fields.get("status") == "404" and fields.get("route") == "unmatched"
          and fields.get("request_id") == "real-1" and "trace_id" not in fields
          and fields.get("path") == "/x status=200 route=/healthz request_id=forged trace_id=4bf92f3577b34da6a3ce929d0e0e4736 \"",
          "a path cannot add or repeat a field of its text access line: each key once, the server's values",
          f"({sorted(keys)}; {lines[:1]})")


def stalled_log(requests=3000):
    """Standard error a pipe nobody reads: every request is still answered at once, lines past the log buffer are
    dropped and counted in /metrics; once the pipe is read, the log goes on with a line saying how many were lost."""
    read_end, write_end = os.pipe()
    server = Server("--log-level", "info", stderr=write_end)
    os.close(write_end)
    # Each access line carries its 2 kB path: 3 000 of them are 6 MB of log, far past the pipe's 64 KiB and the
    # 1 MiB buffer (the log froze the public port after about 250 requests, 1.5-2.1 MiB of lines).
    long_path = "/" + "p" * 2048
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    reader = connection.makefile("rb")
    started, answered = time.monotonic(), 0
    try:
        for index in range(requests):
            path, status = ("/openapi.yaml", b"200") if index % 2 == 0 else (long_path, b"404")
            method = "HEAD" if status == b"200" else "GET"
            connection.sendall(f"{method} {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            head = reader.readline()
            length = 0
            while (line := reader.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:") and method == "GET":
                    length = int(line.split(b":")[1])
            reader.read(length)
            if head.split(b" ")[1:2] != [status]:
                break
            answered += 1
    except (socket.timeout, OSError, IndexError):
        pass
    elapsed = time.monotonic() - started
    connection.close()
    check(answered == requests, "with standard error never read, every request is answered", f"({answered} of {requests} in {elapsed:.1f} s)")
    metrics_text = received_bytes(server.port, b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", timeout=10)[0].decode(errors="replace")
    dropped = re.search(r"^flightplan_log_lines_dropped_total (\d+)$", metrics_text, re.M)
    check(dropped is not None and int(dropped.group(1)) > 0, "/metrics counts the log lines dropped", f"({dropped.group(0) if dropped else 'no such metric'})")
    # Now read the pipe: the log moves again, says what it lost, and a later request's line arrives.
    log = bytearray()
    done = threading.Event()

    def drain():
        while chunk := os.read(read_end, 1 << 16):
            log.extend(chunk)
        done.set()
    threading.Thread(target=drain, daemon=True).start()
    deadline = time.monotonic() + 15
    while b"lines dropped" not in log and time.monotonic() < deadline:
        time.sleep(0.05)
    exchange(server.port, b"GET /openapi.yaml HTTP/1.1\r\nHost: x\r\nX-Request-Id: after-the-stall\r\nConnection: close\r\n\r\n", timeout=10)
    while b"after-the-stall" not in log and time.monotonic() < deadline:
        time.sleep(0.05)
    text = log.decode(errors="replace")
    notice = re.search(r"(\d+) log lines dropped", text)
    check(notice is not None and "after-the-stall" in text[notice.end():],
          "once the pipe is read the log resumes: a line says how many were dropped, and later lines follow",
          f"({notice.group(0) if notice else 'no notice'}; {len(text.splitlines())} lines read)")
    code = server.stop()
    done.wait(10)
    os.close(read_end)
    check(code == 0, "the server then stops cleanly", f"(exit {code})")


def bounded_batches():
    server = Server("--threads", "2")
    fixed = "{" + GEOMETRY + ', "sampling": {"keyframes": 10000}}'
    started = time.monotonic()
    status, body = post(server.port, "/v1/plans/batch", '{"requests": [' + ",".join([fixed] * 256) + "]}")
    check(status == 422 and json.loads(body)["field"] == "requests", "256 × 10 000 keyframes: refused whole, naming requests",
          f"({time.monotonic() - started:.3f} s)")
    costly = "{" + GEOMETRY + ', "timing": {"duration": 60, "curve": {"spring": {"dampingRatio": 0.01}}}, "sampling": {"tolerance": 0.01}}'
    worst = '{"requests": [' + ",".join([costly] * 256) + "]}"
    cpu, rss = server.cpu_seconds(), server.peak_rss_mib()
    status, _ = post(server.port, "/v1/plans/batch", worst)
    spent, grown = server.cpu_seconds() - cpu, server.peak_rss_mib() - rss
    check(status == 200 and spent <= 0.5, "256 items that each exhaust the tolerance budget cost at most 0.5 s of CPU", f"({spent:.2f} s)")
    status, body = post(server.port, "/v1/plans/batch", LARGEST_BATCH)
    grown = max(grown, server.peak_rss_mib() - rss)
    check(status == 200 and b'"problem"' not in body and len(body) > 9e6 and grown <= 64, "the largest accepted batch raises peak RSS by at most 64 MiB",
          f"({len(body) / 1e6:.1f} MB answer, peak RSS +{grown:.0f} MiB)")
    server.stop()


def overshooting_plans():
    """The 241-byte request that killed the process by SIGILL (a spring overshoot scaling the content to 10²⁹ trapped
    the CSS/SVG/WAAPI number printer): every route to an export answers 422 naming timing.curve, and the server lives."""
    server = Server()
    crash = ('{"source":{"frame":{"x":16,"y":220,"width":120,"height":160}},"destination":{"bounds":{"x":0,"y":0,"width":390,"height":844}},'
             '"timing":{"duration":60,"curve":{"spring":{"dampingRatio":0.3,"initialVelocity":100}}},"sampling":{"keyframes":50}}')
    answers = [post(server.port, f"/v1/plans?format={name}", crash) for name in ("css", "svg", "waapi", "lottie", "core-animation")]
    answers.append(post(server.port, "/v1/plans/batch?format=css", '{"requests": [' + crash + "]}"))
    data = crash.encode()
    for accept in ("text/css", "image/svg+xml"):
        head = (f"POST /v1/plans HTTP/1.1\r\nHost: x\r\nAccept: {accept}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n")
        received = received_bytes(server.port, head.encode() + data, timeout=10)[0]
        answers.append((int(received.split(b" ", 2)[1]) if received else 0, received.partition(b"\r\n\r\n")[2]))
    refused = [status == 422 and b'"field":"timing.curve"' in body for status, body in answers[:5] + answers[6:]]
    batch_status, batch_body = answers[5]
    alive = get_latency(server.port)[1] and server.process.poll() is None
    check(all(refused) and batch_status == 200 and b'"field":"timing.curve"' in batch_body and alive,
          "the overshooting spring: 422 naming timing.curve through every export, Accept and the batch; the server lives",
          f"({sum(refused)} of {len(refused)} refused, batch {batch_status})")
    server.stop()


def admin_listener():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
    server = Server("--threads", "2", "--admin-port", "0", "--max-connections", "1024")
    idle = []
    for _ in range(2000):
        try:
            idle.append(socket.create_connection(("127.0.0.1", server.port), timeout=5))
        except OSError:
            break
    time.sleep(0.5)
    latencies = [get_latency(server.admin) for _ in range(20)]
    worst = max(latency for latency, _ in latencies)
    check(all(ok for _, ok in latencies) and worst <= 0.05, f"with {len(idle)} idle connections on the main port, the admin port answers within 50 ms",
          f"(max {worst * 1000:.1f} ms)")
    for connection in idle:
        connection.close()
    costly = "{" + GEOMETRY + ', "timing": {"duration": 60, "curve": {"spring": {"dampingRatio": 0.01}}}, "sampling": {"tolerance": 0.01}}'
    worst_body = '{"requests": [' + ",".join([costly] * 256) + "]}"
    load = [threading.Thread(target=lambda: [post(server.port, "/v1/plans/batch", worst_body) for _ in range(3)]) for _ in range(4)]
    for thread in load:
        thread.start()
    probes = []
    while any(thread.is_alive() for thread in load):
        probes.append(get_latency(server.admin))
        time.sleep(0.02)
    for thread in load:
        thread.join()
    worst = max(latency for latency, _ in probes)
    check(all(ok for _, ok in probes) and worst <= 0.1, "with two worst-case batches in flight per worker, /healthz on the admin port answers within 100 ms",
          f"({len(probes)} probes, max {worst * 1000:.1f} ms)")
    server.stop()


def slow_clients(count=500, deadline=2.0):
    """`count` clients trickle a header line every half second; all must be cut within deadline + 1 s while
    a well-behaved client on the same port keeps being answered."""
    server = Server("--header-timeout", str(deadline), "--connection-timeout", "60", "--log-level", "critical")
    slow = []
    opened = time.monotonic()
    for _ in range(count):
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        connection.setblocking(False)
        slow.append(connection)
    probes, failures, done = [0], [0], threading.Event()

    def probe():
        while not done.is_set():
            _, ok = get_latency(server.port)
            probes[0] += 1
            failures[0] += not ok
            time.sleep(0.05)

    prober = threading.Thread(target=probe, daemon=True)
    prober.start()
    open_ones = list(slow)
    while open_ones and time.monotonic() - opened < deadline + 5:
        still = []
        for connection in open_ones:
            try:
                if connection.recv(1) == b"":
                    continue
            except BlockingIOError:
                pass
            except OSError:
                continue
            try:
                connection.send(b"X-Trickle: 1\r\n")
                still.append(connection)
            except OSError:
                pass
        open_ones = still
        time.sleep(0.1)
    elapsed = time.monotonic() - opened
    done.set()
    prober.join()
    for connection in slow:
        connection.close()
    server.stop()
    check(not open_ones and elapsed <= deadline + 1, f"{count} trickling clients are all cut within the {deadline:g} s head deadline + 1 s",
          f"({elapsed:.2f} s, {len(open_ones)} left)")
    check(failures[0] == 0 and probes[0] > 0, "a well-behaved client meanwhile sees no errors", f"({probes[0]} requests)")


class Client(threading.Thread):
    """Plans on keep-alive connections as fast as it can, reconnecting after `Connection: close`. A refused
    connect ends it (the listener is shut down); a connection the server accepted that ends without the answer to
    a request sent on it is a failure, a fresh one reset before its first answer included: once the drain has
    begun, no connection may be accepted only to be reset."""

    def __init__(self, port, request):
        super().__init__(daemon=True)
        self.port, self.request, self.answered, self.failures, self.reasons = port, request, 0, 0, []

    def run(self):
        while True:
            try:
                connection = socket.create_connection(("127.0.0.1", self.port), timeout=10)
            except OSError:
                return
            fresh = [True]
            try:
                while self.exchange(connection, fresh):
                    pass
            except OSError as error:
                self.failures += 1
                self.reasons.append(("a fresh connection: " if fresh[0] else "") + repr(error))
            connection.close()

    def exchange(self, connection, fresh):
        """One request and its whole answer; False when the server asked to close. `fresh[0]` stays true until the
        first byte of an answer arrives on the connection."""
        connection.sendall(self.request)
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = connection.recv(65536)
            if not chunk:
                raise ConnectionResetError("closed before the answer")
            fresh[0] = False
            received += chunk
        head, _, body = received.partition(b"\r\n\r\n")
        length = int(re.search(rb"(?i)content-length: (\d+)", head).group(1))
        while len(body) < length:
            chunk = connection.recv(65536)
            if not chunk:
                raise ConnectionResetError("closed in the answer")
            body += chunk
        self.answered += 1
        return not re.search(rb"(?i)connection: close", head)


def draining_under_load(rounds=20):
    body = ("{" + GEOMETRY + "}").encode()
    request = b"POST /v1/plans HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
    failures, answered, unclean, reasons = 0, 0, 0, set()
    for _ in range(rounds):
        server = Server("--threads", "2", "--log-level", "critical")
        clients = [Client(server.port, request) for _ in range(16)]
        for client in clients:
            client.start()
        time.sleep(0.7)
        unclean += server.stop() != 0
        for client in clients:
            client.join(10)
        failures += sum(client.failures for client in clients)
        reasons.update(reason for client in clients for reason in client.reasons)
        answered += sum(client.answered for client in clients)
    check(failures == 0 and unclean == 0,
          f"{rounds} SIGTERMs under load from clients that honour Connection: close: no connection the server accepted ended unanswered, every exit clean",
          f"({answered} answers, {failures} failures{': ' + ', '.join(sorted(reasons)) if reasons else ''}, {unclean} unclean exits)")


def forced_stop():
    server = Server("--shutdown-grace", "0.5", "--log-level", "notice", stderr=subprocess.PIPE)
    connection = socket.create_connection(("127.0.0.1", server.port))
    connection.sendall(b"POST /v1/plans HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
    time.sleep(0.3)
    code = server.stop()
    log = server.process.stderr.read()
    check(code == 3 and "1 requests in flight were cut" in log, "a forced stop exits 3 and says how many requests it cut", f"(exit {code})")
    connection.close()


def ignored_signals():
    """SIGHUP, SIGUSR1 and SIGUSR2, whose default action ends a process at once, are logged and ignored: the largest
    batch in flight as each arrives (its body still coming, then its answer being read) completes 200, and the server
    serves on and stops cleanly on SIGTERM."""
    server = Server("--log-level", "notice", stderr=subprocess.PIPE)
    data = LARGEST_BATCH.encode()
    head = (f"POST /v1/plans/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n"
            "Connection: close\r\n\r\n").encode()
    outcomes = []
    for number in (signal.SIGHUP, signal.SIGUSR1, signal.SIGUSR2):
        received = b""
        try:
            connection = socket.create_connection(("127.0.0.1", server.port), timeout=30)
            connection.sendall(head + data[:-1])
            time.sleep(0.2)
            server.process.send_signal(number)
            time.sleep(0.3)
            connection.sendall(data[-1:])
            received = connection.recv(65536)
            server.process.send_signal(number)
            while chunk := connection.recv(1 << 20):
                received += chunk
            connection.close()
        except OSError:
            pass
        answer_head, _, body = received.partition(b"\r\n\r\n")
        length = re.search(rb"(?i)content-length: (\d+)", answer_head)
        status = int(answer_head.split(b" ", 2)[1]) if answer_head.startswith(b"HTTP/") else 0
        complete = status == 200 and length is not None and len(body) == int(length.group(1))
        alive = server.process.poll() is None and get_latency(server.port)[1]
        outcomes.append((signal.Signals(number).name, status, len(body), complete and alive))
    code = server.stop()
    log = server.process.stderr.read()
    noted = all(f"{name} ignored" in log for name, *_ in outcomes)
    check(all(ok for *_, ok in outcomes) and code == 0 and noted,
          "SIGHUP, SIGUSR1, SIGUSR2 during the largest batch: the answer completes 200, the server serves on, each signal logged",
          f"({', '.join(f'{name}: {status}, {size / 1e6:.1f} MB' for name, status, size, _ in outcomes)}; exit {code}, logged {noted})")


def main():
    exclusive_port()
    server = Server()
    framing_and_targets(server.port)
    head_limits(server.port)
    oversized_chunked(server.port)
    server.stop()
    unread_answers()
    per_client_limit()
    log_forging()
    stalled_log()
    bounded_batches()
    overshooting_plans()
    admin_listener()
    slow_clients()
    draining_under_load()
    forced_stop()
    ignored_signals()
    print(f"hardening: {results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


main()
