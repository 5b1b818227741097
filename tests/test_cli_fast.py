"""A plain `mtgkb search` is answered without click (`kb.cli.fast`), and prints, exits and
fails exactly as the click command does; any other command line goes to click."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kb.cli.fast import plain_search

ENTRY = "import sys; sys.argv[0] = 'mtgkb'; from kb.cli import run; run()"
CLICK = "import sys; sys.argv[0] = 'mtgkb'; from kb.cli.commands import main; main()"
REPORT = ("import sys, json; sys.argv[0] = 'mtgkb'\nfrom kb.cli import run\ntry:\n    run()\n"
          "finally:\n    sys.stderr.write(json.dumps(sorted(sys.modules)))")


def _run(script: str, home: Path, *args: str) -> tuple[int, bytes, bytes]:
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True,
                          env={**os.environ, "MTGKB_HOME": str(home)}, timeout=300)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("args", [
    ["search", "attacks alone"],
    ["search", "can I respond to a spell with split second?", "--json"],
    ["search", "Battlegrace Angel lifelink"],  # a superseded ruling marked
    ["search", "Battlegrace Angel lifelink", "--json", "--kind", "ruling"],
    ["search", "exalted", "--limit=3", "--explain"],
    ["search", "--as-of", "2008-07-01", "lifelink", "--json"],
    ["search", "exalted", "--source", "cr-2026-01-16"],
    ["search", "", "--json"],
    # errors the library finds: one line, exit 2, as click prints them
    ["search", "x", "--source", "nope"],
    # left to click: its errors and help
    ["search", "x", "--kind", "nope"], ["search", "x", "--limit", "0"],
    ["search", "x", "--limit", "1_0"], ["search", "x", "--as-of", "2009-02-30"],
    ["search", "--json"], ["search", "x", "y"], ["search", "x", "--json", "--json"],
    ["search", "-h"], ["search", "x", "--source="], ["search", "--", "-x"],
])
def test_a_search_prints_and_exits_as_the_click_command(shipped_home: Path,
                                                        args: list[str]) -> None:
    fast = _run(ENTRY, shipped_home, *args)
    assert fast == _run(CLICK, shipped_home, *args)
    assert fast[0] in (0, 2)


def test_a_plain_search_loads_no_click(shipped_home: Path) -> None:
    """Nor the code of `inspect` (deferred, `kb.cli.deferred`), which would import `ast`."""
    for args in (["search", "attacks alone"], ["--home", str(shipped_home), "search", "x",
                                               "--kind=rule", "--json", "--as-of=2009-01-01"]):
        code, out, err = _run(REPORT, shipped_home, *args)
        loaded = json.loads(err.decode().splitlines()[-1])
        assert code == 0 and out and "click" not in loaded and "ast" not in loaded, args
    code, _, err = _run(REPORT, shipped_home, "show", "exalted")
    assert code == 0 and "click" in json.loads(err.decode().splitlines()[-1])


def test_only_a_plain_search_is_read(tmp_path: Path) -> None:
    plain = plain_search(["--home", "h", "search", "q", "--kind", "rule", "--limit=5",
                          "--as-of", "2009-01-01", "--explain", "--json", "--source", "s"])
    assert plain is not None and plain.query == "q" and plain.limit == 5
    assert (plain.kind, plain.source, plain.as_of, plain.explain, plain.as_json) == (
        "rule", "s", "2009-01-01", True, True)
    a_file = tmp_path / "file"
    a_file.write_text("x")
    for args in (["show", "x"], ["--data", "d", "search", "q"], ["search"], ["--version"],
                 ["search", "q", "--limit", "１０"], ["search", "q", "--as-of", "2009-1-01"],
                 ["search", "q", "--home", "h"], ["--home", str(a_file), "search", "q"],
                 ["search", "q", "--limit"], ["search", "-"], ["--home", "search", "q"]):
        assert plain_search(args) is None, args


def test_the_fast_path_knows_the_search_commands_options_as_click_declares_them() -> None:
    """The fast path repeats the search command's option names and its --limit range
    (it must not load click to read them): they stay the click command's own."""
    import click

    from kb.cli import fast
    from kb.cli.commands import search

    options = [p for p in search.params if isinstance(p, click.Option)]
    flags = {o for p in options if p.is_flag for o in p.opts}
    valued = {o for p in options if not p.is_flag for o in p.opts}
    assert flags == set(fast._FLAGS) and valued == set(fast._VALUED)
    limit = next(p for p in options if "--limit" in p.opts).type
    assert isinstance(limit, click.IntRange)
    assert (limit.min, limit.max) == (fast._LIMIT.start, fast._LIMIT.stop - 1)


GC_REPORT = ("import gc, sys; sys.argv[0] = 'mtgkb'\nfrom kb.cli import run\ntry:\n    run()\n"
             "finally:\n    sys.stderr.write(f'{gc.isenabled()} {gc.get_freeze_count() > 0}')")


def test_a_plain_search_runs_without_the_cycle_collector_unless_it_builds(
        shipped_home: Path, tmp_path: Path) -> None:
    """Off for the search and what it leaves frozen at exit; back on for a build the
    search has to make first (a new home), which makes and drops far more."""
    code, out, err = _run(GC_REPORT, shipped_home, "search", "attacks alone")
    assert code == 0 and out and err.decode().endswith("False True")
    code, out, err = _run(GC_REPORT, tmp_path / "new-home", "search", "attacks alone")
    assert code == 0 and out and err.decode().endswith("True True")
    assert out == _run(ENTRY, shipped_home, "search", "attacks alone")[1]
