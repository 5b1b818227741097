"""The `mtgkb` command: thin click commands over the `kb` and `ingest` library.

Imports are lazy (inside commands) so that a search starts fast. Exit codes: 0 success,
1 problems found (validate), 2 bad usage or bad input, with one line on stderr: a library
error (`kb.errors.MtgkbError`) or an OSError is turned into a `CliError` in one place, the
command group, so commands call the library and let its errors through.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from kb.errors import MtgkbError
from kb.model import KINDS

F = TypeVar("F", bound=Callable[..., Any])


class CliError(click.ClickException):
    """A one-line error: `mtgkb: MESSAGE` on stderr, exit 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"mtgkb: {self.format_message()}", err=True)


class Commands(click.Group):
    """The mtgkb command group: the library's expected errors become a `CliError`."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except MtgkbError as exc:
            raise CliError(str(exc)) from exc
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise CliError(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": ")) from exc
        except Exception as exc:
            sqlite3 = sys.modules.get("sqlite3")  # loaded by then if the store was opened
            if sqlite3 is not None and isinstance(exc, sqlite3.DatabaseError):
                raise CliError(f"the knowledge base store is damaged ({exc}); "
                               "`mtgkb ingest` builds it again") from exc
            raise


def json_option(help: str = "Print JSON.") -> Callable[[F], F]:
    """The `--json` flag of a command that prints results (passed as `as_json`)."""
    return click.option("--json", "as_json", is_flag=True, help=help)


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
            return build
        from kb.build import ensure_built

        return ensure_built(self.data, self.home, progress=_progress(), force=force,
                            wait=force)

    def store_build(self) -> Any:
        """The build, its store checked to open: a damaged store is built again, once."""
        from kb.store import store_problem

        build = self.build()
        if store_problem(build.store) is None:
            return build
        build = self.build(force=True)
        if problem := store_problem(build.store):
            raise CliError(f"the knowledge base store is damaged ({problem})")
        return build


def _progress() -> Any:
    if not sys.stderr.isatty():
        return None

    def report(step: str) -> None:
        click.echo(f"\r\033[K  building the knowledge base: {step}", err=True, nl=False)
        if step.startswith(("done", "another process", "waiting")):
            click.echo("", err=True)

    return report


def _emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=None))


def _emit_text(text: str) -> None:
    """Text on stdout, through a pager when it is a terminal and the text is long."""
    import shutil

    if sys.stdout.isatty() and text.count("\n") + 1 > shutil.get_terminal_size().lines - 1:
        click.echo_via_pager(text)
    else:
        click.echo(text)


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--data", type=click.Path(path_type=Path, file_okay=False),
              help="Source folder with its sources.toml (default: the shipped data).")
@click.option("--home", type=click.Path(path_type=Path, file_okay=False),
              help="Where the built knowledge base lives (default: $MTGKB_HOME or the cache).")
@click.version_option(package_name="mtgkb")
@click.pass_context
def main(ctx: click.Context, data: Path | None, home: Path | None) -> None:
    """mtgkb: search and browse the rules of Magic: The Gathering."""
    if data is not None and not (data / "sources.toml").is_file():
        raise CliError(f"{data}: no sources.toml in this folder")
    ctx.obj = Context(data, home)


@main.command()
@click.argument("query")
@click.option("--kind", type=click.Choice(KINDS), help="Only records of this kind.")
@click.option("--source", help="Only records of this source id.")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 1000))
@click.option("--as-of", "as_of", type=click.DateTime(formats=["%Y-%m-%d"]),
              help="Answer as the rules stood on this date (YYYY-MM-DD).")
@click.option("--explain", is_flag=True, help="Show each hit's score parts.")
@json_option("Print JSON (see DESIGN.md).")
@click.pass_obj
def search(obj: Context, query: str, kind: str | None, source: str | None, limit: int,
           as_of: Any, explain: bool, as_json: bool) -> None:
    """Search rules, rulings, Q&A, cards, keywords and glossary."""
    from kb.index import unreadable_errors
    from kb.search import Searcher

    build = obj.build()
    try:
        searcher = Searcher(build.index)
    except unreadable_errors():  # a damaged build (files removed by hand): build it again, once
        searcher = Searcher(obj.build(force=True).index)
    result = searcher.search(query, kind=kind, source=source, limit=limit,
                             as_of=as_of.date().isoformat() if as_of else None)
    if as_json:
        _emit_json(result.to_json(explain=explain))
        return
    from kb.present import format_search

    click.echo(format_search(result, color=sys.stdout.isatty(), explain=explain))


@main.command()
@click.argument("ref")
@click.option("--source", help="Pick the version/source of a rule number.")
@json_option()
@click.pass_obj
def show(obj: Context, ref: str, source: str | None, as_json: bool) -> None:
    """Show a rule, card, keyword or record with its links and lineage."""
    from kb.show import describe, find
    from kb.store import KnowledgeBase

    build = obj.store_build()
    with KnowledgeBase(build.store) as kb:
        records = find(kb, ref, source)
        if not records:
            raise CliError(f"nothing matches {ref!r} (try `mtgkb search {ref!r}`)")
        shown = [describe(kb, r) for r in records]
    if as_json:
        _emit_json({"ref": ref, "records": [s.to_json() for s in shown]})
        return
    from kb.present import format_shown

    click.echo(format_shown(shown, color=sys.stdout.isatty()))


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path, dir_okay=False))
@click.option("--reset", is_flag=True, help="Forget files added earlier with `ingest PATH`.")
@json_option("Print the counts as JSON.")
@click.pass_obj
def ingest(obj: Context, paths: tuple[Path, ...], reset: bool, as_json: bool) -> None:
    """Rebuild the knowledge base, adding the given files (format sniffed); a file is kept
    only when the build with it succeeds."""
    from kb.build import add_files

    for path in paths:
        if not path.is_file():
            raise CliError(f"{path}: no such file")
    if paths or reset:
        done = add_files(obj.home, list(paths), data_dir=obj.data, progress=_progress(),
                         reset=reset)
        for note in done.skipped:
            click.echo(f"mtgkb: {note}", err=True)
        build = done.build
    else:
        build = obj.build(force=True)
    if as_json:
        _emit_json({"counts": build.counts, "damage": build.damage})
        return
    from kb.present import format_counts

    click.echo(format_counts(build.counts, build.damage))


@main.command()
@click.option("--jsonl", is_flag=True, required=True, help="One JSON record per line.")
@click.pass_obj
def export(obj: Context, jsonl: bool) -> None:
    """Print every record (fields as DESIGN.md's table)."""
    from kb.store import KnowledgeBase

    build = obj.store_build()
    out = sys.stdout
    with KnowledgeBase(build.store) as kb:
        for record in kb.records():
            out.write(json.dumps(record.export(), ensure_ascii=False) + "\n")


@main.command()
@json_option()
@click.pass_obj
def validate(obj: Context, as_json: bool) -> None:
    """Hold every keyword definition against the linked rules model (exit 1 on failures)."""
    from kb.rules.validate import validate as run_validation
    from kb.store import KnowledgeBase

    build = obj.store_build()
    with KnowledgeBase(build.store) as kb:
        report = run_validation(list(kb.records()))
    click.echo(report.to_json() if as_json else report.format_text())
    sys.exit(report.exit_code)


@main.command()
@click.option("-o", "--output", "output", required=True,
              type=click.Path(path_type=Path, file_okay=False), help="Folder to write.")
@click.pass_obj
def html(obj: Context, output: Path) -> None:
    """Write the static, cross-linked HTML reference site."""
    from kb.html.site import write_site

    build = obj.store_build()
    summary = write_site(build, output, progress=sys.stderr.isatty())
    click.echo(summary)


@main.command()
@click.argument("old", required=False)
@click.argument("new", required=False)
@json_option()
@click.pass_obj
def diff(obj: Context, old: str | None, new: str | None, as_json: bool) -> None:
    """What changed between two rules versions (dates or source ids; default: the two
    newest): rules, glossary entries and keywords added, removed, changed, renumbered."""
    from kb.diff import default_pair, diff_versions, resolve_version
    from kb.store import KnowledgeBase

    if old is not None and new is None:
        raise CliError("diff takes two versions (OLD NEW), or none for the two newest")
    build = obj.build()
    with KnowledgeBase(build.store) as kb:
        if old is None or new is None:  # an unknown version: UnknownVersion, one line
            old, new = default_pair(kb)
        else:
            old, new = resolve_version(kb, old), resolve_version(kb, new)
        result = diff_versions(kb, old, new)
    if as_json:
        _emit_json(result.to_json())
        return
    from kb.present import format_diff

    _emit_text(format_diff(result, color=sys.stdout.isatty()))


def run() -> None:
    """Entry point that never shows a traceback for a closed pipe."""
    try:
        main()
    except BrokenPipeError:
        os._exit(0)

