"""What the training tools share: their question files, a home built in a temporary
folder over the shipped data and more files (the records the questions name), the homes
the blind query sets of eval/ were written on (`blind_home`), and when a hit answers a
question (the evaluation's own test for a query set's gold: `score_module`)."""

from __future__ import annotations

import importlib.util
import json
import os
import tempfile
import tomllib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# the questions the sentence model's adapter learns from (`train/meaning_adapter.py`)
ADAPTER_QUESTIONS = (ROOT / "train/questions.jsonl", ROOT / "train/questions-players.jsonl")
# those shipped with their vectors as questions asked before (`train/ship_vectors.py`):
# the adapter's and more written for it alone (never `questions-full.jsonl`, on which
# fusion's weights are learnt as a new question meets them)
ASKED_QUESTIONS = (*ADAPTER_QUESTIONS, ROOT / "train/questions-bank.jsonl")
# each blind query set's home: its rules versions and card sets (`blind_home`)
BLIND_HOMES = ROOT / "eval/homes.toml"


def read_questions(paths: Sequence[Path]) -> list[dict]:
    """The questions of JSON-lines files, in order (blank lines skipped)."""
    return [json.loads(line) for path in paths
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@contextmanager
def built_home(files: Sequence[Path]) -> Iterator[Path]:
    """A home of the shipped data and `files`, built, removed on leaving."""
    from kb.build import add_files, ensure_built

    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        if files:
            add_files(home, list(files), data_dir=ROOT / "data")
        ensure_built(ROOT / "data", home)
        yield home


def holds(text: str, part: str) -> bool:
    """Whether `text` holds `part`, a text of more than a few words.

    >>> holds("702.83a Exalted is ... 702.83b A creature attacks alone if ...",
    ...       "702.83b A creature attacks alone if ..."), holds("Flying, reach", "reach")
    (True, False)
    """
    return len(part) > 30 and part in text


def answers(hit: Any, record_id: str, record_text: str) -> bool:
    """Whether a search hit answers a question naming a record: it shows that record (its
    own, a version or a subrule it shows) or holds its text (a keyword's entry holding
    the subrule asked about), as the evaluation's text predicates read a hit."""
    return record_id in hit.shows() or holds(hit.record["text"], record_text)


def blind_home(queries: Path, folder: Path) -> Path:
    """The home a blind query set of eval/ was written on (`BLIND_HOMES`), in `folder`
    under its name, built there from the public archives where it is missing
    ($MTGKB_CR_ARCHIVE, $MTGKB_MTGJSON_ARCHIVE); a SystemExit naming what is missing."""
    from kb.build import add_files, ensure_built

    homes = tomllib.loads(BLIND_HOMES.read_text(encoding="utf-8"))
    if queries.name not in homes:
        raise SystemExit(f"{queries.name}: no home in {BLIND_HOMES.name}")
    spec = homes[queries.name]
    home = folder / spec["home"]
    if not home.is_dir():
        rules, sets = os.environ.get("MTGKB_CR_ARCHIVE"), os.environ.get("MTGKB_MTGJSON_ARCHIVE")
        if not rules or not sets:
            raise SystemExit(f"{home} is not built: set MTGKB_CR_ARCHIVE and "
                             "MTGKB_MTGJSON_ARCHIVE to build it")
        files = [Path(rules) / f"{date}.txt" for date in spec["rules"]]
        files += [Path(sets) / f"{name}.json" for name in spec["sets"]]
        if missing := [str(f) for f in files if not f.is_file()]:
            raise SystemExit(f"missing from the archives: {', '.join(missing)}")
        add_files(home, files, data_dir=ROOT / "data")
    ensure_built(ROOT / "data", home)
    return home


def score_module():  # type: ignore[no-untyped-def]
    """The evaluation's score.py (its `holds` is the test of a gold predicate), from
    $MTGKB_EVAL, else ../shared/eval beside the repository."""
    places = [Path(p) for p in (os.environ.get("MTGKB_EVAL"),) if p]
    places += [ROOT.parent.parent / "shared" / "eval", ROOT.parent / "shared" / "eval"]
    shared = next((p for p in places if (p / "score.py").is_file()), None)
    if shared is None:
        raise SystemExit("set MTGKB_EVAL to the folder of score.py")
    spec = importlib.util.spec_from_file_location("score", shared / "score.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
