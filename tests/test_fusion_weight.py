"""`train/fusion_weight.py`: the fused score's weights, learnt as the likelihood of each
question's answer among its hits, recover the weights that chose the answers (synthetic
lists drawn from a known softmax), and its MRR orders as search does."""

from __future__ import annotations

import importlib.util
import math
import os
import random
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("numpy")


def _tool() -> ModuleType:
    """The tool as a module (its switch of meaning off, for its own searches by words,
    not left on for the tests after)."""
    path = Path(__file__).resolve().parents[1] / "train" / "fusion_weight.py"
    spec = importlib.util.spec_from_file_location("fusion_weight", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    switch = os.environ.get("MTGKB_MEANING")
    try:
        spec.loader.exec_module(module)
    finally:
        if switch is None:
            os.environ.pop("MTGKB_MEANING", None)
        else:
            os.environ["MTGKB_MEANING"] = switch
    return module


def _drawn(weights: dict[str, float], questions: int, seed: int = 0) -> list:
    """Lists of 20 hits by words and 5 found by meaning (ranks by words 21 to 60), each
    with a cosine, a length and a share of the best score by words, whose answer is drawn
    from softmax(20 x (the inputs weighted by `weights`))."""
    rng = random.Random(seed)
    lists = []
    for _ in range(questions):
        ranks = [*range(1, 21), *sorted(rng.sample(range(21, 61), 5))]
        hits = [{"meaning": rng.uniform(0.2, 0.8), "words rank": math.log(r),
                 "length": math.log(10 + rng.uniform(20, 2000)),
                 "words share": rng.uniform(0.3, 1.0) if r <= 20 else 0.0} for r in ranks]
        scores = [20 * sum(weights.get(k, 0.0) * v for k, v in x.items()) for x in hits]
        top = max(scores)
        odds = [math.exp(s - top) for s in scores]
        answer = rng.choices(range(len(ranks)), weights=odds)[0]
        lists.append([(i == answer, False, x) for i, x in enumerate(hits)])
    return lists


@pytest.mark.parametrize("weights", [
    {"meaning": 1.0, "words rank": -0.02, "length": 0.0, "words share": 0.0},
    {"meaning": 1.0, "words rank": -0.05, "length": 0.03, "words share": 0.1},
    {"meaning": 1.0, "words rank": -0.1, "length": -0.03, "words share": 0.2},
])
def test_learnt_weights_are_the_ones_that_chose_the_answers(weights: dict) -> None:
    learnt, taught = _tool().learn(_drawn(weights, 2000), steps=400)
    assert taught == 2000
    assert learnt["meaning"] == 1.0
    close = 0.2 * abs(weights["words rank"]) + 0.01
    for name in ("words rank", "length", "words share"):
        assert learnt[name] == pytest.approx(weights[name], abs=close)


def test_questions_without_their_answer_teach_nothing() -> None:
    lists = _drawn({"meaning": 1.0, "words rank": -0.05}, 300)
    missing = [[(False, t, x) for _, t, x in hits] for hits in lists[:100]]
    assert _tool().learn(lists + missing + [[]], steps=50)[1] == 300


def test_mrr_puts_definitions_first_then_orders_by_the_key() -> None:
    tool = _tool()
    # the answer found by meaning (30th by words), nearest by meaning; a definition asked
    # for last by words
    hits = [(False, True, {"meaning": 0.5, "words rank": 0.0}),
            (False, False, {"meaning": 0.1, "words rank": math.log(2)}),
            (True, True, {"meaning": 0.9, "words rank": math.log(30)})]
    assert tool.mrr([hits], lambda x, _: -x["words rank"]) == pytest.approx(1 / 3)
    assert tool.mrr([hits], lambda x, _: x["meaning"]) == pytest.approx(1 / 2)
    assert tool.mrr([[]], lambda x, _: x["meaning"]) == 0.0


def test_a_hit_holding_the_answers_text_answers_too(shipped_home) -> None:
    """A training question's answers among its hits as search fuses them: the record it
    names, and a hit holding that record's text (exalted's keyword entry holds 702.83b);
    each hit with the inputs fusion weighs."""
    from kb.search_meaning import WEIGHTS
    from kb.sentence_model import ModelMissing, model_dir

    try:
        model_dir()
    except ModelMissing as missing:
        pytest.skip(str(missing))
    question = {"q": "what does it mean for a creature to attack alone?",
                "id": "cr-2026-01-16:702.83b"}
    [hits] = _tool().questions_hits([question], shipped_home)
    assert len(hits) > 10
    assert sum(answer for answer, _, _ in hits) == 2
    assert all(set(inputs) == set(WEIGHTS) for _, _, inputs in hits)
    ranks = [inputs["words rank"] for _, _, inputs in hits]
    assert ranks == sorted(ranks)  # in their order by words


def test_a_lists_weight_counts_as_that_many_copies_of_it() -> None:
    """`learn`'s weights: the training questions and the blind sets weigh alike in all
    however many each holds; a list weighing twice as much teaches as two copies do."""
    tool = _tool()
    lists = _drawn({"meaning": 1.0, "words rank": -0.05, "length": 0.03}, 300, seed=1)
    others = _drawn({"meaning": 1.0, "words rank": -0.1, "length": -0.03}, 300, seed=2)
    twice, _ = tool.learn(lists + others, steps=300, weights=[2.0] * 300 + [1.0] * 300)
    copied, _ = tool.learn(lists + lists + others, steps=300)
    for name in ("words rank", "length", "words share"):
        assert twice[name] == pytest.approx(copied[name], abs=1e-6)
    alike, _ = tool.learn(lists + others, steps=300)
    assert twice["length"] > alike["length"]  # nearer the first lists' +0.03


def test_every_blind_set_names_its_home(tmp_path: Path, monkeypatch) -> None:
    """eval/homes.toml names the home of each blind query set of eval/ from the
    twentieth on (its rules versions and card sets); one not built there, without the
    archives to build it from, is a clear stop."""
    import tomllib

    from train.homes import BLIND_HOMES, blind_home

    homes = tomllib.loads(BLIND_HOMES.read_text(encoding="utf-8"))
    blind = sorted(p.name for p in BLIND_HOMES.parent.glob("queries-heldout*.jsonl")
                   if p.stem.removeprefix("queries-heldout").isdigit()
                   and int(p.stem.removeprefix("queries-heldout")) >= 20)
    assert blind and set(blind) <= set(homes)
    for spec in homes.values():
        assert spec["rules"] and all(len(date) == 10 for date in spec["rules"])
    monkeypatch.delenv("MTGKB_CR_ARCHIVE", raising=False)
    with pytest.raises(SystemExit, match="MTGKB_CR_ARCHIVE"):
        blind_home(BLIND_HOMES.parent / blind[0], tmp_path)
