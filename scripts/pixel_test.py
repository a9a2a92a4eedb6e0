#!/usr/bin/env python3
"""The exports' pixels against the plan's: every seed request (examples/seeds) and a dozen random ones, each with a
real test image (examples/content/test-card.png, as a data: URL) as the content of every element, screen and
child, are exported as waapi, css and svg (played by headless Chromium through Selenium, one session for all) and
Lottie (played by Samsung's rlottie), and each is captured at 5 instants. Each capture is compared with an
independent rasterisation of the plan's tracks at that instant (Pillow, 2× supersampled): per track its visible
clip (the mask's outline, circular or continuous corners, through its transform), the test image over the
layer's frame and the colour over the rest of the clip, its shadow (offset and blur through the transform; not for
Lottie, whose export says it draws none) and opacity, cut to the content region; a child track (`parent`) drawn
inside its parent (through its own transform, then the parent's; cut to the parent's rounded mask and region; faded
with it as a group); the image sampled as the player samples images (bilinear for Chromium, nearest pixel for
rlottie). A captured pixel passes when each channel lies within the reference's range over its 3 × 3 neighbourhood
(1 px at edges) widened by TOLERANCE; a capture passes when at most MAXIMUM_BAD of its pixels do not.

Then the fades (issue #45 item 3), with list, detail and photo pictures made here: every player covers at least
99.5 % of the stage at six instants of each cross-fade (snapshot, reduced motion, zoom `cross`, morph `out`), each
captured over a magenta and a green page (a pixel that differs shows the page), and a fade `through` shows the
request's `stageColor` in its gap (the page without one: the measurement's control).

Then what the request means (issue #45's "Proven by"), which a plan that stretches an image or paints a placeholder
would pass above: 18 `meaning-…` requests (every style; checkerboards of square cells for every content-bearing
role, aspectFit and aspectFill, portrait and landscape images, `content.size` with and without `imageSize`; random
scenes; realistic pictures) in every player: the cells stay square (measured_aspect), no pixel is of a colour the
request did not give (foreign_pixels), and the first and last frames are the request's own pictures
(request_picture, drawn from the request's numbers alone).

Frames (reference and captures) and a contact sheet per case (rows: plan, waapi, css, svg, lottie; columns: the
instants) go to $ARTIFACTS_DIR/pixels (default .build/artifacts/pixels).

The cases run in two processes side by side (PIXEL_PROCESSES=n for another count; PIXEL_SHARD=k/n runs one share;
PIXEL_CASES=regex keeps the cases whose name it finds).

Usage: pixel_test.py path/to/flightplan
"""
import base64
import functools
import glob
import io
import itertools
import json
import math
import os
import random
import re
import subprocess
import sys
import time as clock
import urllib.request

import numpy
from PIL import Image, ImageDraw, ImageFilter

from export_players import SEEK_SVG, SETUP_SVG, SETUP_WEB, chromium
from keyframe_segments import to_stage, values_at

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.abspath(sys.argv[1])
ARTIFACTS = os.path.join(os.path.abspath(os.environ.get("ARTIFACTS_DIR", os.path.join(ROOT, ".build", "artifacts"))), "pixels")
TEST_IMAGE = os.path.join(ROOT, "examples", "content", "test-card.png")
SUPERSAMPLING = 2
PAD = 4  # pixels of the test image's edges repeated around it
TOLERANCE = 20  # per channel, 0…255
MAXIMUM_BAD = 0.01  # share of a capture's pixels (partly covered edge rows and columns blend with what lies under them)
FRACTIONS = (0, 0.25, 0.5, 0.75, 1)
LOTTIE_FPS = 60
# Apple's continuous corner, three cubics from the incoming edge to the outgoing one, in radii from the corner:
# (control 1, control 2, end), each (along the incoming edge, along the outgoing edge).
SQUIRCLE = (((1.08849296, 0), (0.86840694, 0), (0.63149379, 0.07491139)),
            ((0.37282383, 0.16905956), (0.16905956, 0.37282383), (0.07491139, 0.63149379)),
            ((0, 0.86840694), (0, 1.08849296), (0, 1.528665)))
results = {"passed": 0, "failed": 0}


def check(condition, name, detail=""):
    results["passed" if condition else "failed"] += 1
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f" {detail}"), flush=True)


def post(base, body, fmt):
    request = urllib.request.Request(f"{base}/v1/plans?format={fmt}", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return response.read()


# --- the requests ---------------------------------------------------------------------------------------------

def with_content(request, reference):
    """The request with `reference` as every side's element and screen, every child's and every auxiliary view's
    content (seed 001's tab bar), and without its `imageSize`: the test card's own size is the image's aspect (a
    seed's `imageSize` names its photo, not the card, and a disagreeing pair is a 422)."""
    children = {child["id"]: reference for child in request.get("children", [])}
    side = {"element": reference, "screen": reference}
    request = dict(request)
    request.pop("imageSize", None)
    request["content"] = {"source": dict(side, **({"children": children} if children else {})), "destination": dict(side)}
    if request.get("auxiliary"):
        request["content"]["auxiliary"] = {view["id"]: reference for view in request["auxiliary"]}
    return request


def random_request(rng, index):
    """A valid request of style `index` mod 5 with random geometry (portrait or landscape), corners, curves and
    appearance."""
    style = ("sharedFrame", "zoom", "reveal", "morph", "snapshot")[index % 5]
    width, height = rng.choice([(390, 844), (844, 390), (360, 640), (600, 600)])
    cell_w, cell_h = rng.uniform(60, width / 3), rng.uniform(60, height / 3)
    source = {"frame": {"x": rng.uniform(8, width - cell_w - 8), "y": rng.uniform(8, height - cell_h - 8), "width": cell_w, "height": cell_h},
              "cornerRadius": rng.choice([0, 8, 16, min(cell_w, cell_h) / 2]), "contentMode": rng.choice(["aspectFill", "aspectFit", "scaleToFill"])}
    frame_h = rng.uniform(height * 0.3, height * 0.6)
    destination = {"bounds": {"x": 0, "y": 0, "width": width, "height": height},
                   "frame": {"x": 0, "y": rng.uniform(0, height - frame_h), "width": width, "height": frame_h},
                   "contentMode": rng.choice(["aspectFill", "aspectFit"]), "cornerRadius": rng.choice([0, 12, 24]),
                   "screenCornerRadius": rng.choice([0, 39])}
    request = {"style": style, "direction": rng.choice(["push", "pop"]), "source": source, "destination": destination,
               "imageSize": {"width": rng.choice([400, 640, 1000]), "height": rng.choice([400, 480, 1500])},
               "timing": {"duration": rng.choice([0.3, 0.4, 0.5]), "curve": rng.choice(["easeInOut", "easeOut", {"spring": {"dampingRatio": 0.85}}])},
               "cornerCurve": rng.choice(["circular", "continuous"])}
    if request["timing"]["curve"] not in ("easeInOut", "easeOut"):
        request["timing"].pop("duration")
    if rng.random() < 0.6:
        source["shadow"] = {"color": {"r": 0, "g": 0, "b": 0, "a": 0.45}, "radius": rng.choice([4, 8, 12]), "offset": {"x": 0, "y": rng.choice([2, 6])}}
    if rng.random() < 0.5:
        source["color"] = {"r": rng.random(), "g": rng.random(), "b": rng.random(), "a": 1}
    if rng.random() < 0.3:
        request["contentRegion"] = {"x": 0, "y": height * 0.08, "width": width, "height": height * 0.84}
    if style == "snapshot":
        f = source["frame"]
        request["children"] = [{"id": "title", "from": {"x": f["x"] + 6, "y": f["y"] + 6, "width": f["width"] - 12, "height": 18},
                                "to": {"x": 16, "y": destination["frame"]["y"] + 16, "width": width - 32, "height": 40},
                                "fromCornerRadius": 4, "toCornerRadius": 8}]
    return request


# --- the reference renderer -----------------------------------------------------------------------------------

def outline(rect, radius, curve, steps=12):
    """The mask's outline as a polygon in layer space: circular corners as arcs, continuous ones as the squircle."""
    x, y, w, h = rect["x"], rect["y"], rect["width"], rect["height"]
    half = max(0.0, min(w, h) / 2)
    continuous = curve == "continuous"
    r = min(max(0.0, radius), half / 1.528665 if continuous else half)
    reach = r * 1.528665 if continuous else r
    corners = [((x + w, y), (-1, 0), (0, 1)), ((x + w, y + h), (0, -1), (-1, 0)), ((x, y + h), (1, 0), (0, -1)), ((x, y), (0, 1), (1, 0))]
    points = []
    for (cx, cy), u, v in corners:
        at = lambda s, t: (cx + s * u[0] + t * v[0], cy + s * u[1] + t * v[1])
        if continuous:
            current = at(reach, 0)
            points.append(current)
            for c1, c2, end in SQUIRCLE:
                p1, p2, p3 = at(c1[0] * r, c1[1] * r), at(c2[0] * r, c2[1] * r), at(end[0] * r, end[1] * r)
                for i in range(1, steps + 1):
                    s = i / steps
                    points.append(tuple((1 - s) ** 3 * a + 3 * (1 - s) ** 2 * s * b + 3 * (1 - s) * s * s * c + s ** 3 * d
                                        for a, b, c, d in zip(current, p1, p2, p3)))
                current = p3
        else:
            for i in range(steps + 1):
                angle = math.pi / 2 * i / steps
                points.append(at(r - r * math.sin(angle), r - r * math.cos(angle)))
    return points


def rgba(color):
    return tuple(round(255 * min(1, max(0, color[k]))) for k in "rgb") + (round(255 * min(1, max(0, color["a"]))),)


def canvas_mapping(plan, track, time):
    """Where a point of `track`'s own space lands on the supersampled canvas at `time` (to_stage, from the stage's
    top-left, scaled)."""
    point, stage, s = to_stage(plan, track, time), plan["stage"], SUPERSAMPLING
    def place(x, y):
        x, y = point(x, y)
        return ((x - stage["x"]) * s, (y - stage["y"]) * s)
    return place


def render_group(plan, track, time, images, placeholders, shadows, sampling):
    """One track drawn as a layer with its sublayers (RGBA, transparent around it): its shadow, its paint (colour,
    then its content's image, `images` by URL, over its content frame) inside its mask, then its children's groups inside that same mask;
    the whole group faded by its opacity and cut to its region (`clip`, window space)."""
    stage, s = plan["stage"], SUPERSAMPLING
    size = (round(stage["width"] * s), round(stage["height"] * s))
    values = values_at(track, time)
    frame = track["frame"]
    place = canvas_mapping(plan, track, time)
    whole = {"x": 0, "y": 0, "width": frame["width"], "height": frame["height"]}
    mask = values.get("maskFrame", whole)
    radius = values.get("cornerRadius", 0) if "maskFrame" in values else 0
    shape = Image.new("L", size, 0)
    ImageDraw.Draw(shape).polygon([place(*p) for p in outline(mask, radius, track.get("cornerCurve"))], fill=255)
    inside = numpy.asarray(shape, dtype=numpy.float64) / 255
    color = values.get("color") or placeholders.get(track["id"])
    paint = Image.new("RGBA", size, rgba(color) if color else (0, 0, 0, 0))
    if track.get("content"):
        image = images[track["content"]["url"]]
        # The image stretched over its frame in the layer (the whole layer unless the track says), through the transform: each canvas pixel centre mapped back
        # into the image (bilinear), so edges land where they fall between pixels.
        # Colours are sampled with the image's edges repeated (as browsers clamp), coverage is the frame's outline.
        drawn = track.get("contentFrame", whole)
        x0, y0, x1, y1 = drawn["x"], drawn["y"], drawn["x"] + drawn["width"], drawn["y"] + drawn["height"]
        (ox, oy), (ux, uy), (vx, vy) = place(x0, y0), place(x1, y0), place(x0, y1)
        ax, ay = (ux - ox) / image.width, (uy - oy) / image.width
        bx, by = (vx - ox) / image.height, (vy - oy) / image.height
        determinant = ax * by - bx * ay
        if abs(determinant) > 1e-9:
            inverse = (by / determinant, -bx / determinant, -ay / determinant, ax / determinant)
            padded = Image.fromarray(numpy.pad(numpy.asarray(image), ((PAD, PAD), (PAD, PAD), (0, 0)), mode="edge"))
            # Pillow maps continuous coordinates (a pixel's centre is at +0.5 on both sides).
            coefficients = (inverse[0], inverse[1], PAD - inverse[0] * ox - inverse[1] * oy,
                            inverse[2], inverse[3], PAD - inverse[2] * ox - inverse[3] * oy)
            layer = padded.transform(size, Image.AFFINE, coefficients, sampling)
            cover = Image.new("L", size, 0)
            ImageDraw.Draw(cover).polygon([place(x0, y0), place(x1, y0), place(x1, y1), place(x0, y1)], fill=255)
            layer.putalpha(cover)
            paint = Image.alpha_composite(paint, layer)
    alpha = numpy.asarray(paint.getchannel("A"), dtype=numpy.float64) * inside
    paint.putalpha(Image.fromarray(alpha.astype(numpy.uint8)))
    shadow = values.get("shadow")
    if shadows and shadow and shadow["color"]["a"] > 0:
        # Offset and blur through the layer's whole transform (its own and its parents'), as measured on the canvas.
        (ox, oy), (ux, uy), (vx, vy) = place(0, 0), place(1, 0), place(0, 1)
        offset = ((ux - ox) * shadow["offset"]["x"] + (vx - ox) * shadow["offset"]["y"],
                  (uy - oy) * shadow["offset"]["x"] + (vy - oy) * shadow["offset"]["y"])
        sigma = shadow["radius"] * math.sqrt(abs((ux - ox) * (vy - oy) - (vx - ox) * (uy - oy)))
        cast = Image.fromarray(alpha.astype(numpy.uint8)).transform(size, Image.AFFINE, (1, 0, -offset[0], 0, 1, -offset[1]), Image.BILINEAR)
        if sigma > 0:
            cast = cast.filter(ImageFilter.GaussianBlur(sigma))
        cast_alpha = numpy.asarray(cast, dtype=numpy.float64) * shadow["color"]["a"]
        layer = Image.new("RGBA", size, rgba(dict(shadow["color"], a=1)))
        layer.putalpha(Image.fromarray(cast_alpha.astype(numpy.uint8)))
        paint = Image.alpha_composite(layer, paint)
    children = sorted((t for t in plan["tracks"] if t.get("parent") == track["id"]), key=lambda t: t["z"])
    if children:
        sublayers = Image.new("RGBA", size, (0, 0, 0, 0))
        for child in children:
            sublayers = Image.alpha_composite(sublayers, render_group(plan, child, time, images, placeholders, shadows, sampling))
        cut = numpy.asarray(sublayers.getchannel("A"), dtype=numpy.float64) * inside
        sublayers.putalpha(Image.fromarray(cut.astype(numpy.uint8)))
        paint = Image.alpha_composite(paint, sublayers)
    a = numpy.asarray(paint.getchannel("A"), dtype=numpy.float64) * values.get("opacity", 1)
    clip = track.get("clip")
    if clip:
        keep = numpy.zeros(a.shape)
        keep[round((clip["y"] - stage["y"]) * s):round((clip["y"] + clip["height"] - stage["y"]) * s),
             round((clip["x"] - stage["x"]) * s):round((clip["x"] + clip["width"] - stage["x"]) * s)] = 1
        a *= keep
    paint.putalpha(Image.fromarray(a.astype(numpy.uint8)))
    return paint


def render_plan(plan, time, images, placeholders, shadows=True, sampling=Image.BILINEAR):
    """The plan at `time` as an RGB picture of its stage (white behind), from its tracks alone: each track on the
    stage drawn by z with its children inside it (render_group); `images` (by URL) sampled as the player samples
    them (Chromium bilinearly, rlottie at the nearest pixel)."""
    stage = plan["stage"]
    s = SUPERSAMPLING
    canvas = Image.new("RGBA", (round(stage["width"] * s), round(stage["height"] * s)), (255, 255, 255, 255))
    ids = {track["id"] for track in plan["tracks"]}
    for track in sorted((t for t in plan["tracks"] if t.get("parent") not in ids), key=lambda t: t["z"]):
        canvas = Image.alpha_composite(canvas, render_group(plan, track, time, images, placeholders, shadows, sampling))
    return canvas.convert("RGB").reduce(s)


def placeholder_colors(waapi):
    """Each track's placeholder colour as the exports paint it (the plan does not name one: it is the exports' choice)."""
    colors = {}
    for element in waapi["elements"]:
        value = element["paint"]["style"].get("background-color")
        if value:
            r, g, b, a = [float(v) for v in re.findall(r"[\d.]+", value)]
            colors[element["id"]] = {"r": r / 255, "g": g / 255, "b": b / 255, "a": a}
    return colors


def bad_pixels(reference, capture):
    """How many pixels of `capture` lie outside the reference's 3 × 3 range widened by TOLERANCE, and where."""
    low = numpy.asarray(reference.filter(ImageFilter.MinFilter(3)), dtype=numpy.int16) - TOLERANCE
    high = numpy.asarray(reference.filter(ImageFilter.MaxFilter(3)), dtype=numpy.int16) + TOLERANCE
    got = numpy.asarray(capture.convert("RGB"), dtype=numpy.int16)
    bad = ((got < low) | (got > high)).any(axis=2)
    return int(bad.sum()), bad


# --- the players ----------------------------------------------------------------------------------------------

WAIT_FOR_PAINT = "const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done()));"
PRELOAD = "const done = arguments[arguments.length - 1]; const i = new Image(); i.src = arguments[0]; i.decode().then(() => done(), () => done());"


def capture(browser, width, height):
    browser.execute_async_script(WAIT_FOR_PAINT)
    picture = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    return picture.crop((0, 0, round(width), round(height)))


def lottie_frames(document, frames):
    import rlottie_python
    animation = rlottie_python.LottieAnimation.from_data(json.dumps(document))
    pictures = []
    for frame in frames:
        picture = animation.render_pillow_frame(frame_num=frame, width=document["w"], height=document["h"]).convert("RGBA")
        white = Image.new("RGBA", picture.size, (255, 255, 255, 255))
        pictures.append(Image.alpha_composite(white, picture).convert("RGB"))
    return pictures


def contact_sheet(name, rows, times):
    """Rows of thumbnails (each row one renderer, each column one instant) with their labels."""
    thumb_h = 220
    first = rows[0][1][0]
    thumb_w = round(first.width * thumb_h / first.height)
    label_w, pad = 70, 6
    sheet = Image.new("RGB", (label_w + len(times) * (thumb_w + pad), 22 + len(rows) * (thumb_h + pad)), (250, 250, 250))
    draw = ImageDraw.Draw(sheet)
    draw.text((4, 4), name, fill=(0, 0, 0))
    for column, time in enumerate(times):
        draw.text((label_w + column * (thumb_w + pad), 10), f"t = {time:.3f} s", fill=(60, 60, 60))
    for row, (label, pictures) in enumerate(rows):
        y = 22 + row * (thumb_h + pad)
        draw.text((4, y + thumb_h // 2), label, fill=(0, 0, 0))
        for column, picture in enumerate(pictures):
            sheet.paste(picture.resize((thumb_w, thumb_h), Image.LANCZOS), (label_w + column * (thumb_w + pad), y))
    return sheet


def run_case(base, browser, name, request, images):
    """The request (its content's images by URL in `images`) in every player against the plan's rasterisation."""
    body = json.dumps(request).encode()
    plan = json.loads(post(base, body, "json"))
    waapi = json.loads(post(base, body, "waapi"))
    css = post(base, body, "css").decode()
    svg = post(base, body, "svg").decode()
    lottie = json.loads(post(base, body, "lottie"))
    stage = plan["stage"]
    width, height = stage["width"], stage["height"]
    # A player shows frames 0 … op − 1 and stops on the last, which must hold the plan's end: the last instant is that
    # frame (at or just after the end, so the plan's end state), the others the frames nearest their fractions.
    last = lottie["op"] - 1
    frames = sorted({min(last, round(f * plan["duration"] * LOTTIE_FPS)) for f in FRACTIONS[:-1]} | {last})
    times = [min(plan["duration"], frame / LOTTIE_FPS) for frame in frames]
    if len(times) < len(FRACTIONS):  # a plan shorter than its frames: instants between them
        times = [f * plan["duration"] for f in FRACTIONS]
        frames = [min(last, round(t * LOTTIE_FPS)) for t in times[:-1]] + [last]
    placeholders = placeholder_colors(waapi)
    references = [render_plan(plan, time, images, placeholders) for time in times]
    for_rlottie = [render_plan(plan, time, images, placeholders, shadows=False, sampling=Image.NEAREST) for time in times]
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": math.ceil(width), "height": math.ceil(height), "deviceScaleFactor": 1, "mobile": False})
    captures = {}
    for engine in ("waapi", "css"):
        browser.execute_script(SETUP_WEB, waapi, css if engine == "css" else None, "fp-stage")
        pictures = []
        for time in times:
            browser.execute_script("fpSeek(arguments[0]);", time * 1000)
            pictures.append(capture(browser, width, height))
        captures[engine] = pictures
    browser.execute_script(SETUP_SVG, svg)
    pictures = []
    for time in times:
        browser.execute_script(SEEK_SVG, time)
        pictures.append(capture(browser, width, height))
    captures["svg"] = pictures
    captures["lottie"] = lottie_frames(lottie, frames)
    folder = os.path.join(ARTIFACTS, name)
    os.makedirs(folder, exist_ok=True)
    for index, picture in enumerate(references):
        picture.save(os.path.join(folder, f"plan-{index}.png"))
    rows = [("plan", references)]
    for engine, pictures in captures.items():
        expected = for_rlottie if engine == "lottie" else references
        worst, worst_at, where = 0, None, ""
        for index, (reference, picture) in enumerate(zip(expected, pictures)):
            picture.save(os.path.join(folder, f"{engine}-{index}.png"))
            count, bad = bad_pixels(reference, picture)
            if count > worst:
                worst, worst_at = count, index
                ys, xs = numpy.nonzero(bad)
                where = f"x {xs.min()}…{xs.max()}, y {ys.min()}…{ys.max()}"
                marked = numpy.array(picture)
                marked[bad] = (255, 0, 255)
                Image.fromarray(marked).save(os.path.join(folder, f"{engine}-{index}-bad.png"))
        share = worst / (picture.width * picture.height)
        check(share <= MAXIMUM_BAD, f"{name}: {engine} matches the plan's pixels at {len(times)} instants (worst {share:.3%} off)",
              f"(worst {worst} px = {share:.4%} at t = {times[worst_at] if worst_at is not None else 0:.3f} s, within {where}; see {folder})")
        rows.append((engine, pictures))
    sheet = contact_sheet(name, rows, times)
    sheet.save(os.path.join(ARTIFACTS, f"{name}.png"))
    return sheet


# --- cross-fades over a loud page (issue #45 item 3) -------------------------------------------------------------

PAGE_COLOURS = ((255, 0, 255), (0, 255, 0))  # loud magenta and green: a pixel the same over both is the stage's own
COVERAGE = 0.995  # the share of the stage a cross-fade must cover at every instant
# Per channel, by player: a pixel within it over both pages shows under 2.4 % of the page (3.9 % in rlottie), where a
# dipping cross-fade showed 18–25 %. Chromium shows none of it over an opaque layer; rlottie draws an opaque image
# layer at alpha 250–251 (2 % of the page through every Lottie frame), and a little more under a stack of translucent
# ones: snapshot's cross-fade (an opaque source screen under the destination screen at 10 %, both snapshots and a tab
# bar fading) shows 7–9 / 255 at its first instant, and 8 at most without any one of those four layers.
SAME = {"waapi": 6, "css": 6, "svg": 6, "lottie": 10}


def realistic_images(width, height):
    """Pillow pictures that look like an app: a list screen (rows with an avatar and text bars, a tab bar), a detail
    screen (a header photo, a title, paragraphs), a photo (a sky gradient with hills and a sun) and the tab bar."""
    def photo(w, h):
        picture = Image.new("RGB", (w, h))
        draw = ImageDraw.Draw(picture)
        for y in range(h):
            t = y / max(1, h - 1)
            draw.line([(0, y), (w, y)], fill=(int(70 + 120 * t), int(130 + 70 * t), int(220 - 60 * t)))
        draw.ellipse([w * 0.62, h * 0.12, w * 0.82, h * 0.12 + w * 0.2], fill=(255, 214, 102))
        draw.polygon([(0, h), (0, h * 0.62), (w * 0.35, h * 0.42), (w * 0.7, h * 0.66), (w, h * 0.5), (w, h)], fill=(46, 125, 70))
        draw.polygon([(0, h), (w * 0.2, h * 0.75), (w * 0.55, h * 0.86), (w, h * 0.7), (w, h)], fill=(30, 90, 52))
        return picture.filter(ImageFilter.GaussianBlur(1))

    def tab_bar(w, h):
        picture = Image.new("RGB", (w, h), (248, 248, 250))
        draw = ImageDraw.Draw(picture)
        draw.line([(0, 0), (w, 0)], fill=(200, 200, 205))
        for index in range(4):
            cx = w * (index + 0.5) / 4
            draw.rounded_rectangle([cx - 12, 10, cx + 12, 34], 6, fill=(0, 122, 255) if index == 0 else (150, 150, 158))
            draw.rectangle([cx - 16, 42, cx + 16, 47], fill=(150, 150, 158))
        return picture

    w, h = round(width), round(height)
    listing = Image.new("RGB", (w, h), (242, 242, 247))
    draw = ImageDraw.Draw(listing)
    draw.rectangle([0, 0, w, 96], fill=(255, 255, 255))
    draw.rectangle([16, 52, 170, 80], fill=(28, 28, 30))
    palette = [(255, 99, 71), (52, 199, 89), (0, 122, 255), (255, 159, 10), (175, 82, 222)]
    for row, y in enumerate(range(110, h - 90, 76)):
        draw.rounded_rectangle([12, y, w - 12, y + 68], 12, fill=(255, 255, 255))
        draw.ellipse([24, y + 10, 72, y + 58], fill=palette[row % len(palette)])
        draw.rectangle([86, y + 16, 86 + (w - 140) * (0.5 + 0.4 * ((row * 37) % 10) / 10), y + 28], fill=(44, 44, 46))
        draw.rectangle([86, y + 40, w - 60, y + 48], fill=(174, 174, 178))
    detail = Image.new("RGB", (w, h), (255, 255, 255))
    detail.paste(photo(w, round(h * 0.4)), (0, 0))
    draw = ImageDraw.Draw(detail)
    draw.rectangle([20, h * 0.44, w * 0.7, h * 0.44 + 26], fill=(28, 28, 30))
    for line in range(9):
        y = h * 0.52 + line * 22
        draw.rectangle([20, y, (w - 20) if line % 4 != 3 else w * 0.55, y + 9], fill=(120, 120, 128))
    return {"list": listing, "detail": detail, "photo": photo(600, 450), "tabs": tab_bar(w, 83)}


def readme_case(pictures):
    """Seed 003 (a list's avatar to a detail's header) with what an app would give: the list and the detail screen,
    each captured with the shared element hidden (its slot left empty), and a portrait for the avatar. Its contact
    sheet is the README's (docs/pixel-contact-sheet.png, copied from .build/artifacts/pixels by hand)."""
    request = json.load(open(os.path.join(ROOT, "examples", "seeds", "003-list-to-detail.json")))
    request.pop("imageSize", None)
    bounds, cell, header = request["destination"]["bounds"], request["source"]["frame"], request["destination"]["frame"]
    w, h = round(bounds["width"]), round(bounds["height"])
    listing = pictures["list"].copy()
    draw = ImageDraw.Draw(listing)
    # The row holding the avatar: its card and text, the avatar's slot the card's own white.
    draw.rectangle([0, cell["y"] - 12, w, cell["y"] + cell["height"] + 12], fill=(242, 242, 247))
    draw.rounded_rectangle([8, cell["y"] - 8, w - 8, cell["y"] + cell["height"] + 8], 14, fill=(255, 255, 255))
    draw.rectangle([cell["x"] + cell["width"] + 16, cell["y"] + 22, w - 90, cell["y"] + 38], fill=(28, 28, 30))
    draw.rectangle([cell["x"] + cell["width"] + 16, cell["y"] + 52, w - 40, cell["y"] + 62], fill=(142, 142, 147))
    detail = Image.new("RGB", (w, h), (255, 255, 255))
    draw = ImageDraw.Draw(detail)
    top = header["y"] + header["height"]
    draw.rectangle([20, top + 24, w * 0.62, top + 52], fill=(28, 28, 30))
    draw.rectangle([20, top + 64, w * 0.4, top + 76], fill=(0, 122, 255))
    for line in range(12):
        y = top + 100 + line * 24
        draw.rectangle([20, y, (w - 20) if line % 4 != 3 else w * 0.55, y + 10], fill=(120, 120, 128))
    side = 600
    portrait = Image.new("RGB", (side, side))
    draw = ImageDraw.Draw(portrait)
    for y in range(side):
        t = y / (side - 1)
        draw.line([(0, y), (side, y)], fill=(int(96 + 60 * t), int(160 + 40 * t), int(196 + 30 * t)))
    draw.ellipse([110, 430, 490, 760], fill=(52, 73, 110))  # shoulders
    draw.rectangle([262, 330, 338, 470], fill=(214, 160, 120))  # neck
    draw.ellipse([190, 120, 410, 400], fill=(230, 178, 138))  # face
    draw.chord([176, 86, 424, 330], 180, 360, fill=(74, 48, 36))  # hair
    draw.ellipse([244, 236, 270, 256], fill=(60, 44, 40))
    draw.ellipse([330, 236, 356, 256], fill=(60, 44, 40))
    draw.arc([262, 300, 338, 350], 20, 160, fill=(150, 70, 70), width=6)
    portrait = portrait.filter(ImageFilter.GaussianBlur(2))
    contents = {"list": listing, "detail": detail, "portrait": portrait}
    urls = {name: data_url(picture) for name, picture in contents.items()}
    request["content"] = {"source": {"screen": urls["list"], "element": urls["portrait"]},
                          "destination": {"screen": urls["detail"], "element": urls["portrait"]}}
    return request, {urls[name]["url"]: picture.convert("RGBA") for name, picture in contents.items()}


def data_url(picture):
    buffer = io.BytesIO()
    picture.save(buffer, "PNG", optimize=True)
    return {"url": "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode(), "size": {"width": picture.width, "height": picture.height}}


def fade_requests(width, height, pictures):
    """Transitions that cross-fade (snapshot's default `cross`, the reduced-motion variant, zoom fading `cross`, morph
    fading `out`), a fade `through` onto a `stageColor` and one onto the page, and a reveal with a colour and a tab bar
    (what issue #45's items 4 and 6 look like)."""
    screens = {"source": {"screen": data_url(pictures["list"])}, "destination": {"screen": data_url(pictures["detail"])}}
    element = {"frame": {"x": 12, "y": 186, "width": width - 24, "height": 68}, "cornerRadius": 12}
    destination = {"bounds": {"x": 0, "y": 0, "width": width, "height": height}, "frame": {"x": 0, "y": 0, "width": width, "height": round(height * 0.4)}}
    photo = data_url(pictures["photo"])
    tabs = [{"id": "tabs", "frame": {"x": 0, "y": height - 83, "width": width, "height": 83}, "from": 1, "to": 0}]
    content = {"source": dict(screens["source"], element=data_url(pictures["list"].crop((12, 186, width - 12, 254)))),
               "destination": dict(screens["destination"], element=photo), "auxiliary": {"tabs": data_url(pictures["tabs"])}}
    base = {"source": element, "destination": destination, "content": content, "auxiliary": tabs, "timing": {"duration": 0.5, "curve": "linear"}}
    button = {"frame": {"x": width - 76, "y": height - 160, "width": 56, "height": 56}, "cornerRadius": 28, "color": {"r": 0, "g": 0.48, "b": 1, "a": 1}}
    button_image = Image.new("RGB", (112, 112), (0, 122, 255))
    ImageDraw.Draw(button_image).rectangle([50, 26, 62, 86], fill=(255, 255, 255))
    ImageDraw.Draw(button_image).rectangle([26, 50, 86, 62], fill=(255, 255, 255))
    reveal_content = {"source": {"screen": content["source"]["screen"], "element": data_url(button_image)},
                      "destination": content["destination"], "auxiliary": content["auxiliary"]}
    return [
        ("fade-snapshot-cross", dict(base, style="snapshot"), "cross"),
        ("fade-reduced-motion", dict(base, style="zoom", reducedMotion=True), "cross"),
        ("fade-zoom-cross", dict(base, style="zoom", timing=dict(base["timing"], fadeMode="cross")), "cross"),
        ("fade-morph-out", dict(base, style="morph", timing=dict(base["timing"], fadeMode="out")), "cross"),
        ("fade-through-stage", dict(base, style="zoom", reducedMotion=True, stageColor={"r": 0.11, "g": 0.11, "b": 0.12, "a": 1},
                                    timing=dict(base["timing"], fadeMode="through")), "through"),
        # The measurement's own control: without a stage colour, a fade through's gap shows the page.
        ("fade-through-page", dict(base, style="zoom", reducedMotion=True, timing=dict(base["timing"], fadeMode="through")), "page"),
        ("reveal-colour", dict(base, style="reveal", source=button, content=reveal_content, timing={"duration": 0.7, "curve": "easeIn"}), None),
    ]


def players_over(browser, exports, times, page):
    """Each player's pictures at `times` over a page of colour `page`, from the waapi, css, svg and Lottie exports."""
    waapi, css, svg, lottie = exports
    width, height = waapi["width"], waapi["height"]
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": math.ceil(width), "height": math.ceil(height), "deviceScaleFactor": 1, "mobile": False})
    pictures = {}
    for engine in ("waapi", "css", "svg"):
        if engine == "svg":
            browser.execute_script(SETUP_SVG, svg)
        else:
            browser.execute_script(SETUP_WEB, waapi, css if engine == "css" else None, "fp-stage")
        browser.execute_script("document.body.style.background = arguments[0];", "rgb(%d,%d,%d)" % page)
        shots = []
        for time in times:
            browser.execute_script(SEEK_SVG if engine == "svg" else "fpSeek(arguments[0] * 1000);", time)
            shots.append(capture(browser, width, height))
        pictures[engine] = shots
    rendered = []
    import rlottie_python
    animation = rlottie_python.LottieAnimation.from_data(json.dumps(lottie))
    for time in times:
        frame = min(lottie["op"] - 1, round(time * LOTTIE_FPS))
        picture = animation.render_pillow_frame(frame_num=frame, width=lottie["w"], height=lottie["h"]).convert("RGBA")
        rendered.append(Image.alpha_composite(Image.new("RGBA", picture.size, page + (255,)), picture).convert("RGB"))
    pictures["lottie"] = rendered
    return pictures


def run_fades(base, browser, width=390, height=844):
    """Every player covers ≥ 99.5 % of the stage through a cross-fade, and a fade through shows the stage colour, not
    the page: each picture is taken over two loud page colours, and a pixel that differs between them shows the page."""
    pictures = realistic_images(width, height)
    folder = os.path.join(ARTIFACTS, "fades")
    os.makedirs(folder, exist_ok=True)
    for name, picture in pictures.items():
        picture.save(os.path.join(folder, f"image-{name}.png"))
    for name, request, fade in fade_requests(width, height, pictures):
        body = json.dumps(request).encode()
        plan = json.loads(post(base, body, "json"))
        exports = [json.loads(post(base, body, "waapi")), post(base, body, "css").decode(), post(base, body, "svg").decode(),
                   json.loads(post(base, body, "lottie"))]
        times = [f * plan["duration"] for f in (0.1, 0.25, 0.35, 0.5, 0.75, 0.9)]
        over = [players_over(browser, exports, times, page) for page in PAGE_COLOURS]
        rows = []
        for engine in ("waapi", "css", "svg", "lottie"):
            shares = []
            for index, time in enumerate(times):
                a, b = numpy.asarray(over[0][engine][index], dtype=int), numpy.asarray(over[1][engine][index], dtype=int)
                covered = numpy.abs(a - b).max(axis=2) <= SAME[engine]
                shares.append(covered.mean())
                over[0][engine][index].save(os.path.join(folder, f"{name}-{engine}-{index}.png"))
            if fade == "page":
                check(shares[2] < 0.5, f"{name}: {engine} shows the page in the gap of a fade through without a stageColor ({shares[2]:.1%} covered)")
            elif fade:
                worst = min(shares)
                check(worst >= COVERAGE, f"{name}: {engine} covers the stage through the fade (worst {worst:.2%} at t = {times[shares.index(worst)]:.3f} s)",
                      f"(coverage {', '.join(f'{s:.1%}' for s in shares)} at {', '.join(f'{t:.3f}' for t in times)} s; see {folder})")
            rows.append((engine, over[0][engine]))
        if fade == "through":
            # 35 % in: the outgoing screen gone, the incoming one not begun; the tab bar (fading on its own) left out.
            gap = numpy.asarray(over[0]["waapi"][2], dtype=int)[: height - 83]
            shown = (numpy.abs(gap - numpy.array([28, 28, 31])).max(axis=2) <= SAME["waapi"]).mean()
            check(shown >= COVERAGE, f"{name}: the fade through's gap shows the request's stageColor ({shown:.2%} of the stage)")
        contact_sheet(name, rows, times).save(os.path.join(ARTIFACTS, f"{name}.png"))


# --- what the request means (issue #45's "Proven by") -------------------------------------------------------------

CELL = 20  # the test images' square cells, in image pixels
# Each content-bearing role's checkerboard: two colours (light cells, dark cells) of its own, so that a capture tells the
# roles apart and the palette check knows every colour the request gave. None is near the exports' placeholder violet.
CHECKER_COLOURS = {"sourceScreen": ((235, 235, 235), (90, 90, 90)), "destinationScreen": ((255, 228, 170), (150, 100, 40)),
                   "element": ((220, 30, 30), (255, 210, 0)), "destinationElement": ((250, 130, 180), (100, 20, 50)),
                   "child": ((0, 150, 70), (170, 235, 190)), "auxiliary": ((0, 170, 190), (20, 60, 70))}
OVERLAY = (0, 0, 0)  # sharedFrame's dimming, given in its requests (`overlay.color`)
PAGE = (255, 255, 255)
SQUARE = 0.02  # a measured cell aspect may differ from 1 by this much
SMALLEST_CELL = 8  # pixels: cells smaller than this on either side are not measured
ON_SEGMENT = 14  # RGB distance within which a pixel counts as a mix of two given colours
FOREIGN = 0.002  # share of a capture's pixels allowed outside the given colours and their mixes
ENDS_OFF = 0.005  # share of the first and the last capture's pixels allowed to differ from the request's own picture
# Known mismatches between a plan's ends and the request's own picture, by case and end: each is a planner bug this
# check found, open in issue #45's note, printed as KNOWN with its share; a known case that passes fails the run, so
# the entry is removed with its fix. Every other case and end must pass.
KNOWN_ENDS = {}
PLACEHOLDER_VIOLET = (94, 92, 230)  # what issue #45 item 2 saw under letterboxes, hairlines and cross-fades


def checkerboard(width, height, colours):
    """A `width` × `height` picture of CELL-pixel squares in two colours, starting light at the top-left."""
    light, dark = colours
    ys, xs = numpy.mgrid[0:height, 0:width]
    dark_cell = ((xs // CELL + ys // CELL) % 2).astype(bool)
    picture = numpy.where(dark_cell[..., None], numpy.array(dark, dtype=numpy.uint8), numpy.array(light, dtype=numpy.uint8))
    return Image.fromarray(picture.astype(numpy.uint8))


class Colours:
    """A picture's pixels by colour: its distinct colours (N × 3) and, per pixel, the index of its own, so that what
    depends on a colour alone is computed once per colour."""

    def __init__(self, picture):
        rgb = numpy.asarray(picture.convert("RGB"), dtype=numpy.int32)
        self.rgb = rgb.astype(numpy.int16)
        packed = (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]
        unique, inverse = numpy.unique(packed.ravel(), return_inverse=True)
        self.colours = numpy.stack([(unique >> 16) & 255, (unique >> 8) & 255, unique & 255], axis=1).astype(numpy.float32)
        self.index = inverse.reshape(packed.shape)


def checker_profile(pixels, colours):
    """Each pixel (of Colours `pixels`) placed on the segment from the checkerboard's light colour to its dark one
    (0 … 1), and whether it lies within ON_SEGMENT of it (a pixel of the checkerboard, or of its own cells' edges)."""
    light, dark = (numpy.array(c, dtype=numpy.float32) for c in colours)
    rgb = pixels.colours - light
    direction = dark - light
    t = numpy.clip((rgb @ direction) / (direction @ direction), 0, 1)
    off = rgb - t[:, None] * direction
    valid = (off * off).sum(axis=1) <= ON_SEGMENT ** 2
    return numpy.where(valid, t, 0.5)[pixels.index], valid[pixels.index]


def cell_sizes(t, valid):
    """The sizes (pixels, sub-pixel) of whole cells along each row of a checker profile (checker_profile): an edge is
    where the profile crosses ½ (placed linearly between the two pixels) with a pixel ≤ ¼ and one ≥ ¾ among the four
    around it, all on the segment; a cell is the span between two neighbouring edges of a row with only checker pixels
    between them (a cell cut by a mask, a frame or another layer ends on a pixel of another colour, and does not
    count)."""
    a, b = t[:, :-1] - 0.5, t[:, 1:] - 0.5
    crossing = ((a < 0) != (b < 0)) & valid[:, :-1] & valid[:, 1:]
    padded_t = numpy.pad(t, ((0, 0), (1, 1)), mode="edge")
    padded_valid = numpy.pad(valid, ((0, 0), (1, 1)), mode="edge")
    window = numpy.stack([padded_t[:, k:k + t.shape[1] - 1] for k in range(4)])
    window_valid = numpy.stack([padded_valid[:, k:k + t.shape[1] - 1] for k in range(4)]).all(axis=0)
    edge = crossing & window_valid & (window.min(axis=0) <= 0.25) & (window.max(axis=0) >= 0.75)
    rows, xs = numpy.nonzero(edge)
    if len(rows) < 2:
        return numpy.zeros(0)
    where = xs + a[rows, xs] / (a[rows, xs] - b[rows, xs])
    invalid = numpy.concatenate([numpy.zeros((t.shape[0], 1), dtype=numpy.int32), numpy.cumsum(~valid, axis=1, dtype=numpy.int32)], axis=1)
    same_row = rows[1:] == rows[:-1]
    gaps = invalid[rows[1:], xs[1:] + 1] - invalid[rows[:-1], xs[:-1] + 1]
    spans = where[1:] - where[:-1]
    return spans[same_row & (gaps == 0) & (spans >= SMALLEST_CELL)]


def measured_aspect(pixels, colours):
    """The width ÷ height of the cells of the checkerboard in `colours` among Colours `pixels` (means of the widths along rows
    and of the heights along columns within 25 % of their medians, so that nearest-pixel sampling's alternating sizes
    average out), or None when fewer than 4 whole cells of SMALLEST_CELL or more show each way."""
    t, valid = checker_profile(pixels, colours)
    if valid.sum() < 8 * SMALLEST_CELL ** 2:
        return None
    means = []
    for sizes in (cell_sizes(t, valid), cell_sizes(t.T, valid.T)):
        if len(sizes) < 4:
            return None
        middle = numpy.median(sizes)
        means.append(sizes[numpy.abs(sizes - middle) <= 0.25 * middle].mean())
    return means[0] / means[1]


def given_mixes(palette, steps=24):
    """Every mix of up to three `palette` colours (what one layer's anti-aliased edge between two colours shows
    fading over a third), sampled every 1/`steps` of the way, in a k-d tree."""
    from scipy.spatial import cKDTree
    colours = numpy.array(sorted(set(palette)), dtype=numpy.float64)
    weights = [(i / steps, j / steps, (steps - i - j) / steps) for i in range(steps + 1) for j in range(steps + 1 - i)]
    weights = numpy.array(weights)
    points = [weights @ colours[list(trio)] for trio in itertools.combinations(range(len(colours)), 3)]
    return cKDTree(numpy.unique(numpy.round(numpy.concatenate(points), 1), axis=0))


def foreign_pixels(pixels, mixes):
    """The pixels (Colours `pixels`) whose colour the request did not give: a pixel is given when it lies within ON_SEGMENT
    of a mix of up to three palette colours (`mixes`, given_mixes: an image's cell edge or outline over the screen or
    the page, one image fading over another), or — where four layers' edges meet — when each channel lies within
    the range of its given 3 × 3 neighbours. Returns the count and where."""
    rgb = pixels.rgb
    given = (mixes.query(pixels.colours, distance_upper_bound=ON_SEGMENT)[0] <= ON_SEGMENT)[pixels.index]
    low = numpy.pad(numpy.where(given[..., None], rgb, 255), ((1, 1), (1, 1), (0, 0)), mode="edge")
    high = numpy.pad(numpy.where(given[..., None], rgb, 0), ((1, 1), (1, 1), (0, 0)), mode="edge")
    h, w = given.shape
    low = numpy.min([low[y:y + h, x:x + w] for y in range(3) for x in range(3)], axis=0)
    high = numpy.max([high[y:y + h, x:x + w] for y in range(3) for x in range(3)], axis=0)
    foreign = ~given & ~((rgb >= low) & (rgb <= high)).all(axis=2)
    return int(foreign.sum()), foreign


def placed(frame, size, mode):
    """Where an image of `size` lands in `frame` under `mode` (aspectFill covers it, aspectFit fits inside it,
    scaleToFill is the frame), centred."""
    if mode == "scaleToFill":
        return frame["x"], frame["y"], frame["width"], frame["height"]
    pick = max if mode == "aspectFill" else min
    scale = pick(frame["width"] / size[0], frame["height"] / size[1])
    w, h = size[0] * scale, size[1] * scale
    return frame["x"] + (frame["width"] - w) / 2, frame["y"] + (frame["height"] - h) / 2, w, h


def draw_view(canvas, picture, frame, radius, mode, sampling, opacity=1.0):
    """`picture` drawn on the supersampled RGBA `canvas` as a view of `frame` shows it: placed by `mode`, clipped to
    the frame's rounded rect (circular corners, radius at most half the shorter side), at `opacity`, scaled by
    `sampling` (Chromium's bilinear filter, rlottie's nearest pixel)."""
    s = SUPERSAMPLING
    x, y, w, h = placed(frame, picture.size, mode)
    layer = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    target = (max(1, round(w * s)), max(1, round(h * s)))
    layer.paste(picture.convert("RGBA").resize(target, sampling), (round(x * s), round(y * s)))
    mask = Image.new("L", canvas.size, 0)
    r = min(radius, frame["width"] / 2, frame["height"] / 2) * s
    box = [frame["x"] * s, frame["y"] * s, (frame["x"] + frame["width"]) * s - 1, (frame["y"] + frame["height"]) * s - 1]
    ImageDraw.Draw(mask).rounded_rectangle(box, r, fill=255)
    alpha = numpy.asarray(layer.getchannel("A"), dtype=numpy.float64) * numpy.asarray(mask, dtype=numpy.float64) / 255 * opacity
    layer.putalpha(Image.fromarray(alpha.astype(numpy.uint8)))
    return Image.alpha_composite(canvas, layer)


def request_picture(request, pictures, end, sampling=Image.BILINEAR):
    """The transition's first (`end` False) or last picture from the request alone: the side's screen over the
    bounds, the shared element in that side's frame with that side's contentMode and corner radius (not at a
    reveal's end, which is the destination screen), each child in its `from` or `to` rect with its content, and each
    auxiliary view at its `from` or `to` opacity. `pictures` by role: sourceScreen, destinationScreen, element (the
    source's), destinationElement, child, auxiliary."""
    bounds, s = request["destination"]["bounds"], SUPERSAMPLING
    canvas = Image.new("RGBA", (round(bounds["width"] * s), round(bounds["height"] * s)), PAGE + (255,))
    side = request["destination" if end else "source"]
    canvas = draw_view(canvas, pictures["destinationScreen" if end else "sourceScreen"], bounds, 0, "scaleToFill", sampling)
    if not (end and request["style"] == "reveal"):
        element = pictures["destinationElement" if end else "element"]
        canvas = draw_view(canvas, element, side["frame"], side.get("cornerRadius", 0), side.get("contentMode", "aspectFill"), sampling)
        for child in request.get("children", []):
            rect, radius = (child["to"], child.get("toCornerRadius", 0)) if end else (child["from"], child.get("fromCornerRadius", 0))
            canvas = draw_view(canvas, pictures["child"], rect, radius, child.get("contentMode", "aspectFill"), sampling)
    for view in request.get("auxiliary", []):
        canvas = draw_view(canvas, pictures["auxiliary"], view["frame"], 0, "scaleToFill", sampling, view["to"] if end else view["from"])
    return canvas.convert("RGB").reduce(s)


def meaning_request(style, width, height, element, modes, radius, with_image_size, rng=None):
    """A request of `style` on a `width` × `height` screen whose shared element (`element`, the image's pixel size)
    goes from a card to a header, with `modes` (source, destination contentMode), a child pair (snapshot) and a tab
    bar (its content given by with_pictures), sharedFrame's dimming colour given; `with_image_size` gives
    `imageSize` (twice the image's size: its aspect) beside `content.size`. `rng` moves the frames at random."""
    jitter = (lambda a, b: rng.uniform(a, b)) if rng else (lambda a, b: (a + b) / 2)
    card_w, card_h = jitter(0.3, 0.55) * width, jitter(0.15, 0.3) * height
    source = {"frame": {"x": jitter(0.05, 0.95 - card_w / width) * width, "y": jitter(0.12, 0.85 - card_h / height) * height,
                        "width": card_w, "height": card_h},
              "cornerRadius": radius, "contentMode": modes[0]}
    header_h = jitter(0.3, 0.5) * height
    destination = {"bounds": {"x": 0, "y": 0, "width": width, "height": height},
                   "frame": {"x": 0, "y": jitter(0, 0.1) * height, "width": width, "height": header_h},
                   "contentMode": modes[1], "cornerRadius": radius / 2}
    request = {"style": style, "direction": "push", "source": source, "destination": destination, "cornerCurve": "circular",
               "timing": {"duration": 0.4, "curve": "easeInOut"},
               "auxiliary": [{"id": "tabs", "frame": {"x": 0, "y": height - 60, "width": width, "height": 60}, "from": 1, "to": 0}]}
    if style == "sharedFrame":
        request["overlay"] = {"color": {"r": OVERLAY[0] / 255, "g": OVERLAY[1] / 255, "b": OVERLAY[2] / 255, "a": 1}, "opacity": 0.3}
    if with_image_size:
        request["imageSize"] = {"width": element[0] * 2, "height": element[1] * 2}
    if style == "snapshot":
        f, d = source["frame"], destination["frame"]
        request["children"] = [{"id": "badge", "from": {"x": f["x"] + 8, "y": f["y"] + 8, "width": 48, "height": 48},
                                "to": {"x": 16, "y": d["y"] + d["height"] - 96, "width": 80, "height": 80},
                                "fromCornerRadius": 8, "toCornerRadius": 12}]
    return request


def with_pictures(request, pictures):
    """The request with `pictures` (by role) as its content, each a data: URL with its size."""
    urls = {role: data_url(picture) for role, picture in pictures.items()}
    children = {child["id"]: urls["child"] for child in request.get("children", [])}
    def side(screen, element):
        return dict({"screen": urls[screen], "element": urls[element]}, **({"children": children} if children else {}))
    request = dict(request, content={"source": side("sourceScreen", "element"), "destination": side("destinationScreen", "destinationElement"),
                                     "auxiliary": {"tabs": urls["auxiliary"]}})
    return request


def meaning_cases(rng):
    """(name, request, pictures, checkered) for every style twice in checkerboards — a portrait image, aspectFit
    into aspectFill, `imageSize` given; a landscape one, aspectFill into aspectFit, `content.size` alone — then every
    style once in realistic pictures and three random scenes (random style, frames, modes, radius, landscape
    screens). Both sides show one image, as an app's shared element does, but for snapshot, which cross-fades the
    two: there the destination's is a checkerboard of its own colours, so that neither pattern is measured through
    the other."""
    def checkers(width, height, shape, style):
        sizes = {"element": shape, "destinationElement": shape, "child": (80, 80), "auxiliary": (width, 60)}
        pictures = {role: checkerboard(*sizes.get(role, (width, height)), colours) for role, colours in CHECKER_COLOURS.items()}
        if style != "snapshot":
            pictures["destinationElement"] = pictures["element"]
        return pictures
    cases = []
    for style in ("sharedFrame", "zoom", "morph", "snapshot", "reveal"):
        for shape, modes, with_size in (((200, 300), ("aspectFit", "aspectFill"), True), ((300, 200), ("aspectFill", "aspectFit"), False)):
            width, height = 390, 844
            pictures = checkers(width, height, shape, style)
            request = meaning_request(style, width, height, shape, modes, 16, with_size)
            orientation = "portrait" if shape[1] > shape[0] else "landscape"
            cases.append((f"meaning-{style}-{orientation}-{modes[0]}-{'imageSize' if with_size else 'size'}", request, pictures, True))
    realistic = realistic_images(390, 844)
    for style in ("sharedFrame", "zoom", "morph", "snapshot", "reveal"):
        pictures = {"sourceScreen": realistic["list"], "destinationScreen": realistic["detail"], "element": realistic["photo"], "destinationElement": realistic["photo"],
                    "child": realistic["photo"].crop((300, 40, 460, 200)), "auxiliary": realistic["tabs"].resize((390, 60))}
        request = meaning_request(style, 390, 844, realistic["photo"].size, ("aspectFill", "aspectFit"), 12, False)
        cases.append((f"meaning-{style}-realistic", request, pictures, False))
    for index in range(3):
        style = rng.choice(("sharedFrame", "zoom", "morph", "snapshot", "reveal"))
        width, height = rng.choice([(390, 844), (844, 390), (600, 600)])
        shape = rng.choice([(200, 300), (300, 200), (240, 240)])
        pictures = checkers(width, height, shape, style)
        modes = (rng.choice(["aspectFill", "aspectFit"]), rng.choice(["aspectFill", "aspectFit"]))
        request = meaning_request(style, width, height, shape, modes, rng.choice([0, 8, 20]), rng.random() < 0.5, rng)
        cases.append((f"meaning-random-{index}-{style}", request, pictures, True))
    return cases


@functools.cache
def meaning_mixes():
    """The mixes of the meaning cases' given colours (given_mixes), by whether the request dims (adds OVERLAY)."""
    palette = [c for pair in CHECKER_COLOURS.values() for c in pair] + [PAGE]
    return {False: given_mixes(palette), True: given_mixes(palette + [OVERLAY])}


def run_meaning(base, browser, cases, first):
    """Issue #45's "Proven by" in every player: cells stay square, no colour the request did not give, and the
    first and last frames are the request's own pictures (request_picture). `first`: also check that the placeholder
    violet is told apart from every mix of the given colours (once per run)."""
    folder = os.path.join(ARTIFACTS, "meaning")
    os.makedirs(folder, exist_ok=True)
    mixes = meaning_mixes()
    for dims, tree in mixes.items() if first else ():
        violet = tree.query(PLACEHOLDER_VIOLET)[0]
        check(violet > 3 * ON_SEGMENT, f"meaning: the placeholder violet lies {violet:.0f} from every mix of the given colours{' and the dimming' if dims else ''}")
    for name, request, pictures, checkered in cases:
        body = json.dumps(with_pictures(request, pictures)).encode()
        plan = json.loads(post(base, body, "json"))
        exports = [json.loads(post(base, body, "waapi")), post(base, body, "css").decode(), post(base, body, "svg").decode(),
                   json.loads(post(base, body, "lottie"))]
        fractions = FRACTIONS if checkered else (0, 1)
        times = [f * plan["duration"] for f in fractions]
        shots = players_over(browser, exports, times, PAGE)
        ends = [request_picture(request, pictures, False), request_picture(request, pictures, True)]
        nearest = [request_picture(request, pictures, end, Image.NEAREST) for end in (False, True)]
        for index, picture in enumerate(ends):
            picture.save(os.path.join(folder, f"{name}-request-{index}.png"))
        rows = [("request", [ends[0]] + [Image.new("RGB", ends[0].size, (250, 250, 250))] * (len(times) - 2) + [ends[1]])]
        known_seen = set()
        for engine in ("waapi", "css", "svg", "lottie"):
            captures = shots[engine]
            rows.append((engine, captures))
            for index, picture in enumerate(captures):
                picture.save(os.path.join(folder, f"{name}-{engine}-{index}.png"), compress_level=1)
            expected_ends = nearest if engine == "lottie" else ends
            for which, (picture, expected) in enumerate(zip((captures[0], captures[-1]), expected_ends)):
                count, bad = bad_pixels(expected, picture)
                share = count / bad.size
                if share > ENDS_OFF:
                    marked = numpy.array(picture)
                    marked[bad] = (255, 0, 255)
                    Image.fromarray(marked).save(os.path.join(folder, f"{name}-{engine}-{'last' if which else 'first'}-bad.png"))
                ys, xs = numpy.nonzero(bad) if count else ((0,), (0,))
                end = "last" if which else "first"
                known = KNOWN_ENDS.get((name, end))
                if known and share > ENDS_OFF:
                    print(f"KNOWN {name}: {engine}'s {end} frame is {share:.2%} off the request's own picture: {known}", flush=True)
                    known_seen.add(end)
                    continue
                check(share <= ENDS_OFF, f"{name}: {engine}'s {end} frame is the request's own picture ({share:.2%} off)",
                      f"(x {min(xs)}…{max(xs)}, y {min(ys)}…{max(ys)}; see {folder})")
            if not checkered:
                continue
            pixels = [Colours(picture) for picture in captures]
            worst, worst_at = 0.0, ""
            for index, among in enumerate(pixels):
                for role, colours in CHECKER_COLOURS.items():
                    aspect = measured_aspect(among, colours)
                    if aspect is not None and abs(aspect - 1) > worst:
                        worst, worst_at = abs(aspect - 1), f"{role} {aspect:.3f} at t = {times[index]:.3f} s"
            check(worst <= SQUARE, f"{name}: {engine} keeps every cell square at {len(times)} instants (worst {worst:.1%} off)", f"({worst_at})")
            worst, worst_at = 0.0, 0
            for index, (picture, among) in enumerate(zip(captures, pixels)):
                count, foreign = foreign_pixels(among, mixes["overlay" in request])
                if count / foreign.size > worst:
                    worst, worst_at = count / foreign.size, index
                if count / foreign.size > FOREIGN:
                    marked = numpy.array(picture)
                    marked[foreign] = (255, 0, 255)
                    Image.fromarray(marked).save(os.path.join(folder, f"{name}-{engine}-{index}-foreign.png"))
            check(worst <= FOREIGN, f"{name}: {engine} paints only the given colours (worst {worst:.3%} of pixels other, at t = {times[worst_at]:.3f} s)",
                  f"(see {folder})")
        for end in ("first", "last"):
            if (name, end) in KNOWN_ENDS:
                check(end in known_seen, f"{name}: its {end} frame, listed in KNOWN_ENDS, is still off in some player",
                      "(it now matches in all four: remove its entry)")
        contact_sheet(name, rows, times).save(os.path.join(ARTIFACTS, f"{name}.png"))


def jobs(reference, image):
    """Every case of the run as (name, run(base, browser, first)), in order: the fades, the meaning cases, the seeds
    and random plans with the test card, the README's case."""
    reference_url = reference["url"]
    cases = [(os.path.splitext(os.path.basename(path))[0], json.load(open(path)))
             for path in sorted(glob.glob(os.path.join(ROOT, "examples", "seeds", "*.json")))]
    rng = random.Random(28)
    cases += [(f"random-{index:02d}", random_request(rng, index)) for index in range(12)]
    found = [("fades", lambda base, browser, first: run_fades(base, browser))]
    found += [(case[0], lambda base, browser, first, case=case: run_meaning(base, browser, [case], first))
              for case in meaning_cases(random.Random(45))]
    found += [(name, lambda base, browser, first, name=name, request=request:
               run_case(base, browser, name, with_content(request, reference), {reference_url: image}))
              for name, request in cases]
    found.append(("readme-list-to-detail", lambda base, browser, first:
                  run_case(base, browser, "readme-list-to-detail", *readme_case(realistic_images(390, 844)))))
    return found


def run_shards(count):
    """Runs the cases in `count` processes side by side (each its own server and Chromium: one process keeps about
    one core busy, 151 s of CPU in 202 s, 2026-11-29), prints each one's lines when all are done, and exits as the
    worst of them did (77, skipped, when any was)."""
    started = clock.monotonic()
    shards = [subprocess.Popen([sys.executable, os.path.abspath(__file__), BINARY], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, env=dict(os.environ, PIXEL_SHARD=f"{index}/{count}")) for index in range(count)]
    outputs = [shard.communicate()[0] for shard in shards]
    totals = {"passed": 0, "failed": 0}
    for output in outputs:
        sys.stdout.write(output)
        for passed, failed in re.findall(r"^pixels: (\d+) passed, (\d+) failed", output, re.M):
            totals["passed"] += int(passed)
            totals["failed"] += int(failed)
    codes = [shard.returncode for shard in shards]
    print(f"pixels: {totals['passed']} passed, {totals['failed']} failed in {clock.monotonic() - started:.0f} s over {count} processes; "
          f"frames and contact sheets in {ARTIFACTS}")
    sys.exit(77 if 77 in codes else max(codes, key=lambda code: code != 0))


def main():
    """One shard of the cases (PIXEL_SHARD=k/n: every n-th from the k-th), or PIXEL_PROCESSES of them side by side
    (default 2); PIXEL_CASES=regex keeps the cases whose name it finds."""
    shard = os.environ.get("PIXEL_SHARD")
    processes = int(os.environ.get("PIXEL_PROCESSES", "2"))
    if not shard and processes > 1:
        run_shards(processes)
    index, count = map(int, (shard or "0/1").split("/"))
    os.makedirs(ARTIFACTS, exist_ok=True)
    image = Image.open(TEST_IMAGE).convert("RGBA")
    reference_url = "data:image/png;base64," + base64.b64encode(open(TEST_IMAGE, "rb").read()).decode()
    reference = {"url": reference_url, "size": {"width": image.width, "height": image.height}}
    only = os.environ.get("PIXEL_CASES")
    mine = [job for job in jobs(reference, image)[index::count] if not only or re.search(only, job[0])]
    browser, reason = chromium()
    if not browser:
        print(f"pixel_test: SKIPPED: {reason}")
        sys.exit(77)  # skipped: scripts/test.sh counts it, and fails under CI
    server = subprocess.Popen([BINARY, "serve", "--port", "0", "--log-level", "warning"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    port = int(re.search(r":(\d+)", server.stdout.readline()).group(1))
    base = f"http://127.0.0.1:{port}"
    started = clock.monotonic()
    try:
        browser.execute_async_script(PRELOAD, reference_url)
        first_meaning = index == 0  # the placeholder's distance from the given colours: checked by one process
        for name, run in mine:
            run(base, browser, first_meaning)
            first_meaning = first_meaning and not name.startswith("meaning-")
    finally:
        browser.quit()
        server.terminate()
        server.wait(timeout=15)
    print(f"pixels: {results['passed']} passed, {results['failed']} failed in {clock.monotonic() - started:.0f} s; frames and contact sheets in {ARTIFACTS}")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
