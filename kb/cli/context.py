"""What the `mtgkb` commands share, without click: the global options (`Context`), the
one-line errors the library's exceptions become, and the search command's work, which the
click command (`kb.cli.commands`) and the fast path of a plain search (`kb.cli.fast`) both
run."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from kb.errors import MtgkbError


class CommandError(MtgkbError):
    """A usage problem the library cannot see (an unknown source id): one line, exit 2."""


def error_message(exc: BaseException) -> str | None:
    """The one line (`mtgkb: ...`, exit 2) an expected error of the library becomes: a
    `MtgkbError`, an `OSError` or a damaged store; None for any other (a bug, or a closed
    pipe)."""
    import sqlite3  # every command but --help reads the store, so this costs nothing

    if isinstance(exc, MtgkbError):
        return str(exc)
    if isinstance(exc, BrokenPipeError):
        return None
    if isinstance(exc, OSError):
        return f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": ")
    if isinstance(exc, sqlite3.DatabaseError):
        return f"the knowledge base store is damaged ({exc}); `mtgkb ingest` builds it again"
    return None


def json_text(data: Any) -> str:
    """A command's JSON output (one line)."""
    return json.dumps(data, ensure_ascii=False, indent=None)


def progress() -> Any:
    """A build's progress on a terminal (stderr), or None."""
    if not sys.stderr.isatty():
        return None

    def report(step: str) -> None:
        sys.stderr.write(f"\r\033[K  building the knowledge base: {step}")
        if step.startswith(("done", "another process", "waiting")):
            sys.stderr.write("\n")
        sys.stderr.flush()

    return report


class Context:
    """Global options shared by every command."""

    def __init__(self, data: Path | None, home: Path | None) -> None:
        self._data = data
        self._home = home

    @property
    def data(self) -> Path:
        """The source folder with its manifest."""
        if self._data is not None:
            return self._data
        from kb.paths import shipped_data_dir

        return shipped_data_dir()

    @property
    def home(self) -> Path:
        """Where the built knowledge base lives."""
        if self._home is not None:
            return self._home
        from kb.paths import default_home

        return default_home()

    def build(self, force: bool = False) -> Any:
        """The built knowledge base, building it first if the sources changed (a reader
        does not wait for another process's build: it answers from the current one)."""
        from kb.freshness import fresh_build

        if not force and (build := fresh_build(self.data, self.home)):
            from kb.leftovers import tidy_if_idle

            tidy_if_idle(build.path.parent.parent)  # what a killed build or ingest left
            return build
        import gc

        gc.enable()  # a build makes and drops far more than a search (`kb.cli.fast`)
        from kb.build import ensure_built

        return ensure_built(self.data, self.home, progress=progress(), force=force,
                            wait=force)

    def store_build(self) -> Any:
        """The build, its store checked to open: a damaged store is built again, once."""
        from kb.store import store_problem

        build = self.build()
        if store_problem(build.store) is None:
            return build
        build = self.build(force=True)
        if problem := store_problem(build.store):
            raise CommandError(f"the knowledge base store is damaged ({problem})")
        return build


def check_source(build: Any, source: str | None) -> None:
    """An unknown source id: one line naming the valid ones, exit 2."""
    if source is None:
        return
    from kb.store import KnowledgeBase

    with KnowledgeBase(build.store) as kb:
        known = [s["id"] for s in kb.sources()]
    if source not in known:
        raise CommandError(f"unknown source {source!r} (sources: {', '.join(known)})")


def search_text(obj: Context, query: str, kind: str | None, source: str | None, limit: int,
                as_of: str | None, explain: bool, as_json: bool) -> str:
    """What `mtgkb search` prints (`as_of`: YYYY-MM-DD): the hits, best first, with the
    rulings a later rules change overrode marked; JSON or text."""
    import sqlite3

    from kb.index import unreadable_errors
    from kb.search import Searcher
    from kb.superseded import mark_hits

    def answer(build: Any) -> Any:
        check_source(build, source)
        result = Searcher(build.index).search(query, kind=kind, source=source, limit=limit,
                                              as_of=as_of)
        mark_hits(build.store, result.hits)
        return result

    damaged: tuple[type[Exception], ...] = (*unreadable_errors(), sqlite3.DatabaseError)
    try:
        result = answer(obj.build())
    except damaged:  # a damaged build (a file removed or overwritten): built again, once
        result = answer(obj.build(force=True))
    if as_json:
        return json_text(result.to_json(explain=explain))
    from kb.present import format_search

    return format_search(result, color=sys.stdout.isatty(), explain=explain)
