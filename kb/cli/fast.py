"""A plain `mtgkb search`, answered without loading click.

`plain_search` reads the command line `[--home DIR] search QUERY [--kind K] [--source S]
[--limit N] [--as-of YYYY-MM-DD] [--explain] [--json]` (options as `--name value` or
`--name=value`, after the query too) only when click would read it the same way and accept
every value: anything else (help, `--version`, `--data`, `--`, an option given twice, a
value starting with `-`, an unknown kind, a limit out of range, a date it would refuse, a
shell completion request, an ASCII-only terminal encoding click writes around) is left to
the click commands, which answer it as they always have. The search itself is
`kb.cli.context.search_text`, the click command's own; what it prints and its exit codes
(0; 2 with `mtgkb: MESSAGE` on stderr; 1 for an interrupt, "Aborted!", or a closed pipe)
are click's.
"""

# No `from __future__ import annotations`: a `NamedTuple` class compiles each field's
# annotation that is a string (a postponed one) at import, a cold search's cost.

import codecs
import os
import sys
from pathlib import Path
from typing import Any, NamedTuple

from kb.model import KINDS

_VALUED = ("--kind", "--source", "--limit", "--as-of")
_FLAGS = ("--explain", "--json")
_LIMIT = range(1, 1001)  # the click option's IntRange(1, 1000)


class Plain(NamedTuple):
    """A plain search's options."""

    home: Path | None
    query: str
    kind: str | None
    source: str | None
    limit: int
    as_of: str | None
    explain: bool
    as_json: bool


def _read(tokens: list[str], valued: tuple[str, ...],
          flags: tuple[str, ...]) -> tuple[dict[str, Any], list[str]] | None:
    """Options (each at most once, values not starting with `-`) and positional arguments;
    None for anything else."""
    options: dict[str, Any] = {}
    positional: list[str] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        index += 1
        if not token.startswith("-"):
            positional.append(token)
            continue
        name, equals, value = token.partition("=")
        if name in options:
            return None
        if name in flags and not equals:
            options[name] = True
        elif name in valued:
            if not equals:
                if index == len(tokens):
                    return None
                value, index = tokens[index], index + 1
            if not value or value.startswith("-"):
                return None
            options[name] = value
        else:
            return None
    return options, positional


def _date(value: str) -> str | None:
    """A YYYY-MM-DD date as the click option reads it (`%Y-%m-%d`), or None."""
    digits = value[:4] + value[5:7] + value[8:]
    if len(value) != 10 or value[4] + value[7] != "--" or not (digits.isascii()
                                                                and digits.isdigit()):
        return None
    import datetime

    try:
        return datetime.date.fromisoformat(value).isoformat()
    except ValueError:
        return None


def _ascii(stream: Any) -> bool:
    """A stream whose encoding is ASCII (click writes UTF-8 around it)."""
    try:
        return codecs.lookup(getattr(stream, "encoding", None) or "ascii").name == "ascii"
    except LookupError:
        return True


def plain_search(args: list[str]) -> Plain | None:
    """The options of a plain search command line (module docstring), or None."""
    if any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ):
        return None
    if _ascii(sys.stdout) or _ascii(sys.stderr):
        return None
    try:
        start = args.index("search")
    except ValueError:
        return None
    group = _read(args[:start], ("--home",), ())
    command = _read(args[start + 1:], _VALUED, _FLAGS)
    if group is None or group[1] or command is None or len(command[1]) != 1:
        return None
    home, options = group[0].get("--home"), command[0]
    if home is not None and os.path.isfile(home):
        return None  # click refuses a file for --home
    kind, limit = options.get("--kind"), options.get("--limit", "10")
    if kind is not None and kind not in KINDS:
        return None
    if not (limit.isascii() and limit.isdigit() and int(limit) in _LIMIT):
        return None
    as_of = options.get("--as-of")
    if as_of is not None and (as_of := _date(as_of)) is None:
        return None
    return Plain(Path(home) if home is not None else None, command[1][0], kind,
                 options.get("--source"), int(limit), as_of, "--explain" in options,
                 "--json" in options)


def search_fast(args: list[str]) -> bool:
    """Answer a plain search without click (False, nothing done, for any other command
    line); exits as click would on an expected error or an interrupt."""
    plain = plain_search(args)
    if plain is None:
        return False
    import gc

    # A search keeps what it reads until it exits, and leaves little cyclic garbage: the
    # cycle collector's passes over every object made (and its last one, at exit) were a
    # tenth of a cold search. Off for the search (a build it has to make turns it back on:
    # `Context.build`); what is left at exit frozen, out of the interpreter's last pass.
    gc.disable()
    from kb.cli.context import Context, error_message, search_text

    try:
        text = search_text(Context(None, plain.home), plain.query, plain.kind, plain.source,
                           plain.limit, plain.as_of, plain.explain, plain.as_json)
    except (EOFError, KeyboardInterrupt):
        sys.stderr.write("\nAborted!\n")
        sys.exit(1)
    except Exception as exc:
        message = error_message(exc)
        if message is None:
            raise
        sys.stderr.write(f"mtgkb: {message}\n")
        sys.stderr.flush()
        sys.exit(2)
    try:
        sys.stdout.write(f"{text}\n")
        sys.stdout.flush()
    except BrokenPipeError:  # as click: exit 1, nothing more written to the closed pipe
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    gc.freeze()
    return True
