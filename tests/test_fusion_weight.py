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
    """Lists of 20 hits whose answer is drawn from softmax(20 x (cos - weight x ln rank))."""
    rng = random.Random(seed)
    lists = []
    for _ in range(questions):
        cos = [rng.uniform(0.2, 0.8) for _ in range(20)]
        scores = [20 * (c - weight * math.log(r)) for r, c in enumerate(cos, 1)]
        top = max(scores)
        odds = [math.exp(s - top) for s in scores]
        answer = rng.choices(range(20), weights=odds)[0]
        lists.append([(i == answer, False, c) for i, c in enumerate(cos)])
    return lists


@pytest.mark.parametrize("weight", [0.02, 0.05, 0.1])
def test_learnt_weight_is_the_one_that_chose_the_answers(weight: float) -> None:
    learnt, taught = _tool().learn(_drawn(weight, 1500), steps=400)
    assert taught == 1500
    assert learnt == pytest.approx(weight, rel=0.25)


def test_questions_without_their_answer_teach_nothing() -> None:
    lists = _drawn(0.05, 300)
    missing = [[(False, False, c) for _, _, c in hits] for hits in lists[:100]]
    assert _tool().learn(lists + missing + [[]], steps=50)[1] == 300


def test_mrr_puts_definitions_first_then_orders_by_the_key() -> None:
    tool = _tool()
    # the answer second by words, nearest by meaning; a definition asked for last by words
    hits = [(False, True, 0.5), (True, True, 0.9), (False, False, 0.1)]
    assert tool.mrr([hits], lambda rank, cos, _: -rank) == pytest.approx(1 / 3)
    assert tool.mrr([hits], lambda rank, cos, _: cos) == pytest.approx(1 / 2)
    assert tool.mrr([[]], lambda rank, cos, _: cos) == 0.0
