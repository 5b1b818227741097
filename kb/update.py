"""`mtgkb update`: fetch the newest Comprehensive Rules (or an MTGJSON set file), check it
is whole, and add it to the home the way `mtgkb ingest PATH` does.

- The rules page (Wizards' `https://magic.wizards.com/en/rules`, or `--rules-page` /
  `$MTGKB_RULES_PAGE`) links the rules as a `.txt`; the newest such link is followed.
- A download is accepted only whole (`check_rules`): a title and an effective date, the
  contents, numbered rules of every section, a glossary and the credits at the end; and
  only when it is newer than every rules version the home already has.
- It is added with `kb.build.add_files` (which parses it once more before keeping it and
  replaces the added-files manifest atomically), so a failure changes nothing.
- Each download's ETag / Last-Modified is kept in `HOME/update-cache.json`; the next
  request is conditional, and a `304 Not Modified` ends the update at once.
Any failure (offline, an HTTP error, a timeout, a page without a link, a file that is
not what it should be) is an `UpdateError` with a one-line message.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin

from kb import rulenum
from kb.errors import MtgkbError

RULES_PAGE = "https://magic.wizards.com/en/rules"
RULES_PAGE_ENV = "MTGKB_RULES_PAGE"
MTGJSON_URL = "https://mtgjson.com/api/v5/{set}.json"
MTGJSON_URL_ENV = "MTGKB_MTGJSON_URL"
CACHE_FILE = "update-cache.json"
TIMEOUT = 30.0
USER_AGENT = "mtgkb-update (+https://github.com/; a rules knowledge base)"
# a whole Comprehensive Rules text has at least this much (the 2003 rules: 580 rules,
# five sections, some 300 glossary entries)
MIN_RULES = 500
MIN_SECTIONS = 5
MIN_GLOSSARY = 100


class UpdateError(MtgkbError):
    """An update that could not be done; nothing was changed."""


@dataclass
class Outcome:
    """What an update did: `added`, `current` (nothing newer) or `unchanged` (304)."""

    status: str
    url: str
    source: str = ""
    date: str = ""

    def message(self) -> str:
        """One line for the terminal."""
        if self.status == "added":
            return f"added {self.source} ({self.date}) from {self.url}"
        if self.status == "unchanged":
            return f"{self.url} has not changed since the last update; nothing to add"
        return f"{self.source} ({self.date}) from {self.url} is already in the knowledge base"

    def to_json(self) -> dict[str, str]:
        """JSON form."""
        return {"status": self.status, "url": self.url, "source": self.source,
                "date": self.date}


# --- HTTP ---------------------------------------------------------------------------------

@dataclass
class Download:
    """A response body (None for 304 Not Modified) and its validators."""

    url: str
    body: bytes | None
    etag: str = ""
    last_modified: str = ""


def fetch(url: str, timeout: float, cached: dict[str, str] | None = None) -> Download:
    """GET `url` (conditionally, with `cached` validators); UpdateError on any failure."""
    import httpx

    headers = {"User-Agent": USER_AGENT}
    if cached and cached.get("etag"):
        headers["If-None-Match"] = cached["etag"]
    if cached and cached.get("last_modified"):
        headers["If-Modified-Since"] = cached["last_modified"]
    try:
        with httpx.Client(timeout=timeout, follow_redirects=True, headers=headers) as client:
            response = client.get(url)
    except httpx.TimeoutException:
        raise UpdateError(f"{url}: no answer within {timeout:g} s") from None
    except httpx.InvalidURL as exc:
        raise UpdateError(f"{url}: not a usable URL ({exc})") from None
    except httpx.HTTPError as exc:
        raise UpdateError(f"{url}: cannot connect ({_reason(exc)})") from None
    if response.status_code == 304:
        return Download(str(response.url), None)
    if response.status_code != 200:
        raise UpdateError(f"{url}: HTTP {response.status_code} {response.reason_phrase}".rstrip())
    return Download(str(response.url), response.content, response.headers.get("etag", ""),
                    response.headers.get("last-modified", ""))


def _reason(exc: Exception) -> str:
    text = str(exc) or type(exc).__name__
    return text.splitlines()[0][:160]


# --- the rules page -------------------------------------------------------------------------

_DATE_IN_URL = re.compile(r"((?:19|20)\d\d)-?([01]\d)-?([0-3]\d)")


def rules_link(page: str, base: str) -> str:
    """The link to the newest Comprehensive Rules `.txt` on the rules page."""
    from bs4 import BeautifulSoup

    links = []
    for anchor in BeautifulSoup(page, "html.parser").find_all("a", href=True):
        href = str(anchor["href"]).strip()
        if unquote(href).split("?")[0].lower().endswith(".txt"):
            links.append(urljoin(base, href))
    if not links:
        raise UpdateError(f"{base}: the page links no Comprehensive Rules text (.txt)")

    def newest(link: str) -> tuple[str, bool]:
        dated = _DATE_IN_URL.search(unquote(link))
        return ("".join(dated.groups()) if dated else "", "comprules" in link.lower())

    return max(links, key=newest)


# --- checks ---------------------------------------------------------------------------------

def check_rules(text: str, where: str) -> tuple[str, list[Any]]:
    """(effective date, records) of a whole Comprehensive Rules text; UpdateError naming
    what is missing otherwise."""
    from ingest import comprehensive_rules as cr
    from ingest.source import IngestError, Source

    if not cr.sniff(text):
        raise UpdateError(f"{where}: not a Comprehensive Rules text (no title and numbered "
                          "rules)")
    date = cr.effective_date(text)
    if not date:
        raise UpdateError(f"{where}: no effective date (\"These rules are effective as of …\")")
    lines = [line.replace("_", "").strip().lower() for line in text.split("\n")]
    first_rule = next((i for i, line in enumerate(lines) if re.match(rulenum.RULE, line)),
                      len(lines))
    missing = []
    if "contents" not in lines[:first_rule]:
        missing.append("contents")
    glossary = _last_index(lines, "glossary")
    credits = _last_index(lines, "credits")
    if glossary < first_rule:
        missing.append("glossary")
    if credits < max(glossary, first_rule):
        missing.append("credits at the end")
    source = Source(id=f"cr-{date}", title="", path=Path(where), format=cr.FORMAT, date=date,
                    era=date)
    try:
        records = cr.parse(source, text)
    except (IngestError, ValueError) as exc:
        raise UpdateError(f"{where}: cannot be read as Comprehensive Rules ({exc})") from None
    rules = sum(r.kind == "rule" for r in records)
    sections = {r.rule[0] for r in records if r.kind == "rule" and r.rule}
    if rules < MIN_RULES or len(sections) < MIN_SECTIONS:
        missing.append(f"numbered rules (only {rules} in {len(sections)} sections)")
    entries = sum(r.kind == "glossary" for r in records)
    if "glossary" not in missing and entries < MIN_GLOSSARY:
        missing.append(f"a whole glossary (only {entries} entries)")
    if missing:
        raise UpdateError(f"{where}: not a whole Comprehensive Rules text (missing "
                          f"{', '.join(missing)}; truncated?)")
    return date, records


def _last_index(lines: list[str], word: str) -> int:
    return max((i for i, line in enumerate(lines) if line == word), default=-1)


def check_set(raw: bytes, code: str, where: str) -> None:
    """An MTGJSON set file (v3 or v5) of set `code` with cards."""
    try:
        data = json.loads(raw)
    except ValueError:
        raise UpdateError(f"{where}: not JSON (truncated?)") from None
    body = data.get("data", data) if isinstance(data, dict) else None
    if not isinstance(body, dict) or not isinstance(body.get("cards"), list) \
            or not body["cards"]:
        raise UpdateError(f"{where}: not an MTGJSON set file (no cards)")
    if str(body.get("code", "")).lower() != code.lower():
        raise UpdateError(f"{where}: the set file is of set {body.get('code')!r}, not {code!r}")


# --- the home ---------------------------------------------------------------------------------

def newest_rules(sources: Sequence[Any]) -> str:
    """The effective date of the newest Comprehensive Rules among `sources` ("" if none)."""
    return max((s.date for s in sources if s.format == "comprehensive-rules"), default="")


def _cache(home: Path) -> dict[str, dict[str, str]]:
    try:
        return json.loads((home / CACHE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _remember(home: Path, url: str, download: Download, source: str) -> None:
    cache = _cache(home)
    cache[url] = {"etag": download.etag, "last_modified": download.last_modified,
                  "source": source}
    tmp = home / f".{CACHE_FILE}.{os.getpid()}"
    tmp.write_text(json.dumps(cache, indent=1), encoding="utf-8")
    os.replace(tmp, home / CACHE_FILE)


def _add(home: Path, data_dir: Path, name: str, raw: bytes,
         progress: Any = None) -> list[Any]:
    """Add downloaded bytes as a file and build with it, as `ingest PATH` does
    (`kb.build.add_files`: kept only when the build succeeds); the sources added."""
    from ingest.source import IngestError
    from kb.build import add_files

    with tempfile.TemporaryDirectory(prefix="mtgkb-update-") as folder:
        path = Path(folder) / name
        path.write_bytes(raw)
        try:
            return list(add_files(home, [path], data_dir=data_dir, progress=progress).added)
        except IngestError as exc:
            raise UpdateError(str(exc).replace(str(path), name)) from None


def _file_name(url: str, fallback: str) -> str:
    name = re.sub(r"[^\w.-]+", "-", unquote(url.split("?")[0].rstrip("/").rsplit("/", 1)[-1]))
    return name.strip("-") or fallback


def update_rules(home: Path, data_dir: Path, page: str | None = None,
                 timeout: float = TIMEOUT, progress: Any = None) -> Outcome:
    """Fetch the newest Comprehensive Rules from the rules page and add it if newer."""
    from ingest.source import decode
    from kb.build import all_sources
    from kb.paths import claim_home

    home = claim_home(home)
    page = page or os.environ.get(RULES_PAGE_ENV) or RULES_PAGE
    answer = fetch(page, timeout)
    text = decode(answer.body or b"")
    from ingest import comprehensive_rules as cr

    url = answer.url if cr.sniff(text) else rules_link(text, answer.url)
    cached = _cache(home).get(url)
    download = answer if url == answer.url else fetch(url, timeout, cached)
    if download.body is None:
        return Outcome("unchanged", url, (cached or {}).get("source", ""))
    date, _ = check_rules(decode(download.body), _file_name(url, "rules.txt"))
    have = newest_rules(all_sources(data_dir, home))
    if have and date <= have:
        _remember(home, url, download, f"cr-{date}")
        return Outcome("current", url, f"cr-{date}", date)
    added = _add(home, data_dir, f"MagicCompRules-{date}.txt", download.body, progress)
    _remember(home, url, download, f"cr-{date}")
    return Outcome("added", url, added[0].id if added else f"cr-{date}", date)


def update_set(home: Path, data_dir: Path, code: str, template: str | None = None,
               timeout: float = TIMEOUT, progress: Any = None) -> Outcome:
    """Fetch one MTGJSON set file and add it (again, when it changed)."""
    from kb.paths import claim_home

    if not re.fullmatch(r"[A-Za-z0-9_]{2,8}", code):
        raise UpdateError(f"{code!r} is not a set code (like M10 or ALA)")
    home = claim_home(home)
    template = template or os.environ.get(MTGJSON_URL_ENV) or MTGJSON_URL
    if "{set}" not in template:
        raise UpdateError(f"{template}: the MTGJSON URL template has no {{set}}")
    url = template.replace("{set}", code.upper())
    cached = _cache(home).get(url)
    download = fetch(url, timeout, cached)
    if download.body is None:
        return Outcome("unchanged", url, (cached or {}).get("source", ""))
    check_set(download.body, code, _file_name(url, f"{code}.json"))
    added = _add(home, data_dir, f"{code.upper()}.json", download.body, progress)
    source = added[0].id if added else ""
    _remember(home, url, download, source)
    return Outcome("added" if added else "current", url, source)
