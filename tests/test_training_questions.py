"""The sentence model's training questions and the questions shipped as asked before
(`train/*.jsonl`): each names a record that exists, and none is a query of an evaluation
set (a trained-on query, or one answered by its own record, would measure nothing)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

TRAIN = ROOT / "train"
STYLES = {"conversational", "short", "judge", "scenario"}


def _questions(name: str) -> list[dict]:
    with (TRAIN / name).open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def _plain(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower()).strip()


def _record_ids(build: Any) -> set[str]:
    from kb.store import KnowledgeBase

    with KnowledgeBase(build.store) as kb:
        return {r.id for r in kb.records()}


@pytest.mark.parametrize(("name", "count"), [("questions.jsonl", 1000),
                                           ("questions-players.jsonl", 1000),
                                           ("questions-bank.jsonl", 3437)])
def test_shipped_questions_name_shipped_records(name: str, count: int, shipped_build) -> None:
    asked = _questions(name)
    assert len(asked) == count
    assert {q["style"] for q in asked} == STYLES
    ids = _record_ids(shipped_build)
    assert [q["id"] for q in asked if q["id"] not in ids] == []
    # (spread over the rules: every part of the Comprehensive Rules is asked about)
    sections = {q["id"].split(":")[1][:1] for q in asked if q["id"].startswith("cr-")}
    assert {"1", "2", "3", "4", "5", "6", "7", "8", "9"} <= sections


def test_full_questions_name_records_of_full(large_home: Path) -> None:
    from kb.build import ensure_built
    from tests.conftest import DATA

    asked = _questions("questions-full.jsonl")
    assert len(asked) == 999
    ids = _record_ids(ensure_built(DATA, large_home))
    assert [q["id"] for q in asked if q["id"] not in ids] == []
    # (they reach past the shipped data: older rules and ALA's cards)
    sources = {q["id"].split(":")[0] for q in asked}
    assert {"cr-2008-10-01", "cr-2009-10-01", "mtgjson-ala"} <= sources


# Four short search-box phrases of the first adapter's questions that evaluation sets
# written earlier also ask (heldout, heldout10, 12, 13 and 17; none of the blind sets
# 20-24), found by this test after the adapter was trained, and five of the players'
# questions written in the thirtieth session (heldout8, 10, 11, 12, 13 and 21: a question a
# helper wrote from the records alone, word for word one a blind set asks), found after
# the adapter learnt from them (README, thirtieth session: what they were worth); no
# other may join them; and one short phrase of the fusion weights' questions that the
# blind set heldout28 (written the same session, from its home's records alone) also asks;
# and three short phrases the blind sets heldout32 and 33 (thirty-first session) also ask,
# "ten poison counters", "maximum hand size" and "phasing rules" (their ranks were the
# same, 1, 2 and 1, before the shipped questions and after); and three the blind sets
# heldout35-37 (thirty-second session) also ask, "phasing rules" again, "phyrexian mana
# pay life" and "what is an emblem" (first before this session's changes and after)
KNOWN = {"questions.jsonl": ["phyrexian mana pay life", "what is an emblem",
                             "wither damage counters", "legend rule", "linked abilities",
                             "what counts as historic", "ten poison counters"],
         "questions-full.jsonl": ["ten poison counters lose"],
         # (written in the thirty-first and thirty-second sessions; those that were
         # word for word evaluation queries or other training questions were left out
         # before use)
         "questions-bank.jsonl": [],
         "questions-players.jsonl": [
             "can my opponent respond when I flip my morph face up?",
             "can I unlock the other door of my Room at instant speed?",
             "can i cast an instant during my untap step", "APNAP order",
             "treasure token", "maximum hand size", "phasing rules"]}


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_no_training_question_is_an_evaluation_query(name: str) -> None:
    sets = [*ROOT.joinpath("eval").glob("queries-*.jsonl"),
            *ROOT.parent.joinpath("shared", "eval").glob("queries-*.jsonl")]
    assert sets
    evaluated = {_plain(json.loads(line)["q"]) for path in sets
                 for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}
    assert [q["q"] for q in _questions(name) if _plain(q["q"]) in evaluated] == KNOWN[name]
