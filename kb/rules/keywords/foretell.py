"""Foretell [cost] (702.142 in 2021, 702.143 in 2026): any time you have priority during your
turn, you may pay {2} and exile a card with foretell from your hand face down; you may cast it
after the current turn has ended for its foretell cost rather than its mana cost."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.keywords._cov_later import Later, LaterModel, check_later
from kb.rules.registry import Check, Keyword, register

MODEL = LaterModel("foretell", Later(own_turn=True, main_empty=False, action_cost="{2}",
                                     zone="hand", face_down=True, cast_cost="keyword",
                                     cast_later=True, cast_main_empty=False))


def check(claims: Claims, era: str) -> list[str] | None:
    """Foretold on my turn, with a spell on the stack, on an opponent's turn; cast later."""
    return check_later(claims, era, MODEL)


register(Keyword(
    name="foretell",
    kind=("static",),
    zones=("hand", "exile", "stack"),
    functions_in=("hand",),
    durations=("as long as",),
    checks=(Check("pay {2}, exile face down on your turn; cast after the turn for [cost]",
                  check),),
))
