#!/usr/bin/env python3
"""The contract as a design-tool team meets it: clients generated from openapi.yaml with openapi-python-client,
datamodel-code-generator (pydantic models) and openapi-generator (its Python client; its validator first), each
used against the real binary for a plan (every example request, and with openapi-python-client one built from the
generated classes with a spring and an interruption), a batch, dismissals and the exports. Every answer must parse
into the generated types and give back, to the last number, the JSON the server sent: the tracks (and a
transform's `d`) survive the round trip.

Usage: generated_clients.py path/to/flightplan
"""
import glob
import importlib
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = os.path.join(ROOT, "openapi.yaml")
results = {"passed": 0, "failed": 0}


def check(condition, name, detail=""):
    if condition:
        results["passed"] += 1
    else:
        results["failed"] += 1
        print(f"FAIL {name} {detail}", flush=True)


def example(path):
    with open(os.path.join(ROOT, "examples", path)) as file:
        return json.load(file)


PLAN_EXAMPLES = {os.path.basename(path)[:-5]: example(path) for path in sorted(glob.glob(os.path.join(ROOT, "examples/*.json")))}
DISMISSAL_EXAMPLES = {name: example(f"gestures/dismiss-{name}.json") for name in ("changed", "ended")}


def generate(directory):
    """The generators' output in `directory`: the packages `flightplan_client` (openapi-python-client) and
    `flightplan_generator` (openapi-generator), the module `flightplan_models` (datamodel-code-generator)."""
    subprocess.run(["openapi-python-client", "generate", "--path", SPEC, "--meta", "none",
                    "--config", os.path.join(ROOT, "scripts/openapi-python-client.yaml"),
                    "--output-path", os.path.join(directory, "flightplan_client")],
                   check=True, capture_output=True, text=True)
    subprocess.run(["datamodel-codegen", "--input", SPEC, "--input-file-type", "openapi",
                    "--output-model-type", "pydantic_v2.BaseModel", "--target-python-version", "3.11",
                    "--formatters", "builtin", "--output", os.path.join(directory, "flightplan_models.py")],
                   check=True, capture_output=True, text=True)
    validation = subprocess.run(["openapi-generator-cli", "validate", "-i", SPEC], capture_output=True, text=True)
    check(validation.returncode == 0 and "No validation issues detected" in validation.stdout,
          "openapi-generator: the document validates without issues", validation.stdout[-500:])
    subprocess.run(["openapi-generator-cli", "generate", "-i", SPEC, "-g", "python", "-o", os.path.join(directory, "generator"),
                    "--package-name", "flightplan_generator", "--global-property", "apiTests=false,modelTests=false,apiDocs=false,modelDocs=false"],
                   check=True, capture_output=True, text=True)
    sys.path[:0] = [directory, os.path.join(directory, "generator")]


class Server:
    """The real binary on a free port."""

    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "serve", "--port", "0", "--log-level", "warning"],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        match = re.search(r"listening on http://([^ ]+):(\d+)", self.process.stdout.readline())
        if not match:
            raise SystemExit(f"server did not start: {self.process.stderr.read()}")
        self.url = f"http://127.0.0.1:{match.group(2)}"

    def post(self, path, body):
        """The JSON the server answers, as sent (to compare what a generated type gives back with)."""
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.load(response)


def carries_tracks(plan):
    """A plan's JSON carries tracks, and the ones that move have keyframes with transforms or opacities."""
    tracks = plan.get("tracks", [])
    moving = [track for track in tracks if track["keyframes"]]
    return bool(moving) and all(track["animates"] and set(track["animates"]) <= set(track["keyframes"][0]) for track in moving)


def python_client(server):
    """openapi-python-client's client: attrs models and one function per operation."""
    from flightplan_client import Client
    from flightplan_client.api.plans import create_filmstrip, create_plan, create_plans, dismiss_gesture
    models = importlib.import_module("flightplan_client.models")
    client = Client(base_url=server.url, timeout=60, raise_on_unexpected_status=True)

    for name, body in PLAN_EXAMPLES.items():
        plan = create_plan.sync(client=client, body=models.PlanRequest.from_dict(body))
        sent = server.post("/v1/plans", body)
        check(isinstance(plan, models.Plan) and plan.to_dict() == sent and carries_tracks(sent),
              f"openapi-python-client: the {name} plan parses and gives back every number", type(plan).__name__)

    built = models.PlanRequest(
        style=models.PlanRequestStyleType1.ZOOM,
        source=models.PlanRequestSource(frame=models.Rect(x=131, y=300, width=128, height=96)),
        destination=models.PlanRequestDestination(bounds=models.Rect(x=0, y=0, width=393, height=852)),
        timing=models.Timing(duration=0.4, curve=models.SpringCurve(spring=models.Spring(damping_ratio=0.8))),
        sampling=models.SamplingType0(keyframes=5))
    plan = create_plan.sync(client=client, body=built)
    check(isinstance(plan, models.Plan) and plan.duration == 0.4 and len(plan.tracks[-1].keyframes) == 5
          and plan.easing.spring.ui_kit["dampingRatio"] == 0.8,
          "openapi-python-client: a request built from the generated classes sends its timing")
    interrupted = models.PlanRequest.from_dict({**built.to_dict(), "direction": "pop"})
    interrupted.from_ = models.RunningPlan(request=built, time=0.2)
    plan = create_plan.sync(client=client, body=interrupted)
    check(isinstance(plan, models.Plan) and plan.direction == models.PlanDirection.POP
          and plan.to_dict() == server.post("/v1/plans", interrupted.to_dict()),
          "openapi-python-client: an interruption sends the running plan's request as a PlanRequest")

    requests = [models.PlanRequest.from_dict(body) for body in PLAN_EXAMPLES.values()]
    batch = create_plans.sync(client=client, body=models.CreatePlansBody(requests=[*requests, {"style": "zoom"}]))
    sent = server.post("/v1/plans/batch", {"requests": [*PLAN_EXAMPLES.values(), {"style": "zoom"}]})
    check(batch.to_dict() == sent and all(carries_tracks(item["plan"]) for item in sent["results"][:-1])
          and batch.results[-1].problem.field == "source",
          "openapi-python-client: a batch parses, plans with their tracks and the bad item's problem")

    for phase, body in DISMISSAL_EXAMPLES.items():
        dismissal = dismiss_gesture.sync(client=client, body=models.DismissRequest.from_dict(body))
        sent = server.post("/v1/gestures/dismiss", body)
        check(isinstance(dismissal, models.Dismissal) and dismissal.to_dict() == sent and sent["tracks"]
              and (phase == "changed" or (isinstance(dismissal.plan, models.Plan) and carries_tracks(sent["plan"]))),
              f"openapi-python-client: the {phase} dismissal parses with its tracks (and on release its plan's)")

    shared = models.PlanRequest.from_dict(PLAN_EXAMPLES["sharedFrame"])
    plan = create_plan.sync(client=client, body=shared)
    waapi = create_plan.sync(client=client, body=shared, format_=models.CreatePlanFormat.WAAPI)
    check(isinstance(waapi, models.WebAnimationsExport) and len(waapi.elements) == len(plan.tracks),
          "openapi-python-client: the waapi export parses, one element per track")
    layers = create_plan.sync(client=client, body=shared, format_=models.CreatePlanFormat.CORE_ANIMATION)
    check(isinstance(layers, models.CoreAnimationExport) and len(layers.layers) == len(plan.tracks),
          "openapi-python-client: the core-animation export parses, one layer per track")
    lottie = create_plan.sync(client=client, body=shared, format_=models.CreatePlanFormat.LOTTIE)
    on_stage = [track for track in plan.tracks if not track.parent]  # a child is drawn inside its parent's group
    check(isinstance(lottie, models.LottieExport) and len(lottie.layers) == len(on_stage) < len(plan.tracks),
          "openapi-python-client: the lottie export parses, one layer per track on the stage (a child in its parent's)")
    strip = create_filmstrip.sync(client=client, body=models.FilmstripRequest.from_dict({**PLAN_EXAMPLES["sharedFrame"], "frames": 3}))
    check(isinstance(strip, str) and strip.startswith("<svg") and strip.count("<g ") >= 3,
          "openapi-python-client: the filmstrip arrives as SVG text", repr(strip)[:80])


def pydantic_models(server):
    """datamodel-code-generator's pydantic models, sent and read with the standard library."""
    models = importlib.import_module("flightplan_models")
    dump = lambda model: json.loads(model.model_dump_json(by_alias=True, exclude_unset=True))

    for name, body in PLAN_EXAMPLES.items():
        request = models.PlanRequest.model_validate(body)
        check(dump(request) == body, f"datamodel-code-generator: the {name} request round-trips")
        sent = server.post("/v1/plans", dump(request))
        plan = models.Plan.model_validate(sent)
        check(dump(plan) == sent and carries_tracks(sent) and len(plan.tracks) == len(sent["tracks"]),
              f"datamodel-code-generator: the {name} plan parses and gives back every number")

    sent = server.post("/v1/plans/batch", {"requests": [dump(models.PlanRequest.model_validate(body)) for body in PLAN_EXAMPLES.values()]})
    plans = [models.Plan.model_validate(item["plan"]) for item in sent["results"]]
    check([dump(plan) for plan in plans] == [item["plan"] for item in sent["results"]] and all(plan.tracks for plan in plans),
          "datamodel-code-generator: a batch's plans parse with their tracks")

    for phase, body in DISMISSAL_EXAMPLES.items():
        sent = server.post("/v1/gestures/dismiss", dump(models.DismissRequest.model_validate(body)))
        dismissal = models.Dismissal.model_validate(sent)
        check(dump(dismissal) == sent and dismissal.tracks, f"datamodel-code-generator: the {phase} dismissal parses with its tracks")

    sent = server.post("/v1/plans?format=waapi", PLAN_EXAMPLES["sharedFrame"])
    waapi = models.WebAnimationsExport.model_validate(sent)
    check(dump(waapi) == sent and waapi.elements, "datamodel-code-generator: the waapi export parses")


def generator_client(server):
    """openapi-generator's Python client: pydantic models and an API class per tag."""
    import flightplan_generator as generated
    plans = generated.PlansApi(generated.ApiClient(generated.Configuration(host=server.url)))
    dump = lambda model: model.to_dict()

    for name, body in PLAN_EXAMPLES.items():
        answer = plans.create_plan(generated.PlanRequest.from_dict(body)).actual_instance
        sent = server.post("/v1/plans", body)
        check(isinstance(answer, generated.Plan) and dump(answer) == sent and carries_tracks(sent),
              f"openapi-generator: the {name} plan parses and gives back every number", type(answer).__name__)

    batch = plans.create_plans(generated.CreatePlansRequest.from_dict({"requests": list(PLAN_EXAMPLES.values())}))
    sent = server.post("/v1/plans/batch", {"requests": list(PLAN_EXAMPLES.values())})
    parsed = [item.actual_instance.plan.actual_instance for item in batch.results]
    check(all(isinstance(plan, generated.Plan) for plan in parsed) and [dump(plan) for plan in parsed] == [item["plan"] for item in sent["results"]],
          "openapi-generator: a batch's plans parse with their tracks")

    for phase, body in DISMISSAL_EXAMPLES.items():
        dismissal = plans.dismiss_gesture(generated.DismissRequest.from_dict(body))
        sent = server.post("/v1/gestures/dismiss", body)
        check(len(dismissal.tracks) == len(sent["tracks"]) > 0
              and (phase == "changed" or dump(dismissal.plan.actual_instance) == sent["plan"]),
              f"openapi-generator: the {phase} dismissal parses with its tracks (and on release its plan)")

    waapi = plans.create_plan(generated.PlanRequest.from_dict(PLAN_EXAMPLES["sharedFrame"]), format="waapi").actual_instance
    tracks = server.post("/v1/plans", PLAN_EXAMPLES["sharedFrame"])["tracks"]
    check(isinstance(waapi, generated.WebAnimationsExport) and len(waapi.elements) == len(tracks),
          "openapi-generator: the waapi export parses, one element per track")


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    with tempfile.TemporaryDirectory() as directory:
        generate(directory)
        server = Server(os.path.abspath(sys.argv[1]))
        try:
            python_client(server)
            pydantic_models(server)
            generator_client(server)
        finally:
            server.process.terminate()
            server.process.wait(15)
    print(f"generated clients: {results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
