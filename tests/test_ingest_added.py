"""Adding a file to a built home links, stores and indexes only what it brings and what
it touches, and gives the knowledge base a build from scratch gives: the same records,
links, lineage, unresolved references, sources and search results."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kb import build as kbbuild
from kb.build import add_files
from kb.index import Engine, WordQuery, stems
from kb.search import Searcher
from kb.store import KnowledgeBase
from tests.conftest import DATA, EXTRA, MTGJSON_ALA, extra_file

QUERIES = ["attacks alone", "Battlegrace Angel", "exalted", "lifelink damage", "sphinx",
           "devour creatures sacrifice", "702.20j", "Angel of the sky", "unearth",
           "can I block with a creature that has exalted"]


def _eval_queries() -> list[str]:
    found = [json.loads(line)["q"] for path in sorted((EXTRA.parent / "eval").glob("*.jsonl"))
             for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return QUERIES + found


def _knowledge(build: kbbuild.Build) -> dict[str, Any]:
    """Everything a reader of the store sees, in comparable form."""
    with KnowledgeBase(build.store) as kb:
        records = [r.to_dict() for r in kb.records()]
        ids = [r["id"] for r in records]
        return {
            "records": records,
            "links_from": [kb.links_from(i) for i in ids],
            "cited_by": [kb.cited_by(i) for i in ids],
            "lineage": [kb.lineage(i) for i in ids],
            "unresolved": kb.unresolved(),
            "superseded": kb.superseded(r["id"] for r in records if r["kind"] in ("ruling", "qa")),
            "sources": [{k: v for k, v in s.items() if k != "path"} for s in kb.sources()],
            "counts": build.counts,
        }


def _searches(build: kbbuild.Build) -> dict[str, Any]:
    """The hits and scores of every query, through search and through the engine."""
    out: dict[str, Any] = {}
    searcher, engine = Searcher(build.index), Engine(build.index)
    try:
        for query in _eval_queries():
            for kind in (None, "card", "ruling"):
                result = searcher.search(query, kind=kind, limit=20)
                out[f"{query}|{kind}"] = [result.total, [(h.record, h.score)
                                                          for h in result.hits]]
                words = [(stem, 1.0) for stem in stems(query)]
                if words:
                    found, total = engine.ranked(WordQuery(words), kind=kind, limit=50)
                    out[f"engine|{query}|{kind}"] = [total, [(c.record, c.score)
                                                             for c in found]]
    finally:
        searcher.close()
        engine.close()
    return out


@pytest.fixture(scope="module")
def homes(tmp_path_factory: pytest.TempPathFactory) -> tuple[kbbuild.Build, kbbuild.Build,
                                                              list[str]]:
    """(a home built with the shipped data, then given ALA; a home given ALA at once;
    the progress messages of adding ALA)."""
    ala = extra_file(MTGJSON_ALA)
    added_home = tmp_path_factory.mktemp("added")
    kbbuild.ensure_built(DATA, added_home)
    messages: list[str] = []
    added = add_files(added_home, [ala], DATA, progress=messages.append).build
    whole = add_files(tmp_path_factory.mktemp("whole"), [ala], DATA).build
    return added, whole, messages


def test_adding_a_set_links_only_what_it_touches(homes) -> None:
    added, _, messages = homes
    linked = [m for m in messages if m.startswith("link ")]
    assert linked and "added records among" in linked[0], messages
    stored = next(m for m in messages if m.startswith("store "))
    again = int(stored.split(", ")[1].split()[0].replace(",", ""))
    total = sum(sum(c.values()) for c in added.counts.values())
    assert 0 < again < total / 10  # some FAQ rulings name ALA cards; few, not all


def test_an_added_set_gives_the_knowledge_base_a_whole_build_gives(homes) -> None:
    added, whole, _ = homes
    assert added.content_hash == whole.content_hash
    mine, theirs = _knowledge(added), _knowledge(whole)
    for key in theirs:
        assert mine[key] == theirs[key], key


def test_an_added_set_gives_the_search_results_a_whole_build_gives(homes) -> None:
    added, whole, _ = homes
    assert _searches(added) == _searches(whole)


def test_adding_rules_builds_whole(tmp_path: Path) -> None:
    """A Comprehensive Rules text changes resolution and lineage everywhere: whole build."""
    cr = extra_file(EXTRA / "cr" / "MagicCompRules-2009-10-01.txt")
    home = tmp_path / "home"
    kbbuild.ensure_built(DATA, home)
    messages: list[str] = []
    add_files(home, [cr], DATA, progress=messages.append)
    assert not any("added records among" in m for m in messages)
    assert any(m.startswith("link ") for m in messages)


def test_the_prefilter_keeps_every_record_that_names_an_added_card() -> None:
    """`_may_mention` reads texts as the name matcher does: a name across a line break,
    with a possessive, curly apostrophes, in a list; texts naming none are left out."""
    from kb.links.added import _may_mention
    from kb.links.graph import Linker
    from kb.model import Record

    cards = [Record(id=f"x:card:{n}", kind="card", source="mtgjson-x", title=title, text="")
             for n, title in enumerate(["Battlegrace Angel", "Elspeth, Knight-Errant",
                                        "Ajani's Mantra", "Forest", "Æther Snap"])]
    texts = ["When Battlegrace\nAngel attacks alone", "Elspeth, Knight-Errant’s ability",
             "Ajani’s Mantra gains you life", "Sacrifice a Forest: draw", "Æther Snap it",
             "an angel of battle", "Elspeth attacks", "Ajani's other mantra",
             "BATTLEGRACE ANGEL", ""]
    records = [Record(id=f"y:{n}", kind="ruling", source="faq", title="", text=text)
               for n, text in enumerate(texts)]
    probe = Linker(cards).names
    named = [r.id for r in records if r.text and probe.find(r.text, [])]
    kept = [r.id for r in _may_mention(records, cards)]
    assert named == ["y:0", "y:1", "y:2", "y:3", "y:4"]
    assert set(named) <= set(kept)
    assert not {"y:5", "y:6", "y:9"} & set(kept)


def test_adding_a_set_marks_its_rulings_without_the_keyword_modules(tmp_path: Path) -> None:
    """An addition marks the rulings it brings from the earlier forms the build it extends
    stored, no keyword module of the rules model loaded: Battlegrace Angel's lifelink
    ruling as the 2008 FAQ gave it (dated 2008-10-01) is superseded by the 2009 change;
    ALA's own rulings are not: the 2009-10-01 one ("they are redundant") is of the rules
    of its date, not of its set's (2008-10-03), and Cradle of Vitality's "multiple
    creatures ... with lifelink ... each ... separately" says nothing of instances."""
    import subprocess
    import sys

    ala = json.loads(extra_file(MTGJSON_ALA).read_text(encoding="utf-8"))
    faq = (DATA / "sources" / "shards-of-alara-faq-2008.txt").read_text(encoding="utf-8")
    said = " ".join(faq[faq.index("* Battlegrace Angel could cause"):].split("\n-----")[0]
                    .lstrip("* ").split())
    angel = next(card for card in ala["cards"] if card["name"] == "Battlegrace Angel")
    angel["rulings"].append({"date": "2008-10-01", "text": said})
    set_file = tmp_path / "ALA.json"
    set_file.write_text(json.dumps(ala), encoding="utf-8")
    home = tmp_path / "home"
    kbbuild.ensure_built(DATA, home)
    script = ("import sys; from pathlib import Path; from kb.build import add_files; "
              "build = add_files(Path(sys.argv[1]), [Path(sys.argv[2])], Path(sys.argv[3])).build; "
              "print(sorted(m for m in sys.modules if m.startswith('kb.rules.keywords'))); "
              "print(build.store)")
    out = subprocess.run([sys.executable, "-c", script, str(home), str(set_file), str(DATA)],
                         capture_output=True, text=True, check=True).stdout
    loaded, store = out.splitlines()
    assert loaded == "[]"
    with KnowledgeBase(Path(store)) as kb:
        rulings = [r for r in kb.records() if r.kind == "ruling" and r.source == "mtgjson-ala"]
        marks = kb.superseded(r.id for r in rulings) or {}
    faq_ruling = next(r for r in rulings if r.text == said)
    own = next(r for r in rulings if "lifelink, they are redundant" in r.text)
    assert (faq_ruling.era, own.era) == ("2008-10-01", "2009-10-01")
    assert marks[faq_ruling.id]["keyword"] == "lifelink"
    assert marks[faq_ruling.id]["era"] > "2009-07-11"
    assert set(marks) == {faq_ruling.id}
