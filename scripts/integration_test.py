#!/usr/bin/env python3
"""Integration tests: the real `flightplan` binary, driven with curl (and raw sockets where curl
cannot express the case), asserting statuses, headers and bodies. Also runs the README's and docs' curl
examples verbatim and the CLI on every example request, and checks the contract: every response
seen here, and every worked example in openapi.yaml, validates against the schema the spec gives
for its route and status, and each example plan is what the server answers for its request.

Usage: integration_test.py path/to/flightplan
       FLIGHTPLAN_CONTAINER="podman run --rm --network host IMAGE" integration_test.py path/to/flightplan
       (the servers run in the container; the CLI checks still use the given binary)
"""
import glob
import http.client
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

import jsonschema
import referencing
import referencing.jsonschema
import yaml

from keyframe_segments import FIRST_MODEL, values_at

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/flightplan")
results = {"passed": 0, "failed": 0}
SPEC = yaml.safe_load(open(os.path.join(ROOT, "openapi.yaml")))
REGISTRY = referencing.Registry().with_resource(
    "urn:flightplan", referencing.Resource.from_contents(SPEC, default_specification=referencing.jsonschema.DRAFT202012))
seen_responses = []  # (method, path, status, content type, body) of every curl call, checked against the spec at the end


def check(condition, name, detail=""):
    if condition:
        results["passed"] += 1
    else:
        results["failed"] += 1
        print(f"FAIL {name} {detail}", flush=True)


class Server:
    """The real binary on a free port; stops with SIGTERM and reports its exit code."""

    def __init__(self, *args):
        # FLIGHTPLAN_CONTAINER: a command that runs the image (its entrypoint is `flightplan serve`);
        # the client process forwards signals, so SIGTERM reaches the server in the container.
        container = os.environ.get("FLIGHTPLAN_CONTAINER")
        command = shlex.split(container) if container else [BINARY, "serve"]
        self.process = subprocess.Popen(
            [*command, "--port", "0", "--log-level", "warning", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        line = self.process.stdout.readline()
        match = re.search(r"listening on http://([^ ]+):(\d+)", line)
        if not match:
            raise SystemExit(f"server did not start: {line!r} {self.process.stderr.read()}")
        self.port = int(match.group(2))
        self.url = f"http://127.0.0.1:{self.port}"

    def terminate(self, timeout=15):
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return None


def curl(*args, data_file=None):
    """Runs curl; returns (status, lower-cased headers, body bytes)."""
    with tempfile.NamedTemporaryFile() as headers, tempfile.NamedTemporaryFile() as body:
        command = ["curl", "-sS", "--max-time", "10", "-D", headers.name, "-o", body.name, *args]
        subprocess.run(command, check=True, cwd=ROOT)
        lines = open(headers.name, encoding="latin-1").read().splitlines()
        # The last response block wins (after an interim 100 Continue).
        blocks = [i for i, line in enumerate(lines) if line.startswith("HTTP/")]
        status = int(lines[blocks[-1]].split()[1])
        parsed = {}
        for line in lines[blocks[-1] + 1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                parsed[name.strip().lower()] = value.strip()
        content = open(body.name, "rb").read()
        method = args[args.index("-X") + 1] if "-X" in args else "GET"
        url = next(arg for arg in args if arg.startswith("http"))
        seen_responses.append((method, urllib.parse.urlparse(url).path, status, parsed.get("content-type", ""), content))
        return status, parsed, content


def schema_errors(pointer, instance):
    """Validation errors of `instance` against the schema at `pointer` in openapi.yaml."""
    validator = jsonschema.Draft202012Validator({"$ref": "urn:flightplan#" + pointer}, registry=REGISTRY)
    return [f"{'/'.join(map(str, error.absolute_path))}: {error.message}" for error in validator.iter_errors(instance)]


def escape(segment):
    return segment.replace("~", "~0").replace("/", "~1")


def test_contract(server):
    """Every response seen validates against its documented schema; every example is true."""
    for method, path, status, content_type, body in seen_responses:
        operation = SPEC["paths"].get(path, {}).get(method.lower())
        if method == "OPTIONS" and path in SPEC["paths"]:
            # The CORS preflight, described in the document's CORS section rather than as an operation per path.
            check(status in (204, 503) and "OPTIONS" in SPEC["info"]["description"], f"contract: the preflight {path} answered {status}")
            continue
        if operation is None:
            check(status in (404, 405), f"contract: undocumented {method} {path} answered {status}")
            continue
        response = operation["responses"].get(str(status))
        check(response is not None, f"contract: {method} {path} status {status} is documented")
        if response is None:
            continue
        pointer = f"/paths/{escape(path)}/{method.lower()}/responses/{status}"
        if "$ref" in response:
            pointer = response["$ref"][1:]
            response = SPEC["components"]["responses"][pointer.split("/")[-1]]
        media = content_type.split(";")[0].strip()
        if status == 204 or "content" not in response:
            continue
        check(media in response["content"], f"contract: {method} {path} {status} media type {media}")
        if media.endswith("json"):
            errors = schema_errors(f"{pointer}/content/{escape(media)}/schema", json.loads(body))
            check(not errors, f"contract: {method} {path} {status} body matches the schema", str(errors[:3]))
    examples = SPEC["components"]["examples"]
    styles = sorted(name[:-len("Request")] for name in examples if name.endswith("Request") and not name.startswith("dismiss"))
    check(styles == sorted(["sharedFrame", "zoom", "reveal", "morph", "snapshot"]), "contract: an example per style", str(styles))
    for style in styles:
        request, plan = examples[style + "Request"]["value"], examples[style + "Plan"]["value"]
        check(not schema_errors("/components/schemas/PlanRequest", request), f"contract: {style} request example is valid")
        check(not schema_errors("/components/schemas/Plan", plan), f"contract: {style} plan example is valid")
        status, _, body = post(server, "/v1/plans", json.dumps(request))
        check(status == 200 and json.loads(body) == plan, f"contract: {style} example plan is the server's answer")
    for phase in ("Changed", "Ended"):
        sample, answer = examples[f"dismiss{phase}Request"]["value"], examples[f"dismiss{phase}Answer"]["value"]
        check(not schema_errors("/components/schemas/DismissRequest", sample), f"contract: dismiss {phase} example is valid")
        check(not schema_errors("/components/schemas/Dismissal", answer), f"contract: dismiss {phase} answer example is valid")
        status, _, body = post(server, "/v1/gestures/dismiss", json.dumps(sample))
        check(status == 200 and json.loads(body) == answer, f"contract: dismiss {phase} example is the server's answer")


def undeclared_members(instance, schema, where=""):
    """Members of `instance` that its schema leaves out: at every object whose schema lists `properties` or
    `required` members without allowing others (`additionalProperties` absent), every member must be listed; declared members, array items and
    `$ref`s are followed (a generated client keeps only what the schema lists, so a member it does not is lost)."""
    while "$ref" in schema:
        schema = SPEC["components"]["schemas"][schema["$ref"].split("/")[-1]]
    missing = []
    if isinstance(instance, dict) and ("properties" in schema or "required" in schema):
        # An object that names its required members but lists none becomes an empty struct in a typed client.
        properties = schema.get("properties", {})
        for name, value in instance.items():
            if name in properties:
                missing += undeclared_members(value, properties[name], f"{where}.{name}")
            elif "additionalProperties" not in schema:
                missing.append(f"{where}.{name}")
    elif isinstance(instance, list) and isinstance(schema.get("items"), dict):
        for index, item in enumerate(instance):
            missing += undeclared_members(item, schema["items"], f"{where}[{index}]")
    return missing


def test_exports_declare_their_members(server):
    """Every member the JSON answers write, in every JSON format for every committed example request, is one the
    schema lists (the plan and its spring, waapi and its options, Lottie's assets, Core Animation's contents)."""
    schemas = {"json": "Plan", "waapi": "WebAnimationsExport", "lottie": "LottieExport", "core-animation": "CoreAnimationExport",
               "boxes": "WindowBoxesExport"}
    examples = sorted(glob.glob(os.path.join(ROOT, "examples", "*.json")) + glob.glob(os.path.join(ROOT, "examples", "seeds", "*.json")))
    examples.append(os.path.join(ROOT, "examples", "content", "request.json"))
    missing = set()
    for example in examples:
        for format, schema in schemas.items():
            status, _, body = post(server, f"/v1/plans?format={format}", "@" + example)
            if status == 200:
                missing.update(f"{schema}{member}" for member in undeclared_members(json.loads(body), {"$ref": schema}))
            else:
                missing.add(f"{os.path.basename(example)} as {format}: status {status}")
    check(not missing, f"every member of the JSON answers is declared ({len(examples)} examples, {len(schemas)} formats)",
          ", ".join(sorted(missing)[:12]))


def post(server, path, body, *extra):
    return curl("-X", "POST", f"{server.url}{path}", "-H", "Content-Type: application/json", "--data-binary", body, *extra)


def metric(server, name):
    _, _, text = curl(f"{server.url}/metrics")
    match = re.search(r"^" + re.escape(name) + r" (\d+)", text.decode(), re.M)
    return int(match.group(1)) if match else 0


def problem_ok(name, status, headers, body, expected, field=None):
    check(status == expected, name, f"status {status}, expected {expected}: {body[:300]!r}")
    check(headers.get("content-type") == "application/problem+json", name + " content type", str(headers))
    check("x-request-id" in headers and headers.get("access-control-allow-origin") == "*", name + " common headers", str(headers))
    try:
        problem = json.loads(body)
        check(problem["status"] == expected and problem["title"] and problem["detail"] and problem["type"], name + " body", str(problem))
        if field is not None:
            check(problem.get("field") == field, name + " field", str(problem))
    except (ValueError, KeyError) as error:
        check(False, name + " body", repr(error))


def test_styles(server):
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.json"))):
        request = json.load(open(path))
        status, headers, body = post(server, "/v1/plans", "@" + path)
        check(status == 200 and headers.get("content-type") == "application/json", f"plan {path}", f"{status} {body[:200]!r}")
        plan = json.loads(body)
        check(plan["style"] == request.get("style", "sharedFrame"), f"style {path}")
        check(not set(FIRST_MODEL) & set(plan), f"the plan is its tracks alone {path}", str(sorted(set(FIRST_MODEL) & set(plan))))
        times = {tuple(k["time"] for k in track["keyframes"]) for track in plan["tracks"] if track["keyframes"]}
        # A count or a rate gives every moving track the same times; a tolerance each track only those it needs.
        shared = "keyframes" in request.get("sampling", {}) or "fps" in request.get("sampling", {})
        check((len(times) == 1 or not shared) and all(t[0] == 0 and t[-1] == plan["duration"] and list(t) == sorted(set(t)) for t in times),
              f"times {path}: each moving track's keyframe times increase from 0 to the duration" + (", the same on every track" if shared else ""))
        cli = subprocess.run([BINARY, "plan", path], capture_output=True, cwd=ROOT)
        check(cli.returncode == 0 and cli.stdout.rstrip(b"\n") == body, f"CLI prints the server's bytes for {path}")
    # A track's shadow is in its layer's own space: a small source's is far larger than a request's may be, and the
    # answer still matches its schema (the contract check validates every response seen).
    small = {"style": "zoom", "source": {"frame": {"x": 16, "y": 220, "width": 0.01, "height": 0.01},
                                         "shadow": {"color": "#00000080", "radius": 30, "offset": {"x": 0, "y": 8}}},
             "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}, "sampling": {"keyframes": 3}}
    status, _, body = post(server, "/v1/plans", json.dumps(small))
    radius = max((track["base"].get("shadow") or (track["keyframes"] or [{}])[0].get("shadow") or {}).get("radius", 0)
                 for track in json.loads(body)["tracks"]) if status == 200 else 0
    check(status == 200 and radius > 500_000, "a small source's shadow in its layer's space is planned", f"{status}, radius {radius}")


def test_batch(server):
    good = json.load(open(os.path.join(ROOT, "examples", "zoom.json")))
    bad = dict(good, source={"frame": {"x": 0, "y": 0, "width": 0, "height": 10}})
    status, _, body = post(server, "/v1/plans/batch", json.dumps({"requests": [good, bad, good]}))
    results_ = json.loads(body)["results"] if status == 200 else []
    check(status == 200 and len(results_) == 3, "batch answers every item", f"{status} {body[:200]!r}")
    check("plan" in results_[0] and "plan" in results_[2], "batch good items planned")
    check(results_[1].get("problem", {}).get("field") == "source.frame.width", "batch bad item named", str(results_[1:2]))
    status, headers, body = post(server, "/v1/plans/batch", json.dumps({"requests": [good] * 257}))
    problem_ok("batch over 256", status, headers, body, 422, "requests")
    with tempfile.NamedTemporaryFile("w", suffix=".json") as batch:
        batch.write(json.dumps({"requests": [good, bad, good]}))
        batch.flush()
        cli = subprocess.run([BINARY, "batch", batch.name], capture_output=True, cwd=ROOT)
        _, _, served = post(server, "/v1/plans/batch", json.dumps({"requests": [good, bad, good]}))
        check(cli.returncode == 0 and cli.stdout.rstrip(b"\n") == served, "flightplan batch prints the server's bytes")


def test_dismiss(server):
    """A drag and a release through the real server: state, decision, a completion plan that starts at the
    state and lands where the pop plan ends; the CLI prints the same bytes; bad samples name their field."""
    dragging = os.path.join(ROOT, "examples", "gestures", "dismiss-changed.json")
    status, _, body = post(server, "/v1/gestures/dismiss", "@" + dragging)
    answer = json.loads(body) if status == 200 else {}
    check(status == 200 and not {"decision", "reason", "plan", "spring"} & set(answer),
          "dismiss: dragging leaves out the decision, its reason, the plan and the spring", f"{status} {body[:200]!r}")
    check(answer.get("state", {}).get("transform", {}).get("a", 1) < 1, "dismiss: dragging shrinks the image", str(answer.get("state")))
    released = os.path.join(ROOT, "examples", "gestures", "dismiss-ended.json")
    status, _, body = post(server, "/v1/gestures/dismiss", "@" + released)
    answer = json.loads(body) if status == 200 else {}
    plan = answer.get("plan") or {"tracks": [], "duration": 0}
    check(status == 200 and answer.get("decision") == "finish", "dismiss: a downward flick finishes", f"{status} {body[:200]!r}")
    check(not set(FIRST_MODEL) & set(plan), "dismiss: the completion plan is its tracks alone", str(sorted(plan)))
    # Each track of the completion starts where the answer's tracks stand under the finger; the flying one at `state`.
    start = {track["id"]: values_at(track, 0) for track in plan["tracks"]}
    check(start and start == {track["id"]: track["base"] for track in answer.get("tracks", [])}, "dismiss: the completion starts where the tracks stand",
          f"{start} vs {answer.get('tracks')}")
    state = answer.get("state", {})
    content = start.get("content", {})
    check(all(content.get(key) == state.get(key) for key in ("transform", "maskFrame", "cornerRadius")), "dismiss: the flying track starts at the state",
          f"{content} vs {state}")
    request = json.load(open(released))["plan"]
    _, _, pop = post(server, "/v1/plans", json.dumps(dict(request, direction="pop")))
    pop = json.loads(pop)
    end = lambda plan: {track["id"]: values_at(track, plan["duration"]) for track in plan["tracks"]}
    check(end(plan) == end(pop), "dismiss: finish lands where the pop ends, track by track", f"{end(plan)} vs {end(pop)}")
    # UIKit's normalisation: the finger's 40 pt/s across, over the 13.5 pt of tx still to go (zoom: the content track is the image).
    spring = answer.get("spring") or {}
    flight = next((track["keyframes"] for track in plan["tracks"] if track["id"] == "content"), [{"transform": {"tx": 0}}])
    to_go = flight[-1]["transform"]["tx"] - flight[0]["transform"]["tx"]
    check(abs(spring.get("initialVelocity", {}).get("x", 0) * to_go - 40) < 1e-9, "dismiss: the spring's initialVelocity is velocity ÷ distance to go", str(spring))
    cli = subprocess.run([BINARY, "dismiss", released], capture_output=True, cwd=ROOT)
    check(cli.returncode == 0 and cli.stdout.rstrip(b"\n") == body, "dismiss: the CLI prints the server's bytes")
    sample = json.load(open(released))
    for name, change, field in [
        ("velocity not a number", {"velocity": {"x": 0, "y": "fast"}}, "velocity.y"),
        ("unknown axis", {"axis": "diagonal"}, "axis"),
        ("missing geometry", {"plan": {"style": "zoom", "destination": request["destination"]}}, "plan.source"),
        ("a style without dismissal", {"plan": dict(request, style="reveal")}, "plan.style"),
        ("a spring given a velocity of its own", {"plan": dict(request, timing={"curve": {"spring": {"dampingRatio": 1, "initialVelocity": 2}}})},
         "plan.timing.curve.spring.initialVelocity"),
        ("velocity beyond the limit", {"velocity": {"x": 0, "y": 1e9}}, "velocity.y"),
    ]:
        status, headers, body = post(server, "/v1/gestures/dismiss", json.dumps(dict(sample, **change)))
        problem_ok(f"dismiss: {name}", status, headers, body, 422, field)
    status, headers, body = curl(f"{server.url}/v1/gestures/dismiss")
    problem_ok("dismiss: GET", status, headers, body, 405)
    check(headers.get("allow") == "POST, OPTIONS", "dismiss: 405 Allow", str(headers))


def test_filmstrips_and_preview(server):
    """Filmstrips: SVG, well-formed, deterministic, the CLI's bytes, the committed README figures; the preview page."""
    import xml.etree.ElementTree as ElementTree
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.json"))):
        style = os.path.splitext(os.path.basename(path))[0]
        status, headers, body = post(server, "/v1/plans/filmstrip.svg", "@" + path)
        check(status == 200 and headers.get("content-type") == "image/svg+xml", f"filmstrip {style}", f"{status} {body[:200]!r}")
        try:
            root = ElementTree.fromstring(body)
            panels = [g for g in root if g.tag.endswith("}g")]
            check(root.tag == "{http://www.w3.org/2000/svg}svg" and len(panels) == 6, f"filmstrip {style}: valid SVG with 6 panels", str(len(panels)))
        except ElementTree.ParseError as error:
            check(False, f"filmstrip {style}: well-formed XML", str(error))
        check(post(server, "/v1/plans/filmstrip.svg", "@" + path)[2] == body, f"filmstrip {style}: the same bytes twice")
        check(len(body) < 24_000, f"filmstrip {style}: small (six panels of every track)", str(len(body)))
        cli = subprocess.run([BINARY, "filmstrip", path], capture_output=True, cwd=ROOT)
        check(cli.returncode == 0 and cli.stdout.rstrip(b"\n") == body, f"filmstrip {style}: the CLI prints the server's bytes")
        committed = os.path.join(ROOT, "docs", "filmstrips", f"{style}.svg")
        check(os.path.exists(committed) and open(committed, "rb").read().rstrip(b"\n") == body,
              f"filmstrip {style}: docs/filmstrips/{style}.svg is up to date (scripts/filmstrips.sh)")
    request = json.load(open(os.path.join(ROOT, "examples", "zoom.json")))
    status, _, body = post(server, "/v1/plans/filmstrip.svg", json.dumps(dict(request, frames=12)))
    check(status == 200 and body.count(b'stroke="#ff3b30"') == 12, "filmstrip: frames sets the panel count")
    status, headers, body = post(server, "/v1/plans/filmstrip.svg", json.dumps(dict(request, frames=1)))
    problem_ok("filmstrip: one frame", status, headers, body, 422, "frames")
    status, headers, body = curl(f"{server.url}/preview", "-H", "Origin: null")
    check(status == 200 and headers.get("content-type") == "text/html; charset=utf-8" and b"/v1/plans" in body and b"<script>" in body,
          "the preview page is served", f"{status} {headers}")
    check(b"http://" not in body.replace(b"http://localhost:8080", b"").replace(b"http://www.w3.org", b""), "the preview page loads nothing from elsewhere")
    policy = headers.get("content-security-policy", "")
    check("script-src 'sha256-" in policy and "object-src 'none'" in policy and "base-uri 'none'" in policy and "unsafe" not in policy
          and headers.get("x-content-type-options") == "nosniff", "the preview page carries a strict Content-Security-Policy and nosniff", policy)


def test_errors(server):
    status, headers, body = post(server, "/v1/plans", '{"source": ')
    problem_ok("malformed JSON", status, headers, body, 400)
    check(b"line 1" in body, "malformed JSON says where")
    status, headers, body = post(server, "/v1/plans", json.dumps({
        "source": {"frame": {"x": 16, "y": 220, "width": 0, "height": 120}},
        "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}}))
    problem_ok("validation", status, headers, body, 422, "source.frame.width")
    check(b"source.frame.width must be > 0, got 0" in body, "validation message")
    minimal = '"source": {"frame": {"x": 16, "y": 220, "width": 120, "height": 160}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}'
    status, headers, body = post(server, "/v1/plans", "{" + minimal + ', "style": "zoom", "style": "morph"}')
    problem_ok("duplicate keys are malformed", status, headers, body, 400)
    status, headers, body = post(server, "/v1/plans", "{" + minimal + ",}")
    problem_ok("trailing commas are malformed", status, headers, body, 400)
    status, headers, body = post(server, "/v1/plans", "{" + minimal + ', "durration": 1}')
    problem_ok("unknown fields are named", status, headers, body, 422, "durration")
    status, _, body = post(server, "/v1/plans", "{" + minimal + ', "style": null, "timing": null, "imageSize": null}')
    check(status == 200 and json.loads(body)["style"] == "sharedFrame", "null means the default", f"{status} {body[:200]!r}")
    status, headers, body = curl(f"{server.url}/v2/plans")
    problem_ok("unknown path", status, headers, body, 404)
    status, headers, body = curl("-X", "DELETE", f"{server.url}/v1/plans")
    problem_ok("wrong method", status, headers, body, 405)
    check(headers.get("allow") == "POST, OPTIONS", "405 Allow", str(headers))
    status, headers, body = curl("-X", "POST", f"{server.url}/v1/plans", "-H", "Content-Type: application/json")
    problem_ok("no length", status, headers, body, 411)
    status, headers, body = curl("-X", "POST", f"{server.url}/v1/plans", "-H", "Content-Type: text/plain", "--data", "{}")
    problem_ok("wrong media type", status, headers, body, 415)
    check(headers.get("accept-post") == "application/json", "415 Accept-Post")
    status, headers, body = curl("-X", "POST", f"{server.url}/v1/plans", "-H", "Content-Type: application/json", "-H", "Transfer-Encoding: gzip")
    problem_ok("unsupported transfer encoding", status, headers, body, 501)
    big = os.path.join(tempfile.gettempdir(), "flightplan-big.json")
    with open(big, "wb") as handle:
        handle.write(b" " * (2 << 20))
    status, headers, body = post(server, "/v1/plans", "@" + big)
    problem_ok("too large (Content-Length, 100-continue)", status, headers, body, 413)
    status, headers, body = post(server, "/v1/plans", "@" + big, "-H", "Expect:")
    problem_ok("too large, whole body sent without Expect", status, headers, body, 413)
    status, headers, body = post(server, "/v1/plans", "@" + big, "-H", "Transfer-Encoding: chunked")
    problem_ok("too large, chunked", status, headers, body, 413)
    # A plain client library that writes the whole body before reading must read the 413, not a reset.
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("POST", "/v1/plans", body=b" " * (2 << 20), headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    check(response.status == 413, "http.client reads the 413", str(response.status))
    response.read()
    connection.close()


def test_cors_health_metrics(server):
    for path in ["/v1/plans", "/v1/plans/batch", "/v1/plans/filmstrip.svg", "/v1/gestures/dismiss", "/preview", "/healthz", "/readyz", "/metrics", "/openapi.yaml"]:
        status, headers, _ = curl("-X", "OPTIONS", f"{server.url}{path}", "-H", "Origin: null",
                                  "-H", "Access-Control-Request-Method: POST", "-H", "Access-Control-Request-Headers: content-type")
        check(status == 204 and headers.get("access-control-allow-origin") == "*", f"preflight {path}", str(headers))
        check("access-control-allow-methods" in headers and headers.get("access-control-max-age") == "86400", f"preflight headers {path}")
    status, headers, body = post(server, "/v1/plans", "@examples/morph.json", "-H", "Origin: null")
    check(status == 200 and headers.get("access-control-allow-origin") == "*", "browser origin null end to end")
    status, headers, _ = curl(f"{server.url}/healthz", "-H", "X-Request-Id: trace-42")
    check(status == 200 and headers.get("x-request-id") == "trace-42", "health and request id echo", str(headers))
    check(curl(f"{server.url}/readyz")[0] == 200, "ready")
    status, headers, body = curl(f"{server.url}/openapi.yaml")
    check(status == 200 and body == open(os.path.join(ROOT, "openapi.yaml"), "rb").read(), "openapi.yaml byte for byte")
    before = metric(server, 'flightplan_http_requests_total{route="/v1/plans",status="200"}')
    plans_before = metric(server, 'flightplan_plans_total{style="zoom"}')
    post(server, "/v1/plans", "@examples/zoom.json")
    time.sleep(0.05)
    check(metric(server, 'flightplan_http_requests_total{route="/v1/plans",status="200"}') == before + 1, "request counter moves")
    check(metric(server, 'flightplan_plans_total{style="zoom"}') == plans_before + 1, "plan counter moves")
    check(metric(server, 'flightplan_http_request_duration_seconds_count{route="/v1/plans"}') > 0, "latency histogram counts, by route")


def test_readme_examples(server):
    """Every `curl` line marked with its status in README.md and docs/*.md runs verbatim (host:port swapped)."""
    pages = ["README.md"] + sorted(os.path.join("docs", name) for name in os.listdir(os.path.join(ROOT, "docs")) if name.endswith(".md"))
    examples = [example for page in pages
                for example in re.findall(r"^(curl .*?)\s+# → (\d{3})$", open(os.path.join(ROOT, page)).read(), re.M)]
    check(len(examples) >= 8, "README and docs have curl examples", str(len(examples)))
    for command, expected in examples:
        command = command.replace("localhost:8080", f"127.0.0.1:{server.port}")
        run = subprocess.run(command + " -s -o /dev/null -w '%{http_code}'", shell=True, capture_output=True, text=True, cwd=ROOT)
        check(run.returncode == 0 and run.stdout == expected, f"docs: {command}", f"got {run.stdout!r} {run.stderr!r}")


def test_cli():
    bad = subprocess.run([BINARY, "plan"], input=b'{"source": {}}', capture_output=True)
    check(bad.returncode == 2 and json.loads(bad.stderr)["status"] == 422, "CLI invalid request exits 2 with a problem", repr(bad))
    good = subprocess.run([BINARY, "plan"], input=open(os.path.join(ROOT, "examples", "reveal.json"), "rb").read(), capture_output=True)
    check(good.returncode == 0 and json.loads(good.stdout)["style"] == "reveal", "CLI reads standard input")


def test_connection_cap():
    server = Server("--max-connections", "2")
    idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(3)]
    time.sleep(0.2)
    status, headers, body = curl(f"{server.url}/healthz")
    problem_ok("over the connection cap", status, headers, body, 503)
    check(headers.get("retry-after") == "1", "503 Retry-After")
    for connection in idle:
        connection.close()
    check(server.terminate() == 0, "exit 0 after SIGTERM")


def test_graceful_shutdown():
    server = Server("--shutdown-grace", "5")
    body = open(os.path.join(ROOT, "examples", "sharedFrame.json"), "rb").read()
    # An upload in flight when SIGTERM arrives.
    in_flight = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    head = (f"POST /v1/plans HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    in_flight.sendall(head + body[:100])
    # A keep-alive connection to ask for readiness while draining.
    keep_alive = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    keep_alive.request("GET", "/readyz")
    first = keep_alive.getresponse()
    first.read()
    check(first.status == 200, "ready before SIGTERM")
    # A second kept-alive connection, idle when SIGTERM arrives, for a new request while draining.
    idle = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    idle.request("GET", "/healthz")
    idle.getresponse().read()
    time.sleep(0.1)
    started = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    time.sleep(0.3)
    keep_alive.request("GET", "/readyz")
    draining = keep_alive.getresponse()
    draining.read()
    check(draining.status == 503 and draining.getheader("Connection") == "close", "readiness 503 while draining",
          f"{draining.status} {draining.getheaders()}")
    idle.request("POST", "/v1/plans", body=body, headers={"Content-Type": "application/json"})
    late = idle.getresponse()
    late.read()
    check(late.status == 503 and late.getheader("Retry-After") == "1", "a new plan request while draining gets 503 + Retry-After",
          f"{late.status} {late.getheaders()}")
    idle.close()
    refused = False
    try:
        socket.create_connection(("127.0.0.1", server.port), timeout=2).close()
    except OSError:
        refused = True
    check(refused, "new connections refused while draining")
    in_flight.sendall(body[100:])
    reply = b""
    while b"\r\n\r\n" not in reply:
        chunk = in_flight.recv(65536)
        if not chunk:
            break
        reply += chunk
    check(reply.startswith(b"HTTP/1.1 200"), "in-flight request completes during drain", repr(reply[:80]))
    in_flight.close()
    keep_alive.close()
    code = server.process.wait(15)
    check(code == 0 and time.monotonic() - started < 5, "exit 0 within the grace period", f"code {code}")


def main():
    server = Server()
    try:
        test_styles(server)
        test_batch(server)
        test_dismiss(server)
        test_filmstrips_and_preview(server)
        test_errors(server)
        test_cors_health_metrics(server)
        test_readme_examples(server)
        test_exports_declare_their_members(server)
        test_contract(server)
    finally:
        check(server.terminate() == 0, "exit 0 after SIGTERM")
    test_cli()
    test_connection_cap()
    test_graceful_shutdown()
    print(f"integration: {results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
