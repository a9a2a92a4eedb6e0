#!/usr/bin/env python3
"""deploy/nginx/flightplan.conf for real: `nginx -t` on it, then nginx in front of the real server. Checks
plans through the proxy (the same bytes as direct), request-id propagation both ways, the body limit,
nginx's own refusals as problem+json (malformed Content-Length never reaches libmicrohttpd), and that
slow-header (slowloris) clients are cut by nginx within its 5 s header deadline while normal requests keep
flowing; the same clients sent straight to Flightplan are cut at its own 10 s head deadline. Also: /metrics is not
public; the documented Debian install (a site, the default site disabled) serves plans where conf.d does not; and
two replicas behind nginx lose no request while one is stopped with SIGTERM under load.

Usage: proxy_test.py path/to/flightplan
"""
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.abspath(sys.argv[1])
results = {"passed": 0, "failed": 0}


def check(condition, name, detail=""):
    results["passed" if condition else "failed"] += 1
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f" {detail}"), flush=True)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def request(url, body=None, headers=None):
    """(status, headers, body) of one request; HTTP errors are answers too."""
    call = urllib.request.Request(url, data=body, headers=headers or {}, method="POST" if body is not None else "GET")
    try:
        with urllib.request.urlopen(call, timeout=10) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def slow_clients(port, count, seconds):
    """Opens `count` connections that send a header byte every second; returns, per connection, how
    many seconds it stayed open (capped at `seconds`)."""
    lifetimes = [seconds] * count

    def trickle(index):
        start = time.monotonic()
        try:
            connection = socket.create_connection(("127.0.0.1", port), timeout=2)
            connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            while time.monotonic() - start < seconds:
                connection.sendall(b"a")
                connection.settimeout(1)
                try:
                    if connection.recv(4096) == b"":
                        break
                    break  # any answer (nginx's 408) also means the request was cut
                except socket.timeout:
                    pass
            connection.close()
        except OSError:
            pass
        lifetimes[index] = min(seconds, time.monotonic() - start)

    threads = [threading.Thread(target=trickle, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    return threads, lifetimes


def start_nginx(work, upstreams, proxy_port):
    """nginx running deploy/nginx/flightplan.conf in `work` on `proxy_port`, its upstream block listing `upstreams`."""
    site = open(os.path.join(ROOT, "deploy", "nginx", "flightplan.conf")).read()
    site = site.replace("server 127.0.0.1:8080;", "\n    ".join(f"server 127.0.0.1:{port};" for port in upstreams))
    site = site.replace("listen 80;", f"listen 127.0.0.1:{proxy_port};")
    site = site.replace("/var/log/nginx/", work + "/")
    open(os.path.join(work, "flightplan.conf"), "w").write(site)
    os.chmod(work, 0o777)
    user = "user root root;\n" if os.geteuid() == 0 else ""
    open(os.path.join(work, "nginx.conf"), "w").write(f"""{user}worker_processes 1;
pid {work}/nginx.pid;
error_log {work}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    client_body_temp_path {work}/body;
    proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi;
    uwsgi_temp_path {work}/uwsgi;
    scgi_temp_path {work}/scgi;
    include {work}/flightplan.conf;
}}
""")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    syntax = subprocess.run([nginx, "-t", "-p", work, "-c", f"{work}/nginx.conf", "-e", f"{work}/error.log"], capture_output=True, text=True)
    check(syntax.returncode == 0, "nginx -t accepts deploy/nginx/flightplan.conf", syntax.stderr)
    proxy = subprocess.Popen([nginx, "-p", work, "-c", f"{work}/nginx.conf", "-e", f"{work}/error.log", "-g", "daemon off;"])
    for _ in range(100):
        try:
            if request(f"http://127.0.0.1:{proxy_port}/readyz")[0] == 200:
                break
        except OSError:
            time.sleep(0.05)
    return proxy


def replica_shutdown(example):
    """Two replicas behind nginx, 8 clients posting plans through it, one replica stopped with SIGTERM midway:
    no request fails (nginx passes a draining replica's 503, or a refused connection, to the other)."""
    work = tempfile.mkdtemp(prefix="flightplan-replicas-")
    replicas = [subprocess.Popen([BINARY, "serve", "--port", "0", "--log-level", "warning"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
                for _ in range(2)]
    ports = [int(re.search(r":(\d+)", replica.stdout.readline()).group(1)) for replica in replicas]
    proxy_port = free_port()
    proxy = start_nginx(work, ports, proxy_port)
    statuses, lock, stop = [], threading.Lock(), threading.Event()

    def client():
        while not stop.is_set():
            status = request(f"http://127.0.0.1:{proxy_port}/v1/plans", example, {"Content-Type": "application/json"})[0]
            with lock:
                statuses.append(status)

    clients = [threading.Thread(target=client) for _ in range(8)]
    for thread in clients:
        thread.start()
    time.sleep(1)
    replicas[0].send_signal(signal.SIGTERM)
    stopped = replicas[0].wait(timeout=20)
    time.sleep(1)
    stop.set()
    for thread in clients:
        thread.join()
    proxy.terminate()
    proxy.wait(timeout=10)
    replicas[1].terminate()
    replicas[1].wait(timeout=15)
    shutil.rmtree(work, ignore_errors=True)
    failed = len([status for status in statuses if status != 200])
    check(stopped == 0 and statuses and failed == 0,
          f"two replicas behind nginx, one stopped with SIGTERM under load: {len(statuses)} requests, {failed} failed, exit {stopped}")


def debian_layout(nginx, upstream, example):
    """The install steps of flightplan.conf's header, in a copy of Debian's /etc/nginx (paths moved into a temporary
    directory, port 80 moved to a free one): dropped into conf.d with the default site enabled, the default site
    answers (the 404 a user would get); as a site with the default one disabled, plans come through."""
    if not os.path.exists("/etc/nginx/sites-available/default"):
        print("skip Debian layout: no /etc/nginx/sites-available/default here")
        return
    work = tempfile.mkdtemp(prefix="flightplan-debian-nginx-")
    root, port = os.path.join(work, "etc"), free_port()
    shutil.copytree("/etc/nginx", root, symlinks=True)
    def rewrite(path, extra=()):
        text = open(path).read().replace("/etc/nginx/", root + "/").replace("/var/log/nginx/", work + "/").replace("/run/nginx.pid", work + "/nginx.pid")
        text = re.sub(r"listen (\[::\]:)?80( default_server)?;", lambda m: "" if m.group(1) else f"listen 127.0.0.1:{port}{m.group(2) or ''};", text)
        for old, new in extra:
            text = text.replace(old, new)
        open(path, "w").write(text)
    rewrite(os.path.join(root, "nginx.conf"), [("user www-data;", "user root root;" if os.geteuid() == 0 else "")])
    rewrite(os.path.join(root, "sites-available", "default"))
    shutil.rmtree(os.path.join(root, "sites-enabled"))
    os.mkdir(os.path.join(root, "sites-enabled"))
    os.symlink("../sites-available/default", os.path.join(root, "sites-enabled", "default"))
    site = open(os.path.join(ROOT, "deploy", "nginx", "flightplan.conf")).read().replace("server 127.0.0.1:8080;", f"server 127.0.0.1:{upstream};")
    json_headers = {"Content-Type": "application/json"}

    def through():
        # (The conf.d layout makes nginx warn of two servers named "_" on one port: that is the failure shown.)
        subprocess.run([nginx, "-t", "-q", "-c", f"{root}/nginx.conf", "-e", f"{work}/error.log"], check=True, stderr=subprocess.DEVNULL)
        proxy = subprocess.Popen([nginx, "-c", f"{root}/nginx.conf", "-e", f"{work}/error.log", "-g", "daemon off;"], stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    return request(f"http://127.0.0.1:{port}/v1/plans", example, json_headers)[0]
                except OSError:
                    time.sleep(0.05)
        finally:
            proxy.terminate()
            proxy.wait(timeout=10)

    open(os.path.join(root, "conf.d", "flightplan.conf"), "w").write(site)
    rewrite(os.path.join(root, "conf.d", "flightplan.conf"))
    wrong = through()
    os.remove(os.path.join(root, "conf.d", "flightplan.conf"))
    open(os.path.join(root, "sites-available", "flightplan"), "w").write(site)
    rewrite(os.path.join(root, "sites-available", "flightplan"))
    os.symlink("../sites-available/flightplan", os.path.join(root, "sites-enabled", "flightplan"))
    os.remove(os.path.join(root, "sites-enabled", "default"))
    right = through()
    check(wrong != 200 and right == 200, "Debian's nginx: in conf.d beside the default site a plan is not served; "
          "as the documented site with the default disabled it is", f"({wrong}, then {right})")
    shutil.rmtree(work, ignore_errors=True)


def main():
    work = tempfile.mkdtemp(prefix="flightplan-nginx-")
    server = subprocess.Popen([BINARY, "serve", "--port", "0", "--log-level", "warning"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    upstream = int(re.search(r":(\d+)", server.stdout.readline()).group(1))
    proxy_port = free_port()
    proxy = start_nginx(work, [upstream], proxy_port)
    base, direct = f"http://127.0.0.1:{proxy_port}", f"http://127.0.0.1:{upstream}"
    try:
        example = open(os.path.join(ROOT, "examples", "sharedFrame.json"), "rb").read()
        json_headers = {"Content-Type": "application/json"}
        status, headers, body = request(base + "/v1/plans", example, json_headers)
        check(status == 200 and body == request(direct + "/v1/plans", example, json_headers)[2], "a plan through nginx is the server's bytes")
        status, headers, _ = request(base + "/v1/plans", example, dict(json_headers, **{"X-Request-Id": "trace-7"}))
        check(headers.get("x-request-id") == "trace-7", "the caller's X-Request-Id reaches the server and comes back", str(headers))
        status, headers, body = request(base + "/metrics")
        check(status == 404 and headers.get("content-type") == "application/problem+json" and b"flightplan_" not in body,
              "/metrics is not served through nginx (a 404 problem)", f"({status})")
        status, headers, _ = request(base + "/healthz")
        generated = headers.get("x-request-id", "")
        check(re.fullmatch(r"[0-9a-f]{32}", generated) is not None, "without one, nginx's request id is used", generated)
        time.sleep(0.2)
        access_log = os.path.join(work, "access.log")
        check(os.path.exists(access_log) and generated in open(access_log).read(),
              "the request id is in nginx's access log, /var/log/nginx/access.log (the official image's stdout)")
        check(headers.get("server") == "nginx", "server_tokens off: the Server header names no nginx version", headers.get("server", ""))
        status, headers, body = request(base + "/v1/plans", b" " * (2 << 20), json_headers)
        problem = json.loads(body) if headers.get("content-type") == "application/problem+json" else {}
        check(status == 413 and problem.get("status") == 413 and problem.get("requestId") == headers.get("x-request-id"),
              "bodies over 1 MiB are refused by nginx, as an RFC 9457 problem with the request id", str(problem))
        check(headers.get("server") == "nginx" and b"nginx/" not in body, "nginx's own answers name no version either", headers.get("server", ""))
        for length in [b"+2", b"0x2", b"-1", b"2, 2"]:
            connection = socket.create_connection(("127.0.0.1", proxy_port), timeout=5)
            connection.sendall(b"POST /v1/plans HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " + length + b"\r\n\r\n{}")
            received = b""
            while True:
                data = connection.recv(65536)
                if not data:
                    break
                received += data
            connection.close()
            heads = re.findall(rb"HTTP/1\.1 (\d{3})", received)
            check(heads == [b"400"] and b"application/problem+json" in received,
                  f"Content-Length {length.decode()!r} through nginx: one 400 problem, never passed on", str(heads))

        debian_layout(shutil.which("nginx") or "/usr/sbin/nginx", upstream, example)
        replica_shutdown(example)

        # Slowloris: 40 trickling clients through nginx, 40 straight to the server, normal traffic alongside.
        proxied, proxied_lifetimes = slow_clients(proxy_port, 40, 12)
        straight, straight_lifetimes = slow_clients(upstream, 40, 12)
        statuses, start = [], time.monotonic()
        while time.monotonic() - start < 9:
            statuses.append(request(base + "/v1/plans", example, json_headers)[0])
            time.sleep(0.1)
        for thread in proxied + straight:
            thread.join()
        check(statuses and all(status == 200 for status in statuses), f"{len(statuses)} normal requests through nginx during the attack all 200",
              str(sorted(set(statuses))))
        check(max(proxied_lifetimes) <= 8, f"nginx cut every slow-header client by {max(proxied_lifetimes):.1f} s (deadline 5 s)")
        check(9 <= min(straight_lifetimes) and max(straight_lifetimes) <= 11.5,
              f"straight to Flightplan they were cut at its own 10 s head deadline ({min(straight_lifetimes):.1f}–{max(straight_lifetimes):.1f} s)")
    finally:
        proxy.terminate()
        proxy.wait(timeout=10)
        server.terminate()
        server.wait(timeout=15)
        shutil.rmtree(work, ignore_errors=True)
    print(f"proxy: {results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
