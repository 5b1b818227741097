"""The era a query names (`kb.query_era`) and how versions answer it (`kb.search_versions`)."""

from __future__ import annotations

import pytest

from kb.query_era import Calendar, Era, phrases, read_era, uses, wording_era
from kb.search_versions import Group, Versions, is_rules_version

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
    "all creatures get +2/+2",             # "ALL" is a set code only in capitals
    "rule 702.2013 and 2/2 tokens",
])
def test_no_era_without_one(calendar, query) -> None:
    assert read_era(query, calendar) == (None, query)


def test_phrases_are_runs_of_content_words() -> None:
    content = lambda w: w not in {"the", "on", "into", "is", "it"}  # noqa: E731
    assert phrases("combat damage on the stack", content) == [
        "combat damage", "damage on the stack"]
    assert "comes into play" in phrases("comes into play tapped", content)


def _rule(source: str, date: str, text: str, **extra: object) -> dict:
    return {"id": f"{source}:1", "kind": "rule", "source": source, "date": date,
            "title": "1 Rule", "text": text, "rule": "1", "refs": [], **extra}


def test_old_wording_dates_the_query_to_the_last_version_that_used_it() -> None:
    content = lambda w: w not in {"is", "that", "a", "into", "the"}  # noqa: E731
    records = [_rule("cr-2005-01-01", "2005-01-01", "It comes into play tapped."),
               _rule("cr-2008-01-01", "2008-01-01", "It comes into play tapped."),
               _rule("cr-2026-01-01", "2026-01-01", 'It enters tapped. Once "comes into play".')]
    era = wording_era("comes into play tapped, is that triggered?", records, "cr-2026-01-01",
                      content, is_rules_version, lambda phrase: False)
    assert era == Era("2008-01-01", "wording", 'wording "comes into play" (used until 2008-01-01)',
                      ("comes into play", "enters the battlefield"))
    # the newest rules say it elsewhere: not old wording
    assert wording_era("comes into play tapped", records, "cr-2026-01-01", content,
                       is_rules_version, lambda phrase: True) is None
    # a mention in quotes, or an "(Obsolete)" glossary entry, is not a use
    assert not uses(records[2], "comes into play")
    assert not uses({"kind": "glossary", "title": "Mana Burn (Obsolete)",
                     "text": "This was mana burn."}, "mana burn")


def test_a_card_name_in_old_examples_is_not_old_wording() -> None:
    content = lambda w: w not in {"can", "i"}  # noqa: E731
    records = [_rule("cr-2012-01-01", "2012-01-01", "Example: Sorin Markov controls it.",
                     cards=["Sorin Markov"]),
               _rule("cr-2026-01-01", "2026-01-01", "Another example.")]
    assert wording_era("Sorin Markov can I", records, "cr-2026-01-01", content,
                       is_rules_version, lambda phrase: False) is None


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
