"""What the training tools share: their question files, a home built in a temporary
folder over the shipped data and more files (the records the questions name), and when a
hit answers a question."""

from __future__ import annotations

import json
import tempfile
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
