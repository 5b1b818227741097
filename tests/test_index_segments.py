"""An addition writes a new index segment (the records it rewrites marked deleted where
they were), merges segments by a policy, and answers every search as a whole build does;
the previous build is never written to, and a failed or killed addition leaves the home
as it was."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import kb.index
from kb import build as kbbuild
from kb.build import add_files
from kb.errors import MtgkbError
from kb.freshness import read_current
from kb.index import Engine, append_index, merge_policy, open_index
from kb.postings_cache import CACHE_FILE
from kb.score_groups import GROUPS_FILE
from tests.conftest import DATA, MTGJSON_ALA, ROOT, extra_file
from tests.test_ingest_added import _knowledge, _searches
from tests.test_postings_cache import cached_matches_postings


def _parts(folder: Path) -> list[Path]:
    """Four MTGJSON files cut from ALA (set codes XA1..XA4), each sharing card names with
    the one before it, so each addition rewrites records an earlier one appended."""
    data = json.loads(extra_file(MTGJSON_ALA).read_text(encoding="utf-8"))
    cards = data["cards"]
    step = len(cards) // 4
    out = []
    for n in range(4):
        part = {**data, "code": f"XA{n + 1}", "name": f"Alara part {n + 1}",
                "cards": cards[max(0, n * step - step // 2):(n + 1) * step]}
        path = folder / f"XA{n + 1}.json"
        path.write_text(json.dumps(part), encoding="utf-8")
        out.append(path)
    return out


def _leaves(build: kbbuild.Build) -> int:
    reader = open_index(build.index).reader()
    try:
        return len(reader.leaf_readers())
    finally:
        reader.close()


def _deleted(build: kbbuild.Build) -> list[int]:
    """How many deleted records each segment holds, in segment order."""
    reader = open_index(build.index).reader()
    try:
        return [leaf.doc_count_all() - leaf.doc_count() for leaf, _ in reader.leaf_readers()]
    finally:
        reader.close()


def _files(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def additions(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """A shipped home given the four parts one at a time (at most 2 appended segments;
    the fourth addition written whole by a low rewrite share): after each, the build, what
    the index stage did, the segment count, and whether the previous build's files stayed
    byte for byte the same."""
    parts = _parts(tmp_path_factory.mktemp("parts"))
    home = tmp_path_factory.mktemp("segments")
    previous = kbbuild.ensure_built(DATA, home)
    steps = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kb.index, "MAX_APPENDED", 2)
        for number, part in enumerate(parts, 1):
            if number == 4:
                patch.setattr(kb.index, "REWRITE_SHARE", 0.01)
            before = _files(previous.path)
            messages: list[str] = []
            build = add_files(home, [part], DATA, progress=messages.append).build
            steps.append({"build": build, "parts": parts[:number], "messages": messages,
                          "leaves": _leaves(build), "untouched": _files(previous.path) == before,
                          "deleted": _deleted(build), "cache": _cache_check(build, home, messages),
                          # read now (a later addition prunes this build), where compared
                          **({"knowledge": _knowledge(build), "searches": _searches(build),
                              "statistics": _statistics(build)} if number > 1 else {})})
            previous = build
    return steps


def _cache_check(build: kbbuild.Build, home: Path, messages: list[str]) -> dict[str, Any]:
    """What the addition did of the posting cache: whether it scored the previous build's
    groups with its new segment added; whether its cache is byte for byte the one written
    from every posting of its index; how many words the cache scores as their postings do
    (the cache found whole: not written again)."""
    cache = build.index / CACHE_FILE
    written = cache.read_bytes()
    again = home.parent / f"{home.name}-recached"
    shutil.copytree(build.index, again)
    for name in (CACHE_FILE, GROUPS_FILE):
        (again / name).unlink()
    engine = Engine(again)
    try:
        engine.write_cache()
    finally:
        engine.close()
    same = (again / CACHE_FILE).read_bytes() == written
    shutil.rmtree(again)
    words = cached_matches_postings(build.index)
    return {"reused": any("previous build's groups" in m for m in messages),
            "as_from_postings": same, "words": words, "kept": cache.read_bytes() == written}


def _statistics(build: kbbuild.Build) -> dict[str, Any]:
    """What BM25F reads of an index: the record count, each field's total length and
    every term's document frequency (terms of live records)."""
    engine = Engine(build.index)
    whoosh_reader = open_index(build.index).reader()  # the terms, as Whoosh lists them
    try:
        layout = engine._layout
        fields = [name for name, field in whoosh_reader.schema.items() if field.indexed]
        return {"count": layout.count,
                "lengths": {f: layout.field_length(f) for f in fields},
                "df": {(f, term): n for f in fields for term in whoosh_reader.field_terms(f)
                       if (n := layout.doc_frequency(f, term))}}
    finally:
        whoosh_reader.close()
        engine.close()


def _whole(tmp_path_factory: pytest.TempPathFactory, parts: list[Path]) -> kbbuild.Build:
    return add_files(tmp_path_factory.mktemp("whole"), parts, DATA).build


def test_the_merge_policy() -> None:
    assert merge_policy(2, 1000, 300, 13000) == "append"
    assert merge_policy(kb.index.MAX_APPENDED + 1, 1000, 300, 13000) == "merge"
    assert merge_policy(2, 3000, 1000, 13000) == "rewrite"  # past REWRITE_SHARE of all
    assert merge_policy(kb.index.MAX_APPENDED + 1, 3000, 1000, 13000) == "rewrite"


def test_additions_append_merge_and_rewrite_segments(additions) -> None:
    done = [next(m for m in step["messages"] if m.startswith("index: a new segment")
                 or "written again" in m) for step in additions]
    assert [step["leaves"] for step in additions] == [2, 3, 2, 1], done
    counts = [[int(n) for n in re.findall(r"(\d+) (?:rewritten|merged)", m)] for m in done]
    assert counts[0][1] == counts[1][1] == 0 < counts[2][1], done  # the merge rewrote
    assert additions[0]["deleted"][0] > 0  # records of the seeds that name part 1's cards
    assert additions[1]["deleted"][1] > 0, additions[1]["deleted"]  # part 2 rewrote part 1's
    assert "written again" in done[3]
    assert all(step["untouched"] for step in additions)  # hard links, never written to


def test_an_appended_segment_rescores_the_kept_groups_into_the_same_cache(additions) -> None:
    """Appending (deletions in the first segment, then in an appended one) scores the
    previous build's groups; a merge or a rewrite reads every posting; either way the
    cache is the one every posting of the index gives, and scores as the postings do."""
    checks = [step["cache"] for step in additions]
    assert [c["reused"] for c in checks] == [True, True, False, False], checks
    assert all(c["as_from_postings"] and c["kept"] and c["words"] > 1000 for c in checks), checks


@pytest.mark.parametrize("step", [1, 2])  # three segments with deletions; after a merge
def test_segments_answer_as_a_whole_build(additions, step: int,
                                          tmp_path_factory: pytest.TempPathFactory) -> None:
    added = additions[step]
    whole = _whole(tmp_path_factory, added["parts"])
    assert added["build"].content_hash == whole.content_hash
    assert _leaves(whole) == 1
    mine, theirs = added["knowledge"], _knowledge(whole)
    for key in theirs:
        assert mine[key] == theirs[key], key
    assert added["statistics"] == _statistics(whole)
    assert added["searches"] == _searches(whole)


def test_a_rewrite_is_the_whole_builds_index(additions,
                                             tmp_path_factory: pytest.TempPathFactory) -> None:
    added = additions[3]["build"]
    whole = _whole(tmp_path_factory, additions[3]["parts"])
    assert additions[3]["searches"] == _searches(whole)
    for name in (kb.index.NAMES_FILE, kb.index.RENAMES_FILE):
        assert (added.index / name).read_bytes() == (whole.index / name).read_bytes()


def test_a_failed_or_killed_addition_leaves_the_home_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    build = kbbuild.ensure_built(DATA, home)
    files, pointer = _files(build.path), read_current(home)

    def unchanged() -> None:
        assert read_current(home) == pointer
        assert _files(build.path) == files
        assert not (home / "added" / "sources.toml").exists()

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk full")

    with monkeypatch.context() as patch:
        patch.setattr(kb.index._SegmentBuilder, "commit", broken)
        with pytest.raises(MtgkbError, match="while indexing"):
            add_files(home, [extra_file(MTGJSON_ALA)], DATA)
    unchanged()
    assert [p.name for p in (home / "builds").iterdir()] == [build.path.name]
    assert not (home / "added").exists()  # (the folders the copy went into, gone too)

    mtgkb = [sys.executable, "-c",
             "import sys; sys.argv[0] = 'mtgkb'; from kb.cli import run; run()"]
    ingest = subprocess.Popen([*mtgkb, "--home", str(home), "ingest",
                               str(extra_file(MTGJSON_ALA))], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while not any((p / "index").exists() for p in (home / "builds").iterdir()
                      if p.name.startswith(".tmp-")):
            assert ingest.poll() is None, "the ingest ended before indexing"
            assert time.monotonic() < deadline
            time.sleep(0.005)
    finally:
        os.killpg(ingest.pid, signal.SIGKILL)
        ingest.wait(timeout=90)
    unchanged()
    found = subprocess.run([*mtgkb, "--home", str(home), "search", "battlegrace", "--json"],
                           cwd=ROOT, capture_output=True, text=True, timeout=90)
    assert found.returncode == 0, found.stderr
    assert not any(r["source"] == "mtgjson-ala" for r in json.loads(found.stdout)["results"])
    # the search removed what the killed ingest left (it may point `current` at the same
    # build anew: an installed package's data folder is not the checkout's)
    assert not (home / "added").exists()


def test_append_index_refuses_new_rules(tmp_path: Path, shipped_build) -> None:
    from kb.model import Record

    rule = Record(id="cr-2099-01-01:100.1", kind="rule", source="cr-2099-01-01",
                  title="100.1", text="A new rule.")
    with pytest.raises(ValueError, match="renames"):
        append_index(shipped_build.index, tmp_path / "index", [rule])
