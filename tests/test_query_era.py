"""The era a query names (`kb.query_era`) and how versions answer it (`kb.search_versions`)."""

from __future__ import annotations

import pytest

from kb.query_era import Calendar, Era, old_terms, read_era, uses, wording_era
from kb.search_versions import Group, Versions

HOME_SOURCES = [
    {"id": "mtgjson-xyz", "title": "Planes of Xyz (MTGJSON card data)", "format": "mtgjson",
     "date": "2031-02-03"},
    {"id": "xyz-faq", "title": "Planes of Xyz Frequently Asked Questions", "format": "set-faq",
     "date": "2031-01-20", "era": "2031-02-01"},
]


@pytest.fixture(scope="module")
def calendar() -> Calendar:
    return Calendar.of(HOME_SOURCES)


@pytest.mark.parametrize(("query", "date", "mode", "rest"), [
    ("in 2009 how did lifelink work", "2009-12-31", "as_of", "how did lifelink work"),
    ("2012 rules: the legend rule", "2012-12-31", "as_of", "the legend rule"),
    ("Champions of Kamigawa era rules: splice", "2004-10-01", "as_of", "splice"),
    ("Lorwyn: how does evoke work", "2007-10-12", "as_of", "how does evoke work"),
    ("M10 rules deathtouch", "2009-07-17", "as_of", "deathtouch"),
    # a rules change takes effect days before its set's release
    ("after the Magic 2010 rules change, deathtouch", "2009-07-03", "after", "deathtouch"),
    ("before the Magic 2010 rules change, lifelink", "2009-07-02", "as_of", "lifelink"),
    # in lower case, as players type: a name no plain word reads as, with its cue
    ("before magic 2010, what happened to floating mana", "2009-07-02", "as_of",
     "what happened to floating mana"),
    ("back in shards of alara, the legend rule", "2008-10-03", "as_of",
     "back , the legend rule"),
    ("after the 2013 legend rule change, two legends", "2013-01-01", "after",
     "legend rule , two legends"),
    # a set of the home's own (not in the shipped table), by name and by code
    ("Planes of Xyz era: the new keyword", "2031-02-03", "as_of", "the new keyword"),
    ("XYZ rules for the new keyword", "2031-02-03", "as_of", "for the new keyword"),
])
def test_an_era_named_by_year_set_or_change(calendar, query, date, mode, rest) -> None:
    era, left = read_era(query, calendar)
    assert era is not None and (era.date, era.mode) == (date, mode)
    assert left == rest


@pytest.mark.parametrize("query", [
    "what is the legend rule",
    "Chainer's Torment rulings",          # a set's name inside a card's name, no era cue
    "does judgment matter for legends",   # set names written as plain words
    "in legends, does banding matter",     # one word in lower case: a plain word too
    "all creatures get +2/+2",             # "ALL" is a set code only in capitals
    "rule 702.2013 and 2/2 tokens",
    "ALL creatures attack",                # a set code written alone, no era cue
    "in 2008",                             # era words only: searched as they are
])
def test_no_era_without_one(calendar, query) -> None:
    assert read_era(query, calendar) == (None, query)


GLOSSARY = [("Comes into Play", "cr-2005-01-01"), ("Comes into Play", "cr-2008-01-01"),
            ("Mana Burn", "cr-2008-01-01"), ("Mana Burn (Obsolete)", "cr-2026-01-01"),
            ("Flip a Coin", "cr-2008-01-01"), ("Converted Mana Cost", "cr-2008-01-01"),
            ("Converted Mana Cost", "cr-2020-01-01"), ("Tap", "cr-2008-01-01"),
            ("Tap", "cr-2026-01-01")]
VERSION_DATES = {s: s[3:] for _, s in GLOSSARY}
OLD = old_terms(GLOSSARY, VERSION_DATES, "cr-2026-01-01")


def _wording(query: str, newest_says=lambda term: False, renames=()) -> Era | None:
    return wording_era(query, OLD, newest_says, renames)


def test_old_terms_are_defined_only_by_older_glossaries() -> None:
    assert OLD == {"comes into play": "2008-01-01", "mana burn": "2008-01-01",
                   "flip a coin": "2008-01-01", "converted mana cost": "2020-01-01"}


def test_old_wording_dates_the_query_to_the_last_version_that_defined_it() -> None:
    # a term whose rule is gone (no successor): the era of the versions that had it
    assert _wording("does mana burn use the stack?") == Era(
        "2008-01-01", "wording", 'wording "mana burn" (defined until 2008-01-01)',
        ("mana burn",))
    # of two old terms, the earlier era
    assert _wording("mana burn of converted mana cost").date == "2008-01-01"
    # a term only renamed dates the words, not the rules: today's rule answers it
    # ("comes into play": kb.era rewrites it; "converted mana cost": the glossary's rename)
    assert _wording("Comes into play tapped, is that triggered?") is None
    renames = [("converted mana cost", "mana value")]
    assert _wording("converted mana cost", renames=renames) is None
    assert _wording("converted mana cost") is not None  # (no rename recorded: an era)
    era = _wording("mana burn of converted mana cost", renames=renames)
    assert era is not None and era.words == ("mana burn",)
    # ... unless the query asks how things were: then the renamed term dates it too
    era = wording_era("back when it was called converted mana cost, what was it of a meld?",
                      OLD, lambda term: False, renames, past=True)
    assert era is not None and era.words == ("converted mana cost",)
    assert era.date == "2020-01-01"
    assert wording_era("comes into play tapped, was that triggered?", OLD, lambda term: False,
                       past=True).words == ("comes into play",)
    # a term today's glossary defines, or today's rules use, or a part of a word, is not
    assert _wording("tap a creature") is None
    assert _wording("flip a coin", newest_says=lambda term: term == "flip a coin") is None
    assert _wording("mana burning") is None


def test_a_use_is_not_a_mention() -> None:
    assert uses(_rule("cr-2008", "2008", "It comes into play tapped."), "comes into play")
    assert not uses(_rule("cr-2026", "2026", 'Once "comes into play".'), "comes into play")
    assert not uses({"kind": "glossary", "title": "Mana Burn (Obsolete)",
                     "text": "This was mana burn."}, "mana burn")


def _rule(source: str, date: str, text: str, **extra: object) -> dict:
    return {"id": f"{source}:1", "kind": "rule", "source": source, "date": date,
            "title": "1 Rule", "text": text, "rule": "1", "refs": [], **extra}


def _group(*versions: tuple[str, str, float | None]) -> Group:
    """A lineage group of rule versions (source, text, candidate score or None)."""
    group = Group(("lineage", "x"), 0.0, {}, members=[f"cr-{d}:1" for d, _, _ in versions])
    for date, text, score in versions:
        group.records[f"cr-{date}:1"] = _rule(f"cr-{date}", date, text)
        if score is not None:
            group.scores[f"cr-{date}:1"] = (score, {"engine": score})
            group.score = max(group.score, score)
    return group


DATES = {f"cr-{d}": d for d in ("2005-01-01", "2011-01-01", "2013-07-11", "2016-01-01")}


def test_the_version_of_the_era_is_shown_and_ranked() -> None:
    group = _group(("2005-01-01", "all are put into graveyards", 3.0),
                   ("2011-01-01", "all are put into graveyards", 2.0),
                   ("2013-07-11", "that player chooses one", 5.0),
                   ("2016-01-01", "that player chooses one", 4.0))
    group.apply_era(Era("2012-12-31", "as_of", "year 2012"), DATES)
    assert group.score == 2.0 and group.parts["era"] == 1.0
    assert group.pick(None, None)["id"] == "cr-2011-01-01:1"
    assert group.pick("2006-01-01", None)["id"] == "cr-2005-01-01:1"  # --as-of overrides


def test_after_a_change_is_the_first_version_that_changed() -> None:
    group = _group(("2005-01-01", "all are put", 1.0), ("2011-01-01", "all are put", 1.0),
                   ("2013-07-11", "that player chooses one", 1.0),
                   ("2016-01-01", "that player chooses one again", 1.0))
    assert group.era_pick(Era("2011-01-01", "after", ""), DATES) == "cr-2013-07-11:1"
    assert group.era_pick(Era("2017-01-01", "after", ""), DATES) is None


def test_a_rule_with_no_version_then_ranks_lower() -> None:
    group = _group(("2013-07-11", "new rule", 4.0), ("2016-01-01", "new rule", 4.0))
    group.apply_era(Era("2009-12-31", "as_of", "year 2009"), DATES)
    assert group.score == 2.0 and group.parts["era"] == 0.5
    assert group.pick(None, None)["id"] == "cr-2013-07-11:1"  # the nearest to the era


def test_a_rule_gone_before_the_era_has_no_version_then() -> None:
    # its lineage ends in 2011: in 2014 the 2013-07-11 rules were in force, without it
    group = _group(("2005-01-01", "old rule", 3.0), ("2011-01-01", "old rule", 3.0))
    assert group.era_pick(Era("2014-12-31", "as_of", "year 2014"), DATES) is None
    assert group.era_pick(Era("2012-12-31", "as_of", "year 2012"), DATES) == "cr-2011-01-01:1"
    group.apply_era(Era("2014-12-31", "as_of", "year 2014"), DATES)
    assert group.parts["era"] == 0.5 and group.score == 1.5


def test_the_version_of_the_era_no_candidate_is_scored_by_its_own_words() -> None:
    group = _group(("2011-01-01", "draw one fewer", None), ("2016-01-01", "bottom", 4.0))
    group.parts = {"engine": 4.0}  # the best candidate's parts
    seen = []

    def rescore(record: dict, parts: dict) -> tuple[float, dict]:
        seen.append(record["id"])
        return parts["engine"] * 0.25, {**parts, "proximity": 0.25}

    group.apply_era(Era("2012-12-31", "as_of", "year 2012"), DATES, rescore)
    assert seen == ["cr-2011-01-01:1"]
    assert group.score == 1.0 and group.parts["era"] == 1.0
    assert group.pick(None, None)["id"] == "cr-2011-01-01:1"


def test_old_wording_shows_the_newest_version_that_says_it(tmp_path) -> None:
    words = ("comes into play tapped", "enters the battlefield tapped")
    group = _group(("2005-01-01", "It comes into play tapped.", 3.0),
                   ("2011-01-01", "It enters the battlefield tapped.", 1.0),
                   ("2016-01-01", "It enters tapped.", 1.0))
    group.apply_era(Era("2005-01-01", "wording", "", words), DATES)
    assert group.score == 3.0 and "era" not in group.parts  # its rank is kept
    assert group.pick(None, None)["id"] == "cr-2011-01-01:1"
    gone = _group(("2005-01-01", "This is called mana burn.", 3.0),
                  ("2016-01-01", "Unused mana empties.", 1.0))
    gone.apply_era(Era("2005-01-01", "wording", "", ("mana burn",)), DATES)
    assert gone.pick(None, None)["id"] == "cr-2005-01-01:1"
    assert Versions(tmp_path / "none.sqlite").newest_says("anything") is False


def test_a_query_naming_an_era_is_answered_as_of_it(large_home) -> None:
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    # the versions at hand: 2008-10-01, 2009-10-01, 2012-10-01, 2026-01-16
    found = searcher.search("how did lifelink work in 2008")
    assert found.era == "year 2008 (2008-12-31)" and found.query.endswith("in 2008")
    rules = [h for h in found.hits if h.record["source"].startswith("cr-")]
    first = rules[0]
    assert first.record["source"] == "cr-2008-10-01" and first.parts["era"] == 1.0
    assert "lifelink is a triggered ability" in first.record["text"].lower()
    assert {"cr-2026-01-16", "cr-2012-10-01"} <= {v["source"] for v in first.versions}
    # after the Magic 2010 rules change: the first version after it
    after = searcher.search("after the Magic 2010 rules change, how does lifelink work",
                            kind="rule").hits
    assert after[0].record["source"] == "cr-2009-10-01"
    assert any(h.record["text"] == "Lifelink is a static ability." for h in after[:5])
    # --as-of overrides the era the words name, and the era's words are not searched
    as_of = searcher.search("how did lifelink work in 2008", kind="rule", as_of="2013-01-01")
    assert as_of.era is None and as_of.hits[0].record["source"] == "cr-2012-10-01"
    # a set named with an era cue, from the home's own MTGJSON file (Shards of Alara)
    alara = searcher.search("Shards of Alara era rules: lifelink", kind="rule")
    assert alara.era and alara.era.startswith("set Shards of Alara")
    assert alara.hits[0].record["source"] == "cr-2008-10-01"


def test_an_entry_the_era_had_not_leads_to_its_rule_as_it_stood_then(large_home) -> None:
    """The glossary has had a "Legend Rule" entry (a pointer to 704.5k) since 2009; 2008's
    420.5e already called itself the "legend rule". Asked "in 2008", the entry (no version
    then) led to 2009's 704.5k; it now leads to the rule as it stood in 2008, and asked "in
    2005" (no rules version then) to the first version after it, 2008's. A rule of
    the era that does not say the entry's term (2012's mulligan rule for the London
    Mulligan) is not shown for it."""
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    try:
        first = searcher.search("in 2008 what was the legend rule").hits[0]
        assert first.record["id"] == "cr-2008-10-01:420.5e", first.record["id"]
        assert first.context and first.context["title"] == "Legend Rule"
        # asked of a year before every version at hand: the first version after it
        before = searcher.search("in 2005 what was the legend rule").hits[0]
        assert before.record["id"] == "cr-2008-10-01:420.5e", before.record["id"]
        london = searcher.search("in 2020 how did the London mulligan work?").hits[0]
        assert london.record["source"] == "cr-2026-01-16"
        assert "on the bottom of their library in any order" in london.record["text"]
    finally:
        searcher.close()


def test_a_hyphenated_old_term_is_read_with_or_without_its_hyphens() -> None:
    # the 2005 glossary's "Removed-from-the-Game Zone"; a record's text is read with
    # hyphens as spaces (`uses`), so is the term, and a query however it writes it
    titles = [("Remove from the Game, Removed, Removed-from-the-Game Zone", "cr-2005-01-01"),
              ("Exile", "cr-2026-01-01")]
    old = old_terms(titles, {s: s[3:] for _, s in titles}, "cr-2026-01-01")
    assert old["removed from the game zone"] == "2005-01-01"
    record = _rule("cr-2005", "2005", "Cards in the removed-from-the-game zone are face up.")
    assert uses(record, "removed from the game zone")
    # renamed (exile; the one word "removed" today's rules still use): no era, however
    # the query writes it
    for query in ("can cards in the removed-from-the-game zone be looked at?",
                  "removed from the game zone: can players look at those cards"):
        assert wording_era(query, old, lambda term: term == "removed") is None
    # a hyphenated term whose rule is gone, written with or without its hyphen
    gone = old_terms([("Poly-Artifact", "cr-2005-01-01"), ("Artifact", "cr-2026-01-01")],
                     {"cr-2005-01-01": "2005-01-01", "cr-2026-01-01": "2026-01-01"},
                     "cr-2026-01-01")
    for query in ("what was a poly-artifact?", "poly artifact tapping"):
        era = wording_era(query, gone, lambda term: False)
        assert era is not None and era.date == "2005-01-01"


def test_a_group_is_obsolete_by_its_rules_versions_only() -> None:
    def group(*members: str) -> Group:
        return Group(("lineage", members[0]), 1.0, {}, members=list(members))

    newest = "cr-2026-01-16"
    # a keyword of the 2010-2021 rules that a 2012 FAQ quotes: gone all the same
    assert group("cr-2010-10-01:keyword:totem-armor",
                 "keyword-abilities-faq-thread-2012:keyword:totem-armor").obsolete(newest)
    assert not group("cr-2010-10-01:702.86a", "cr-2026-01-16:702.89a").obsolete(newest)
    # a FAQ's own answer, in no rules version, is not a rule that is gone
    assert not group("keyword-abilities-faq-thread-2012:keyword:miracle:qa:5").obsolete(newest)


def test_with_no_version_of_the_era_the_first_after_it_among_all_versions_is_shown() -> None:
    # only the 2016 version was a candidate; the 2013 one is fetched later (`complete`)
    group = _group(("2013-07-11", "new rule", None), ("2016-01-01", "new rule", 4.0))
    first = group.records.pop("cr-2013-07-11:1")
    group.apply_era(Era("2009-12-31", "as_of", "year 2009"), DATES)
    group.records[first["id"]] = first
    assert group.pick(None, None)["id"] == "cr-2013-07-11:1"
