#!/usr/bin/env python3
"""Sends the same random requests (valid and broken) to two flightplan binaries and compares the answers
byte for byte (status, content type, body; problems' request ids aside). Used to prove that a refactoring
changed no output: compare_binaries.py OLD NEW [COUNT] [SEED].

With --first-model, OLD is a binary whose plans still carry the first model (`layer`, `keyframes`, `children`,
`placeholder`) and NEW one whose plans are their tracks alone: every value of the first model (each keyframe's
transform, mask, radius and opacity, each child's, the placeholder rect) must be found in OLD's own tracks at the
same time, and NEW's answer must be OLD's without those members (compared as JSON). The eased `progress` is not
looked for: it is no value a renderer sets (`easing` gives the curve). An item OLD refused for its output budget
and NEW plans is counted apart: the budget now counts the keyframes of moving tracks only."""
import http.client
import json
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from keyframe_segments import FIRST_MODEL, values_at  # noqa: E402


class Server:
    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "serve", "--port", "0", "--log-level", "warning"],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.port = int(re.search(r":(\d+) ", self.process.stdout.readline()).group(1))
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def post(self, path, body):
        self.connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        response = self.connection.getresponse()
        data = response.read()
        if response.getheader("Content-Type", "").startswith("application/problem+json"):
            data = re.sub(rb'"requestId":"[^"]*"', b'"requestId":"-"', data)
        return response.status, response.getheader("Content-Type"), data

    def stop(self):
        self.process.terminate()
        self.process.wait()


def rect(rng, screen):
    width = rng.choice([rng.uniform(1, screen[0]), rng.uniform(0.001, 5), rng.uniform(10, 400)])
    height = rng.choice([rng.uniform(1, screen[1]), width, rng.uniform(10, 600)])
    return {"x": rng.uniform(-50, screen[0]), "y": rng.uniform(-50, screen[1]), "width": width, "height": height}


def curve(rng):
    kind = rng.randrange(5)
    if kind == 0:
        return rng.choice(["linear", "easeIn", "easeOut", "easeInOut"])
    if kind == 1:
        return {"cubicBezier": [rng.uniform(0, 1), rng.uniform(-1, 2), rng.uniform(0, 1), rng.uniform(-1, 2)]}
    spring = {"dampingRatio": rng.choice([rng.uniform(0.2, 1.5), 1])}
    if rng.random() < 0.5:
        spring["response"] = rng.uniform(0.1, 1)
    if rng.random() < 0.3:
        spring["initialVelocity"] = rng.uniform(-5, 5)
    return {"spring": spring}


def plan_request(rng):
    screen = rng.choice([(390, 844), (844, 390), (1024, 1366), (320, 568)])
    style = rng.choice(["sharedFrame", "zoom", "reveal", "morph", "snapshot"])
    source = {"frame": rect(rng, screen)}
    if rng.random() < 0.5:
        source["cornerRadius"] = rng.uniform(0, min(source["frame"]["width"], source["frame"]["height"]) / 2)
    if rng.random() < 0.4:
        source["contentMode"] = rng.choice(["aspectFill", "aspectFit", "scaleToFill", "center"])
    destination = {"bounds": {"x": 0, "y": 0, "width": screen[0], "height": screen[1]}}
    if rng.random() < 0.6:
        destination["frame"] = rect(rng, screen)
    if rng.random() < 0.4:
        destination["contentMode"] = rng.choice(["aspectFill", "aspectFit", "scaleToFill", "center"])
    if rng.random() < 0.3:
        destination["screenCornerRadius"] = rng.uniform(0, 40)
    request = {"style": style, "direction": rng.choice(["push", "pop"]), "source": source, "destination": destination}
    if rng.random() < 0.8:
        request["imageSize"] = {"width": rng.uniform(1, 4000), "height": rng.uniform(1, 4000)}
    timing = {}
    if rng.random() < 0.6:
        timing["curve"] = curve(rng)
    if rng.random() < 0.4 and not (isinstance(timing.get("curve"), dict) and "response" in timing["curve"].get("spring", {})):
        timing["duration"] = rng.uniform(0.05, 1.5)
    if style == "reveal" and rng.random() < 0.5:
        timing["fadeFraction"] = rng.uniform(0.1, 0.9)
    if timing:
        request["timing"] = timing
    sampling = rng.randrange(4)
    if sampling == 1:
        request["sampling"] = {"keyframes": rng.randrange(2, 80)}
    elif sampling == 2:
        request["sampling"] = {"fps": rng.choice([30, 60, 120, rng.uniform(10, 200)])}
    elif sampling == 3:
        request["sampling"] = {"tolerance": rng.choice([0.1, 0.5, 2, rng.uniform(0.05, 5)])}
    if style == "sharedFrame" and rng.random() < 0.4:
        request["overlay"] = {"opacity": rng.uniform(0, 1)}
    if style == "snapshot" and rng.random() < 0.7:
        request["children"] = [{"id": f"c{i}", "from": rect(rng, screen), "to": rect(rng, screen)} for i in range(rng.randrange(1, 4))]
    if rng.random() < 0.3:
        request["precision"] = rng.randrange(0, 7)
    return request


def broken(rng, request):
    """The request with one field made invalid (or the document made malformed)."""
    text = json.dumps(request)
    kind = rng.randrange(8)
    if kind == 0:
        request["source"]["frame"]["width"] = rng.choice([0, -1, 1e300])
    elif kind == 1:
        request["sampling"] = rng.choice([{"keyframes": 1}, {"keyframes": 2.5}, {"fps": 0}, {"tolerance": 0}, {"keyframes": 1e300}, {}])
    elif kind == 2:
        request["precision"] = rng.choice([7, -1, 1.5])
    elif kind == 3:
        request["durration"] = 1
    elif kind == 4:
        return text[: rng.randrange(len(text))]
    elif kind == 5:
        request["style"] = "spin"
    elif kind == 6:
        request["timing"] = {"duration": rng.choice([0, 100, -1])}
    else:
        request["source"]["cornerRadius"] = 1e6
    return json.dumps(request)


def dismiss_request(rng):
    plan = plan_request(rng)
    plan["style"] = rng.choice(["zoom", "sharedFrame"])
    plan.pop("children", None)
    plan.pop("timing", None)
    if rng.random() < 0.4:
        plan["timing"] = {"curve": {"spring": {"dampingRatio": rng.uniform(0.5, 1), "response": rng.uniform(0.2, 0.6)}}}
    if plan.get("sampling", {}).get("fps"):
        plan["sampling"] = {"fps": 60}
    drag = {"plan": plan, "translation": {"x": rng.uniform(-100, 100), "y": rng.uniform(-200, 600)},
            "velocity": {"x": rng.uniform(-1000, 1000), "y": rng.uniform(-3000, 3000)}, "phase": rng.choice(["changed", "ended"])}
    if rng.random() < 0.3:
        drag["axis"] = "horizontal"
    if rng.random() < 0.3:
        drag["options"] = {"minimumScale": rng.uniform(0.1, 1), "flingVelocity": rng.uniform(100, 2000)}
    return drag


def misses(plan):
    """The first-model values of `plan` that its own tracks do not carry at the same time (empty when all are)."""
    tracks, missing = plan["tracks"], []
    def geometry(track, time):
        values, frame = values_at(track, time), track["frame"]
        return (values.get("transform", {"a": 1, "b": 0, "c": 0, "d": 1, "tx": 0, "ty": 0}),
                values.get("maskFrame", {"x": 0, "y": 0, "width": frame["width"], "height": frame["height"]}), values.get("cornerRadius", 0))
    def find(name, layer, keyframes):
        carriers = [t for t in tracks if t["frame"] == layer["frame"]
                    and all(geometry(t, k["time"]) == (k["transform"], k["maskFrame"], k["cornerRadius"]) for k in keyframes)]
        if not carriers:
            missing.append(f"{name}: transform, mask and radius")
        if not any(all(values_at(t, k["time"]).get("opacity") == k["opacity"] for k in keyframes) for t in tracks):
            missing.append(f"{name}: opacity")
    find("layer", plan["layer"], plan["keyframes"])
    for child in plan.get("children", []):
        find(f"child {child['id']}", child["layer"], child["keyframes"])
    if "placeholder" in plan and not any(t["role"] == "placeholder" and t["frame"] == plan["placeholder"] for t in tracks):
        missing.append("placeholder")
    return missing


def without_first_model(old, new, path):
    """OLD's and NEW's JSON answers as they should compare, and OLD's first-model values its tracks miss."""
    old, new = json.loads(old), json.loads(new)
    plans = {"/v1/plans": lambda a: [a], "/v1/gestures/dismiss": lambda a: [a["plan"]] if a.get("plan") else [],
             "/v1/plans/batch": lambda a: [r["plan"] for r in a["results"] if "plan" in r]}[path](old)
    missing = []
    for plan in plans:
        missing += misses(plan)
        for member in FIRST_MODEL:
            plan.pop(member, None)
    if path == "/v1/plans/batch":  # an item the old budget refused may be planned now
        old["results"] = [a if "plan" in a or "plan" not in b or "output budget" not in a["problem"]["detail"] else b
                          for a, b in zip(old["results"], new["results"])] + old["results"][len(new["results"]):]
    return old, new, missing


def main():
    first_model = "--first-model" in sys.argv
    arguments = [a for a in sys.argv[1:] if a != "--first-model"]
    old, new = Server(arguments[0]), Server(arguments[1])
    count = int(arguments[2]) if len(arguments) > 2 else 2000
    rng = random.Random(int(arguments[3]) if len(arguments) > 3 else 20261123)
    compared, statuses, differences, missing, budget = 0, {}, [], [], 0
    try:
        for index in range(count):
            kind = index % 10
            if kind < 5:
                path, body = "/v1/plans", json.dumps(plan_request(rng))
            elif kind == 5:
                path, body = "/v1/plans", broken(rng, plan_request(rng))
            elif kind == 6:
                path, body = "/v1/gestures/dismiss", json.dumps(dismiss_request(rng))
            elif kind == 7:
                items = [plan_request(rng) for _ in range(rng.randrange(1, 6))]
                if rng.random() < 0.3:
                    items.append({"source": {}})
                path, body = "/v1/plans/batch", json.dumps({"requests": items})
            elif kind == 8:
                request = plan_request(rng)
                if rng.random() < 0.5:
                    request["frames"] = rng.randrange(2, 25)
                path, body = "/v1/plans/filmstrip.svg", json.dumps(request)
            else:
                drag = dismiss_request(rng)
                text = broken(rng, drag["plan"])
                drag["plan"] = 1
                if text.endswith("}") and rng.random() < 0.8:
                    try:
                        drag["plan"] = json.loads(text)
                    except json.JSONDecodeError:
                        pass  # broken inside, not only at its end: the plan stays 1
                path, body = "/v1/gestures/dismiss", json.dumps(drag)
            a, b = old.post(path, body), new.post(path, body)
            compared += 1
            statuses[a[0]] = statuses.get(a[0], 0) + 1
            if first_model and a[0] == 422 and b[0] == 200 and b"output budget" in a[2]:
                budget += 1
            elif first_model and a[0] == b[0] == 200 and a[1] == b[1] == "application/json":
                parsed_a, parsed_b, missed = without_first_model(a[2], b[2], path)
                missing += [(path, body, miss) for miss in missed]
                if parsed_a != parsed_b:
                    differences.append((path, body, a, b))
            elif a != b:
                differences.append((path, body, a, b))
    finally:
        old.stop()
        new.stop()
    print(f"{compared} requests, statuses {dict(sorted(statuses.items()))}, {len(differences)} differences")
    if first_model:
        print(f"first model: {len(missing)} values not found in the tracks; {budget} plans the old output budget refused are planned now")
    for path, body, a, b in differences[:10]:
        print(f"--- {path} {body[:300]}\n old {a[0]} {a[2][:300]!r}\n new {b[0]} {b[2][:300]!r}")
    for path, body, miss in missing[:10]:
        print(f"--- {path} {body[:300]}\n not in the tracks: {miss}")
    sys.exit(1 if differences or missing else 0)


main()
