"""Finding keyword, card and glossary-term mentions in text.

A name is a sequence of words (with any punctuation between them, as in "Elspeth,
Knight-Errant", and any white space); the longest name that fits wins. Case: keyword
names and glossary terms match in any case on word boundaries ("enchantment" is not
"enchant": whole words only); card names match as printed (case included), so a card
named like a common word is found only where written as its name.
Inflections: the forms of the first word of a keyword or term ("devoured" is devour,
"cycled" is cycling, "unearthed" is unearth, "attacked alone" is attacks alone) and the
plural of the last ("triggered abilities"); a possessive ("Skullmulcher's") is its name.
A text is read once, in time linear in its length whatever the names: it is split into
words once, and all names of one case-handling are found by one Aho-Corasick automaton
over words and the separators between them (`kb.links.wordscan`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kb.links.spans import FreeSpans
from kb.links.wordscan import WORD, WordAutomaton
from kb.text import name_key  # a name as written, spaces single: the lookup key

# kinds in order of preference when two names of the same length start at one word
NAME_KINDS: tuple[str, ...] = ("keyword", "card", "glossary")
_RANK = {kind: rank for rank, kind in enumerate(NAME_KINDS)}

_VOWELS = set("aeiou")


@dataclass
class NameHit:
    """A name found in a text: its span, its kind and the name as indexed."""

    start: int
    end: int
    kind: str
    name: str


def word_forms(word: str) -> set[str]:
    """The inflected forms of a word that still name the same thing.

    A verb gets its forms: `devour` -> devours, devoured, devouring; `attacks` -> attack,
    attacked, attacking; `equip` -> equipped. A name ending in -ing gets only its past
    (`cycling` -> cycled, `phasing` -> phased): its bare stem is usually a noun of its own
    ("phase", "cycle"). A name ending in -ed (`exalted`) stays as it is.
    """
    w = word.lower()
    if w.endswith("ing") and len(w) > 5:
        stem = w[:-3]
        return {w, stem + "ed", stem[:-1] + "ed" if stem[-1:] == stem[-2:-1] else stem + "ed"}
    if w.endswith("ed") or len(w) < 3:
        return {w}
    base = w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3 else w
    forms = {base, base + "s"}
    if base.endswith("e"):
        forms |= {base + "d", base[:-1] + "ing"}
    elif base.endswith("y") and base[-2] not in _VOWELS:
        forms = {base, base + "ing", base[:-1] + "ies", base[:-1] + "ied"}
    else:
        forms |= {base + "ed", base + "ing",
                  base + "es" if base.endswith(("s", "sh", "ch", "x")) else base + "s"}
        if base[-1] not in _VOWELS | {"w", "x", "y"} and base[-2] in _VOWELS:
            forms |= {base + base[-1] + "ed", base + base[-1] + "ing"}
    return forms


def phrase_forms(words: tuple[str, ...], s_form: bool = True) -> set[tuple[str, ...]]:
    """The name and its variants: every form of its first word ("attacked alone"), and
    the plural of the last word of a longer name ("triggered abilities").

    `s_form=False` leaves out the -s form of a one-word name: for a keyword action such
    as counter or create it is mostly a noun ("+1/+1 counters", "creates" aside).
    """
    variants = {words}
    if words[0].isalpha():
        forms = word_forms(words[0])
        if not s_form and len(words) == 1:
            forms = {f for f in forms if f == words[0] or not f.endswith("s")}
        variants |= {(form,) + words[1:] for form in forms}
    last = words[-1]
    if len(words) > 1 and last.isalpha():
        plural = last[:-1] + "ies" if last.endswith("y") and last[-2:-1] not in _VOWELS \
            else last + ("es" if last.endswith(("s", "sh", "ch", "x")) else "s")
        variants.add(words[:-1] + (plural,))
    return variants


def name_words(name: str) -> tuple[str, ...]:
    """The words of a name (`Elspeth, Knight-Errant` -> Elspeth, Knight-Errant)."""
    return tuple(WORD.findall(name))


def with_words(name: str, words: tuple[str, ...]) -> str:
    """`name` with its words replaced by `words` (same count), punctuation kept."""
    parts = WORD.split(name_key(name))
    out = [parts[0]]
    for word, rest in zip(words, parts[1:], strict=True):
        out += [word, rest]
    return "".join(out)


class NameMatcher:
    """Names of keywords, cards and glossary terms, found in any text.

    Add every name, then `find`: case-insensitive names are matched in any case,
    case-sensitive ones only as written, all in one pass (`WordAutomaton`).
    """

    def __init__(self) -> None:
        self._folded: dict[str, tuple[str, str]] = {}   # lower-case key -> (kind, name)
        self._exact: dict[str, tuple[str, str]] = {}    # key as printed -> (kind, name)
        self._automaton: WordAutomaton | None = None

    def add(self, kind: str, name: str, inflect: bool = True, case_sensitive: bool = False,
            s_form: bool = True) -> None:
        """Index a name (with its inflections, see `phrase_forms`); a key indexed twice
        keeps its preferred kind (`NAME_KINDS` order)."""
        if not name_words(name):
            return
        self._automaton = None
        if case_sensitive:
            _put(self._exact, name_key(name), kind, name)
            return
        folded = name_key(name).lower()
        words_of = name_words(folded)
        for words in phrase_forms(words_of, s_form) if inflect else {words_of}:
            _put(self._folded, with_words(folded, words), kind, name)

    def find(self, text: str, blocked: Iterable[tuple[int, int]] = ()) -> list[NameHit]:
        """Every name in `text`, longest first, none overlapping another or a blocked span.

        Within one case-handling the names are read left to right, each the longest that
        fits where it starts, the next one starting after it.
        """
        folded, exact = self._compiled().leftmost_longest(text)
        hits = [(start, end, self._folded[key]) for start, end, key in folded]
        hits += [(start, end, self._exact[key]) for start, end, key in exact]
        hits.sort(key=lambda h: (h[0], h[0] - h[1], _RANK[h[2][0]]))
        free = FreeSpans(blocked)
        found: list[NameHit] = []
        for start, end, (kind, name) in hits:
            if found and start < found[-1].end:
                continue
            if not free.clear(start, end):
                continue
            found.append(NameHit(start, end, kind, name))
        return found

    def _compiled(self) -> WordAutomaton:
        if self._automaton is None:
            self._automaton = WordAutomaton(self._folded, self._exact)
        return self._automaton


def _put(table: dict[str, tuple[str, str]], key: str, kind: str, name: str) -> None:
    current = table.get(key)
    if current is None or NAME_KINDS.index(kind) < NAME_KINDS.index(current[0]):
        table[key] = (kind, name)
