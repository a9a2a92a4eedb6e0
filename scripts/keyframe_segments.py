"""What the Python tests share about playing a plan's tracks as a linear renderer does."""

# What a plan carried before it was its tracks alone; no answer may carry these any more.
FIRST_MODEL = ("layer", "keyframes", "children", "placeholder")


def segment(frames, time):
    """The keyframes either side of `time` and the fraction of the way between them (held outside the ends)."""
    if time <= frames[0]["time"]:
        return frames[0], frames[0], 0.0
    if time >= frames[-1]["time"]:
        return frames[-1], frames[-1], 0.0
    index = max(i for i, k in enumerate(frames) if k["time"] <= time)
    a, b = frames[index], frames[index + 1]
    return a, b, (time - a["time"]) / (b["time"] - a["time"])


def values_at(track, time):
    """A track's values at `time` as a linear renderer shows them (base, then the keyframes interpolated)."""
    values = dict(track["base"])
    frames = track["keyframes"]
    if not frames:
        return values
    a, b, f = segment(frames, time)
    mix = lambda p, q: p + (q - p) * f
    for key in track["animates"]:
        if key in ("transform", "maskFrame"):
            values[key] = {k: mix(a[key][k], b[key][k]) for k in a[key]}
        elif key in ("cornerRadius", "opacity"):
            values[key] = mix(a[key], b[key])
        elif key == "color":
            values[key] = {k: mix(a[key][k], b[key][k]) for k in a[key]}
        elif key == "shadow":
            values[key] = {"color": {k: mix(a[key]["color"][k], b[key]["color"][k]) for k in a[key]["color"]},
                           "radius": mix(a[key]["radius"], b[key]["radius"]),
                           "offset": {k: mix(a[key]["offset"][k], b[key]["offset"][k]) for k in a[key]["offset"]}}
    return values


def keyframe_times(plan):
    """The keyframe times the plan's moving tracks share (every moving track has the same ones)."""
    moving = [track for track in plan["tracks"] if track["keyframes"]]
    return [k["time"] for k in moving[0]["keyframes"]] if moving else []
