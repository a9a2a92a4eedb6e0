#!/usr/bin/env python3
"""The player in a real browser: headless Chromium (Debian's chromium and chromium-driver, driven with Selenium, as
scripts/browser_test.py drives it). A page served from its own origin imports the compiled client (dist/src), plans
every committed example request against the real server through FlightplanClient (across origins: the server's
CORS), builds a stage of real DOM elements with buildStage, plays the plan on them with animatePlan (Web Animations)
and pauses at every keyframe time, halfway between the first two and at half the duration. What Chromium then computes for each element
(its `transform`, `clip-path`, `opacity` and `background-color`) must be the track's values at that instant as
scripts/keyframe_segments.py interpolates them on its own (the Python tests' linear renderer): transform and mask
within 0.01 pt, opacity within 0.001, colour within one 8-bit step. A screenshot of the sharedFrame example at half its
duration
goes to $ARTIFACTS_DIR (default .build/artifacts) as typescript-player.png.

Usage: browser_test.py path/to/flightplan   (after `tsc -p Clients/typescript`)
"""
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from keyframe_segments import IDENTITY, values_at  # noqa: E402

ARTIFACTS = os.path.abspath(os.environ.get("ARTIFACTS_DIR", os.path.join(ROOT, ".build", "artifacts")))
results = {"passed": 0, "failed": 0}
PAGE = b"<!doctype html><html><head><meta charset=utf-8><link rel=icon href='data:,'><style>body{margin:0}</style></head><body></body></html>"


def check(condition, name, detail=""):
    results["passed" if condition else "failed"] += 1
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f" {detail}"), flush=True)


def skip(reason):
    print(f"typescript browser test: SKIPPED: {reason}")
    sys.exit(77)


class Files(http.server.SimpleHTTPRequestHandler):
    """The compiled client (dist/) and an empty page, from the client's folder."""

    def do_GET(self):
        if self.path == "/":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(PAGE)
        else:
            super().do_GET()

    def log_message(self, *args):
        pass


# Plays the plan in the page at every keyframe time, halfway between the first two, and last at half the duration.
PLAY = """
const [url, request, done] = arguments;
const times = (plan) => {
  const moving = plan.tracks.find((track) => track.keyframes.length > 1);
  const keyframes = moving ? moving.keyframes.map((keyframe) => keyframe.time) : [0];
  return [...keyframes, ...(keyframes.length > 1 ? [(keyframes[0] + keyframes[1]) / 2] : []), plan.duration / 2];
};
const client = await import('/dist/src/index.js');
const plan = (await new client.FlightplanClient(url).createPlan(request)).value;
document.body.replaceChildren();
const { stage, elements } = client.buildStage(plan, document);
document.body.appendChild(stage);
// A placeholder colour for each track the plan gives none, so that the screenshot shows every layer.
plan.tracks.forEach((track, index) => {
  if (!track.base.color && !track.animates.includes('color')) elements.get(track.id).style.background = `hsl(${index * 67 % 360} 70% 60%)`;
});
const player = client.animatePlan(plan, (track) => elements.get(track.id), { layout: true });
const seen = [];
for (const time of times(plan)) {
  player.seek(time);
  const styles = {};
  for (const [id, element] of elements) {
    const style = getComputedStyle(element);
    styles[id] = { transform: style.transform, clipPath: style.clipPath, opacity: style.opacity, color: style.backgroundColor };
  }
  seen.push({ time, styles });
}
done({ plan, seen });
"""


def numbers(text):
    return [float(value) for value in re.findall(r"-?[\d.]+(?:e-?\d+)?", text)]


def inset(clip_path):
    """A computed `inset(…)` as [top, right, bottom, left, radius], its shortened forms expanded."""
    match = re.fullmatch(r"inset\(([^)]*?)(?: round ([^)]*))?\)", clip_path)
    if not match:
        return None
    sides = numbers(match.group(1))
    if not 1 <= len(sides) <= 4:
        return None
    top, right, bottom, left = (sides * 4, sides * 2, [*sides, *sides[1:2]], sides)[len(sides) - 1][:4]
    radius = numbers(match.group(2))[0] if match.group(2) else 0.0
    return [top, right, bottom, left, radius]


def compare(name, plan, time, styles):
    """Each track's computed style at `time` is keyframe_segments' values of it: the first difference, or None."""
    for track in plan["tracks"]:
        style, values = styles[track["id"]], values_at(track, time)
        where = f"{name} {track['id']} at {time:.4f} s"
        transform = values.get("transform", IDENTITY)
        expected = [transform[key] for key in ("a", "b", "c", "d", "tx", "ty")]
        seen = numbers(style["transform"]) if style["transform"] != "none" else [1, 0, 0, 1, 0, 0]
        if len(seen) != 6 or any(abs(p - q) > 0.01 for p, q in zip(seen, expected)):
            return f"{where}: transform {style['transform']}, the track {expected}"
        frame = track["frame"]
        mask = values.get("maskFrame", {"x": 0, "y": 0, "width": frame["width"], "height": frame["height"]})
        expected = [mask["y"], frame["width"] - mask["x"] - mask["width"], frame["height"] - mask["y"] - mask["height"], mask["x"],
                    values.get("cornerRadius", 0)]
        seen = inset(style["clipPath"])
        if seen is None or any(abs(p - q) > 0.01 for p, q in zip(seen, expected)):
            return f"{where}: clip-path {style['clipPath']}, the track {expected}"
        if abs(float(style["opacity"]) - values.get("opacity", 1)) > 0.001:
            return f"{where}: opacity {style['opacity']}, the track {values.get('opacity', 1)}"
        if "color" in values:
            color = values["color"]
            expected = [color["r"] * 255, color["g"] * 255, color["b"] * 255, color.get("a", 1)]
            seen = numbers(style["color"]) + ([1.0] if style["color"].startswith("rgb(") else [])
            tolerances = [1.01, 1.01, 1.01, 0.004]
            if color.get("a", 1) > 0 and any(abs(p - q) > tolerance for p, q, tolerance in zip(seen, expected, tolerances)):
                return f"{where}: background-color {style['color']}, the track {expected}"
    return None


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        skip("selenium is not installed (pip install selenium)")
    chromium, driver_path = shutil.which("chromium") or shutil.which("chromium-browser"), shutil.which("chromedriver")
    if not chromium or not driver_path:
        skip("chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)")
    if not os.path.exists(os.path.join(HERE, "dist", "src", "index.js")):
        raise SystemExit("the client is not compiled: run tsc -p Clients/typescript first")
    os.makedirs(ARTIFACTS, exist_ok=True)
    server = subprocess.Popen([os.path.abspath(sys.argv[1]), "serve", "--port", "0", "--log-level", "warning"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    port = re.search(r":(\d+)", server.stdout.readline()).group(1)
    api = f"http://127.0.0.1:{port}"
    files = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Files, directory=HERE))
    threading.Thread(target=files.serve_forever, daemon=True).start()
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=900,1000",
                     "--force-device-scale-factor=1", "--hide-scrollbars"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        browser = webdriver.Chrome(service=Service(driver_path), options=options)
    except Exception as error:
        server.terminate()
        skip(f"Chromium cannot start here: {str(error).splitlines()[0]}")
    browser.set_script_timeout(30)
    try:
        browser.get(f"http://127.0.0.1:{files.server_address[1]}/")
        examples = sorted(os.path.join(folder, name) for folder in ("", "seeds", "content")
                          for name in os.listdir(os.path.join(ROOT, "examples", folder)) if name.endswith(".json"))
        for name in examples:
            request = json.load(open(os.path.join(ROOT, "examples", name)))
            played = browser.execute_async_script(f"(async () => {{ {PLAY} }})().catch((error) => arguments[2]({{error: String(error)}}));", api, request)
            if not played or "error" in played:
                check(False, f"{name}: played in Chromium", str(played))
                continue
            differences = [found for instant in played["seen"] if (found := compare(name, played["plan"], instant["time"], instant["styles"]))]
            check(not differences, f"{name}: at {len(played['seen'])} instants every track's computed style is the plan's", differences[0] if differences else "")
            if name == "sharedFrame.json":
                browser.save_screenshot(os.path.join(ARTIFACTS, "typescript-player.png"))
        errors = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
        check(not errors, "no console error", "; ".join(errors[:3]))
    finally:
        browser.quit()
        files.shutdown()
        server.terminate()
        server.wait(15)
    print(f"typescript browser test: {results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
