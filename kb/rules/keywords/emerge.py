"""Emerge [cost] (702.118 in 2016, 702.119 in 2026): cast this spell by paying [cost] and
sacrificing a creature rather than paying its mana cost; its total cost is reduced by the
sacrificed creature's mana value. "Emerge from [quality] [cost]" sacrifices a [quality]
permanent instead."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.keywords._casting import meaning_of
from kb.rules.keywords._cov_permits import PermitModel, check_permit, permit_check
from kb.rules.registry import Check, Keyword, register

MODEL = PermitModel("emerge", extra="sacrifice a creature", reduce="mana value")


def check_variant(claims: Claims, era: str) -> list[str] | None:
    """"Emerge from creature [cost]": the variant's meaning with a creature as its quality."""
    found = meaning_of(claims, r"emerge from \[quality\] \[cost\]")
    if found is None:
        return None
    meaning, quote = found
    return check_permit(claims, era, MODEL, meaning.replace("[quality] permanent", "creature"),
                        quote.replace("[quality] permanent", "creature"))


register(Keyword(
    name="emerge",
    kind=("static",),
    parameter=("[cost]", "from [quality] [cost]"),
    zones=("stack",),
    functions_in=("stack",),
    checks=(Check("cast for [cost] and a sacrificed creature, less its mana value",
                  permit_check(MODEL, r"emerge \[cost\]")),
            Check("emerge from [quality]: the same with a [quality] permanent",
                  check_variant)),
))
