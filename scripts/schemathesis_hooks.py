"""Schemathesis hooks (SCHEMATHESIS_HOOKS=schemathesis_hooks, loaded by scripts/schemathesis.sh): the cross-field
rules openapi.yaml states in its descriptions but JSON Schema cannot, applied to every generated body, so that
positive data acceptance (ST202) holds each schema-valid body the server refuses against a rule nobody wrote down.
A repair keeps a valid body valid; negative cases are not repaired."""
import copy
import math
import re

import schemathesis
from schemathesis.openapi.checks import RejectedPositiveData
from schemathesis.specs.openapi.checks import positive_data_acceptance

SPANS = ("window", "seconds", "progress")  # ChannelTiming: `[start, end]`, end after start
IDENTIFIED = ("children", "auxiliary")  # ChildPair and auxiliary views: unique ids within a request


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0


def ordered(span):
    """A span that ends after it starts: swapped when backwards, from 0 when empty."""
    start, end = span
    if end < start:
        return [end, start]
    if end == start:
        return [0, end or 1]
    return span


def repaired(value):
    """`value` with every span ordered, every id list unique, content naming children by their pairs' ids only, no
    `imageSize` beside a content element's own size, a visible frame overlapping its frame, every spring
    settling within 60 s, no `duration`
    beside a spring's `response`, every channel of a timing fitted to it, and an interruption's `time` within its
    running plan."""
    if isinstance(value, list):
        return [repaired(item) for item in value]
    if not isinstance(value, dict):
        return value
    value = {key: repaired(item) for key, item in value.items()}
    for key in SPANS:
        span = value.get(key)
        if isinstance(span, list) and len(span) == 2 and all(map(is_number, span)):
            value[key] = ordered(span)
    for key in IDENTIFIED:
        items = value.get(key)
        if isinstance(items, list):
            seen = set()
            for index, item in enumerate(items):
                if isinstance(item, dict) and isinstance(item.get("id"), str) and 1 <= len(item["id"]) <= 128:
                    if item["id"] in seen:
                        item["id"] = f"{item['id'][:100]}~{index}"
                    seen.add(item["id"])
    frame, visible = value.get("frame"), value.get("visibleFrame")
    if is_rect(frame) and is_rect(visible) and not overlap(frame, visible):
        value["visibleFrame"] = dict(frame)
    spring = value.get("spring")
    if isinstance(spring, dict) and is_number(spring.get("dampingRatio")) and is_number(spring.get("response")):
        spring["response"] = min(spring["response"], settling_response(spring["dampingRatio"]))
    duration = value.get("duration")
    if has_response(value.get("curve")) and (duration is None or is_number(duration) and 0.001 <= duration <= 60):
        value.pop("duration", None)
    if "source" in value and "destination" in value:
        fit_to_duration(value)
        only_named_children(value)
        one_image_aspect(value)
    origin = value.get("from")
    if isinstance(origin, dict) and isinstance(origin.get("request"), dict) and is_number(origin.get("time")):
        known = known_duration(origin["request"].get("timing"))
        origin["time"] = min(origin["time"], known) if known is not None else 0
    channels = value.get("channels")
    if isinstance(channels, dict):
        for channel in channels.values():
            if isinstance(channel, dict):
                fit_channel(channel, value)
    return value


def only_named_children(request):
    """A plan request's content names children by their pairs' ids and auxiliary views by theirs only: the others
    are dropped."""
    content = request.get("content")
    def ids(member):
        items = request.get(member) if isinstance(request.get(member), list) else []
        return {item.get("id") for item in items if isinstance(item, dict)}
    if not isinstance(content, dict):
        return
    if isinstance(content.get("auxiliary"), dict):
        views = ids("auxiliary")
        content["auxiliary"] = {key: reference for key, reference in content["auxiliary"].items() if key in views}
    pairs = ids("children")
    for name in ("source", "destination"):
        side = content.get(name)
        if isinstance(side, dict) and isinstance(side.get("children"), dict):
            side["children"] = {key: reference for key, reference in side["children"].items() if key in pairs}


def one_image_aspect(request):
    """`imageSize` is left out when a content element gives its own size: the two must name one aspect (within 1 %),
    and the painted image's size alone gives it."""
    content = request.get("content")
    sides = content.values() if isinstance(content, dict) else []
    if any(isinstance(side, dict) and isinstance(side.get("element"), dict) and side["element"].get("size") is not None for side in sides):
        request.pop("imageSize", None)


def is_rect(value):
    return isinstance(value, dict) and all(isinstance(value.get(key), (int, float)) for key in ("x", "y", "width", "height"))


def overlap(a, b):
    """Whether two rects share some area (the server's rule for `source.visibleFrame`)."""
    return (min(a["x"] + a["width"], b["x"] + b["width"]) > max(a["x"], b["x"])
            and min(a["y"] + a["height"], b["y"] + b["height"]) > max(a["y"], b["y"]))


def settling_response(damping_ratio):
    """The longest SwiftUI `response` with which a spring of `damping_ratio` settles (to 0.1 %) well within 60 s:
    its slowest mode decays at ω·ζ when underdamped, ω·(ζ − √(ζ² − 1)) otherwise, with ω = 2π / response."""
    rate = damping_ratio if damping_ratio < 1 else damping_ratio - math.sqrt(damping_ratio ** 2 - 1)
    return max(0.01, 60 * 2 * math.pi * rate / (math.log(1000) * 2))


def has_response(curve):
    return isinstance(curve, dict) and isinstance(curve.get("spring"), dict) and curve["spring"].get("response") is not None


def known_duration(timing):
    """A timing's duration when the request states it (a spring with `response` sets its own)."""
    if not isinstance(timing, dict) or has_response(timing.get("curve")):
        return None
    duration = timing.get("duration")
    return duration if is_number(duration) and 0.001 <= duration <= 60 else None


def fit_to_duration(request):
    """A plan request's stagger spread and `fps` sampling within its duration (the longest a plan lasts, 60 s, or
    the shortest, 1 ms, when the duration is the style's default or a spring's settling time)."""
    duration = known_duration(request.get("timing"))
    snapshot, children = request.get("snapshot"), request.get("children")
    if isinstance(snapshot, dict) and is_number(snapshot.get("stagger")) and isinstance(children, list) and len(children) > 1:
        snapshot["stagger"] = min(snapshot["stagger"], 0.9 * (duration or 0.001) / (len(children) - 1))
    sampling = request.get("sampling")
    if isinstance(sampling, dict) and is_number(sampling.get("fps")):
        # At most 10 000 keyframes: ⌈fps × duration⌉ + 1, so fps × duration ≤ 9 999 (9 998, against rounding).
        sampling["fps"] = min(sampling["fps"], 9998 / (duration or 60))


def fit_channel(channel, timing):
    """A channel of `timing` without a spring `response` (its window sets its length) and with its `seconds`
    within the duration: the duration set to the span's end when absent, the span scaled down when past it, or
    (under a spring whose `response` sets the duration) the span given as the same share of a `window`."""
    if has_response(channel.get("curve")):
        channel["curve"]["spring"].pop("response")
    span = channel.get("seconds")
    if not (isinstance(span, list) and len(span) == 2 and all(map(is_number, span)) and span[1] > span[0]):
        return
    start, end = span
    duration = known_duration(timing)
    if duration is not None:
        if end > duration:
            channel["seconds"] = [start * duration / end, duration]
    elif has_response(timing.get("curve")):
        channel["window"] = [start / end, 1]
        del channel["seconds"]
    else:
        timing["duration"] = max(end, 0.001)


REQUESTS = ("PlanRequest", "DismissRequest", "FilmstripRequest")
NULL_REFUSED = ("ChannelTimings",)  # the one object whose optional members the server does not read `null` in


def accepting_null(schemas, schema, seen, own_members=True):
    """Every optional member of `schema` and of the objects it reaches (each visited once) also allows `null`,
    except the members of NULL_REFUSED's objects (`own_members` false)."""
    if id(schema) in seen or not isinstance(schema, dict):
        return
    seen.add(id(schema))
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        accepting_null(schemas, schemas[name], seen, name not in NULL_REFUSED)
        return
    for part in schema.get("anyOf", []) + schema.get("oneOf", []) + schema.get("allOf", []):
        accepting_null(schemas, part, seen)
    for nested in (schema.get("items"), schema.get("additionalProperties")):
        accepting_null(schemas, nested, seen)
    required = set(schema.get("required", []))
    for name, member in schema.get("properties", {}).items():
        accepting_null(schemas, member, seen)
        if own_members and name not in required:
            schema["properties"][name] = {"anyOf": [member, {"type": "null"}]}


@schemathesis.hook
def before_load_schema(context, raw_schema):
    """What the server accepts beyond what openapi.yaml advertises, in schemathesis's copy of the document only, so
    that negative cases are ones the server must refuse: `null` for an optional request member (read as the
    default; the document leaves it out so that generators read optional members as plain types), and anything
    as a batch item (an invalid one gets a problem in its result).

    Generated interruptions nest one running plan, itself with only its style, direction and geometry
    (the server takes 8 levels of full requests). The coverage phase enumerates every member of every schema it
    meets: a second full PlanRequest made it five times slower for nothing the top-level request does not already
    reach."""
    schemas = raw_schema["components"]["schemas"]
    seen = set()
    for name in REQUESTS:
        accepting_null(schemas, schemas[name], seen)
    batch = raw_schema["paths"]["/v1/plans/batch"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    batch["properties"]["requests"]["items"] = {"anyOf": [batch["properties"]["requests"]["items"], {}]}
    innermost = copy.deepcopy(schemas["PlanRequest"])
    innermost["properties"] = {name: innermost["properties"][name] for name in ("style", "direction", "source", "destination")}
    schemas["InnermostPlanRequest"] = innermost
    schemas["RunningPlan"]["properties"]["request"] = {"$ref": "#/components/schemas/InnermostPlanRequest"}


@schemathesis.hook
def map_case(context, case):
    """Every positive case, of every phase (the coverage phase applies case hooks only, not body hooks); negative
    cases are left as drawn, so that no repair can make one valid."""
    if positive(case):
        case.body = repaired(case.body)
        if case.operation.path == "/v1/gestures/dismiss" and isinstance(case.body, dict):
            without_initial_velocity(case.body)
    return case


def positive(case):
    generation = getattr(case.meta, "generation", None)
    return generation is None or generation.mode == schemathesis.GenerationMode.POSITIVE


def without_initial_velocity(dismissal):
    """A dismissal's spring curves leave `initialVelocity` out: the finger sets it."""
    options = dismissal.get("options") if isinstance(dismissal.get("options"), dict) else {}
    plan = dismissal.get("plan") if isinstance(dismissal.get("plan"), dict) else {}
    for timing in (plan.get("timing"), options.get("finishTiming"), options.get("cancelTiming")):
        if isinstance(timing, dict) and isinstance(timing.get("curve"), dict) and isinstance(timing["curve"].get("spring"), dict):
            timing["curve"]["spring"].pop("initialVelocity", None)


# The answers to a schema-valid body that only running the planner can foresee, documented in openapi.yaml's 422:
# its work budgets (the output budget's keyframes and easing stops, the tolerance search's keyframes and
# evaluations), and its reach (visible geometry more than 10⁸ pt beyond a track's ends, refused naming what carries
# it there: an overshooting curve, an interruption's velocities, a dismissal's drag).
BUDGET_FIELDS = {"sampling.tolerance", "timing.curve", "requests"}
REACH_FIELDS = re.compile(r"(.*\.)?(from|timing\.curve|timing\.channels\.\w+\.curve|velocity|plan)")


def foreseen_only_by_planning(problem):
    """Whether a 422's problem is a budget or a reach refusal (see BUDGET_FIELDS and REACH_FIELDS)."""
    field, detail = problem.get("field", ""), problem.get("detail", "")
    over_budget = any(field == name or field.endswith("." + name) for name in BUDGET_FIELDS) and ("need" in detail or "budget" in detail)
    too_far = REACH_FIELDS.fullmatch(field) is not None and "carries the plan's geometry too far" in detail
    return over_budget or too_far


@schemathesis.check
def positive_data_acceptance_within_budgets(context, response, case):
    """Schemathesis's positive_data_acceptance (ST202), except a 422 for a plan over one of its work budgets or its
    reach."""
    try:
        return positive_data_acceptance(context, response, case)
    except RejectedPositiveData:
        if response.status_code == 422 and foreseen_only_by_planning(response.json()):
            return None
        raise
