"""The build: first use, freshness, rebuild on change, atomic swap, home safety, added files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ingest.source import IngestError, load_manifest
from kb import build as kbbuild
from kb.freshness import read_current
from kb.paths import HOME_MARKER, HomeError
from kb.store import KnowledgeBase
from tests.conftest import CR_FILES, DATA, extra_file


def _copy_data(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA, data, ignore=shutil.ignore_patterns("__init__.py", "__pycache__"))
    return data


def test_first_use_builds_and_marks_the_home(shipped_home: Path, shipped_build) -> None:
    assert (shipped_home / HOME_MARKER).exists()
    assert shipped_build.store.exists() and shipped_build.index.is_dir()
    assert set(shipped_build.counts) == {
        "shards-of-alara-faq-2008", "alara-keyword-rules-blog-2008",
        "keyword-abilities-faq-thread-2012", "rulings-db-abilities-2009",
        "judge-wiki-keywords-appendix-c", "cr-2026-01-16",
    }


def test_a_fresh_build_is_reused_without_rebuilding(shipped_home: Path, shipped_build,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def no_rebuild(*args: object, **kwargs: object) -> None:
        raise AssertionError("rebuilt although nothing changed")

    monkeypatch.setattr(kbbuild, "_build", no_rebuild)
    assert kbbuild.ensure_built(DATA, shipped_home).path == shipped_build.path


def test_a_changed_source_is_rebuilt_and_swapped_in(tmp_path: Path) -> None:
    data, home = _copy_data(tmp_path), tmp_path / "home"
    first = kbbuild.ensure_built(data, home)
    wiki = data / "sources" / "judge-wiki-keywords-appendix-c.txt"
    wiki.write_text(wiki.read_text(encoding="utf-8").replace(
        "Shadow is an evasion ability.", "Shadow is an evasion ability of xyzzyplugh."),
        encoding="utf-8")
    second = kbbuild.ensure_built(data, home)
    assert second.path != first.path and second.content_hash != first.content_hash
    with KnowledgeBase(second.store) as kb:
        assert any("xyzzyplugh" in r.text for r in kb.records(kind="keyword"))


def test_touching_a_source_without_changing_it_does_not_rebuild(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data, home = _copy_data(tmp_path), tmp_path / "home"
    first = kbbuild.ensure_built(data, home)
    blog = data / "sources" / "alara-keyword-rules-blog-2008.txt"
    blog.write_bytes(blog.read_bytes())  # new mtime, same content
    monkeypatch.setattr(kbbuild, "_build", lambda *a, **k: pytest.fail("rebuilt"))
    assert kbbuild.ensure_built(data, home).path == first.path


def test_a_crash_mid_build_leaves_the_old_build_working(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data, home = _copy_data(tmp_path), tmp_path / "home"
    first = kbbuild.ensure_built(data, home)
    wiki = data / "sources" / "judge-wiki-keywords-appendix-c.txt"
    wiki.write_text(wiki.read_text(encoding="utf-8") + "\n", encoding="utf-8")

    def crash(*args: object) -> None:
        raise RuntimeError("simulated crash while indexing")

    import kb.index

    monkeypatch.setattr(kb.index, "build_index", crash)
    with pytest.raises(IngestError, match="while indexing .RuntimeError: simulated crash"):
        kbbuild.ensure_built(data, home)
    assert not [p for p in (home / "builds").iterdir() if p.name.startswith(".tmp-")]
    pointer = read_current(home)
    assert pointer and pointer["build"] == first.path.name
    with KnowledgeBase(first.store) as kb:
        assert kb.count() > 0


def test_a_foreign_folder_is_never_used_as_home(tmp_path: Path) -> None:
    foreign = tmp_path / "documents"
    foreign.mkdir()
    (foreign / "thesis.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(HomeError, match="not an mtgkb home"):
        kbbuild.ensure_built(DATA, foreign)
    assert sorted(p.name for p in foreign.iterdir()) == ["thesis.txt"]


def test_an_unreadable_added_file_is_refused_and_nothing_kept(tmp_path: Path) -> None:
    home = tmp_path / "home"
    kbbuild.ensure_built(DATA, home)
    junk = tmp_path / "notes.txt"
    junk.write_text("just some notes\nnothing to see\n", encoding="utf-8")
    with pytest.raises(IngestError, match="notes.txt"):
        kbbuild.add_files(home, [junk])
    assert not (home / "added" / "sources.toml").exists()


def test_an_added_rules_file_stays_until_reset(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    cr = extra_file(CR_FILES["2008-10-01"])
    home = tmp_path / "home"
    built = kbbuild.add_files(home, [cr]).build
    assert "cr-2008-10-01" in built.counts
    monkeypatch.setattr(kbbuild, "_build", lambda *a, **k: pytest.fail("rebuilt"))
    assert kbbuild.ensure_built(DATA, home).path == built.path  # kept: no rebuild
    monkeypatch.undo()
    kbbuild.reset_added(home)
    assert "cr-2008-10-01" not in kbbuild.ensure_built(DATA, home).counts


def test_searching_while_another_process_rebuilds(tmp_path: Path) -> None:
    import subprocess
    import sys

    from kb.freshness import load_build
    from kb.search import Searcher
    from tests.conftest import ROOT

    data, home = _copy_data(tmp_path), tmp_path / "home"
    first = kbbuild.ensure_built(data, home)
    wiki = data / "sources" / "judge-wiki-keywords-appendix-c.txt"
    wiki.write_text(wiki.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    rebuild = subprocess.Popen(
        [sys.executable, "-c", "import sys; from pathlib import Path; "
         "from kb.build import ensure_built; ensure_built(Path(sys.argv[1]), Path(sys.argv[2]))",
         str(data), str(home)], cwd=ROOT)
    searches = 0
    while rebuild.poll() is None or searches == 0:
        pointer = read_current(home)
        assert pointer is not None
        build = load_build(home, pointer)
        assert build is not None
        searcher = Searcher(build.index)
        assert searcher.search("exalted").hits
        searcher.close()
        searches += 1
    assert rebuild.returncode == 0 and searches > 0
    pointer = read_current(home)
    assert pointer and pointer["build"] != first.path.name


def test_every_stage_reports_its_counts(tmp_path: Path) -> None:
    messages: list[str] = []
    kbbuild.ensure_built(DATA, tmp_path / "home", progress=messages.append)
    sources = len(load_manifest(DATA))
    assert any(m.startswith(f"parse {sources}/{sources} ") for m in messages), messages
    total = int(messages[-1].split()[1].replace(",", ""))
    for expected in (f"link {total:,} records", f"link 2,000/{total:,} records",
                     f"link: lineage of {total:,} records", f"index {total:,}/{total:,} records",
                     "index: writing", "store ", "done: "):
        assert any(m.startswith(expected) for m in messages), (expected, messages)


def test_an_ingest_builds_with_the_records_it_checked(tmp_path: Path) -> None:
    """An ingest parses each new file once: checking it parses it, the build takes those
    records (not read back from the parse cache) and the same as the cache holds."""
    from kb import parsecache

    cr = extra_file(CR_FILES["2008-10-01"])
    home = tmp_path / "home"
    loaded: list[str] = []
    real_load = pickle_load = parsecache.pickle.load

    def counted(handle):  # type: ignore[no-untyped-def]
        loaded.append(Path(handle.name).name)
        return real_load(handle)

    parsecache.pickle.load = counted  # type: ignore[assignment]
    try:
        kbbuild.add_files(home, [cr])
    finally:
        parsecache.pickle.load = pickle_load  # type: ignore[assignment]
    assert not parsecache._HANDED  # the build took what the check handed over
    sources = {s.id: s for s in kbbuild.all_sources(DATA, home)}
    entry = parsecache.key(sources["cr-2008-10-01"],
                           kbbuild._digests([sources["cr-2008-10-01"]])["cr-2008-10-01"])
    cached = parsecache.load(home, entry)
    assert cached is not None and len(cached[0]) > 1000
    assert entry not in loaded  # parsed once, never read back
    with KnowledgeBase(kbbuild.ensure_built(DATA, home).store) as kb:
        stored = {r.id: r.text for r in kb.records() if r.source == "cr-2008-10-01"}
    assert stored == {r.id: r.text for r in cached[0]}
