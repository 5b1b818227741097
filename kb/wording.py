"""Differences of wording between two texts, word by word, and the nearest of several
spellings.

Shared by `show` (lineage diffs, misspelt names), `diff` (changed rules between versions),
`search` (did-you-mean) and the HTML site (`<ins>`/`<del>` marks).
"""

from __future__ import annotations

import difflib
import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import compress

from kb import rulenum
from kb.patterns import lazy

_WORD = lazy(r"\S+")


@dataclass(frozen=True)
class WordChange:
    """One difference of wording: `removed` old words replaced by `new[start:end]`."""

    removed: str
    start: int
    end: int


def number_blind(word: str) -> str:
    """Comparison key: every rule number compares equal (numbering shifts between versions)."""
    core = word[1:] if word.startswith("(") else word
    return "§" if rulenum.is_number(core.rstrip(".,;:)\"'")) else word


def _word_opcodes(a: list[str], b: list[str]) -> Sequence[tuple[str, int, int, int, int]]:
    return difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()


def word_changes(old: str, new: str, key: Callable[[str], str] | None = None
                 ) -> list[WordChange]:
    """Where `new` differs from `old`, word by word, with character spans in `new`.

    `key` maps a word to what is compared (e.g. `number_blind`).
    """
    old_words = _WORD.findall(old)
    spans = [m.span() for m in _WORD.finditer(new)]
    new_words = [new[s:e] for s, e in spans]
    compare = key or (lambda word: word)
    changes = []
    ops = _word_opcodes([compare(w) for w in old_words], [compare(w) for w in new_words])
    for op, i1, i2, j1, j2 in ops:
        if op == "equal":
            continue
        at = spans[j1][0] if j1 < len(spans) else len(new)
        end = spans[j2 - 1][1] if j2 > j1 else at
        changes.append(WordChange(" ".join(old_words[i1:i2]), at, end))
    return changes


def word_diff(old: str, new: str, key: Callable[[str], str] | None = None) -> str:
    """Differences of wording: `[-removed-]{+added+}`, unchanged words as they are (as in
    the new text). With `key`, words that compare equal count as unchanged."""
    a, b = old.split(), new.split()
    compare = key or (lambda word: word)
    out: list[str] = []
    for op, i1, i2, j1, j2 in _word_opcodes([compare(w) for w in a], [compare(w) for w in b]):
        if op == "equal":
            out += b[j1:j2]
            continue
        if i2 > i1:
            out.append("[-" + " ".join(a[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(out)


def same_wording(old: str, new: str) -> bool:
    """Whether two texts say the same, spacing and rule numbers aside."""
    return [number_blind(w) for w in old.split()] == [number_blind(w) for w in new.split()]


def edit_distance(a: str, b: str) -> int:
    """Edits (insert, delete, replace, swap of neighbours) from `a` to `b`.

    >>> edit_distance("angle", "angel"), edit_distance("angle", "range")
    (1, 2)
    """
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        row = [i]
        for j, other in enumerate(b, 1):
            cost = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (char != other))
            if i > 1 and j > 1 and char == b[j - 2] and a[i - 2] == other:
                cost = min(cost, previous2[j - 2] + 1)
            row.append(cost)
        previous2, previous = previous, row
    return previous[-1]


def misspelling_of(word: str, candidate: str) -> bool:
    """Whether `word` reads as `candidate` misspelt: at most one edit for every four
    letters, one at least ("exhalted" -> "exalted", "graveard" -> "graveyard"); a word
    that only holds the other ("Baneslayer" -> "slayer") or differs in more ("pharoah" ->
    "pariah") is another word.

    >>> misspelling_of("exhalted", "exalted"), misspelling_of("baneslayer", "slayer")
    (True, False)
    """
    return edit_distance(word, candidate) <= max(1, len(word) // 4)


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.75) -> str | None:
    """The candidate nearest `word` for a did-you-mean: difflib's close matches, the one
    with fewest edits first (`angle` -> `angel`, not `range`), else None."""
    close = difflib.get_close_matches(word, within_reach(word, list(candidates), cutoff),
                                      n=5, cutoff=cutoff)
    return min(close, key=lambda candidate: edit_distance(word, candidate)) if close else None


def within_reach(word: str, candidates: list[str], cutoff: float) -> list[str]:
    """The candidates (in order) difflib's close matches may take for `word`: a candidate
    of n characters, u of them letters `word` lacks, matches it in at most m = n - u
    characters, so its `quick_ratio` is at most 2m / (n + len(word)); one under `cutoff`
    is turned away by difflib too. Worked out for all candidates at once at C speed (a
    vocabulary of thousands of names: difflib's own bounds cost Python calls each)."""
    blob = "\n".join(candidates)
    if not candidates or "\n" in word or blob.count("\n") != len(candidates) - 1:
        return candidates  # a candidate holds the separator: let difflib judge them all
    unmatched = map(len, blob.translate(dict.fromkeys(map(ord, set(word)))).split("\n"))
    # 2m / (n + size) >= cutoff  <=>  (2 - cutoff) n - 2u >= cutoff size (less a margin
    # for rounding: a candidate kept too many is judged by difflib)
    least = cutoff * len(word) - 1e-9
    margins = map(operator.sub, map((2.0 - cutoff).__mul__, map(len, candidates)),
                  map((2).__mul__, unmatched))
    return list(compress(candidates, map(least.__le__, margins)))
