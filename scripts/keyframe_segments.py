"""What the Python tests share about playing a plan's tracks as a linear renderer does."""

# What a plan carried before it was its tracks alone; no answer may carry these any more.
FIRST_MODEL = ("layer", "keyframes", "children", "placeholder")
IDENTITY = {"a": 1, "b": 0, "c": 0, "d": 1, "tx": 0, "ty": 0}
# A JavaScript function of a web export's paint box: the window-space rect [x, y, width, height] (from the page's
# top-left) of the bounds of its computed clip-path outline (every point of it, control points included, on or inside
# the mask rect; the whole box when it has none), through every transform above it, however the boxes are nested
# (a probe box of those bounds, placed inside it and measured).
PAINTED_CLIP = """(paint) => {
  const style = getComputedStyle(paint), numbers = (style.clipPath.match(/-?[\\d.]+(?:e-?\\d+)?/g) || []).map(Number);
  const xs = numbers.filter((_, i) => i % 2 == 0), ys = numbers.filter((_, i) => i % 2 == 1);
  const box = style.clipPath == 'none' || !numbers.length ? [0, 0, parseFloat(style.width), parseFloat(style.height)]
    : [Math.min(...xs), Math.min(...ys), Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
  const probe = document.createElement('div');
  probe.style.cssText = `position:absolute;margin:0;border:0;padding:0;left:${box[0]}px;top:${box[1]}px;width:${box[2]}px;height:${box[3]}px`;
  paint.appendChild(probe);
  const rect = probe.getBoundingClientRect();
  probe.remove();
  return [rect.x, rect.y, rect.width, rect.height];
}"""


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
    """The times at which some moving track has a keyframe, ascending (with `sampling.keyframes` or `fps` every moving
    track has these; with a tolerance each track has only the ones its own motion needs)."""
    return sorted({k["time"] for track in plan["tracks"] for k in track["keyframes"]})


def parents(plan, track):
    """The tracks `track` is drawn inside, its parent first (a `parent` naming no track of the plan ends the chain)."""
    tracks = {t["id"]: t for t in plan["tracks"]}
    chain, layer = [], tracks.get(track.get("parent"))
    while layer is not None and len(chain) < len(tracks):
        chain.append(layer)
        layer = tracks.get(layer.get("parent"))
    return chain


def moves(plan, track):
    """Whether the track moves on the stage: it or a track it is drawn inside has keyframes."""
    return any(layer["keyframes"] for layer in [track] + parents(plan, track))


def to_stage(plan, track, time):
    """Where a point of `track`'s own space (origin at its frame's top-left) is drawn in window space at `time`:
    through its transform about its frame's centre into the space its frame is in, then through each parent's the
    same way (Plan.stagePoint)."""
    chain = [(layer["frame"], values_at(layer, time).get("transform", IDENTITY)) for layer in [track] + parents(plan, track)]
    def point(x, y):
        for frame, t in chain:
            lx, ly = x - frame["width"] / 2, y - frame["height"] / 2
            x, y = (frame["x"] + frame["width"] / 2 + t["a"] * lx + t["c"] * ly + t["tx"],
                    frame["y"] + frame["height"] / 2 + t["b"] * lx + t["d"] * ly + t["ty"])
        return x, y
    return point


def visible_rect(plan, track, time):
    """The track's own visible clip in window space at `time`, (x, y, width, height): the bounds of its mask (or its
    whole layer) through its transform and its parents' (Plan.stageRect)."""
    frame = track["frame"]
    m = values_at(track, time).get("maskFrame", {"x": 0, "y": 0, "width": frame["width"], "height": frame["height"]})
    point = to_stage(plan, track, time)
    corners = [point(x, y) for x in (m["x"], m["x"] + m["width"]) for y in (m["y"], m["y"] + m["height"])]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
