"""Jump-start (702.133 since 2018): cast this card from your graveyard, if the resulting spell
is an instant or sorcery, by discarding a card as an additional cost; exiled when it leaves
the stack."""

from __future__ import annotations

from kb.rules.keywords._cov_permits import PermitModel, permit_check
from kb.rules.registry import Check, Keyword, register

MODEL = PermitModel("jump-start", zones=("graveyard",), kind="mana cost",
                    extra="discard a card", leaves="exile", only=("instant", "sorcery"))

BEFORE = PermitModel("jump-start", zones=("graveyard",), kind="mana cost",
                     extra="discard a card", leaves="exile")


def _checks(model: PermitModel) -> tuple[Check, ...]:
    return (Check("cast from the graveyard discarding a card, exiled after",
                  permit_check(model, r"jump-start", anchor=r"\bfrom\b")),)


register(Keyword(
    name="jump-start",
    aliases=("jump start",),
    kind=("static",),
    zones=("graveyard", "stack", "exile"),
    functions_in=("graveyard", "stack"),
    hooks={"replace_zone_change": MODEL.replace},
    checks=_checks(MODEL),
    history=(("only an instant or sorcery spell may be cast with jump-start",
              {"checks": _checks(BEFORE)}),),
))
