"""How the browser tests play the web exports in Chromium: the DOM a page builds for the Web Animations document
and the style sheet (per track `[div.region >] div.layer > div.paint`, as the exports describe: on the stage, or for
an element with a `parent` inside that element's paint box after what it holds), seeking, and the Chromium session
they share."""
import shutil

PAGE = "data:text/html,<!doctype html><html><body style='margin:0;background:white'></body></html>"

# arguments: the waapi document, the style sheet (or null for waapi), the stage class.
SETUP_WEB = """
document.body.innerHTML = ''; document.head.querySelectorAll('style').forEach((s) => s.remove());
const doc = arguments[0], css = arguments[1], stage = document.createElement('div');
if (css) {
  const style = document.createElement('style'); style.textContent = css; document.head.appendChild(style);
  stage.className = arguments[2];
} else {
  stage.style.cssText = `position:relative;width:${doc.width}px;height:${doc.height}px;overflow:hidden`;
}
document.body.appendChild(stage);
const boxes = [], paints = {};
window.fpElements = doc.elements.map((element) => {
  const make = (box, parent) => {
    const div = document.createElement('div');
    if (css) { div.className = box.className; div.style.animationPlayState = 'paused'; }
    else {
      for (const [name, value] of Object.entries(box.style)) div.style.setProperty(name, value);
      if (box.keyframes.length) { const animation = div.animate(box.keyframes, element.options); animation.pause(); boxes.push(animation); }
    }
    if (css) boxes.push(div);
    parent.appendChild(div);
    return div;
  };
  const holder = element.parent ? paints[element.parent] : stage;
  const region = element.region ? make(element.region, holder) : holder;
  const layer = make(element, region), paint = make(element.paint, layer);
  paints[element.id] = paint;
  return {layer, paint};
});
window.fpSeek = (ms) => boxes.forEach((box) => {
  if (box instanceof HTMLElement) box.style.animationDelay = `-${ms}ms`; else box.currentTime = ms;
});
"""
SETUP_SVG = "document.body.innerHTML = arguments[0]; document.querySelector('svg').pauseAnimations();"
SEEK_SVG = "document.querySelector('svg').setCurrentTime(arguments[0]);"


def chromium():
    """A headless Chromium session (one for a whole test), or the reason there is none."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return None, "selenium is not installed"
    binary, driver = shutil.which("chromium") or shutil.which("chromium-browser"), shutil.which("chromedriver")
    if not binary or not driver:
        return None, "chromium and chromium-driver are not installed"
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1200,1000",
                     "--force-device-scale-factor=1", "--hide-scrollbars", "--allow-file-access-from-files"):
        options.add_argument(argument)
    try:
        browser = webdriver.Chrome(service=Service(driver), options=options)
    except Exception as error:
        return None, f"Chromium cannot start here: {str(error).splitlines()[0]}"
    browser.get(PAGE)
    return browser, None
