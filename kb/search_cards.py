"""The subjects of records and the cards a query names.

A card record, a card's ruling, and a ruling or Q&A answer filed under a keyword of its
document are about a subject (the card, the keyword). "does Etherium Sculptor reduce
colored mana" names Etherium Sculptor: the words of its name are in its card record and in
every ruling of it, so they tell those records apart not at all; among the records about a
card the query names, the rest of the query decides (the card record, a description, wins
only when the query says no more than the name). A record about a subject the query does
not name answers something narrower than what was asked (`unsaid_subject`): a rule of
the Two-Headed Giant variant, a keyword's rule, a Q&A answer filed under another keyword.
"""

from __future__ import annotations

import functools
from typing import Any

from kb import rulenum
from kb.era import glossary_term, modernize
from kb.index import stems, tokens
from kb.model import slugify
from kb.patterns import lazy
from kb.text import FUNCTION_WORDS, games_named

# the kinds of the rules' own records (a rule, a keyword's definition, a glossary entry)
_RULES_KINDS = frozenset(("rule", "keyword", "glossary"))
# '"Dredge N" means', '"Bands with other" is': a term a rule defines
_DEFINES = lazy(r'"([^"\n]{2,40})"\s+(?:means|is|refers to)\b')
# a definition's parameters: "[cost]", "N", "X"
_PARAMETER = lazy(r"\[[^\]]*\]|\b[NX]\b")
# the names in an entry's title: 'Banding, "Bands with Other"'
_NAME_SEPARATOR = lazy(r'[,;"“”]')
# where a query says a card's name: the form said (its stems), its start and its end
# among the query's stems; () where the query does not say it
CardPlace = tuple[tuple[str, ...], int, int] | tuple[()]


def named_cards(query_stems: list[str], records: list[dict[str, Any]],
                capitalised: frozenset[int] = frozenset(),
                places: dict[str, CardPlace] | None = None) -> dict[str, set[str]]:
    """The cards (of the records' `cards`) the query names, each with the stems of its name
    the query says: the whole name in order, or a shorter form players use (`name_forms`:
    "Thassa" for Thassa, God of the Sea; "Mirari Conjecture"), or the name's first word
    where the query writes it with a capital (`capitalised`: positions in `query_stems`),
    as a name ("Tezzeret's -5" for Tezzeret the Seeker). A name said only inside a longer
    name the query says is not named ("Silence" in "Stony Silence", "Garruk" in
    "Garruk's Horde"). (`places`: where the query says each card it was asked about
    already, `()` for nowhere, for the same query's next records: added to.)"""
    said = list(query_stems)
    places = {} if places is None else places
    found: dict[str, tuple[tuple[str, ...], int, int]] = {}
    names: dict[str, int] | None = None
    for record in records:
        for card in record.get("cards") or ():
            if (place := places.get(card)) is None:
                if names is None:  # each capitalised stem at its first place
                    names = {said[i]: i for i in sorted(capitalised, reverse=True)}
                place = places[card] = _said_at(said, card, names)
            if place:
                found[card] = place
    spans = [(start, end) for _, start, end in found.values()]
    return {card: set(form) for card, (form, start, end) in found.items()
            if not any(a <= start and end <= b and (a, b) != (start, end) for a, b in spans)}


def _said_at(said: list[str], card: str, names: dict[str, int]) -> CardPlace:
    """Where the query (`said`) says a card's name: the form said, its start and end (`()`
    for nowhere; `names`: the capitalised stems' first places)."""
    for form in name_forms(card):
        if (start := _find(said, form)) is not None:
            return form, start, start + len(form)
    if names and (first := given_name(card)) is not None and \
            (start := names.get(first)) is not None:
        return (first,), start, start + 1
    return ()


def _find(said: list[str], form: tuple[str, ...]) -> int | None:
    """Where `form` first stands, word for word, in `said` (None if nowhere)."""
    size = len(form)
    for i in range(len(said) - size + 1):
        if said[i] == form[0] and tuple(said[i:i + size]) == form:
            return i
    return None


@functools.lru_cache(maxsize=20000)
def name_forms(name: str) -> tuple[tuple[str, ...], ...]:
    """The stems of a card's name as a query may say it: whole, without a leading "The",
    and for a name with an epithet after a comma, the part before it ("Karn" of Karn,
    Scion of Urza)."""
    forms = [name_stems(name)]
    if name.lower().startswith("the "):
        forms.append(name_stems(name[4:]))
    if "," in name:
        forms.append(name_stems(name.split(",", 1)[0]))
    return tuple(f for f in dict.fromkeys(forms) if f)


@functools.lru_cache(maxsize=20000)
def given_name(name: str) -> str | None:
    """The stem of a name's first word before an epithet ("the ...", "of ..."), the way
    players call a legend by its own name ("Tezzeret" of Tezzeret the Seeker, "Rafiq" of
    Rafiq of the Many, "Daxos" of Daxos of Meletis; as "Karn" of Karn, Scion of Urza:
    `name_forms`); None for any other name ("Jace Beleren": "Jace" is also the
    planeswalker type) and where the first word is a function word ("Into the Roil")."""
    words = [t.word for t in tokens(modernize(name))]
    if len(words) < 3 or words[0] in FUNCTION_WORDS or words[1] not in ("the", "of"):
        return None
    first = stems(words[0])
    return first[0] if first else None


def about(record: dict[str, Any], named: dict[str, set[str]]) -> list[str]:
    """The named cards a record is about: of its cards, the one it is filed under when it
    is a card's ruling (`src:card:slug:ruling:n`: a ruling of Lich's Mirror that mentions
    Immortal Coil is about Lich's Mirror), else each (a card's own record; a ruling of a
    FAQ section on a cycle, about the cards it names). A rule, keyword or glossary entry is
    about no card: the cards it names are its examples' (707.4 names Giant Growth, and is
    no answer to every question on Giant Growth; `subjects` reads them so too)."""
    if record["kind"] in _RULES_KINDS:
        return []
    cards = [card for card in record.get("cards") or [] if card in named]
    if not cards or record["kind"] != "ruling":
        return cards
    slug = filed_under(record["id"], "card")
    if slug is None:
        return cards
    return [card for card in cards if slugify(card) == slug]


def subjects(record: dict[str, Any]) -> list[str]:
    """What a record is about: a rule's heading ("Two-Headed Giant Variant", "Enlist"), a
    keyword's or glossary entry's name (the cards the rules name are their examples'
    cards, not what they are about: 707.10 names Fork and Fling); the cards of any other
    record; and for a ruling or Q&A answer the keyword entry of its own document it is
    filed under (`src:keyword:miracle:qa:5` -> "miracle"), or what the FAQ section it is
    filed under names (`section_subject`); and the games a rule says it
    applies to ("... in a Two-Headed Giant game, ...": 119.4a is the life payment rule of
    that variant, where its heading is "Life")."""
    if record["kind"] in _RULES_KINDS:
        found = [heading(record["title"])]
        if record["kind"] == "rule":
            found += games_named(record.get("text") or "")
    else:
        found = list(record.get("cards") or [])
    # a ruling or Q&A answer: filed under the keyword its id names, whether or not its text
    # links the keyword (a Q&A saying "flash back" links "flash")
    if record["kind"] in ("ruling", "qa") and \
            (slug := filed_under(record["id"], "keyword")) is not None:
        found.append(slug.replace("-", " "))
    # filed under a section of a FAQ: what the section names, read from a ruling's title
    # ("Grixis Keyword Ability: Unearth — ruling 2"); a Q&A answer's title is its
    # question, so from its id, as one filed under a keyword ("ability-words")
    if record["kind"] in ("ruling", "qa") and \
            (slug := filed_under(record["id"], "section")) is not None:
        found.append(section_subject(record["title"]) if record["kind"] == "ruling"
                     else slug.replace("-", " "))
    return found


def section_subject(title: str) -> str:
    """What a FAQ section's ruling is about, from its title (as `ingest.prose_blocks`
    titles a ruling: the section's title, " — ruling N"): the section's title after its
    kind ("Theme: ", "Cycle: ").

    >>> section_subject('Theme: "Death Triggers" — ruling 6')
    'Death Triggers'
    >>> section_subject("Grixis Keyword Ability: Unearth — ruling 2")
    'Unearth'
    """
    section = title.rsplit(" — ", 1)[0]
    return section.rsplit(":", 1)[-1].replace('"', "").strip()


def filed_under(record_id: str, kind: str) -> str | None:
    """The slug of the entry of `kind` ("card", "keyword", "section") a ruling or Q&A
    answer is filed under, read from its id (`src:keyword:living-weapon:qa:3` ->
    "living-weapon"; a
    card's variant suffix dropped: `src:card:fire~ice:ruling:1` -> "fire"), else None."""
    parts = record_id.split(":", 4)
    if len(parts) < 5 or parts[1] != kind:
        return None
    return parts[2].split("~", 1)[0]


def keyword_unsaid(record: dict[str, Any], said: set[str]) -> bool:
    """Whether a record is a keyword's own entry (its rules, or its glossary entry), or a
    ruling or Q&A answer filed under a keyword (`filed_under`), whose name's stems are not
    all in `said`: offering's definition, or an answer about offering, to a question that
    never says offering answers something beside or narrower than what was asked.

    >>> keyword_unsaid({"id": "faq:keyword:split-second:qa:3", "kind": "qa"}, {"split"})
    True
    >>> keyword_unsaid({"id": "faq:keyword:split-second:qa:3", "kind": "qa"},
    ...                {"split", "second", "respond"})
    False
    >>> keyword_unsaid({"id": "cr:keyword:triple", "kind": "keyword"}, {"toughness"})
    True
    >>> keyword_unsaid({"id": "cr:glossary:triple", "kind": "glossary", "title": "Triple",
    ...                 "keywords": ["triple"]}, {"toughness"})
    True
    """
    if record["kind"] == "keyword":
        slug: str | None = record["id"].rsplit(":", 1)[-1]
    elif record["kind"] == "glossary":  # the glossary entry of a keyword: its name
        term = glossary_term(record["title"]).lower()
        slug = term if term in (k.lower() for k in record.get("keywords") or ()) else None
    elif record["kind"] in ("ruling", "qa"):
        slug = filed_under(record["id"], "keyword")
    else:
        return False
    return slug is not None and not set(name_stems(slug.replace("-", " "))) <= said


@functools.lru_cache(maxsize=20000)
def heading(title: str) -> str:
    """A rule's heading, a keyword's or glossary entry's name: its title without rule
    numbers (the versions of a rule share their titles: read once)."""
    return rulenum.IN_TEXT.sub(" ", title).strip()


def unsaid_subject(record: dict[str, Any], query_stems: set[str],
                   says_nothing: frozenset[str] = frozenset()) -> set[str]:
    """The stems of the record's subjects that the query does not say (leaving out
    `says_nothing`: the function words of a heading, "of", "the")."""
    named = {s for subject in subjects(record) for s in name_stems(subject)}
    return named - query_stems - says_nothing


@functools.lru_cache(maxsize=20000)
def name_stems(name: str) -> tuple[str, ...]:
    """The index's stems of a name, in order."""
    return tuple(stems(modernize(name)))


def defined_names(record: dict[str, Any]) -> list[tuple[str, ...]]:
    """The names a record defines, each as its words are written (lower case, not
    stemmed: "embalmed" is not "embalm"): a keyword's or glossary entry's title (each name
    in it), a rule's '"Dredge N" means' term without its parameters."""
    if record["kind"] in ("keyword", "glossary"):
        return _title_names(record["title"])
    if record["kind"] == "rule" and '"' in record["text"][:600]:
        return _names(tuple(_DEFINES.findall(record["text"][:600])))
    return []


@functools.lru_cache(maxsize=20000)
def _title_names(title: str) -> list[tuple[str, ...]]:
    return _names(tuple(_NAME_SEPARATOR.split(glossary_term(title))))


@functools.lru_cache(maxsize=20000)
def _names(parts: tuple[str, ...]) -> list[tuple[str, ...]]:
    found = (tuple(t.word for t in tokens(_PARAMETER.sub(" ", part))) for part in parts)
    return [name for name in found if name]
