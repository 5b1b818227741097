"""`mtgkb update` against a local HTTP server (127.0.0.1 only, started here): a new
version is added; every bad answer is one line, exit 2, and changes nothing."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from tests.conftest import DATA

TODAY = (DATA / "sources" / "MagicCompRules-2026-01-16.txt").read_bytes()
# the shipped rules under a later effective date: a version the home does not have yet
NEWER = TODAY.replace(b"effective as of January 16, 2026", b"effective as of February 27, 2026")
PAGE = (b'<html><body><h1>Rules</h1><a href="/docs/MagicCompRules.pdf">PDF</a>'
        b'<a href="/downloads/MagicCompRules%2020260227.txt">TXT</a></body></html>')


class Server:
    """Routes: path -> (status, body, delay in seconds); ETag support on each route."""

    def __init__(self) -> None:
        self.routes: dict[str, tuple[int, bytes, float]] = {}
        self.requests: list[tuple[str, str]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the http.server API
                status, body, delay = server.routes.get(self.path, (404, b"not found", 0.0))
                server.requests.append((self.path, self.headers.get("If-None-Match", "")))
                if delay:
                    time.sleep(delay)
                etag = f'"{hash(body) & 0xffffff:x}"'
                if status == 200 and self.headers.get("If-None-Match") == etag:
                    self.send_response(304)
                    self.end_headers()
                    return
                self.send_response(status)
                self.send_header("Content-Length", str(len(body)))
                if status == 200:
                    self.send_header("ETag", etag)
                self.end_headers()
                with contextlib.suppress(OSError):  # the client gave up (timeout)
                    self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy",
                 "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("MTGKB_RULES_PAGE", raising=False)
    monkeypatch.delenv("MTGKB_MTGJSON_URL", raising=False)
    running = Server()
    yield running
    running.close()


def seed_data(tmp_path: Path) -> Path:
    """A data folder of one small seed document (fast builds)."""
    folder = tmp_path / "data"
    (folder / "sources").mkdir(parents=True)
    name = "alara-keyword-rules-blog-2008.txt"
    (folder / "sources" / name).write_bytes((DATA / "sources" / name).read_bytes())
    (folder / "sources.toml").write_text(
        '[[source]]\nid = "alara-keyword-rules-blog-2008"\ntitle = "blog"\n'
        f'path = "sources/{name}"\nformat = "rules-blog"\ndate = "2008-09-29"\n'
        'era = "2008-10-01"\n', encoding="utf-8")
    return folder


def run(home: Path, data: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["--home", str(home), "--data", str(data), *args])
    return result.exit_code, result.stdout, result.stderr


def snapshot(home: Path) -> dict[str, int]:
    return {str(p.relative_to(home)): p.stat().st_size for p in sorted(home.rglob("*"))
            if p.is_file() and not p.name.endswith(".lock")}


def test_a_newer_version_is_added_and_then_not_fetched_again(server: Server,
                                                              tmp_path: Path) -> None:
    server.routes["/en/rules"] = (200, PAGE, 0.0)
    server.routes["/downloads/MagicCompRules%2020260227.txt"] = (200, NEWER, 0.0)
    home = tmp_path / "home"
    code, out, err = run(home, DATA, "update", "--rules-page", f"{server.url}/en/rules",
                         "--json")
    assert code == 0, err
    assert json.loads(out) == {"status": "added", "source": "cr-2026-02-27",
                               "date": "2026-02-27",
                               "url": f"{server.url}/downloads/MagicCompRules%2020260227.txt"}
    code, out, _ = run(home, DATA, "show", "702.83", "--json")
    assert json.loads(out)["records"][0]["source"] == "cr-2026-02-27"
    # the second time the download is conditional (ETag) and nothing is fetched again
    code, out, _ = run(home, DATA, "update", "--rules-page", f"{server.url}/en/rules")
    assert code == 0 and "has not changed" in out
    assert server.requests[-1][1]  # If-None-Match was sent


def test_the_rules_the_home_has_already_are_not_added(server: Server, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    server.routes["/en/rules"] = (200, PAGE.replace(b"20260227", b"20260116"), 0.0)
    server.routes["/downloads/MagicCompRules%2020260116.txt"] = (200, TODAY, 0.0)
    monkeypatch.setenv("MTGKB_RULES_PAGE", f"{server.url}/en/rules")
    home = tmp_path / "home"
    home.mkdir()
    (home / ".mtgkb-home").touch()
    code, out, _ = run(home, DATA, "update")
    assert code == 0 and "already in the knowledge base" in out
    assert not (home / "added").exists()


@pytest.mark.parametrize("case", ["no link", "truncated", "not rules", "404", "timeout",
                                  "offline", "bad set file"])
def test_bad_answers_are_one_line_exit_2_and_change_nothing(server: Server, tmp_path: Path,
                                                            case: str) -> None:
    txt = "/downloads/MagicCompRules%2020260227.txt"
    server.routes["/en/rules"] = (200, PAGE, 0.0)
    server.routes[txt] = (200, NEWER, 0.0)
    args = ["update", "--rules-page", f"{server.url}/en/rules", "--timeout", "0.5"]
    expected = {"no link": "links no Comprehensive Rules text",
                "truncated": "not a whole Comprehensive Rules text",
                "not rules": "not a Comprehensive Rules text", "404": "HTTP 404",
                "timeout": "no answer within 0.5 s", "offline": "cannot connect",
                "bad set file": "not JSON"}[case]
    if case == "no link":
        server.routes["/en/rules"] = (200, b"<html><a href='/x.pdf'>PDF</a></html>", 0.0)
    elif case == "truncated":
        server.routes[txt] = (200, NEWER[:len(NEWER) * 2 // 3], 0.0)
    elif case == "not rules":
        server.routes[txt] = (200, (DATA / "sources" / "alara-keyword-rules-blog-2008.txt")
                              .read_bytes(), 0.0)
    elif case == "404":
        del server.routes[txt]
    elif case == "timeout":
        server.routes[txt] = (200, NEWER, 2.0)
    elif case == "offline":
        args[2] = "http://127.0.0.1:9/en/rules"  # the discard port: nothing listens
    elif case == "bad set file":
        server.routes["/sets/M10.json"] = (200, b'{"code": "M10", "cards": [', 0.0)
        args = ["update", "--mtgjson", "M10", "--mtgjson-url", f"{server.url}/sets/{{set}}.json"]
    data = seed_data(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    (home / ".mtgkb-home").touch()
    before = snapshot(home)
    code, out, err = run(home, data, *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and expected in err and "nothing changed" in err
    assert snapshot(home) == before


def test_an_mtgjson_set_file_is_added(server: Server, tmp_path: Path) -> None:
    card = {"name": "Lifelink", "manaCost": "{W}", "type": "Enchantment — Aura",
            "text": "Enchant creature\nEnchanted creature has lifelink."}
    body = json.dumps({"name": "Magic 2010", "code": "M10", "releaseDate": "2009-07-17",
                       "cards": [card]}).encode()
    server.routes["/sets/M10.json"] = (200, body, 0.0)
    data, home = seed_data(tmp_path), tmp_path / "home"
    template = f"{server.url}/sets/{{set}}.json"
    code, out, err = run(home, data, "update", "--mtgjson", "m10", "--mtgjson-url", template)
    assert code == 0, err
    assert out.startswith("added mtgjson-m10")
    code, out, err = run(home, data, "update", "--mtgjson", "ALA", "--mtgjson-url", template)
    assert code == 2 and "HTTP 404" in err
