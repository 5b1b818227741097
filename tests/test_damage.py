"""Capture-damage notes (kb.damage): written by the parsers, read back by validation."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ingest.capture_damage import run_together
from kb.damage import RunTogether
from kb.rules.claims import repair

word = st.from_regex(r"[a-z]{2,8}(?:'[a-z])?", fullmatch=True)


@given(word, word, st.booleans())
def test_a_note_reads_back_as_written(first: str, second: str, capital: bool) -> None:
    token = (first + second).capitalize() if capital else first + second
    note = RunTogether(token, first, second)
    assert RunTogether.read(str(note)) == note


@given(word, word)
def test_repair_splits_the_token_where_it_stands_as_a_word(first: str, second: str) -> None:
    note = RunTogether(first + second, first, second)
    text = f"it has {first + second}. And x{first + second}"
    assert note.repair(text) == f"it has {first} {second}. And x{first + second}"


def test_the_parser_writes_what_validation_repairs() -> None:
    text = "Fearcan't be blocked except by artifact creatures."
    notes = run_together(text, frozenset({"fear", "can't", "be"}))
    assert notes == ["run-together words: \"Fearcan't\" (fear can't)"]
    assert repair(text, notes).startswith("Fear can't be blocked")
    assert RunTogether.read("missing space: 'it.Note'") is None
