#!/usr/bin/env python3
"""The preview page in a real browser: headless Chromium (Debian's chromium + chromium-driver) driven with
Selenium. Loads /preview from the real server, plans every example request through the page, pauses at
t = 0, the middle and the end, and checks that what the page shows is the plan's tracks: for every moving
track (one with keyframes, or inside one), the bounds of its element's *computed* clip-path through every
*computed* transform above it (what the Web Animations API applied; a child's through its parent's too) equal
the track's visible rect within 1 px, and so does the page's clip outline
for the main track (the flying content). Takes a screenshot at each pause, renders the
zoom and reveal filmstrips to PNG and checks each is not blank and draws nothing between its panels, and fails on any
console error. Plans child and auxiliary ids that are hostile markup and checks that no script ran and each id shows as
text, that the page ran with no Content-Security-Policy violation, and that its policy is enforced (an inline script
added to the page does not run, and is reported).
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
    sys.exit(77)  # skipped: scripts/test.sh counts it, and fails under CI


def main_track(plan):
    """The track the eye follows, as the page picks it: a moving destination screen, else the last `content` track."""
    tracks = plan["tracks"]
    content = [track for track in tracks if track["role"] == "content"]
    screens = [track for track in tracks if track["role"] == "destinationScreen" and "transform" in track["animates"]]
    return screens[0] if screens else content[-1]


def close(a, b, tolerance=1.0):
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


HOSTILE = ["<img src=x onerror=window.__pwned=1>", "\"><svg onload=window.__pwned=2>", "<script>window.__pwned=3</script>"]


def hostile_ids(browser):
    """Child and auxiliary ids that are markup: planned through the page, chosen in the track menu, never run."""
    request = json.load(open(os.path.join(ROOT, "examples", "snapshot.json")))
    for child, hostile in zip(request["children"], HOSTILE):
        child["id"] = hostile
    request["auxiliary"] = [{"id": hostile, "frame": {"x": 0, "y": 760, "width": 390, "height": 84}, "from": 1, "to": 0} for hostile in HOSTILE]
    browser.execute_script("document.getElementById('request').value = arguments[0];", json.dumps(request))
    plan = browser.execute_async_script("flightplanPreview.plan().then(arguments[0]);")
    check(plan is not None, "hostile ids: planned through the page")
    ids = [f"{prefix}:{hostile}" for hostile in HOSTILE for prefix in ("child", "outgoingChild", "auxiliary")]
    shown = browser.execute_script("""
        const select = document.getElementById('track'), shown = [];
        for (const id of arguments[0]) {
            // Chosen in the menu as a user would, so the keyframe table is drawn for it too.
            select.value = id;
            select.dispatchEvent(new Event('change'));
            const option = [...select.options].find((option) => option.value === id);
            shown.push({id, option: option ? option.textContent : null, element: !!document.getElementById('track-' + id),
                        rows: document.querySelectorAll('#keyframes tr').length});
        }
        return {shown, pwned: window.__pwned, markup: document.querySelectorAll('#track img, #track svg, #track script, #keyframes img').length};""",
                                   [id for id in ids if plan and any(track["id"] == id and track["keyframes"] for track in plan["tracks"])])
    check(shown["pwned"] is None and shown["markup"] == 0, "hostile ids: no script ran and no markup was made of them", str(shown["pwned"]))
    check(len(shown["shown"]) >= len(HOSTILE) and all(entry["option"] == entry["id"] and entry["element"] and entry["rows"] > 2 for entry in shown["shown"]),
          "hostile ids: each moving track's id is shown as text in the menu, names its element, and draws its keyframe table", str(shown["shown"]))


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
        # The Content inputs (issue 45): image URLs typed there go into the request's `content`, and the tracks paint
        # them as the waapi export does (a data: URL, so that nothing is fetched).
        pixel = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
        painted = browser.execute_async_script("""
            const [url, done] = arguments;
            document.getElementById('content-source-screen').value = url;
            document.getElementById('content-destination-element').value = url;
            document.getElementById('style').value = 'zoom';
            document.getElementById('content-source-screen').dispatchEvent(new Event('change'));
            const wait = () => {
                const request = flightplanPreview.state.request, screen = document.querySelector('#track-sourceScreen > .paint');
                if (request && request.content && screen) done({content: request.content, screen: getComputedStyle(screen).backgroundImage,
                    image: getComputedStyle(document.querySelector('#track-content > .paint')).backgroundImage,
                    cells: document.querySelectorAll('#track-sourceScreen .cell').length});
                else setTimeout(wait, 50);
            };
            wait();""", pixel)
        check(painted["content"] == {"source": {"screen": {"url": pixel}}, "destination": {"element": {"url": pixel}}},
              "the preview's Content inputs go into the request's content", painted["content"])
        check(pixel in painted["screen"] and pixel in painted["image"] and painted["cells"] == 0,
              "the preview paints the content on the source screen and the flying image (no mock grid over it)", str(painted)[:300])
        # Filmstrips rendered to PNG: not blank, and nothing drawn in the gaps between panels (a reveal's circle grows far
        # past its screen, so each panel must be clipped to its own). Seed 003's avatar is its aspect-filled image's
        # overflow, shown by a circular mask beyond the element's frame: its colour fills the circle there, as the
        # exports paint it (the probe, at the top of the circle in the first panel, is above the frame's band).
        for example, probe in [("zoom", None), ("reveal", None), ("seeds/003-list-to-detail", ([60, 186], [128, 0, 128]))]:
            body = open(os.path.join(ROOT, "examples", f"{example}.json"), "rb").read()
            example = os.path.basename(example)
            svg = urllib.request.urlopen(urllib.request.Request(base + "/v1/plans/filmstrip.svg", data=body,
                                                                headers={"Content-Type": "application/json"})).read()
            open(os.path.join(ARTIFACTS, f"filmstrip-{example}.svg"), "wb").write(svg)
            # The strip's layout (Filmstrip.swift): panels `screen` wide, 8 % of it apart, left to right from the viewBox's x.
            screen = json.loads(body)["destination"]["bounds"]
            view_box = [float(number) for number in re.search(rb'viewBox="([^"]+)"', svg)[1].split()]
            panels = round((view_box[2] + screen["width"] * 0.08) / (screen["width"] * 1.08))
            gaps = [[(index + 1) * screen["width"] * 1.08 - screen["width"] * 0.08, (index + 1) * screen["width"] * 1.08] for index in range(panels - 1)]
            painted = browser.execute_async_script("""
                const [source, viewBox, gaps, screenHeight, probe, done] = arguments, image = new Image();
                image.onload = () => {
                    const canvas = document.createElement('canvas');
                    canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
                    const context = canvas.getContext('2d');
                    context.fillStyle = '#fff'; context.fillRect(0, 0, canvas.width, canvas.height);
                    context.drawImage(image, 0, 0);
                    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
                    const isInked = (x, y) => { const i = 4 * (y * canvas.width + x); return pixels[i] < 250 || pixels[i + 1] < 250 || pixels[i + 2] < 250; };
                    let inked = 0, inGaps = 0;
                    for (let y = 0; y < canvas.height; y++) for (let x = 0; x < canvas.width; x++) if (isInked(x, y)) inked++;
                    // Each gap's columns, a pixel in from either side (antialiasing), down to the screens' bottom.
                    const scale = canvas.width / viewBox[2];
                    for (const [left, right] of gaps)
                        for (let x = Math.ceil(left * scale) + 1; x < Math.floor(right * scale) - 1; x++)
                            for (let y = 0; y < Math.floor(screenHeight * scale); y++) if (isInked(x, y)) inGaps++;
                    const at = probe && 4 * (Math.round((probe[1] - viewBox[1]) * scale) * canvas.width + Math.round((probe[0] - viewBox[0]) * scale));
                    done({inked, inGaps, total: pixels.length / 4, probed: probe && Array.from(pixels.slice(at, at + 3)), png: canvas.toDataURL('image/png')});
                };
                image.onerror = () => done(null);
                image.src = 'data:image/svg+xml;base64,' + source;""", base64.b64encode(svg).decode(), view_box, gaps, screen["height"], probe and probe[0])
            check(painted is not None and painted["inked"] > painted["total"] * 0.2, f"the {example} filmstrip renders to a PNG that is not blank",
                  str(painted and (painted["inked"], painted["total"])))
            check(painted is not None and len(gaps) == 5 and painted["inGaps"] == 0,
                  f"the {example} filmstrip draws nothing between its {panels} panels", str(painted and painted["inGaps"]))
            if probe:
                check(painted is not None and all(abs(got - wanted) <= 8 for got, wanted in zip(painted["probed"], probe[1])),
                      f"the {example} filmstrip paints the colour over the whole mask, beyond the frame", str(painted and painted["probed"]))
            if painted:
                open(os.path.join(ARTIFACTS, f"filmstrip-{example}.png"), "wb").write(base64.b64decode(painted["png"].split(",", 1)[1]))
        hostile_ids(browser)
        log = browser.get_log("browser")
        errors = [entry for entry in log if entry["level"] == "SEVERE"]
        check(not errors, "no console errors", str(errors[:3]))
        check(not [entry for entry in log if "Content Security Policy" in entry["message"]], "no Content-Security-Policy violation",
              str([entry for entry in log if "Content Security Policy" in entry["message"]][:3]))
        # The policy holds: an inline script put into the page does not run, and the browser reports it.
        ran = browser.execute_script("""
            const script = document.createElement('script');
            script.textContent = 'window.__inline = 1';
            document.body.appendChild(script);
            return window.__inline;""")
        reported = [entry for entry in browser.get_log("browser") if "Content Security Policy" in entry["message"]]
        check(ran is None and reported, "the page's Content-Security-Policy blocks inline script and reports it", f"{ran} {reported[:1]}")
    finally:
        browser.quit()
        server.terminate()
        server.wait(timeout=15)
    print(f"browser: {results['passed']} passed, {results['failed']} failed; artefacts in {ARTIFACTS}")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
