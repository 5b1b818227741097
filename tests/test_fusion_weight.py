"""`train/fusion_weight.py`: the weight of rank by words against meaning, learnt as the
likelihood of each question's answer among its hits, recovers the weight that chose the
answers (synthetic lists drawn from a known softmax), and its MRR orders as search does."""

from __future__ import annotations

import importlib.util
import math
import random
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("numpy")


def _tool() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "train" / "fusion_weight.py"
    spec = importlib.util.spec_from_file_location("fusion_weight", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _drawn(weight: float, questions: int, seed: int = 0) -> list:
    """Lists of 20 hits by words and 5 found by meaning (ranks by words 21 to 60), whose
    answer is drawn from softmax(20 x (cos - weight x ln rank))."""
    rng = random.Random(seed)
    lists = []
    for _ in range(questions):
        ranks = [*range(1, 21), *sorted(rng.sample(range(21, 61), 5))]
        cos = [rng.uniform(0.2, 0.8) for _ in ranks]
        scores = [20 * (c - weight * math.log(r)) for r, c in zip(ranks, cos, strict=True)]
        top = max(scores)
        odds = [math.exp(s - top) for s in scores]
        answer = rng.choices(range(len(ranks)), weights=odds)[0]
        lists.append([(i == answer, False, c, r)
                      for i, (c, r) in enumerate(zip(cos, ranks, strict=True))])
    return lists


@pytest.mark.parametrize("weight", [0.02, 0.05, 0.1])
def test_learnt_weight_is_the_one_that_chose_the_answers(weight: float) -> None:
    learnt, taught = _tool().learn(_drawn(weight, 1500), steps=400)
    assert taught == 1500
    assert learnt == pytest.approx(weight, rel=0.25)


def test_questions_without_their_answer_teach_nothing() -> None:
    lists = _drawn(0.05, 300)
    missing = [[(False, False, c, r) for _, _, c, r in hits] for hits in lists[:100]]
    assert _tool().learn(lists + missing + [[]], steps=50)[1] == 300


def test_mrr_puts_definitions_first_then_orders_by_the_key() -> None:
    tool = _tool()
    # the answer found by meaning (30th by words), nearest by meaning; a definition asked
    # for last by words
    hits = [(False, True, 0.5, 1), (False, False, 0.1, 2), (True, True, 0.9, 30)]
    assert tool.mrr([hits], lambda rank, cos, _: -rank) == pytest.approx(1 / 3)
    assert tool.mrr([hits], lambda rank, cos, _: cos) == pytest.approx(1 / 2)
    assert tool.mrr([[]], lambda rank, cos, _: cos) == 0.0
