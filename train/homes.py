"""What the training tools share: their question files, and a home built in a temporary
folder over the shipped data and more files (the records the questions name)."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


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
