"""`mtgkb html -o DIR`: write the static reference site, never half-written.

The pages are rendered into a fresh folder beside DIR, which then takes DIR's place. A
marker file (`.mtgkb-site`) tells a previous site, which may be replaced, from any other
folder, which is never touched unless empty.
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click
from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from kb.errors import MtgkbError
from kb.html.changes import change_pages
from kb.html.content import SiteContent
from kb.html.layout import NameClash
from kb.html.pages import Page, View, plan, source_label
from kb.html.search_index import SEARCH_INDEX, SHARD_DIR, write_search_index
from kb.html.text import clean
from kb.html.versions import version_pages, whole_page
from kb.store import KnowledgeBase

MARKER = ".mtgkb-site"
STATIC = Path(__file__).resolve().parent / "static"


class SiteError(MtgkbError, OSError):
    """An output folder the site must not be written to."""


def environment() -> Environment:
    """The Jinja2 environment of the site's templates (autoescaping on)."""
    env = Environment(loader=PackageLoader("kb.html", "templates"), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      finalize=_clean)
    env.globals["source_label"] = source_label
    env.globals["whole_page"] = whole_page
    return env


def _clean(value: Any) -> Any:
    """Every value a template writes, without control and bidi-override characters."""
    if isinstance(value, Markup):
        return Markup(clean(str(value)))
    return clean(value) if isinstance(value, str) else value


def check_output(output: Path) -> None:
    """Refuse a file, or a non-empty folder that is not a site mtgkb wrote."""
    if output.exists() and not output.is_dir():
        raise SiteError(f"{output}: not a folder")
    if output.is_dir() and not (output / MARKER).exists() and any(output.iterdir()):
        raise SiteError(f"{output}: not empty and not an mtgkb site (no {MARKER});"
                        " choose an empty or new folder")


def write_site(build: Any, output: Path, progress: bool = False) -> str:
    """Write the site of a built knowledge base to `output`; a one-paragraph summary."""
    started = time.monotonic()
    output = output.expanduser().absolute()
    check_output(output)
    if progress:
        click.echo("  reading, linking and validating the knowledge base…", err=True)
    try:
        with KnowledgeBase(build.store) as kb:
            content = SiteContent.load(kb)
        pages = plan(content) + version_pages(content) + change_pages(content)
    except NameClash as exc:
        raise SiteError(f"cannot write the site: {exc}") from None
    check_paths(pages)
    with _fresh_folder(output) as tmp:
        render_pages(pages, content, tmp, progress)
        shutil.copytree(STATIC, tmp / "static")
        write_search_index(content, tmp / SEARCH_INDEX)
        (tmp / MARKER).write_text("mtgkb static site\n", encoding="utf-8")
        _swap_in(tmp, output)
    return summary(pages, content, output, time.monotonic() - started)


def check_paths(pages: list[Page]) -> None:
    """Every page its own file, inside the site: no two pages on one path (in any letter
    case), no `.` or `..` part, nothing over the site's own files."""
    seen: dict[str, str] = {}
    own = {MARKER, SEARCH_INDEX, "static", SHARD_DIR}
    for page in pages:
        parts = page.path.split("/")
        key = page.path.lower()
        if any(part in ("", ".", "..") for part in parts) or parts[0] in own or key in seen:
            raise SiteError(f"cannot write the site: page {page.path!r} ({page.title}) "
                            f"clashes with {seen.get(key, 'the site itself')}")
        seen[key] = f"{page.path!r} ({page.title})"


@contextmanager
def _fresh_folder(output: Path) -> Iterator[Path]:
    output.parent.mkdir(parents=True, exist_ok=True)
    prune_leftovers(output)
    tmp = output.parent / f".{output.name}.tmp-{os.getpid()}-{time.monotonic_ns()}"
    tmp.mkdir()
    try:
        yield tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def prune_leftovers(output: Path) -> list[Path]:
    """Remove the `.NAME.tmp-PID-*` and `.NAME.old-PID-*` folders that runs which died
    left beside the site (their process is gone); those removed."""
    removed = []
    for path in output.parent.glob(f".{glob.escape(output.name)}.*-*-*"):
        match = re.fullmatch(rf"\.{re.escape(output.name)}\.(?:tmp|old)-(\d+)-\d+", path.name)
        if match and path.is_dir() and not _alive(int(match.group(1))):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process
        return True
    return True


def _swap_in(tmp: Path, output: Path) -> None:
    """Put the new site in the place of the old one (or of nothing)."""
    old = None
    if output.exists():
        check_output(output)
        old = output.parent / f".{output.name}.old-{os.getpid()}-{time.monotonic_ns()}"
        output.rename(old)
    tmp.rename(output)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def render_pages(pages: list[Page], content: SiteContent, folder: Path,
                 progress: bool = False) -> None:
    """Render every page into `folder`, with a progress bar on a terminal."""
    env = environment()
    templates = {name: env.get_template(name) for name in {p.template for p in pages}}
    made: set[Path] = set()
    for page in _progress(pages, progress):
        view = View(content, page.path, page.alias)
        html = templates[page.template].render(page=page, v=view, root=view.root,
                                               **page.context())
        target = folder / page.path
        if target.parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            made.add(target.parent)
        target.write_text(html, encoding="utf-8")


def _progress(pages: list[Page], show: bool) -> Iterable[Page]:
    if not show:
        yield from pages
        return
    with click.progressbar(pages, label="  writing site", file=sys.stderr,
                           show_pos=True) as bar:
        yield from bar


def summary(pages: list[Page], content: SiteContent, output: Path, seconds: float) -> str:
    """Pages per kind, records, unresolved references and the time taken."""
    kinds = Counter(page.kind for page in pages)
    parts = ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items(), key=lambda t: -t[1]))
    return (f"Wrote {len(pages)} pages to {output} in {seconds:.1f} s ({parts}) from "
            f"{len(content.records)} records of {len(content.sources)} sources; "
            f"{len(content.unresolved)} unresolved references listed on findings.html.")
