#!/usr/bin/env python3
"""The contract as a design-tool team meets it: clients generated from openapi.yaml with openapi-python-client,
datamodel-code-generator (pydantic models), openapi-generator (its Python client, and its typescript-fetch
client compiled with tsc and run by node through scripts/typescript_fetch_client.js; its validator first) and
swift-openapi-generator (its build plugin in the package Clients/swift-openapi, whose driver sends each call), each
used against the real binary over every committed example request (examples/*.json, the seeds, the content
example, the dismissals in examples/gestures; hex colours among them), a batch of them all, and with
openapi-python-client one request built from the generated classes with a spring and an interruption, and the
filmstrip. Every plan request, the batch and every dismissal go in every format: the JSON ones through createPlan's
`format`, CSS and SVG through createPlanCss and createPlanSvg (datamodel-code-generator, models only, parses the JSON
ones). Each request must build into the generated types (and, where the client keeps what it was given, give back
the example unchanged); each answer must parse into the generated types and give back the server's own answer to
the same body with `?format=` (JSON member by member to the last number, the first differing member named on
failure; CSS and SVG as the exact text).

Usage: generated_clients.py path/to/flightplan
"""
import contextlib
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


@contextlib.contextmanager
def trying(name):
    """Runs a check's steps; an exception in them (a generated client refusing a request) fails `name`."""
    try:
        yield
    except Exception as error:
        check(False, name, f"raised {type(error).__name__}: {str(error)[:300]}")


def example(path):
    with open(os.path.join(ROOT, "examples", path)) as file:
        return json.load(file)


def examples(pattern):
    """The committed examples matching `pattern` under examples/, by their path there without `.json`."""
    paths = sorted(glob.glob(os.path.join(ROOT, "examples", pattern)))
    return {os.path.relpath(path, os.path.join(ROOT, "examples"))[:-5]: example(os.path.relpath(path, os.path.join(ROOT, "examples")))
            for path in paths}


PLAN_EXAMPLES = {**examples("*.json"), **examples("seeds/*.json"), **examples("content/*.json")}
DISMISSAL_EXAMPLES = examples("gestures/*.json")
# Every format a plan is answered in: the JSON ones through createPlan's `format`, CSS and SVG through their own
# operations (createPlanCss, createPlanSvg), each compared with the server's own answer to `?format=` on /v1/plans.
JSON_FORMATS = ["json", "waapi", "lottie", "core-animation", "boxes"]
TEXT_FORMATS = ["css", "svg"]
FORMATS = JSON_FORMATS + TEXT_FORMATS


def difference(given, sent, path="$"):
    """The first member where `given` differs from `sent` (JSON values), with both values; None when equal."""
    if isinstance(given, dict) and isinstance(sent, dict):
        for key in sorted(set(given) | set(sent)):
            if key not in given or key not in sent:
                return f"{path}.{key}: {'missing' if key not in given else 'extra'}"
            found = difference(given[key], sent[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(given, list) and isinstance(sent, list):
        if len(given) != len(sent):
            return f"{path}: {len(given)} items, the server sent {len(sent)}"
        return next((found for index, (a, b) in enumerate(zip(given, sent)) if (found := difference(a, b, f"{path}[{index}]"))), None)
    same = given == sent and isinstance(given, bool) == isinstance(sent, bool)
    return None if same else f"{path}: {given!r}, the server sent {sent!r}"


def check_same(given, sent, name):
    """`given` (what a generated type gives back) is `sent` (the server's JSON, or the exact text of CSS and SVG),
    member by member."""
    if isinstance(sent, str):
        found = None if given == sent else f"{type(given).__name__} of {len(str(given))} characters, the server sent {len(sent)}: {str(given)[:80]!r}"
    else:
        found = difference(given, sent)
    check(found is None, name, found or "")


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
    typescript = os.path.join(directory, "typescript")
    subprocess.run(["openapi-generator-cli", "generate", "-i", SPEC, "-g", "typescript-fetch", "-o", typescript],
                   check=True, capture_output=True, text=True)
    with open(os.path.join(typescript, "tsconfig.json"), "w") as file:
        json.dump({"compilerOptions": {"target": "ES2020", "module": "commonjs", "lib": ["ES2020", "DOM"], "outDir": "dist",
                                       "skipLibCheck": True}, "include": ["*.ts", "apis/*.ts", "models/*.ts"]}, file)
    # tsc emits despite type errors; typescript-fetch 7.26's TimingCurve.ts has one (a SpringCurve cast to NamedCurve).
    subprocess.run(["tsc", "-p", typescript], capture_output=True, text=True)


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
        return json.loads(self.text(path, body))

    def text(self, path, body):
        """The server's answer, as the text it sent."""
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.read().decode()

    def plan(self, body, format):
        """The server's own answer to `body` in `format` through `?format=` on /v1/plans: JSON, or the text of CSS and SVG."""
        answer = self.text(f"/v1/plans?format={format}", body)
        return answer if format in TEXT_FORMATS else json.loads(answer)


def carries_tracks(plan):
    """A plan's JSON carries tracks, and the ones that move have keyframes with transforms or opacities."""
    tracks = plan.get("tracks", [])
    moving = [track for track in tracks if track["keyframes"]]
    return bool(moving) and all(track["animates"] and set(track["animates"]) <= set(track["keyframes"][0]) for track in moving)


def python_client(server):
    """openapi-python-client's client: attrs models and one function per operation."""
    from flightplan_client import Client
    from flightplan_client.api.plans import create_filmstrip, create_plan, create_plan_css, create_plan_svg, create_plans, dismiss_gesture
    models = importlib.import_module("flightplan_client.models")
    client = Client(base_url=server.url, timeout=60, raise_on_unexpected_status=True)
    types = {"json": models.Plan, "waapi": models.WebAnimationsExport, "lottie": models.LottieExport, "core-animation": models.CoreAnimationExport,
             "boxes": models.WindowBoxesExport}

    def answer(request, format):
        """`request` planned in `format` through the generated functions: a typed answer's dict, or the text."""
        if format == "css":
            return create_plan_css.sync(client=client, body=request)
        if format == "svg":
            return create_plan_svg.sync(client=client, body=request)
        planned = create_plan.sync(client=client, body=request, format_=models.CreatePlanFormat(format))
        check(isinstance(planned, types[format]), f"openapi-python-client: the answer in {format} is a {types[format].__name__}", type(planned).__name__)
        return planned.to_dict()

    for name, body in PLAN_EXAMPLES.items():
        with trying(f"openapi-python-client: the {name} example"):
            request = models.PlanRequest.from_dict(body)
            check_same(request.to_dict(), body, f"openapi-python-client: the {name} request round-trips")
            check(carries_tracks(server.plan(body, "json")), f"openapi-python-client: the {name} plan carries its tracks")
            for format in FORMATS:
                with trying(f"openapi-python-client: the {name} example in {format}"):
                    check_same(answer(request, format), server.plan(body, format), f"openapi-python-client: the {name} answer in {format} gives back the server's")

    built = models.PlanRequest(
        style=models.PlanRequestStyle.ZOOM,
        source=models.PlanRequestSource(frame=models.Rect(x=131, y=300, width=128, height=96), color="#2F80ED"),
        destination=models.PlanRequestDestination(bounds=models.Rect(x=0, y=0, width=393, height=852)),
        timing=models.Timing(duration=0.4, curve=models.SpringCurve(spring=models.Spring(damping_ratio=0.8))),
        sampling=models.SamplingType0(keyframes=5))
    plan = create_plan.sync(client=client, body=built)
    check(isinstance(plan, models.Plan) and plan.duration == 0.4 and len(plan.tracks[-1].keyframes) == 5
          and plan.easing.spring.ui_kit.damping_ratio == 0.8,
          "openapi-python-client: a request built from the generated classes sends its timing (read back through the typed spring)")
    interrupted = models.PlanRequest.from_dict({**built.to_dict(), "direction": "pop"})
    interrupted.from_ = models.RunningPlan(request=built, time=0.2)
    plan = create_plan.sync(client=client, body=interrupted)
    check(isinstance(plan, models.Plan) and plan.direction == models.PlanDirection.POP,
          "openapi-python-client: an interruption sends the running plan's request as a PlanRequest")
    check_same(plan.to_dict(), server.post("/v1/plans", interrupted.to_dict()), "openapi-python-client: the interruption's plan gives back every member")

    requests = [models.PlanRequest.from_dict(body) for body in PLAN_EXAMPLES.values()]
    for format in FORMATS:
        with trying(f"openapi-python-client: a batch in {format}"):
            batch = create_plans.sync(client=client, body=models.CreatePlansBody(requests=requests), format_=models.CreatePlansFormat(format))
            sent = server.post(f"/v1/plans/batch?format={format}", {"requests": list(PLAN_EXAMPLES.values())})
            check(all("plan" in item for item in sent["results"]), f"openapi-python-client: every batch item is planned in {format}")
            check_same(batch.to_dict(), sent, f"openapi-python-client: a batch of every example in {format} gives back every member")

    for name, body in DISMISSAL_EXAMPLES.items():
        with trying(f"openapi-python-client: the {name} example"):
            request = models.DismissRequest.from_dict(body)
            check_same(request.to_dict(), body, f"openapi-python-client: the {name} dismissal request round-trips")
            sent = server.post("/v1/gestures/dismiss", body)
            check(sent["tracks"] and ("plan" not in sent or carries_tracks(sent["plan"])),
                  f"openapi-python-client: the {name} dismissal has its tracks (and on release its plan's)")
            for format in FORMATS:
                dismissal = dismiss_gesture.sync(client=client, body=request, format_=models.DismissGestureFormat(format))
                check(isinstance(dismissal, models.Dismissal), f"openapi-python-client: the {name} dismissal in {format} is a Dismissal")
                check_same(dismissal.to_dict(), server.post(f"/v1/gestures/dismiss?format={format}", body),
                           f"openapi-python-client: the {name} dismissal in {format} gives back every member")

    strip = create_filmstrip.sync(client=client, body=models.FilmstripRequest.from_dict({**PLAN_EXAMPLES["sharedFrame"], "frames": 3}))
    check(isinstance(strip, str) and strip.startswith("<svg") and strip.count("<g ") >= 3,
          "openapi-python-client: the filmstrip arrives as SVG text", repr(strip)[:80])


def pydantic_models(server):
    """datamodel-code-generator's pydantic models, sent and read with the standard library."""
    models = importlib.import_module("flightplan_models")
    dump = lambda model: json.loads(model.model_dump_json(by_alias=True, exclude_unset=True))

    types = {"json": models.Plan, "waapi": models.WebAnimationsExport, "lottie": models.LottieExport, "core-animation": models.CoreAnimationExport,
             "boxes": models.WindowBoxesExport}
    for name, body in PLAN_EXAMPLES.items():
        with trying(f"datamodel-code-generator: the {name} example"):
            request = models.PlanRequest.model_validate(body)
            check_same(dump(request), body, f"datamodel-code-generator: the {name} request round-trips")
            for format in JSON_FORMATS:
                with trying(f"datamodel-code-generator: the {name} example in {format}"):
                    sent = server.plan(dump(request), format)
                    check_same(dump(types[format].model_validate(sent)), sent, f"datamodel-code-generator: the {name} answer in {format} gives back every member")

    sent = server.post("/v1/plans/batch", {"requests": [dump(models.PlanRequest.model_validate(body)) for body in PLAN_EXAMPLES.values()]})
    plans = [models.Plan.model_validate(item["plan"]) for item in sent["results"]]
    check(all(plan.tracks for plan in plans), "datamodel-code-generator: a batch's plans parse with their tracks")
    check_same([dump(plan) for plan in plans], [item["plan"] for item in sent["results"]], "datamodel-code-generator: a batch of every example gives back every member")

    for name, body in DISMISSAL_EXAMPLES.items():
        with trying(f"datamodel-code-generator: the {name} example"):
            request = models.DismissRequest.model_validate(body)
            check_same(dump(request), body, f"datamodel-code-generator: the {name} dismissal request round-trips")
            for format in FORMATS:
                sent = server.post(f"/v1/gestures/dismiss?format={format}", dump(request))
                dismissal = models.Dismissal.model_validate(sent)
                check(bool(dismissal.tracks), f"datamodel-code-generator: the {name} dismissal in {format} parses with its tracks")
                check_same(dump(dismissal), sent, f"datamodel-code-generator: the {name} dismissal in {format} gives back every member")



def generator_client(server):
    """openapi-generator's Python client: pydantic models and an API class per tag. It writes every default it
    knows into the requests it sends, so its answers are compared with the server's answer to what it sent."""
    import flightplan_generator as generated
    plans = generated.PlansApi(generated.ApiClient(generated.Configuration(host=server.url)))
    dump = lambda model: model.to_dict()

    types = {"json": generated.Plan, "waapi": generated.WebAnimationsExport, "lottie": generated.LottieExport, "core-animation": generated.CoreAnimationExport,
             "boxes": generated.WindowBoxesExport}

    def answer(request, format):
        """`request` planned in `format` through the generated API class: a typed answer's dict, or the text. Its
        deserializer reads JSON and text/* only, so SVG is read from the raw answer it hands back undecoded."""
        if format == "css":
            return plans.create_plan_css(request)
        if format == "svg":
            return plans.create_plan_svg_without_preload_content(request).data.decode()
        planned = plans.create_plan(request, format=format).actual_instance
        check(isinstance(planned, types[format]), f"openapi-generator: the answer in {format} is a {types[format].__name__}", type(planned).__name__)
        return dump(planned)

    for name, body in PLAN_EXAMPLES.items():
        with trying(f"openapi-generator: the {name} example"):
            request = generated.PlanRequest.from_dict(body)
            sent = generated.ApiClient().sanitize_for_serialization(request)
            for format in FORMATS:
                with trying(f"openapi-generator: the {name} example in {format}"):
                    check_same(answer(request, format), server.plan(sent, format), f"openapi-generator: the {name} answer in {format} gives back the server's")

    requests = [generated.PlanRequest.from_dict(body) for body in PLAN_EXAMPLES.values()]
    for format in FORMATS:
        with trying(f"openapi-generator: a batch in {format}"):
            batch = plans.create_plans(generated.CreatePlansRequest(requests=requests), format=format)
            sent = server.post(f"/v1/plans/batch?format={format}", {"requests": generated.ApiClient().sanitize_for_serialization(requests)})
            check_same(dump(batch), sent, f"openapi-generator: a batch of every example in {format} gives back every member")

    for name, body in DISMISSAL_EXAMPLES.items():
        with trying(f"openapi-generator: the {name} example"):
            request = generated.DismissRequest.from_dict(body)
            sent = generated.ApiClient().sanitize_for_serialization(request)
            for format in FORMATS:
                dismissal = plans.dismiss_gesture(request, format=format)
                check(len(dismissal.tracks) > 0, f"openapi-generator: the {name} dismissal in {format} parses with its tracks")
                check_same(dump(dismissal), server.post(f"/v1/gestures/dismiss?format={format}", sent),
                           f"openapi-generator: the {name} dismissal in {format} gives back every member")



def every_call(directory):
    """Every example in every format, and the batch of them all, as the list of calls the typescript-fetch and the
    swift-openapi-generator drivers read ([{"name", "operation", "body", "format"}]): the list and its file's path."""
    requests = [{"name": f"{name} in {format}", "operation": "createPlan", "body": body, "format": format}
                for name, body in PLAN_EXAMPLES.items() for format in FORMATS]
    requests += [{"name": f"{name} in {format}", "operation": "dismissGesture", "body": body, "format": format}
                 for name, body in DISMISSAL_EXAMPLES.items() for format in FORMATS]
    requests += [{"name": f"batch in {format}", "operation": "createPlans", "body": {"requests": list(PLAN_EXAMPLES.values())}, "format": format}
                 for format in FORMATS]
    path = os.path.join(directory, "calls.json")
    with open(path, "w") as file:
        json.dump(requests, file)
    return requests, path


def check_answers(client, server, requests, results):
    """Each driver's result gives back the server's own answer to the same body (createPlan's through `?format=`)."""
    routes = {"dismissGesture": "/v1/gestures/dismiss", "createPlans": "/v1/plans/batch"}
    for request, result in zip(requests, results, strict=True):
        name = f"{client}: the {request['name']} answer gives back the server's"
        if "error" in result:
            check(False, name, result["error"])
        elif request["operation"] == "createPlan":
            check_same(result["answer"], server.plan(request["body"], request["format"]), name)
        else:
            check_same(result["answer"], server.post(f"{routes[request['operation']]}?format={request['format']}", request["body"]), name)


def typescript_client(server, directory):
    """openapi-generator's typescript-fetch client, compiled with tsc and run by node
    (scripts/typescript_fetch_client.js): each request read into its generated type and sent, each answer written
    back by the client's own ToJSON."""
    requests, path = every_call(directory)
    played = subprocess.run(["node", os.path.join(ROOT, "scripts/typescript_fetch_client.js"), os.path.join(directory, "typescript/dist"),
                             path, server.url], check=True, capture_output=True, text=True)
    check_answers("typescript-fetch", server, requests, json.loads(played.stdout))


def swift_client(server, directory):
    """swift-openapi-generator's client (its build plugin, in the package Clients/swift-openapi, run by the driver
    there): each request decoded into its generated type and encoded back unchanged, sent, each answer decoded into
    the generated types (createPlan's JSON formats each as its own `oneOf` case) and encoded back."""
    package = os.path.join(ROOT, "Clients", "swift-openapi")
    built = subprocess.run(["swift", "build", "--package-path", package], capture_output=True, text=True)
    if built.returncode != 0:
        raise RuntimeError(f"Clients/swift-openapi does not build: {(built.stdout + built.stderr)[-2000:]}")
    driver = subprocess.run(["swift", "build", "--package-path", package, "--show-bin-path"], check=True, capture_output=True, text=True)
    requests, path = every_call(directory)
    played = subprocess.run([os.path.join(driver.stdout.strip(), "GeneratedClientCheck"), path, server.url], check=True,
                            capture_output=True, text=True)
    results = json.loads(played.stdout)
    types = {"json": "Plan", "waapi": "WebAnimationsExport", "lottie": "LottieExport", "core-animation": "CoreAnimationExport",
             "boxes": "WindowBoxesExport"}
    for request, result in zip(requests, results, strict=True):
        if "request" in result:
            check_same(result["request"], request["body"], f"swift-openapi-generator: the {request['name']} request round-trips")
        if "schema" in result:
            check(result["schema"] == types[request["format"]], f"swift-openapi-generator: the {request['name']} answer is a {types[request['format']]}",
                  result["schema"])
    check_answers("swift-openapi-generator", server, requests, results)


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    with tempfile.TemporaryDirectory() as directory:
        generate(directory)
        server = Server(os.path.abspath(sys.argv[1]))
        try:
            for client in (python_client, pydantic_models, generator_client):
                with trying(f"{client.__name__}: every check ran"):
                    client(server)
            for client in (typescript_client, swift_client):
                with trying(f"{client.__name__}: every check ran"):
                    client(server, directory)
        finally:
            server.process.terminate()
            server.process.wait(15)
    print(f"generated clients: {results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
