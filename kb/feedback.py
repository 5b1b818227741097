"""Pseudo-relevance feedback: the words the best answers use that the query doesn't.

A player asks "goes to the graveyard", the rule says "dies"; a judge asks "at the same
time", the rule says "simultaneously". The records a first search ranks best mostly answer
in the rules' words, so the words they share, and that the rest of the records use less,
are the query's missing wording (relevance model, RM3-style: each record's word
distribution weighted by its score, each word weighed against how common it is). The
expansion is bounded: its words together weigh one word of the query, so the query's own
words keep theirs. Imports nothing of the project: the caller hands in the stems of each
record and each stem's rarity.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence

# How many of the best records are read, and how many of their words are taken.
FEEDBACK_RECORDS = 5
FEEDBACK_WORDS = 8


def expansion(records: Sequence[tuple[float, Sequence[str]]], own: Collection[str],
              rarity: Callable[[str], float], skip: Collection[str] = ()) -> dict[str, float]:
    """The stems the best records (score, their stems) use that the query (`own`) doesn't,
    each with its share (together 1.0): p(stem | those records), each record weighted by
    its score, times the stem's rarity. Stems in `skip` (function words) and numbers are
    left out; empty when no record scores."""
    total = sum(score for score, _ in records if score > 0)
    if not total:
        return {}
    model: Counter[str] = Counter()
    for score, words in records:
        if score <= 0 or not words:
            continue
        counts = Counter(words)
        for stem, n in counts.items():
            model[stem] += (score / total) * n / len(words)
    weighed = {s: p * rarity(s) for s, p in model.items()
               if s not in own and s not in skip and not s[:1].isdigit() and len(s) > 1}
    best = sorted(weighed.items(), key=lambda item: (-item[1], item[0]))[:FEEDBACK_WORDS]
    mass = sum(w for _, w in best)
    return {s: w / mass for s, w in best if w > 0} if mass > 0 else {}
