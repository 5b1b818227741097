"""The best of a query's scores (`kb.index_read.top`, `Ranking`): the highest scores first,
ties in record order, whatever the share of them asked for (a heap for a few of many, a
sort for more) and whether or not the index's record order is its docnum order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kb.index_read import Ranking, _least, top

# few distinct scores: ties are many (the versions of a rule score the same)
_SCORES = st.dictionaries(st.integers(0, 400), st.sampled_from([0.5, 1.25, 2.0, 3.5, 7.0]),
                          min_size=1, max_size=300)


def _by_definition(scores: dict[int, float], limit: int | None,
                   place: dict[int, int] | None) -> list[tuple[int, float]]:
    order = place.__getitem__ if place is not None else (lambda d: d)
    return sorted(scores.items(), key=lambda kv: (-kv[1], order(kv[0])))[:limit]


@given(_SCORES, st.integers(1, 320), st.randoms())
def test_the_best_are_the_highest_scores_ties_in_record_order(scores, limit, rnd) -> None:
    places = list(range(1000))
    rnd.shuffle(places)
    place = dict(enumerate(places))
    assert top(scores, limit) == _by_definition(scores, limit, None)
    assert top(scores, limit, place.__getitem__) == _by_definition(scores, limit, place)


@given(st.lists(st.floats(0, 50, allow_nan=False), min_size=2, max_size=400), st.data())
def test_the_least_of_the_best_is_read_by_a_heap_or_a_sort_alike(values, data) -> None:
    limit = data.draw(st.integers(1, len(values) - 1))
    assert _least(values, limit) == sorted(values, reverse=True)[limit - 1]


@given(st.integers(800, 20_000), st.sampled_from([3, 40, 100_000]), st.integers(0, 2**32),
       st.data())
def test_the_least_of_many_of_many_is_read_by_a_sample_alike(count, distinct, seed,
                                                             data) -> None:
    """Many of many scores (a later take): the sample's guess, or the heap when the guess
    leaves too few, gives the limit-th highest, with scores all but alike (ties), few
    high ones, many, and the sampled ones the highest (a guess too high)."""
    import random

    from kb.index_read import SAMPLE_RANK

    rnd = random.Random(seed)  # (thousands of scores: drawn from a seed, not by hypothesis)
    skew = data.draw(st.sampled_from(["even", "few high", "sorted", "the sampled high"]))
    values = [float(rnd.randrange(distinct)) for _ in range(count)]
    limit = data.draw(st.integers(4 * SAMPLE_RANK, count // 6 - 1))
    if skew == "few high":
        values = [v if rnd.random() < 0.02 else 0.0 for v in values]
    elif skew == "sorted":
        values.sort()
    elif skew == "the sampled high":  # the guess above the limit-th: the heap reads it
        step = limit * 2 // SAMPLE_RANK
        values = [v + 1e6 if i % step == 0 else v for i, v in enumerate(values)]
    assert _least(values, limit) == sorted(values, reverse=True)[limit - 1]


@given(_SCORES, st.lists(st.integers(1, 320), min_size=1, max_size=5), st.randoms())
def test_growing_takes_of_a_ranking_are_its_best_each_time(scores, limits, rnd) -> None:
    places = list(range(1000))
    rnd.shuffle(places)
    place = dict(enumerate(places))
    ranking = Ranking(scores, place.__getitem__)
    for limit in sorted(limits):
        assert ranking.top(limit) == _by_definition(scores, limit, place)
