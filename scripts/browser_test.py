#!/usr/bin/env python3
"""The preview page in a real browser: headless Chromium (Debian's chromium + chromium-driver) driven with
Selenium. Loads /preview from the real server, plans every example request through the page, pauses at
t = 0, the middle and the end, and checks that what the page shows is the plan's tracks: for every moving
track (one with keyframes, or inside one), the bounds of its element's *computed* clip-path through every
*computed* transform above it (what the Web Animations API applied; a child's through its parent's too) equal
the track's visible rect within 1 px, and so does the page's clip outline
for the main track (the flying content). Takes a screenshot at each pause, renders a
filmstrip SVG to PNG and checks it is not blank, and fails on any console error.
Artefacts (screenshots, the filmstrip SVG and PNG) go to $ARTIFACTS_DIR (default .build/artifacts).

Usage: browser_test.py path/to/flightplan
"""
import base64
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request

from keyframe_segments import PAINTED_CLIP, moves, visible_rect

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.abspath(sys.argv[1])
ARTIFACTS = os.path.abspath(os.environ.get("ARTIFACTS_DIR", os.path.join(ROOT, ".build", "artifacts")))
results = {"passed": 0, "failed": 0}


def check(condition, name, detail=""):
    results["passed" if condition else "failed"] += 1
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f" {detail}"), flush=True)


def skip(reason):
    print(f"browser_test: SKIPPED: {reason}")
    sys.exit(0)


def main_track(plan):
    """The track the eye follows, as the page picks it: a moving destination screen, else the last `content` track."""
    tracks = plan["tracks"]
    content = [track for track in tracks if track["role"] == "content"]
    screens = [track for track in tracks if track["role"] == "destinationScreen" and "transform" in track["animates"]]
    return screens[0] if screens else content[-1]


def close(a, b, tolerance=1.0):
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


def main():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        skip("selenium is not installed (pip install selenium)")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        skip("chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)")
    os.makedirs(ARTIFACTS, exist_ok=True)
    server = subprocess.Popen([BINARY, "serve", "--port", "0", "--log-level", "warning"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    port = int(re.search(r":(\d+)", server.stdout.readline()).group(1))
    base = f"http://127.0.0.1:{port}"
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1500,1100",
                     "--force-device-scale-factor=1", "--hide-scrollbars"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        browser = webdriver.Chrome(service=Service(driver_path), options=options)
    except Exception as error:  # a sandbox without the kernel features Chromium needs
        server.terminate()
        skip(f"Chromium cannot start here: {str(error).splitlines()[0]}")
    browser.set_script_timeout(20)
    try:
        browser.get(base + "/preview")
        ready = browser.execute_async_script(
            "const done = arguments[0]; const wait = () => window.flightplanPreview && flightplanPreview.state.plan ? done(true) : setTimeout(wait, 50); wait();")
        check(ready, "the preview loads and plans its initial request")
        for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.json"))):
            name = os.path.splitext(os.path.basename(path))[0]
            request = json.load(open(path))
            browser.execute_script("document.getElementById('request').value = arguments[0];", json.dumps(request))
            plan = browser.execute_async_script("flightplanPreview.plan().then(arguments[0]);")
            check(plan is not None and plan["style"] == request.get("style", "sharedFrame"), f"{name}: planned through the page")
            if plan is None:
                continue
            bounds = request["destination"]["bounds"]
            main = main_track(plan)
            moving = [track for track in plan["tracks"] if moves(plan, track)]
            for label, time in (("start", 0.0), ("middle", plan["duration"] / 2), ("end", plan["duration"])):
                measured = browser.execute_script("""
                    flightplanPreview.seek(arguments[0]);
                    const painted = """ + PAINTED_CLIP + """;
                    const stage = document.getElementById('stage').getBoundingClientRect();
                    const outline = document.getElementById('clip-outline').getBoundingClientRect();
                    const tracks = arguments[1].map((id) => painted(document.getElementById('track-' + id).querySelector(':scope > .paint')));
                    return {stage: [stage.x, stage.y, stage.width], tracks, main: document.querySelector('.track.main').id,
                            outline: [outline.x, outline.y, outline.width, outline.height]};""", time, [track["id"] for track in moving])
                scale = measured["stage"][2] / bounds["width"]
                on_page = lambda rect, origin: (measured["stage"][0] + scale * (rect[0] - origin["x"]), measured["stage"][1] + scale * (rect[1] - origin["y"]),
                                                scale * rect[2], scale * rect[3])
                worst, detail = 0.0, ""
                for track, shown_page in zip(moving, measured["tracks"]):
                    expected_page = on_page(visible_rect(plan, track, time), bounds)
                    error = max(abs(p - q) for p, q in zip(shown_page, expected_page))
                    if error > worst:
                        worst, detail = error, f"{track['id']}: {shown_page} vs {expected_page}"
                check(worst <= 1, f"{name} at {label}: every moving track's computed transforms and clip-path show its visible clip", detail)
                check(measured["main"] == "track-" + main["id"], f"{name} at {label}: the page follows the {main['id']} track", measured["main"])
                expected_page = on_page(visible_rect(plan, main, time), bounds)
                check(close(measured["outline"], expected_page), f"{name} at {label}: the clip outline is the main track's visible clip",
                      f"{measured['outline']} vs {expected_page}")
                if name == "sharedFrame" or label == "middle":
                    browser.save_screenshot(os.path.join(ARTIFACTS, f"preview-{name}-{label}.png"))
        # A filmstrip rendered to PNG, and not blank.
        body = open(os.path.join(ROOT, "examples", "zoom.json"), "rb").read()
        svg = urllib.request.urlopen(urllib.request.Request(base + "/v1/plans/filmstrip.svg", data=body, headers={"Content-Type": "application/json"})).read()
        open(os.path.join(ARTIFACTS, "filmstrip-zoom.svg"), "wb").write(svg)
        painted = browser.execute_async_script("""
            const done = arguments[1], image = new Image();
            image.onload = () => {
                const canvas = document.createElement('canvas');
                canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
                const context = canvas.getContext('2d');
                context.fillStyle = '#fff'; context.fillRect(0, 0, canvas.width, canvas.height);
                context.drawImage(image, 0, 0);
                const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
                let inked = 0;
                for (let i = 0; i < pixels.length; i += 4) if (pixels[i] < 250 || pixels[i + 1] < 250 || pixels[i + 2] < 250) inked++;
                done({inked, total: pixels.length / 4, png: canvas.toDataURL('image/png')});
            };
            image.onerror = () => done(null);
            image.src = 'data:image/svg+xml;base64,' + arguments[0];""", base64.b64encode(svg).decode())
        check(painted is not None and painted["inked"] > painted["total"] * 0.2, "the zoom filmstrip renders to a PNG that is not blank",
              str(painted and (painted["inked"], painted["total"])))
        if painted:
            open(os.path.join(ARTIFACTS, "filmstrip-zoom.png"), "wb").write(base64.b64decode(painted["png"].split(",", 1)[1]))
        errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
        check(not errors, "no console errors", str(errors[:3]))
    finally:
        browser.quit()
        server.terminate()
        server.wait(timeout=15)
    print(f"browser: {results['passed']} passed, {results['failed']} failed; artefacts in {ARTIFACTS}")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
