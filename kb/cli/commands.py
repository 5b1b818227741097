"""The `mtgkb` command: thin click commands over the `kb` and `ingest` library.

Imports are lazy (inside commands) so that a search starts fast; a plain search does not
even come here (`kb.cli.fast`). Exit codes: 0 success, 1 problems found (validate), 2 bad
usage or bad input, with one line on stderr: a library error (`kb.errors.MtgkbError`) or an
OSError is turned into a `CliError` in one place, the command group, so commands call the
library and let its errors through.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from kb.cli.context import Context, check_source, error_message, json_text, progress, search_text
from kb.model import KINDS
from kb.patterns import lazy

F = TypeVar("F", bound=Callable[..., Any])
# a word written with a minus sign before a number or a sign: "-1/-1", "-2", "-X/-0"
_NUMBER_WORD = lazy(r"-[\d+X]")


class CliError(click.ClickException):
    """A one-line error: `mtgkb: MESSAGE` on stderr, exit 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"mtgkb: {self.format_message()}", err=True)


# the usage error that is the help of a command given no arguments (click 8.2 on)
_HELP_ASKED: Any = getattr(click.exceptions, "NoArgsIsHelpError", ())


class Commands(click.Group):
    """The mtgkb command group: the library's expected errors become a `CliError`, and
    click's own usage errors are one line too (`mtgkb search: Invalid value for
    '--as-of': ...`), exit 2."""

    def main(self, args: Any = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            done = super().main(args, prog_name, complete_var, False, **extra)
        except _HELP_ASKED as exc:  # (`mtgkb` alone: the help, as click prints it)
            exc.show()
            sys.exit(exc.exit_code)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx else "mtgkb"
            click.echo(f"{where}: {exc.format_message()} (see '{where} --help')", err=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        sys.exit(done if isinstance(done, int) else 0)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except Exception as exc:
            if (message := error_message(exc)) is None:
                raise
            raise CliError(message) from exc


def json_option(help: str = "Print JSON.") -> Callable[[F], F]:
    """The `--json` flag of a command that prints results (passed as `as_json`)."""
    return click.option("--json", "as_json", is_flag=True, help=help)


def _emit_json(data: Any) -> None:
    click.echo(json_text(data))


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


def _valid_kind(ctx: click.Context, param: click.Parameter, kind: str | None) -> str | None:
    """An unknown kind: one line naming the valid ones, exit 2."""
    if kind is not None and kind not in KINDS:
        raise CliError(f"unknown kind {kind!r} (kinds: {', '.join(KINDS)})")
    return kind


KIND_HELP = f"Only records of this kind ({', '.join(KINDS)})."


class QueryCommand(click.Command):
    """A command whose words may begin with a minus sign: "-1/-1 counters" is a query, not
    an option (no option is spelt with a digit or sign after its dash)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if "--" not in args:
            words = [a for a in args if _NUMBER_WORD.match(a)]
            if words:  # the query after the options, past "--"
                args = [*(a for a in args if a not in words), "--", *words]
        return super().parse_args(ctx, args)


@main.command(cls=QueryCommand)
@click.argument("query")
@click.option("--kind", callback=_valid_kind, help=KIND_HELP)
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
    click.echo(search_text(obj, query, kind, source, limit,
                           as_of.date().isoformat() if as_of else None, explain, as_json))


@main.command()
@click.argument("ref")
@click.option("--source", help="Only records of this source id (a rule's version).")
@click.option("--kind", callback=_valid_kind, help=KIND_HELP)
@click.option("--all-versions", is_flag=True, help="Print every version in full.")
@json_option()
@click.pass_obj
def show(obj: Context, ref: str, source: str | None, kind: str | None, all_versions: bool,
         as_json: bool) -> None:
    """Show a rule, keyword, glossary term, card or record: the newest version in full with
    its subrules, rulings and Q&A, other versions one line each."""
    from kb.show import arrange, lookup
    from kb.store import KnowledgeBase

    build = obj.store_build()
    check_source(build, source)
    with KnowledgeBase(build.store) as kb:
        found = lookup(kb, ref, source, kind)
        if found.candidates:
            raise CliError(f"{ref!r} could be: {'; '.join(found.candidates)} "
                           "(show one of them)")
        if not found.records:
            raise CliError(f"nothing matches {ref!r} (try `mtgkb search {ref!r}`)")
        shown = arrange(kb, found, all_versions)
    if as_json:
        data: dict[str, Any] = {"ref": ref, "records": [s.to_json() for s in shown]}
        if found.read_as:
            data["read_as"] = found.read_as
        _emit_json(data)
        return
    from kb.present import format_shown

    _emit_text(format_shown(shown, color=sys.stdout.isatty(), all_versions=all_versions,
                            read_as=found.read_as))


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path, dir_okay=False))
@click.option("--reset", is_flag=True, help="Forget files added earlier with `ingest PATH`.")
@json_option("Print the counts as JSON.")
@click.option("-v", "--verbose", is_flag=True,
              help="Report the capture damage of every source, not only of the added files.")
@click.pass_obj
def ingest(obj: Context, paths: tuple[Path, ...], reset: bool, as_json: bool,
           verbose: bool) -> None:
    """Rebuild the knowledge base, adding the given files (format sniffed); a file is kept
    only when the build with it succeeds. Reports the capture damage noticed in the files
    added."""
    from kb.build import add_files

    for path in paths:
        if not path.is_file():
            raise CliError(f"{path}: no such file")
    added: set[str] = set()
    if paths or reset:
        try:
            done = add_files(obj.home, list(paths), data_dir=obj.data, progress=progress(),
                             reset=reset)
        except Exception as exc:
            # one refused file of many: say that the others were not added either
            if len(paths) < 2 or (message := error_message(exc)) is None:
                raise
            others = len(paths) - 1
            raise CliError(f"{message}; nothing changed: leave it out to add the other "
                           f"{others} file{'s' if others > 1 else ''}") from exc
        for note in done.skipped:
            click.echo(f"mtgkb: {note}", err=True)
        build = done.build
        added = {source.id for source in done.added}
    else:
        build = obj.build(force=True)
    damage = {source: notes for source, notes in build.damage.items()
              if verbose or source in added}
    if as_json:
        _emit_json({"counts": build.counts, "damage": damage})
        return
    from kb.present import format_counts

    click.echo(format_counts(build.counts, damage))


@main.command()
@click.option("--jsonl", is_flag=True,
              help="One JSON record per line (the default; accepted for scripts).")
@click.pass_obj
def export(obj: Context, jsonl: bool) -> None:
    """Print every record as JSON lines (fields as in the README's record table)."""
    from kb.store import KnowledgeBase

    build = obj.store_build()
    out = sys.stdout
    with KnowledgeBase(build.store) as kb:
        for record in kb.records():
            out.write(json.dumps(record.export(), ensure_ascii=False) + "\n")


@main.command()
@json_option()
@click.option("--strict/--lenient", default=True,
              help="A sentence the reader cannot place fails its definition (unread; the "
                   "default), or is only listed (--lenient).")
@click.pass_obj
def validate(obj: Context, as_json: bool, strict: bool) -> None:
    """Hold every keyword definition against the linked rules model (exit 1 on failures)."""
    from kb.rules.validate import validate as run_validation
    from kb.store import KnowledgeBase

    build = obj.store_build()
    with KnowledgeBase(build.store) as kb:
        report = run_validation(list(kb.records()), strict=strict)
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
    build = obj.store_build()
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


@main.command()
@click.option("--mtgjson", "set_code", metavar="SET",
              help="Fetch this MTGJSON set file (e.g. M10) instead of the rules.")
@click.option("--rules-page", metavar="URL",
              help="The page that links the rules text (default: Wizards' rules page; "
                   "or $MTGKB_RULES_PAGE).")
@click.option("--mtgjson-url", metavar="TEMPLATE",
              help="MTGJSON URL with {set} (default https://mtgjson.com/api/v5/{set}.json; "
                   "or $MTGKB_MTGJSON_URL).")
@click.option("--timeout", default=30.0, show_default=True, type=click.FloatRange(0.01, 600),
              help="Seconds to wait for each answer.")
@json_option("Print what was done as JSON.")
@click.pass_obj
def update(obj: Context, set_code: str | None, rules_page: str | None,
           mtgjson_url: str | None, timeout: float, as_json: bool) -> None:
    """Fetch the newest Comprehensive Rules (or an MTGJSON set) and add it, whole or not
    at all."""
    from kb.update import UpdateError, update_rules, update_set

    try:
        if set_code:
            outcome = update_set(obj.home, obj.data, set_code, mtgjson_url, timeout,
                                 progress=progress())
        else:
            outcome = update_rules(obj.home, obj.data, rules_page, timeout,
                                   progress=progress())
    except UpdateError as exc:
        raise CliError(f"update: {exc}; nothing changed") from exc
    if as_json:
        _emit_json(outcome.to_json())
    else:
        click.echo(outcome.message())
