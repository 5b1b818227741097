"""Plot [cost] (702.170 since 2024): any time you have priority during your main phase while
the stack is empty, you may exile this card from your hand and pay [cost]; on a later turn you
may cast it from exile without paying its mana cost during your main phase while the stack is
empty."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.keywords._cov_later import Later, LaterModel, check_later
from kb.rules.registry import Check, Keyword, register

MODEL = LaterModel("plot", Later(own_turn=True, main_empty=True, action_cost="[cost]",
                                 zone="hand", face_down=False, cast_cost="free",
                                 cast_later=True, cast_main_empty=True))


def check(claims: Claims, era: str) -> list[str] | None:
    """Plotted in my main phase, with a spell on the stack, on an opponent's turn; cast
    later."""
    return check_later(claims, era, MODEL)


register(Keyword(
    name="plot",
    kind=("static",),
    parameter=("[cost]",),
    zones=("hand", "stack", "exile"),
    functions_in=("hand",),
    checks=(Check("exile from the hand for [cost] in your main phase; cast free later", check),),
))
