"""Create (701.6 in 2016, 701.7 in 2026), a keyword action: to create one or more tokens with
certain characteristics, put the specified number of tokens with the specified
characteristics onto the battlefield."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game
from kb.rules.keywords._cov_tokens import Token, make_tokens, tokens_of
from kb.rules.registry import Check, Keyword, register

SENTENCE = (r"to create one or more tokens with certain characteristics, put (the specified "
            r"number of|one|two) tokens with (the specified|no) characteristics (onto the "
            r"battlefield|into your hand|into exile)")
SOLDIER = Token(1, 1, ("white",), ("Soldier",), ("creature",))


def _scenario(era: str) -> tuple[list[Token], int, int]:
    """Create three 1/1 white Soldier creature tokens: (tokens on the battlefield, cards in
    hand, cards in exile)."""
    game = Game(era=era)
    me = game.active
    make_tokens(game, me, 3, SOLDIER)
    return tokens_of(game, me), len(me.hand), len(me.exile)


def check(claims: Claims, era: str) -> list[str] | None:
    """Creating three 1/1 white Soldier tokens."""
    text = claims.says(r"\bto create one or more tokens\b")
    if text is None:
        return None
    match = re.search(SENTENCE, text, re.I)
    if match is None:
        return [f'the text says what create does in a way the model does not read ("{text}")']
    count = {"the specified number of": 3, "one": 1, "two": 2}[match.group(1).lower()]
    token = SOLDIER if match.group(2).lower() == "the specified" else Token(0, 0, (), (), ())
    where = match.group(3).lower()
    expected = ([token] * count if "battlefield" in where else [],
                count if "hand" in where else 0, count if "exile" in where else 0)
    return differ(match.group(0)[64:], text, "create three 1/1 white Soldier creature tokens: "
                  "(tokens on the battlefield, cards in hand, in exile)", expected,
                  _scenario(era))


register(Keyword(
    name="create",
    kind=("keyword action",),
    parameter=(),
    zones=("battlefield",),
    checks=(Check("the specified tokens onto the battlefield", check),),
))
