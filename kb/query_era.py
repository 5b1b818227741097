"""The era a query names: a date search should answer as of, read from the query's words.

A query may name an era by a year ("in 2009", "2012 rules"), by a set or block ("Shards of
Alara era rules", "in Lorwyn", "M10 rules") or by a rules change ("after the Magic 2010
rules change", "before the 2013 legend rule change"). `read_era` finds it, gives the date
and how to use it (`Era`), and returns the query without the era's words, so that "era",
"rules", "change" and the set's name don't match records as content words. Set dates come
from a `Calendar`: the home's own sources (an MTGJSON set's release date, a set FAQ's
rules era) and the shipped table `set_dates.json` (core sets and expansions, written by
`bench/make_set_dates.py` from MTGJSON set files).

Old wording implies an era when its rules are gone ("mana burn", "planeswalker uniqueness
rule"): `wording_era` reads it from the documents, not from a list: a term of the query
that the glossaries of older rules versions define and the newest neither defines nor uses
(a mention in quotes or under an "(Obsolete)" title is not a use) dates the query to the
last version that defined it. A term only renamed ("converted mana cost", "comes into
play") dates the words, not the rules: today's rule answers it. Like the vocabulary layer
it imports nothing of the project but `kb.era`.
"""

# No `from __future__ import annotations`: a `NamedTuple` class compiles each field's
# annotation that is a string (a postponed one) at import, a cold search's cost.

import functools
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

from kb.era import modernize, obsolete_term
from kb.patterns import lazy

SET_DATES = Path(__file__).with_name("set_dates.json")
# A rules update takes effect a few days before its set's release (2009-07-11 for Magic 2010,
# released 2009-07-17): "after the X change" starts this many days before X's release.
CHANGE_LEAD_DAYS = 14
# Years a query may name (Magic's first rules to a decade past the newest at hand).
FIRST_YEAR, LAST_YEAR = 1993, 2039

# Words that make a name an era: before it ("in Lorwyn", "after the M10 change") ...
_BEFORE = r"(?:in|during|since|as of|around|from|at|until|till|prior to|before|after|post|pre)"
_CUE_BEFORE = rf"\b(?P<cue>{_BEFORE})(?:\s+the)?\s*[-\s]\s*$"
# ... or after it ("Lorwyn era", "2012 rules", "the Magic 2010 rules change")
_CUE_AFTER = (
    r"^(?P<tail>(?:[-\s]+(?:era|block|rules?|release|prerelease|update|changes?|days|times?|"
    r"faq|comprehensive rules|version))+)\b")
# "after the 2013 legend rule change": the change word within a few words after the name
_CHANGE_WORD = (r"^(?P<between>(?:\s+[\w'-]+){0,5}?)\s+(?P<word>changes?|updates?|"
                r"revisions?|overhaul)\b")
_AFTER_CUES = ("since", "after", "post")
_BEFORE_CUES = ("before", "prior to", "until", "till", "pre")
_YEAR = lazy(r"(?<![\w./-])((?:19|20)\d\d)(?![\w./-]|/\d)")
_CODE = lazy(r"\b[A-Z0-9]{3}\b")


class Era(NamedTuple):
    """When a query asks about: `date` and its `mode` ("as_of": the rules in force on that
    date; "after": the first version from that date on that changed; "wording": the query
    words it as the rules did until that date), and why (`reason`, for --explain)."""

    date: str
    mode: str
    reason: str
    # for "wording": the old words and the same in today's terms, lower case
    words: tuple[str, ...] = ()


class Calendar(NamedTuple):
    """Names and codes of sets and blocks with their dates (lower-case name -> date)."""

    names: dict[str, str]
    codes: dict[str, str]

    @classmethod
    def of(cls, sources: Iterable[dict[str, Any]]) -> "Calendar":
        """The shipped table, with the home's own sets and FAQs (their dates win)."""
        names, codes = dict(_shipped()[0]), dict(_shipped()[1])
        # a set's own card file (its release date) over its FAQ (the rules era it names)
        for source in sorted(sources, key=lambda s: s.get("format") == "mtgjson"):
            title, date = source.get("title") or "", source.get("date") or ""
            if source.get("format") == "mtgjson" and date:
                name = re.sub(r"\s*\(MTGJSON[^)]*\)\s*$", "", title)
                names.update(_aliases(name, date))
                codes[source["id"].removeprefix("mtgjson-").upper()] = date
            elif source.get("format") == "set-faq" and (era := source.get("era") or date):
                name = re.sub(r"\s*(?:Frequently Asked Questions|FAQ|Release Notes)\b.*$", "",
                              title, flags=re.IGNORECASE)
                if name and name != title:
                    names.update(_aliases(name, era))
        return cls(names, codes)

    def mentions(self, text: str) -> list[tuple[int, int, str, str]]:
        """(start, end, name as written, date) of each set, block or code in `text`."""
        low = text.lower()
        present = sorted((n for n in self.names if n in low), key=len, reverse=True)
        found = [(m.start(), m.end(), m.group(0), self.names[m.group(0).lower()])
                 for m in re.finditer(r"\b(" + "|".join(map(re.escape, present)) + r")\b",
                                      text, re.IGNORECASE)] if present else []
        taken = [(s, e) for s, e, _, _ in found]
        found += [(m.start(), m.end(), m.group(0), self.codes[m.group(0)])
                  for m in _CODE.finditer(text) if m.group(0) in self.codes
                  and not any(s <= m.start() < e for s, e in taken)]
        return sorted(found)


def _aliases(name: str, date: str) -> dict[str, str]:
    """A set's name and its short forms ("Magic 2014 Core Set" -> also "Magic 2014")."""
    out = {name.lower(): date}
    short = re.sub(r"\s+(?:Core Set|Edition)$", "", name)
    if short != name and len(short.split()) > 1:
        out[short.lower()] = date
    return out


@functools.cache
def _shipped() -> tuple[dict[str, str], dict[str, str]]:
    try:
        table = json.loads(SET_DATES.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}, {}
    names: dict[str, str] = {}
    for block in table.get("blocks", []):
        names[block["name"].lower()] = block["date"]
    for row in table.get("sets", []):
        names.update(_aliases(row["name"], row["date"]))
    return names, {row["code"]: row["date"] for row in table.get("sets", [])}


def read_era(text: str, calendar: Calendar) -> tuple[Era | None, str]:
    """The era the query names and the query without its era words (unchanged when none).
    A set or block name counts only with an era cue ("in", "after the", "era", "rules",
    a query that opens with it: "Lorwyn: ..."), or written as a set code; a year counts
    as written."""
    refs = [(s, e, w, d, True) for s, e, w, d in calendar.mentions(text)]
    taken = [(s, e) for s, e, *_ in refs]
    refs += [(m.start(), m.end(), m.group(1), f"{m.group(1)}-12-31", False)
             for m in _YEAR.finditer(text)
             if FIRST_YEAR <= int(m.group(1)) <= LAST_YEAR
             and not any(s <= m.start() < e for s, e in taken)]
    for start, end, written, date, is_set in sorted(refs):
        # (patterns compiled on first need: most queries name no era)
        before = re.search(_CUE_BEFORE, text[:start], re.IGNORECASE)
        after = re.search(_CUE_AFTER, text[end:], re.IGNORECASE)
        opening = not text[:start].strip() and text[end:end + 1] in (":", ",")
        # a code alone is an era only with a digit ("M10"): "ALL", "CON" are words too
        coded = written.isupper() and any(c.isdigit() for c in written)
        if is_set and not (before or after or opening or coded):
            continue
        # a name written in lower case, with a cue before it only, when no plain word
        # reads so ("before magic 2010", "in shards of alara"; not "in legends")
        if is_set and not written[:1].isupper() and not after and not _not_a_word(written):
            continue
        cut = [(before.start("cue") if before else start, end + (after.end() if after else 0))]
        cue = before.group("cue").lower() if before else ""
        change = None if after else re.search(_CHANGE_WORD, text[end:], re.IGNORECASE)
        if change and cue:
            cut.append((end + change.start("word"), end + change.end("word")))
        year = written if not is_set else ""
        label = f"{'set ' if is_set else 'year '}{written}"
        if cue in _AFTER_CUES:
            start_date = f"{year}-01-01" if year else _shift(date, -CHANGE_LEAD_DAYS)
            era = Era(start_date, "after", f"after {label} ({start_date})")
        elif cue in _BEFORE_CUES:
            end_date = f"{int(year) - 1}-12-31" if year else _shift(date, -CHANGE_LEAD_DAYS - 1)
            era = Era(end_date, "as_of", f"before {label} ({end_date})")
        else:
            era = Era(date, "as_of", f"{label} ({date})")
        rest = _without(text, cut)
        # a query of era words only ("Lorwyn", "2008") is searched as it is
        return (era, rest) if _WORD.search(rest.lower()) else (None, text)
    return None, text


def _not_a_word(name: str) -> bool:
    """Whether a set's name cannot be read as a plain word: several words, or a digit.

    >>> _not_a_word("magic 2010"), _not_a_word("shards of alara"), _not_a_word("legends")
    (True, True, False)
    """
    return len(name.split()) > 1 or any(c.isdigit() for c in name)


def _shift(date: str, days: int) -> str:
    import datetime as dt

    return (dt.date.fromisoformat(date) + dt.timedelta(days=days)).isoformat()


def _without(text: str, cuts: list[tuple[int, int]]) -> str:
    for start, end in sorted(cuts, reverse=True):
        text = text[:start] + " " + text[end:]
    return " ".join(text.split()).strip(" :,")


# A word of a query or record, lower case, for finding runs of words as written.
_WORD = lazy(r"[a-z0-9]+(?:['’-][a-z0-9]+)*")
# Quoted text: a term mentioned ("the "in-play zone""), not used.
_QUOTED = lazy(r"[\"“”][^\"“”]{0,80}[\"“”]")


def old_terms(titles: Iterable[tuple[str, str]], dates: dict[str, str],
              newest_cr: str) -> dict[str, str]:
    """The terms older rules versions define in their glossary and the newest does not
    (but as "(Obsolete)"), each with the date of the last version that defined it, from
    (title, source) of glossary entries; hyphens read as spaces ("in-play zone" is "in play
    zone"), as `uses` reads a text and `wording_era` a query."""
    last: dict[str, str] = {}
    live: set[str] = set()
    for title, source in titles:
        if obsolete_term(title) is not None:
            continue
        for part in title.lower().split(","):  # "Remove from the Game, Removed, ..."
            term = " ".join(part.replace("-", " ").split())  # as `uses` reads a text
            if source == newest_cr:
                live.add(term)
            elif source in dates and term:
                last[term] = max(last.get(term, ""), dates[source])
    return {term: date for term, date in last.items() if term not in live}


def uses(record: dict[str, Any], phrase: str, mentions: bool = False) -> bool:
    """Whether a record's own words say the phrase: not in quotes, not as the subject of an
    "(Obsolete)" glossary entry (with `mentions`, there too)."""
    if not mentions and record["kind"] == "glossary" and obsolete_term(record["title"]):
        return False
    text = _plain(record["text"], mentions)
    return phrase in text and re.search(rf"\b{re.escape(phrase)}\b", text) is not None


@functools.lru_cache(maxsize=512)
def _plain(text: str, quoted: bool = False) -> str:
    """A record's text in lower case, hyphens as spaces, quoted stretches left out (unless
    `quoted`)."""
    text = text.lower() if quoted else _QUOTED.sub(" ", text.lower())
    return " ".join(text.replace("-", " ").split())


def wording_era(text: str, terms: dict[str, str], newest_says: Callable[[str], bool],
                renames: Iterable[tuple[str, str]] = (), past: bool = False) -> Era | None:
    """The era the query's wording belongs to: an old term of the query (`terms`, from
    `old_terms`) whose rules are gone, so that only older versions answer it ("mana burn",
    "planeswalker uniqueness rule"). A term that was only renamed ("converted mana cost",
    "comes into play", "removed from the game": `kb.era.modernize` rewrites it, or the
    glossary's `renames`, (old term, new term), name its successor) dates the words, not
    the rules: it is read in today's terms and answered by today's rule, unless the query
    asks how things were (`past`: "back when it was called converted mana cost, what was
    ..."). So is a term the newest rules still use (`newest_says`, asked only of the
    query's remaining old terms). The era is the last version that defined the term (of
    several such terms, the earliest of those); its `words` are the term."""
    folded = " ".join(_WORD.findall(text.lower().replace("-", " ")))
    renamed = set() if past else {" ".join(old.replace("-", " ").split()) for old, _ in renames}
    found = sorted((date, term) for term, date in terms.items()
                   if term in folded and re.search(rf"(?<![\w'-]){re.escape(term)}(?![\w'-])",
                                                   folded)
                   and term not in renamed and (past or modernize(term).lower() == term)
                   and not newest_says(term))
    if not found:
        return None
    date, term = found[0]
    return Era(date, "wording", f'wording "{term}" (defined until {date})', (term,))
