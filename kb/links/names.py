"""Finding keyword, card and glossary-term mentions in text.

A name is a sequence of words (with any punctuation between them, as in "Elspeth,
Knight-Errant", and any white space); the longest name that fits wins. Case: keyword
names and glossary terms match in any case on word boundaries ("enchantment" is not
"enchant": whole words only); card names match as printed (case included), so a card
named like a common word is found only where written as its name.
Inflections: the forms of the first word of a keyword or term ("devoured" is devour,
"cycled" is cycling, "unearthed" is unearth, "attacked alone" is attacks alone) and the
plural of the last ("triggered abilities"); a possessive ("Skullmulcher's") is its name.
All names of one case-handling go into one trie-shaped regex, so a text is read once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

# kinds in order of preference when two names of the same length start at one word
NAME_KINDS: tuple[str, ...] = ("keyword", "card", "glossary")
_RANK = {kind: rank for rank, kind in enumerate(NAME_KINDS)}

# a word; a possessive "'s" is not part of it ("Skullmulcher's" is Skullmulcher + 's)
_WORD = re.compile(r"[^\W_]+(?:[-'\u2019](?!s\b)[^\W_]+)*")
_VOWELS = set("aeiou")
# where a name may start and end: not inside a word, nor inside "can't"-like contractions
_BEFORE = r"(?<![\w'\u2019-])"
_AFTER = r"(?![\w-]|['\u2019][a-rt-z])"


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
    return tuple(_WORD.findall(name))


def name_key(text: str) -> str:
    """A name as written, white space made single spaces: the key names are looked up by."""
    return " ".join(text.replace("\u2019", "'").split())


def with_words(name: str, words: tuple[str, ...]) -> str:
    """`name` with its words replaced by `words` (same count), punctuation kept."""
    parts = _WORD.split(name_key(name))
    out = [parts[0]]
    for word, rest in zip(words, parts[1:], strict=True):
        out += [word, rest]
    return "".join(out)


def trie_pattern(keys: Iterable[str]) -> str:
    """A regex matching exactly `keys`, shaped as a trie (fast on big alternations).

    A space in a key matches any run of white space; at each branch the longer key is
    tried first, so a match is the longest key that fits.
    """
    root: dict = {}
    for key in keys:
        node = root
        for char in key:
            node = node.setdefault(char, {})
        node[""] = {}
    return _node_pattern(root)


def _node_pattern(node: dict) -> str:
    branches = [(r"\s+" if char == " " else re.escape(char)) + _node_pattern(child)
                for char, child in sorted(node.items()) if char]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if "" in node else body


class NameMatcher:
    """Names of keywords, cards and glossary terms, found in any text.

    Add every name, then `find`: case-insensitive names are found by one trie-shaped
    regex over the lower-cased text, case-sensitive ones by another over the text.
    """

    def __init__(self) -> None:
        self._folded: dict[str, tuple[str, str]] = {}   # lower-case key -> (kind, name)
        self._exact: dict[str, tuple[str, str]] = {}    # key as printed -> (kind, name)
        self._patterns: tuple[re.Pattern[str] | None, re.Pattern[str] | None] | None = None

    def add(self, kind: str, name: str, inflect: bool = True, case_sensitive: bool = False,
            s_form: bool = True) -> None:
        """Index a name (with its inflections, see `phrase_forms`); a key indexed twice
        keeps its preferred kind (`NAME_KINDS` order)."""
        if not name_words(name):
            return
        self._patterns = None
        if case_sensitive:
            _put(self._exact, name_key(name), kind, name)
            return
        folded = name_key(name).lower()
        words_of = name_words(folded)
        for words in phrase_forms(words_of, s_form) if inflect else {words_of}:
            _put(self._folded, with_words(folded, words), kind, name)

    def find(self, text: str, blocked: Iterable[tuple[int, int]] = ()) -> list[NameHit]:
        """Every name in `text`, longest first, none overlapping another or a blocked span."""
        folded_re, exact_re = self._compiled()
        hits = []
        for pattern, table, subject in ((folded_re, self._folded, _lower_same_length(text)),
                                        (exact_re, self._exact, text)):
            if pattern:
                hits += [(m.start(), m.end(), table.get(m.group()) or table[name_key(m.group())])
                         for m in pattern.finditer(subject)]
        hits.sort(key=lambda h: (h[0], h[0] - h[1], _RANK[h[2][0]]))
        taken = sorted(blocked)
        found: list[NameHit] = []
        for start, end, (kind, name) in hits:
            if found and start < found[-1].end:
                continue
            if any(a < end and start < b for a, b in taken):
                continue
            found.append(NameHit(start, end, kind, name))
        return found

    def _compiled(self) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
        if self._patterns is None:
            self._patterns = (_compile(self._folded), _compile(self._exact))
        return self._patterns


def _put(table: dict[str, tuple[str, str]], key: str, kind: str, name: str) -> None:
    current = table.get(key)
    if current is None or NAME_KINDS.index(kind) < NAME_KINDS.index(current[0]):
        table[key] = (kind, name)


def _compile(table: dict[str, tuple[str, str]]) -> re.Pattern[str] | None:
    if not table:
        return None
    return re.compile(_BEFORE + "(?:" + trie_pattern(table) + ")" + _AFTER)


def _lower_same_length(text: str) -> str:
    """`text.lower()`, keeping every character's offset (a rare letter may stay as it is)."""
    lower = text.lower()
    if len(lower) == len(text):
        return lower
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
