"""What a build works out once and stores (`kb.derived`): the marks of superseded rulings
and the glossary terms the newest rules no longer define. Read back, they are what the
rules model and the store's records give when worked out on the spot."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from kb.patterns import alternatives
from kb.store import GONE, GONE_FOR, OLD_TERMS, OLD_TERMS_FOR, KnowledgeBase
from kb.superseded import FORMS, MARKED_UP_TO, MARKS, spec_forms, superseded_by

BATTLEGRACE = "shards-of-alara-faq-2008:card:battlegrace-angel:ruling:1"


def _without_derived(build, tmp_path: Path) -> Path:
    """A copy of a build's store without what the build derived (a store of before)."""
    copy = tmp_path / "kb.sqlite"
    shutil.copyfile(build.store, copy)
    db = sqlite3.connect(copy)
    for table in (MARKS, MARKED_UP_TO, FORMS, GONE, GONE_FOR, OLD_TERMS, OLD_TERMS_FOR):
        db.execute(f"drop table {table}")
    db.commit()
    db.close()
    return copy


def test_stored_marks_are_the_rules_models_for_every_ruling(shipped_build, tmp_path) -> None:
    with KnowledgeBase(shipped_build.store) as kb:
        rulings = list(kb.answers_after(0))
        stored = kb.superseded(r.id for r in rulings)
        assert stored == superseded_by(kb, rulings)
    assert stored is not None and BATTLEGRACE in stored
    assert stored[BATTLEGRACE]["keyword"] == "lifelink"
    with KnowledgeBase(_without_derived(shipped_build, tmp_path)) as kb:
        assert kb.superseded([BATTLEGRACE]) is None  # nothing stored: worked out
        assert superseded_by(kb, rulings) == stored
        # one at a time, as a search or `show` of one card asks
        assert {k: v for r in rulings for k, v in superseded_by(kb, [r]).items()} == stored


def test_stored_forms_are_the_keyword_specs_for_every_keyword_defined(shipped_build) -> None:
    """The earlier forms a build stores beside its marks (what an addition marks from) are
    the keyword specs' for every keyword the store defines (lifelink's 2009 change
    included)."""
    import json

    from kb.rules.registry import fold_name

    with KnowledgeBase(shipped_build.store) as kb:
        names = {fold_name(title) for title in kb.titles(["keyword"])}
    db = sqlite3.connect(shipped_build.store)
    stored = {name: json.loads(data) for name, data in db.execute(f"select * from {FORMS}")}
    db.close()
    assert set(stored) == names
    assert stored == {name: json.loads(json.dumps(spec_forms(name))) for name in names}
    assert stored["lifelink"] and stored["lifelink"][0][0] == "separate"


def test_stored_titles_gone_are_the_stores_answer(large_home: Path, tmp_path: Path) -> None:
    from kb.build import ensure_built
    from tests.conftest import DATA

    build = ensure_built(DATA, large_home)
    with KnowledgeBase(build.store) as kb:
        crs = sorted(s["id"] for s in kb.sources() if s["id"].startswith("cr-"))
        newest, older = crs[-1], crs[:-1]
        stored = kb.titles_gone("glossary", older, newest)
        assert kb.titles_gone("glossary", older[:1], newest) == [
            row for row in stored if row[1] == older[0]]
    with KnowledgeBase(_without_derived(build, tmp_path)) as kb:
        assert kb.titles_gone("glossary", older, newest) == stored
        assert kb.titles_gone("glossary", older[:1], newest) == [
            row for row in stored if row[1] == older[0]]
    assert stored and {source for _, source in stored} <= set(older)


def test_stored_old_terms_are_what_the_titles_gone_give(large_home: Path,
                                                        tmp_path: Path) -> None:
    """The terms only older rules versions define, as a search reads them (stored by the
    build), are those worked out from the glossary titles the newest rules dropped."""
    from kb.build import ensure_built
    from kb.search_versions import Versions
    from tests.conftest import DATA

    build = ensure_built(DATA, large_home)
    versions = Versions(build.store)
    with KnowledgeBase(build.store) as kb:
        stored = kb.old_terms(versions.newest_cr)
    assert stored and stored == versions.work_out_old_terms() == versions.old_terms
    assert all(date < versions.dates[versions.newest_cr] for date in stored.values())
    versions.close()
    before = Versions(_without_derived(build, tmp_path))
    assert before._kb.old_terms(before.newest_cr) is None  # nothing stored: worked out
    assert before.old_terms == stored
    before.close()


@pytest.mark.parametrize("words", [["flash", "flashback", "flying", "first strike"],
                                   ["a" * n for n in range(1, 120)],  # written flat
                                   ["x.y", "x", "x+", "(", "ab c", "ab"]])
def test_alternatives_match_what_a_flat_alternation_matches(words: list[str]) -> None:
    import re

    flat = "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))
    text = " ".join([*words, "flashbacks", "Flying", "FLASH", "x.y.", "aaa aa", "ab cd"])
    for template in (r"\b({})\b", "({})"):
        assert (re.findall(template.format(alternatives(words)), text, re.I)
                == re.findall(template.format(flat), text, re.I))
