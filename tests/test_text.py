"""Text cleaning stages (kb.text) and the era wording stage (kb.era.modern)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kb import text
from kb.era import modern
from kb.text import Pipeline, Stage


def test_stages_compose_left_to_right() -> None:
    shout = Stage("shout", str.upper)
    exclaim = Stage("exclaim", lambda t: t + "!")
    both = shout | exclaim
    assert isinstance(both, Pipeline) and both("hi") == "HI!"
    assert (exclaim | shout)("hi") == "HI!" and (exclaim | exclaim)("a") == "a!!"
    assert [s.name for s in (both | shout).stages] == ["shout", "exclaim", "shout"]
    assert both.name == "shout | exclaim"


def test_display_evens_out_typography() -> None:
    raw = "\u201cIt\u2019s  _Magic_\u201d --  Creature \u2013 Angel, pages 3\u20136 \n\n\n\n next"
    assert text.display(raw) == '"It\'s Magic" \u2014 Creature \u2014 Angel, pages 3-6\n\nnext'
    assert text.normalize(raw) == text.display(raw)


def test_fold_and_name_key() -> None:
    assert text.fold("  Comes\nInto \u2018Play\u2019 ") == "comes into 'play'"
    assert text.name_key("Urza\u2019s   Rage") == "Urza's Rage"


def test_single_quotes_become_double_only_without_double_quotes() -> None:
    assert text.single_to_double("It gains 'Flying.' and can't block") == \
        'It gains "Flying." and can\'t block'
    assert text.single_to_double("'gains 'Any player ... zone.''") == \
        "\"gains 'Any player ... zone.'\""
    assert text.single_to_double('"already" \'kept\'') == '"already" \'kept\''
    assert (text.angle_quotes | text.display)("\u00abfly\u00bb") == '"fly"'


def test_era_wording_is_a_stage() -> None:
    old = "When it comes into play, remove it from the game."
    assert (text.display | modern)(old) == "When it enters the battlefield, exile it."


printable = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=80)


@given(printable)
def test_cleanings_are_idempotent(raw: str) -> None:
    for cleaning in (text.display, text.fold, text.name_key):
        once = cleaning(raw)
        assert cleaning(once) == once


@given(printable)
def test_fold_is_display_lowered_with_single_spaces(raw: str) -> None:
    folded = text.fold(raw)
    assert folded == " ".join(text.display(raw).lower().split())
    assert "  " not in folded and "\n" not in folded


def test_modernize_fast_path_changes_nothing_the_rewrite_would_change() -> None:
    from kb.era import _rewrite, modernize
    from kb.paths import shipped_data_dir

    lines = [line for path in sorted((shipped_data_dir() / "sources").glob("*"))
             for line in path.read_text(encoding="utf-8", errors="replace").splitlines()]
    lines += ["Remove it from the game.", "Return that card to play.", "HE OR SHE may",
              "It comes  into play tapped.", "Put it into PLAY.",
              # not ASCII: curly quotes, and letters a pattern ignoring case reads as ASCII
              "It “comes into play” tapped.", "Remove it from the gaMe — “exile”.",
              "It comes into plaſ.", "Remove it from the game (\u212a).",
              "It comes ınto play.", "Return İt to play."]
    changed = [line for line in lines if _rewrite(line) != line]
    assert len(changed) > 20  # the sample has old wording to rewrite
    assert all(modernize(line) == _rewrite(line) for line in lines)


@given(st.text(alphabet="abcdeghilmnoprstuyACEGHILMOPRTY -.", max_size=60))
def test_modernize_is_its_rewrite(raw: str) -> None:
    from kb.era import _rewrite, modernize

    assert modernize(raw) == _rewrite(raw)


_PIECES = st.sampled_from([
    "comes into play", "put into a graveyard from play", "he or she", "his or her",
    "removes", "it", "that creature", "from the game", "return", "returns", "to play",
    "into play", "in play", "play a spell", "removed-from-the-game zone", "the", "player",
    "s", ",", ".", "-", "'", "  ", "\n",
    # not ASCII: curly quotes, and letters a pattern ignoring case reads as ASCII letters
    "“", "”", "ſ", "\u212a", "İ", "ı", "comeſ ınto play", "removeſ İt from the game"])


@given(st.lists(st.tuples(_PIECES, st.booleans()), max_size=12))
def test_modernize_of_old_phrases_is_its_rewrite(pieces: list[tuple[str, bool]]) -> None:
    """The fast paths (a text without old words unchanged; in ASCII, each rewrite only
    where its words are, a pattern of the phrases present) rewrite texts made of old
    phrases, in any case, as the whole rewrite does, and the rewrite never fails."""
    from kb.era import _rewrite, modernize

    raw = " ".join(piece.upper() if upper else piece for piece, upper in pieces)
    assert modernize(raw) == _rewrite(raw)
