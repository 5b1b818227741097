"""Finding many phrases in a text in one pass over its words.

A phrase ("Elspeth, Knight-Errant", "attacks alone") is a run of words with the
separators between them. A text is split into words once (`WordSpans`), and every phrase
is found by one Aho-Corasick automaton whose symbols are the lower-cased words and the
separators (a run of white space reads as one space), so the time is linear in the
text's length plus the number of phrase occurrences, whatever the number or length of
the phrases. A phrase is matched in any case (`folded`) or only as written (`exact`:
the automaton finds it lower-cased, the text as written is then compared).

A phrase never starts right after a letter, digit, apostrophe or hyphen, nor ends right
before a letter, digit or hyphen or a contraction ("can't"); a possessive "'s" may follow.
Curly apostrophes read as straight ones, in the text and in the phrases.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate, compress, count

from kb.text import apostrophes as straight  # curly apostrophes straight (same length)

# a word; a possessive "'s" is not part of it ("Skullmulcher's" is Skullmulcher + 's)
WORD = re.compile(r"[^\W_]+(?:[-'\u2019](?!s\b)[^\W_]+)*")
_SPLIT = re.compile(f"({WORD.pattern})")
# the same split for an ASCII text, where a letter or digit is one of these (a sixth
# fewer steps than Unicode's classes)
_SPLIT_ASCII = re.compile(r"([A-Za-z0-9]+(?:[-'](?!s\b)[A-Za-z0-9]+)*)", re.ASCII)
_BEFORE = re.compile(r"[\w'-]")          # a phrase never starts right after one of these
_AFTER = re.compile(r"[\w-]|'[a-rt-z]")  # nor ends right before one of these
_SPACE = re.compile(r"\s+")
_MOD, _BASE = (1 << 61) - 1, 1_000_003   # rolling hash of a run of words (Rabin-Karp)

Span = tuple[int, int, str]  # start, end, the phrase as added


def lower_same_length(text: str) -> str:
    """`text.lower()`, keeping every character's offset (a rare letter may stay as it is)."""
    lower = text.lower()
    if len(lower) == len(text):
        return lower
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def words_hash(words: Iterable[str]) -> int:
    """A rolling hash of words: equal runs of words hash equal, others (but with odds
    of 2**-61) not; a run of a text is hashed in constant time."""
    value = 0
    for word in words:
        value = (value * _BASE + hash(word)) % _MOD
    return value


def one_spaced(text: str) -> str:
    """`text` with every run of white space one space."""
    return text if text == " " else _SPACE.sub(" ", text)


class WordSpans:
    """A text split into words once, lower-cased, apostrophes straight, offsets kept.

    `parts` alternate separators and words: [before the first word, word 1, separator,
    word 2, ..., after the last word]; `words` are the words, `gap(i)` the separator
    before word i as the automaton reads it.
    """

    def __init__(self, text: str) -> None:
        self.exact = straight(text)
        self.folded = lower_same_length(self.exact)
        self._split = _SPLIT_ASCII if text.isascii() else _SPLIT
        self.parts = self._split.split(self.folded)
        self.words = self.parts[1::2]
        self._offsets: list[int] | None = None
        self._prefix: list[int] | None = None

    def gap(self, word: int) -> str:
        """The separator before word `word` (from 1) as the automaton reads it: a run of
        white space one space."""
        gap = self.parts[2 * word]
        return gap if gap == " " else one_spaced(gap)

    def exact_hash(self, first: int, last: int) -> int:
        """The hash of the words `first` to `last` as written (see `words_hash`)."""
        if self._prefix is None:
            prefix = [0]
            for word in self._split.split(self.exact)[1::2]:
                prefix.append((prefix[-1] * _BASE + hash(word)) % _MOD)
            self._prefix = prefix
        scale = pow(_BASE, last - first + 1, _MOD)
        return (self._prefix[last + 1] - self._prefix[first] * scale) % _MOD

    def span(self, first: int, last: int) -> tuple[int, int]:
        """Where the words `first` to `last` (from 0) start and end."""
        if self._offsets is None:
            self._offsets = [0, *accumulate(map(len, self.parts))]
        return self._offsets[2 * first + 1], self._offsets[2 * last + 2]


@dataclass(frozen=True)
class _Phrase:
    """A phrase ending at a state: as added, the text around its words, and for a phrase
    matched only as written the hash of its words as written (else None)."""

    key: str
    lead: str
    tail: str
    exact: int | None

    @property
    def is_exact(self) -> bool:
        return self.exact is not None


class WordAutomaton:
    """Phrases matched in any case (`folded`) or as written (`exact`), found in texts by
    `leftmost_longest`."""

    def __init__(self, folded: Iterable[str], exact: Iterable[str] = ()) -> None:
        self._goto: list[dict[str, int]] = [{}]
        self._fail = [0]
        self._link = [0]     # the nearest shorter suffix state that ends a phrase (0: none)
        self._words = [0]    # words from the root
        self._ends: list[list[_Phrase]] = [[]]
        for key in folded:
            self._add(key, False)
        for key in exact:
            self._add(key, True)
        self._finish()

    def _add(self, key: str, exact: bool) -> None:
        text = lower_same_length(straight(key)) if exact else straight(key).lower()
        words = list(WORD.finditer(text))
        if not words:
            return
        state = 0
        for i, match in enumerate(words):
            if i:
                state = self._child(state, one_spaced(text[words[i - 1].end():match.start()]), 0)
            state = self._child(state, match.group(), 1)
        written = words_hash(WORD.findall(straight(key))) if exact else None
        self._ends[state].append(_Phrase(key, text[:words[0].start()],
                                         text[words[-1].end():], written))

    def _child(self, state: int, symbol: str, words: int) -> int:
        """The state after `symbol` from `state`, made if new (`words`: 1 for a word)."""
        nxt = self._goto[state].get(symbol)
        if nxt is None:
            nxt = len(self._goto)
            self._goto[state][symbol] = nxt
            self._goto.append({})
            self._fail.append(0)
            self._link.append(0)
            self._words.append(self._words[state] + words)
            self._ends.append([])
        return nxt

    def _finish(self) -> None:
        """Failure and output links, breadth first."""
        goto, fail = self._goto, self._fail
        queue = deque(goto[0].values())
        while queue:
            state = queue.popleft()
            for symbol, child in goto[state].items():
                back = fail[state]
                while back and symbol not in goto[back]:
                    back = fail[back]
                target = goto[back].get(symbol, 0)
                fail[child] = target
                self._link[child] = target if self._ends[target] else self._link[target]
                queue.append(child)
        # per state: the first state (itself or a suffix) where a phrase ends, 0 if none
        self._first_end = [state if self._ends[state] else self._link[state]
                           for state in range(len(goto))]

    def leftmost_longest(self, text: str) -> tuple[list[Span], list[Span]]:
        """The folded and the exact phrases in `text`, each read left to right: at each
        place the longest phrase that fits, the next one starting after it (as a regular
        expression's `finditer` would)."""
        goto, fail, first_end = self._goto, self._fail, self._first_end
        if not goto[0]:
            return [], []
        words = WordSpans(text)
        ends: list[tuple[int, int]] = []   # (state, word index) where phrases end
        seq, root, last = words.words, goto[0], -1
        # the scan is at the root until a word that starts a phrase: only from those
        # words on is the automaton stepped (the others are skipped at C speed)
        for first in compress(count(), map(root.__contains__, seq)):
            if first <= last:
                continue
            state, last = root[seq[first]], first
            if first_end[state]:
                ends.append((state, first))
            while state and last + 1 < len(seq):
                last += 1
                gap = words.gap(last)
                while state and gap not in goto[state]:
                    state = fail[state]
                state = goto[state].get(gap, 0)
                word = seq[last]
                while state and word not in goto[state]:
                    state = fail[state]
                state = goto[state].get(word, 0)
                if first_end[state]:
                    ends.append((state, last))
        found: tuple[list[Span], list[Span]] = ([], [])
        for phrase, start, end in self._placed(words, ends):
            found[phrase.is_exact].append((start, end, phrase.key))
        return _leftmost(found[0]), _leftmost(found[1])

    def _placed(self, words: WordSpans,
                ends: list[tuple[int, int]]) -> Iterable[tuple[_Phrase, int, int]]:
        """Every phrase ending where the scan saw one end, that stands free there."""
        parts = words.parts
        for state, last in ends:
            hit = self._first_end[state]
            while hit:
                first = last - self._words[hit] + 1
                for phrase in self._ends[hit]:
                    start, end = words.span(first, last)
                    if phrase.lead:
                        gap = _affix(phrase.lead, True).search(parts[2 * first])
                        if not gap:
                            continue
                        start -= len(parts[2 * first]) - gap.start()
                    if phrase.tail:
                        gap = _affix(phrase.tail, False).match(parts[2 * last + 2])
                        if not gap:
                            continue
                        end += gap.end()
                    subject = words.exact if phrase.is_exact else words.folded
                    if (start and _BEFORE.match(subject, start - 1)) or _AFTER.match(subject, end):
                        continue
                    if phrase.is_exact and words.exact_hash(first, last) != phrase.exact:
                        continue  # the separators are alike in any case: the words decide
                    yield phrase, start, end
                hit = self._link[hit]


def _leftmost(found: list[Span]) -> list[Span]:
    """Of overlapping spans, the leftmost and then longest, the next starting after it."""
    found.sort(key=lambda f: (f[0], -f[1]))
    kept: list[Span] = []
    for item in found:
        if not kept or item[0] >= kept[-1][1]:
            kept.append(item)
    return kept


@lru_cache(maxsize=1024)
def _affix(text: str, at_end: bool) -> re.Pattern[str]:
    """A pattern for the punctuation before (at the end of a gap) or after a phrase's words."""
    body = r"\s+".join(re.escape(part) for part in text.split(" "))
    return re.compile(body + r"\Z" if at_end else body)
