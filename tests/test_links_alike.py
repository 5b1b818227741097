"""`alike`, the likeness test of lineage's structural passes: difflib's ratio of two word
sequences when it reaches the bar, else 0.0, whatever bounds it tries first."""

from __future__ import annotations

from difflib import SequenceMatcher

from hypothesis import given
from hypothesis import strategies as st

from kb.links.groups import LONG, alike, quick_ratio

WORDS = st.lists(st.sampled_from(["the", "creature", "attacks", "alone", "#", "it", "gets"]),
                 max_size=14).map(tuple)


def _difflib(a: tuple[str, ...], b: tuple[str, ...], bar: float) -> float:
    if a == b:
        return 1.0
    value = SequenceMatcher(None, a, b, autojunk=False).ratio()
    return value if value >= bar else 0.0


@given(WORDS, WORDS, st.sampled_from([0.3, 0.5, 0.6]))
def test_alike_is_difflibs_ratio_past_the_bar(a: tuple[str, ...], b: tuple[str, ...],
                                              bar: float) -> None:
    assert alike(a, b, bar) == _difflib(a, b, bar)


@given(WORDS, WORDS)
def test_quick_ratio_is_difflibs(a: tuple[str, ...], b: tuple[str, ...]) -> None:
    if a or b:  # lineage's bound, from each text's occurrences: the very same float
        assert quick_ratio(a, b) == SequenceMatcher(None, a, b, autojunk=False).quick_ratio()


def test_alike_of_real_rule_texts() -> None:
    old = tuple("whenever a creature you control attacks alone it gets #/# until end of "
                "turn".split())
    new = tuple("whenever a creature you control attacks alone that creature gets #/# "
                "until end of turn".split())
    assert alike(old, new, 0.6) == SequenceMatcher(None, old, new).ratio() > 0.8
    assert alike(old, ("draw", "a", "card"), 0.3) == 0.0


def test_very_long_texts_compare_as_bags_of_words() -> None:
    a = tuple(f"w{i % 50}" for i in range(LONG + 10))
    b = tuple(reversed(a))
    assert alike(a, b, 0.6) == 1.0  # the same words in another order: the bag's bound
