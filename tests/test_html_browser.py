"""The site in a real browser: headless Chromium opens pages from disk (file://), follows
links, types into the search box and sees results, and takes screenshots (light, dark,
phone width).

Chromium is driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
JSON messages separated by NUL on file descriptors 3 and 4), with the standard library
only. Skipped, with the reason, where Debian's `chromium` is not installed. Set
`MTGKB_SCREENSHOTS=DIR` to keep the screenshots.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from kb.html.site import write_site

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
TIMEOUT = 30.0


def chromium_binary() -> str:
    """The path of a Chromium binary, or a clean skip."""
    for name in CHROMIUM_NAMES:
        if path := shutil.which(name):
            return path
    pytest.skip("headless Chromium not installed (Debian: apt-get install chromium); "
                "the browser test of the HTML site did not run")


class Browser:
    """One headless Chromium with one page, driven over the DevTools pipe."""

    def __init__(self, binary: str, profile: Path) -> None:
        to_browser, self._write = os.pipe()
        self._read, from_browser = os.pipe()
        args = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-dev-shm-usage", "--hide-scrollbars",
                "--mute-audio", f"--user-data-dir={profile}", "--remote-debugging-pipe",
                "about:blank"]
        # bash (dash takes one-digit descriptors only) puts the pipe ends on 3 and 4
        script = f'exec "$0" "$@" 3<&{to_browser} 4>&{from_browser}'
        self.process = subprocess.Popen(["bash", "-c", script, *args],
                                        pass_fds=(to_browser, from_browser),
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]
        for domain in ("Page", "Runtime"):
            self.call(f"{domain}.enable", session=True)

    def close(self) -> None:
        """Stop the browser."""
        with contextlib.suppress(OSError, RuntimeError, TimeoutError):
            self.call("Browser.close")
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._write)
        os.close(self._read)

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._read], [], [], left)[0]:
                raise TimeoutError("no answer from Chromium")
            chunk = os.read(self._read, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method: str, session: bool = False, **params: Any) -> dict[str, Any]:
        """Send one DevTools command and wait for its answer (events are kept)."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + TIMEOUT
        while True:
            answer = self._receive(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def page(self, method: str, **params: Any) -> dict[str, Any]:
        """A command to the page."""
        return self.call(method, session=True, **params)

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        result = self.page("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = TIMEOUT) -> Any:
        """Poll a JavaScript expression until it is truthy; its value."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                value = self.evaluate(expression)
            except RuntimeError:  # the page is changing under us
                value = None
            if value:
                return value
            time.sleep(0.05)
        raise TimeoutError(f"never true: {expression}")

    def open(self, url: str) -> None:
        """Go to a URL and wait until the page has loaded."""
        self.page("Page.navigate", url=url)
        self.wait_for(f"location.href === {json.dumps(url)} && document.readyState === "
                      "'complete'")

    def wait_loaded(self, part: str) -> str:
        """Wait until a page whose URL contains `part` has loaded; its URL."""
        return self.wait_for(f"(location.href.includes({json.dumps(part)}) && "
                             "document.readyState === 'complete') ? location.href : ''")

    def key(self, key: str) -> None:
        """Press and release a key (ArrowDown, Enter, Escape, /)."""
        codes = {"ArrowDown": 40, "ArrowUp": 38, "Enter": 13, "Escape": 27, "/": 191}
        extra = {"text": "\r"} if key == "Enter" else ({"text": key} if key == "/" else {})
        for kind in ("keyDown", "keyUp"):
            self.page("Input.dispatchKeyEvent", type=kind, key=key,
                      windowsVirtualKeyCode=codes[key], **(extra if kind == "keyDown" else {}))

    def view(self, width: int, height: int, dark: bool = False) -> None:
        """Window size and colour scheme."""
        self.page("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=1, mobile=width < 600)
        self.page("Emulation.setEmulatedMedia", features=[
            {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}])

    def screenshot(self, path: Path) -> bytes:
        """A PNG of the viewport, saved to `path`."""
        data = base64.b64decode(self.page("Page.captureScreenshot", format="png")["data"])
        path.write_bytes(data)
        return data

    def errors(self) -> list[str]:
        """JavaScript exceptions and failed loads seen so far."""
        found = []
        for event in self.events:
            if event.get("method") == "Runtime.exceptionThrown":
                found.append(json.dumps(event["params"]["exceptionDetails"])[:300])
            if (event.get("method") == "Runtime.consoleAPICalled"
                    and event["params"].get("type") == "error"):
                found.append(json.dumps(event["params"]["args"])[:300])
        return found


@pytest.fixture(scope="module")
def site(shipped_build, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of the shipped data, on disk."""
    out = tmp_path_factory.mktemp("browser-site") / "site"
    write_site(shipped_build, out)
    return out


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):
    """A headless Chromium (skips where there is none)."""
    binary = chromium_binary()
    chrome = Browser(binary, tmp_path_factory.mktemp("chromium-profile"))
    yield chrome
    chrome.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: `$MTGKB_SCREENSHOTS` if set, else a temporary folder."""
    kept = os.environ.get("MTGKB_SCREENSHOTS")
    folder = Path(kept) if kept else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_search_then_follow_links_from_disk(site: Path, browser: Browser) -> None:
    browser.view(1280, 900)
    index = (site / "index.html").as_uri()
    browser.open(index)
    assert browser.evaluate("document.title").startswith("Magic: The Gathering rules reference")
    browser.key("/")  # the keyboard shortcut focuses the search box
    assert browser.evaluate("document.activeElement.id") == "q"
    browser.page("Input.insertText", text="exalted")
    first = browser.wait_for(
        "document.querySelectorAll('#results a').length > 0 && "
        "!document.getElementById('results').hidden && "
        "document.querySelector('#results a .r-title').textContent")
    assert first == "Exalted"
    assert browser.evaluate("document.querySelectorAll('#results a').length") >= 5
    browser.key("ArrowDown")
    browser.key("Enter")
    browser.wait_loaded("keyword/exalted.html")
    assert browser.evaluate("document.querySelector('h1').textContent") == "Exalted"
    columns = browser.evaluate("document.querySelectorAll('.defs .def').length")
    assert columns >= 4
    # follow the first rule number of the lineage to its rule, anchor and all
    href = browser.evaluate("document.querySelector('.lineage a').href")
    assert href.endswith("#502.83")
    browser.evaluate("document.querySelector('.lineage a').click()")
    browser.wait_loaded("#502.83")
    assert browser.evaluate("document.querySelector(':target').id") == "502.83"
    # and a card link from a rule's text or a keyword page back to a card page
    browser.open((site / "keyword" / "exalted.html").as_uri())
    browser.evaluate("document.querySelector('#cards a').click()")
    assert browser.wait_loaded("/card/").endswith(".html")
    assert browser.evaluate("document.querySelectorAll('.card-box').length") >= 1
    assert browser.errors() == []


def test_search_finds_a_rule_number_and_a_card(site: Path, browser: Browser) -> None:
    browser.open((site / "card" / "battlegrace-angel.html").as_uri())
    browser.evaluate("document.getElementById('q').focus()")
    browser.page("Input.insertText", text="502.83a")
    title = browser.wait_for("document.querySelector('#results a .r-title') && "
                             "document.querySelector('#results a .r-title').textContent")
    assert title.startswith("502.83a")
    browser.evaluate("document.getElementById('q').value = ''")
    browser.page("Input.insertText", text="battlegrace ang")
    title = browser.wait_for("document.querySelector('#results a .r-title') && "
                             "document.querySelector('#results a .r-title').textContent"
                             " === 'Battlegrace Angel' && 'found'")
    assert title == "found"
    browser.key("Escape")
    assert browser.evaluate("document.getElementById('results').hidden") is True


def test_screenshots_light_dark_and_phone(site: Path, browser: Browser, shots: Path) -> None:
    page = (site / "keyword" / "exalted.html").as_uri()
    backgrounds = {}
    for name, width, height, dark in (("keyword-light", 1280, 900, False),
                                      ("keyword-dark", 1280, 900, True),
                                      ("card-phone-light", 390, 844, False),
                                      ("card-phone-dark", 390, 844, True)):
        browser.view(width, height, dark)
        url = page if name.startswith("keyword") else (
            site / "card" / "battlegrace-angel.html").as_uri()
        browser.open(url)
        data = browser.screenshot(shots / f"{name}.png")
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
        backgrounds[name] = browser.evaluate("getComputedStyle(document.body).backgroundColor")
        if width < 600:  # nothing wider than the phone's screen
            assert browser.evaluate("document.documentElement.scrollWidth") <= width
    assert backgrounds["keyword-light"] != backgrounds["keyword-dark"]
    assert backgrounds["card-phone-light"] == backgrounds["keyword-light"]
    assert backgrounds["card-phone-dark"] == backgrounds["keyword-dark"]


def test_search_suggests_and_searches_whole_texts(site: Path, browser: Browser) -> None:
    browser.open((site / "index.html").as_uri())
    browser.evaluate("document.getElementById('q').focus()")
    browser.page("Input.insertText", text="exhalted")
    note = browser.wait_for("document.querySelector('#results .r-note') && "
                            "document.querySelector('#results .r-note').textContent")
    assert note == "Showing results for exalted"
    assert browser.evaluate("document.querySelector('#results a[role=option] .r-title')"
                            ".textContent") == "Exalted"
    # a word deep inside a ruling's text, shown in context
    browser.evaluate("document.getElementById('q').value = ''")
    browser.page("Input.insertText", text="regenerated")
    mark = browser.wait_for("document.querySelector('#results mark') && "
                            "document.querySelector('#results mark').textContent")
    assert mark.lower().startswith("regenerat")
    assert browser.errors() == []
