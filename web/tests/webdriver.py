"""A small W3C WebDriver client (the standard library only) for the page's browser tests.

It starts Debian's chromedriver, opens headless Chromium (a desktop window,
or a phone: 390×844 with touch) and offers what the tests need: open a URL,
find elements, click or tap, type keys, click at a point of an element, read
attributes and the console, take screenshots.
"""

import base64
import json
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request

KEYS = {"ArrowUp": "\ue013", "ArrowDown": "\ue015", "ArrowLeft": "\ue012", "ArrowRight": "\ue014",
        "Enter": "\ue007", "Backspace": "\ue003", "Control": "\ue009"}
PHONE = {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True},
         "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36"}
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Browser:
    """One headless Chromium session driven through chromedriver."""

    def __init__(self, width=1280, height=800, phone=False):
        self.phone = phone
        self.port = free_port()
        self.driver = subprocess.Popen(
            [os.environ.get("CHROMEDRIVER", "chromedriver"), f"--port={self.port}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.base = f"http://127.0.0.1:{self.port}"
        for _ in range(100):
            try:
                urllib.request.urlopen(self.base + "/status", timeout=1)
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        args = ["--headless=new", "--disable-gpu", f"--window-size={width},{height}",
                "--disable-background-networking", "--disable-component-update", "--no-first-run",
                "--disable-default-apps", "--disable-sync"]
        if os.geteuid() == 0:
            args.append("--no-sandbox")  # Chromium refuses to run as root with its sandbox
        options = {"args": args, "binary": os.environ.get("CHROMIUM", "/usr/bin/chromium")}
        if phone:
            options["mobileEmulation"] = PHONE
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": options,
            "goog:loggingPrefs": {"browser": "ALL"},
        }}}
        self.session = self._send("POST", "/session", caps)["sessionId"]

    def _send(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                return json.loads(r.read())["value"]
        except urllib.error.HTTPError as e:
            raise RuntimeError(f"{method} {path}: {e.read().decode()[:500]}") from None

    def cmd(self, method, path, body=None):
        return self._send(method, f"/session/{self.session}{path}", body)

    def open(self, url):
        self.cmd("POST", "/url", {"url": url})

    def script(self, js, *args):
        """Runs `js` (a function body) in the page: used to read the DOM, never to play."""
        return self.cmd("POST", "/execute/sync", {"script": js, "args": list(args)})

    def find(self, css):
        return self.cmd("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def find_all(self, css):
        return [e[ELEMENT] for e in self.cmd("POST", "/elements", {"using": "css selector", "value": css})]

    def click(self, element):
        """A click, or on the phone a tap, at the element's centre."""
        if self.phone:
            self.tap_at(element, 0, 0)
        else:
            self.cmd("POST", f"/element/{element}/click", {})

    def tap_at(self, element, x, y):
        """A finger's tap at (x, y) pixels from the element's centre."""
        self.script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", {ELEMENT: element})
        self.cmd("POST", "/actions", {"actions": [{"type": "pointer", "id": "finger",
                                                   "parameters": {"pointerType": "touch"}, "actions": [
            {"type": "pointerMove", "origin": {ELEMENT: element}, "x": int(x), "y": int(y)},
            {"type": "pointerDown", "button": 0}, {"type": "pause", "duration": 50},
            {"type": "pointerUp", "button": 0}]}]})
        self.cmd("DELETE", "/actions")

    def swipe(self, element, dx, dy):
        """A finger's swipe of (dx, dy) pixels from the element's centre."""
        self.cmd("POST", "/actions", {"actions": [{"type": "pointer", "id": "finger",
                                                   "parameters": {"pointerType": "touch"}, "actions": [
            {"type": "pointerMove", "origin": {ELEMENT: element}, "x": 0, "y": 0},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerMove", "origin": "pointer", "x": int(dx / 2), "y": int(dy / 2), "duration": 100},
            {"type": "pointerMove", "origin": "pointer", "x": int(dx / 2), "y": int(dy / 2), "duration": 100},
            {"type": "pointerUp", "button": 0}]}]})
        self.cmd("DELETE", "/actions")

    def rect(self, element):
        return self.cmd("GET", f"/element/{element}/rect")

    def clear_value(self, element):
        self.cmd("POST", f"/element/{element}/clear", {})

    def type_into(self, element, text):
        """Types `text` into a field, as a person would (the field cleared first)."""
        self.clear_value(element)
        self.cmd("POST", f"/element/{element}/value", {"text": text})

    def attribute(self, element, name):
        return self.cmd("GET", f"/element/{element}/attribute/{name}")

    def text(self, element):
        return self.cmd("GET", f"/element/{element}/text")

    def keys(self, text):
        """Types `text` (names in KEYS for arrows) to the focused element, as a person would."""
        actions = []
        for key in ([text] if isinstance(text, str) and text in KEYS else text):
            key = KEYS.get(key, key)
            actions += [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]
        self.cmd("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def click_at(self, element, x, y):
        """A pointer click at (x, y) pixels from the element's centre."""
        self.cmd("POST", "/actions", {"actions": [{"type": "pointer", "id": "mouse",
                                                   "parameters": {"pointerType": "mouse"}, "actions": [
            {"type": "pointerMove", "origin": {ELEMENT: element}, "x": int(x), "y": int(y)},
            {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})
        self.cmd("DELETE", "/actions")

    def wait(self, what, test, timeout=60):
        """Polls `test()` until it returns a true value; fails naming `what`."""
        end = time.time() + timeout
        while time.time() < end:
            try:
                value = test()
            except (RuntimeError, IndexError):  # not there yet (no such element, an empty board)
                value = None
            if value:
                return value
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {what}; console: {self.console()}")

    def console(self, level=None):
        """The console's messages since the last call (of `level` only, when given)."""
        try:
            entries = self._send("POST", f"/session/{self.session}/se/log", {"type": "browser"})
        except RuntimeError:
            return []
        return [e["message"] for e in entries if level is None or e["level"] == level]

    def screenshot(self, path):
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.cmd("GET", "/screenshot")))

    def quit(self):
        try:
            self._send("DELETE", f"/session/{self.session}")
        finally:
            self.driver.terminate()
            self.driver.wait()
