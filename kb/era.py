"""Rules wording across eras: the phrases the rules renamed, and a modernising rewrite.

The 2009 (Magic 2010) rules update renamed several things; texts of either era describe the
same game. `modernize` rewrites older wording into today's (for comparing definitions),
`EQUIVALENT_PHRASES` lists each old/new pair (for search to match both). `modern` is the
rewrite as a `kb.text` stage (`display | modern`). Like `kb.text`, this module imports
nothing else of the project.
"""

from __future__ import annotations

import functools
import re

from kb.patterns import lazy
from kb.text import Stage

# (old wording, current wording); each pair means the same thing in the game.
EQUIVALENT_PHRASES: tuple[tuple[str, str], ...] = (
    ("comes into play", "enters the battlefield"),
    ("come into play", "enter the battlefield"),
    ("came into play", "entered the battlefield"),
    ("coming into play", "entering the battlefield"),
    ("put into play", "put onto the battlefield"),
    ("puts into play", "puts onto the battlefield"),
    ("returned to play", "returned to the battlefield"),
    ("return to play", "return to the battlefield"),
    ("returns to play", "returns to the battlefield"),
    ("leaves play", "leaves the battlefield"),
    ("leave play", "leave the battlefield"),
    ("left play", "left the battlefield"),
    ("into play", "onto the battlefield"),
    ("in play", "on the battlefield"),
    ("from play", "from the battlefield"),
    ("removed from the game", "exiled"),
    ("remove from the game", "exile"),
    ("removes from the game", "exiles"),
    ("removing from the game", "exiling"),
    ("is put into a graveyard from the battlefield", "dies"),
    ("are put into a graveyard from the battlefield", "die"),
    ("put into a graveyard from the battlefield", "dies"),
    ("put into a graveyard from play", "dies"),
    ("is put into a graveyard from play", "dies"),
    ("are put into a graveyard from play", "die"),
    ("play this spell", "cast this spell"),
    ("play that spell", "cast that spell"),
    ("played this spell", "cast this spell"),
    ("plays a spell", "casts a spell"),
    ("play a spell", "cast a spell"),
    ("played a spell", "cast a spell"),
    ("playing a spell", "casting a spell"),
    ("removed-from-the-game zone", "exile zone"),
    ("he or she", "they"),
    ("his or her", "their"),
    ("him or her", "them"),
)

# Later wordings of a phrase that mean more than the old one did, so texts are never
# rewritten into them, and a query saying the old one is also read in them (one more
# wording of it; a record of either wording is today's). The 2024 rules update (Foundations)
# shortened "enters the battlefield" to "enters" on cards and in the rules, which still say
# both ("as it enters the battlefield", rule 110.1; "[This permanent] enters with . . .",
# rule 603.6d). The 2018 update (Dominaria) wrote "any target" for "target creature or
# player" (a creature, player, planeswalker or battle, rule 115.4); no glossary entry
# records it.
SHORTENED_PHRASES: tuple[tuple[str, str], ...] = (
    ("enters the battlefield", "enters"),
    ("enter the battlefield", "enter"),
    ("entered the battlefield", "entered"),
    ("entering the battlefield", "entering"),
    ("target creature or player", "any target"),
)

_REWRITES = sorted(EQUIVALENT_PHRASES, key=lambda pair: -len(pair[0]))
_PATTERN = lazy(
    r"\b(" + "|".join(re.escape(old) for old, _ in _REWRITES) + r")\b", re.IGNORECASE
)
_MODERN = {old.lower(): new for old, new in _REWRITES}


# "remove it from the game", "removes that creature from the game" -> "exile it", ...
_REMOVE_OBJECT = lazy(
    r"\b(remov)(e|es|ed|ing)\b((?:\s+(?!from\b)[\w'\[\]-]+){1,4}?)\s+from the game\b",
    re.IGNORECASE,
)
_EXILE_FORMS = {"e": "exile", "es": "exiles", "ed": "exiled", "ing": "exiling"}

# "return it to play", "put that card into play" -> "... to / onto the battlefield"
_TO_PLAY = lazy(
    r"\b(return|returns|returned|returning|put|puts|putting)\b"
    r"((?:\s+(?!(?:to|into|onto|from)\b)[\w'/-]+){1,6}?)\s+(?:to|into) play\b",
    re.IGNORECASE,
)


def _same_case(model: str, word: str) -> str:
    return word[0].upper() + word[1:] if model[:1].isupper() else word


# What an ASCII text must hold (lower-cased) for `modernize` to change it: an old phrase,
# or the fixed words of `_REMOVE_OBJECT` ("from the game") or `_TO_PLAY` ("to play")
_OLD = tuple(old.lower() for old, _ in _REWRITES)
_NEEDED = (*_OLD, "from the game", "to play")


# The characters other than ASCII letters that a pattern ignoring case matches to one
# ("ſ" is "s", the Kelvin sign "k", dotted and dotless "i"): a text without them matches
# an ASCII phrase only where its lower case holds the phrase
_FOLDED_TO_ASCII = "ſKİı"
_AS_ASCII = str.maketrans(_FOLDED_TO_ASCII, "skii")


def _key(matched: str) -> str:
    """The old phrase or form a pattern ignoring case matched, as the tables write it."""
    return matched.translate(_AS_ASCII).lower()


def modernize(text: str) -> str:
    """Rewrite older rules wording into today's (`comes into play` -> `enters the battlefield`)."""
    ascii_ = text.isascii()
    if ascii_ or not any(map(text.__contains__, _FOLDED_TO_ASCII)):
        # fast path (most texts, today's curly quotes too): no old phrase, no rewrite
        low = text.lower()
        if not any(map(low.__contains__, _NEEDED)):
            return text
        if ascii_:  # lower case is exact: each rewrite only where its words are
            return _rewrite_ascii(text, low)
    return _rewrite(text)


def _swap(match: re.Match[str]) -> str:
    return _same_case(match.group(0), _MODERN[_key(match.group(0))])


def _exile(match: re.Match[str]) -> str:
    verb = _EXILE_FORMS[_key(match.group(2))]
    return _same_case(match.group(1), verb) + match.group(3)


def _battlefield(match: re.Match[str]) -> str:
    onto = "to" if match.group(1).lower().startswith("return") else "onto"
    return f"{match.group(1)}{match.group(2)} {onto} the battlefield"


def _rewrite(text: str) -> str:
    """`modernize` without its fast path."""
    return _PATTERN.sub(_swap, _TO_PLAY.sub(_battlefield, _REMOVE_OBJECT.sub(_exile, text)))


def _rewrite_ascii(text: str, low: str) -> str:
    """`_rewrite` of an ASCII text (`low`: lower-cased), where ignoring case is lower-casing:
    each rewrite runs only where its fixed words are, and the old phrases are sought by a
    pattern of those the text holds (the same matches: the others match nowhere)."""
    if "from the game" in low:
        text = _REMOVE_OBJECT.sub(_exile, text)
    if "to play" in low:
        text = _TO_PLAY.sub(_battlefield, text)
    low = text.lower()
    present = tuple(old for old in _OLD if old in low)
    return _phrases(present).sub(_swap, text) if present else text


@functools.lru_cache(maxsize=256)
def _phrases(olds: tuple[str, ...]) -> re.Pattern[str]:
    """`_PATTERN` of these old phrases only (in `_REWRITES`' order, longest first)."""
    return re.compile(r"\b(" + "|".join(re.escape(old) for old in olds) + r")\b", re.IGNORECASE)


modern = Stage("modern", modernize)


def shortened(text: str) -> str | None:
    """The text in today's words (`modernize`) with each phrase of `SHORTENED_PHRASES` in
    its later wording ("enters the battlefield" -> "enters", as the 2024 rules say it;
    "target creature or player" -> "any target", 2018), or None when it says none."""
    modern = modernize(text)
    low = modern.lower()
    if "the battlefield" not in low and "or player" not in low:
        return None
    out = modern
    for long, short in SHORTENED_PHRASES:
        if long in low:
            out = re.sub(rf"\b{re.escape(long)}\b", short, out, flags=re.IGNORECASE)
    return out if out != modern else None


def renamed_phrases(text: str) -> list[tuple[str, str]]:
    """Each renamed phrase that occurs in `text`, as (its wording here, the other era's)."""
    folded = " ".join(text.lower().split())
    found = []
    for old, new in EQUIVALENT_PHRASES:
        for this, other in ((old, new), (new, old)):
            # the substring test first: a pattern is compiled only for a phrase present
            if this in folded and re.search(rf"\b{re.escape(this)}\b", folded) \
                    and (this, other) not in found:
                found.append((this, other))
    return found


def alternative_wordings(text: str) -> list[str]:
    """The other era's wording of every renamed phrase that occurs in `text`."""
    return list(dict.fromkeys(other for _, other in renamed_phrases(text)))


# How the Comprehensive Rules' glossary marks a rename (an entry titled "X (Obsolete)",
# or a current entry that says what it used to be called).
_RENAMED_TO = (
    lazy(r'\bobsolete term for "?([^".]+)', re.IGNORECASE),
    lazy(r'\bA term that meant "([^"]+)"', re.IGNORECASE),
    lazy(r"\ban older name for (?:the )?([^.]+)", re.IGNORECASE),
    lazy(r'\bhas been renamed\. See rules? [\d.a-z]+, "([^"]+)"', re.IGNORECASE),
)
_USED_TO_BE = lazy(r'\bused to be known as the "([^"]+)" zone', re.IGNORECASE)
# A glossary title's label after its term: "Mana Burn (Obsolete)", "Cantrip (Informal)"
_TITLE_LABEL = lazy(r"\s*\((obsolete|informal)\)\s*$", re.IGNORECASE)


def glossary_term(title: str) -> str:
    """The term a glossary title names, without its label: `Cantrip (Informal)` ->
    "Cantrip", `Mana Burn (Obsolete)` -> "Mana Burn", `Mana Ability` as it is."""
    label = _TITLE_LABEL.search(title)
    return title[:label.start()] if label else title


def obsolete_term(title: str) -> str | None:
    """The term a glossary title marks obsolete, or None:
    `Mana Burn (Obsolete)` -> "Mana Burn"; `Mana Ability` -> None."""
    label = _TITLE_LABEL.search(title)
    return title[:label.start()] if label and label.group(1).lower() == "obsolete" else None


def _term(text: str) -> str:
    """A glossary phrase as a plain term: no [placeholders], articles, quotes or stop."""
    text = re.sub(r"\[[^\]]*\]", " ", text).replace('"', " ").strip(" .,")
    text = re.sub(r"^(?:a|an|the)\s+", "", " ".join(text.lower().split()))
    return text


_QUOTED = lazy(r'"[^"]*"')


def still_says(term: str, text: str) -> bool:
    """Whether `text` (lower case) uses a term itself, not only quotes it: today's rules
    name a renamed term in quotes to say what it became ('printed with the "tribal" card
    type', 'was called the "in-play zone"'), which is no use of it."""
    if term not in text:
        return False
    return bool(re.search(rf"\b{re.escape(term)}\b", _QUOTED.sub(" ", text)))


def glossary_renames(entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(old term, current term) pairs that the rules' glossary entries (title, text) record:
    `Converted Mana Cost (Obsolete)`: "An obsolete term for mana value." ->
    ("converted mana cost", "mana value"); `Battlefield`: 'It used to be known as the
    "in-play" zone.' -> ("in-play", "battlefield")."""
    pairs: list[tuple[str, str]] = []
    for title, text in entries:
        term = obsolete_term(title)
        if term is not None:
            found = next((m for p in _RENAMED_TO if (m := p.search(text))), None)
            if found:
                new = _term(found.group(1))
                olds = [_term(t) for t in term.split(",")]
                pairs += [(old, new) for old in olds if old and old != new]
        used = _USED_TO_BE.search(text)
        if used:
            pairs.append((_term(used.group(1)), _term(title)))
    return [p for p in dict.fromkeys(pairs) if 0 < len(p[1].split()) <= 5]
