"""A whole build's posting cache and score groups come from its index writer's tables
(`kb.score_groups.Fresh`), not from the segment read back: they are the ones every posting
of that segment gives, word for word."""

from __future__ import annotations

import shutil
from pathlib import Path

from kb.index import Engine
from kb.postings_cache import CACHE_FILE
from kb.score_groups import _HEAD, GROUPS_FILE, _record


def _groups(index: Path) -> tuple[list, list]:
    """Every word's groups record and the word list of an index's groups file."""
    with open(index / GROUPS_FILE, "rb") as file:
        file.read(_HEAD.size)
        _record(file)  # the identity of the index
        records = []
        while (record := _record(file)) is not None:
            records.append(record)
        return records, _record(file)


def test_a_whole_builds_groups_and_cache_are_those_its_postings_give(shipped_build,
                                                                    tmp_path: Path) -> None:
    copy = tmp_path / "index"
    shutil.copytree(shipped_build.index, copy)
    for name in (CACHE_FILE, GROUPS_FILE):
        (copy / name).unlink()
    engine = Engine(copy)
    try:
        assert "previous" not in engine.write_cache()  # from every posting
    finally:
        engine.close()
    built, read = _groups(shipped_build.index), _groups(copy)
    assert len(built[0]) > 1000 and built == read
    # words in two fields or more (title and text) among them, grouped record by record
    assert any(len(signature) > 1 for _, groups in built[0] for signature, _, _ in groups)
    # (the copy is the same index: the same identity in the header)
    assert (shipped_build.index / CACHE_FILE).read_bytes() == (copy / CACHE_FILE).read_bytes()
