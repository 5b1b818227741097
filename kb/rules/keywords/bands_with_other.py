"""Bands with other [quality] (502.11 in 2008; part of banding, 702.20, since M2010): a
special form of banding. In the 2008 rules creatures with the same "bands with other
[quality]" band together, creatures with banding may join them, creatures without banding
can't; since M2010 any other creatures with the quality may join. The quality is the
parameter: `Ability("bands with other", "legend")`."""

from __future__ import annotations

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction
from kb.rules.registry import Check, Keyword, register


def _band_member(game: Game, creature_: GameObject, ability: Ability,
                 band: list[GameObject]) -> bool:
    same = [c for c in band if any(a.param == ability.param
                                   for a in c.instances("bands with other"))]
    others = [c for c in band if c not in same]
    if len(same) < (2 if not game.modern else 1):
        return False
    if game.modern:
        return all(c.is_(str(ability.param)) for c in others)
    return all(c.has("banding") for c in others)


def _band_legal(era: str, third: str) -> bool:
    game = Game(era=era)
    legends = [creature(game, f"Legend {i}", abilities=(Ability("bands with other", "legend"),),
                        supertypes={"legend"}) for i in (1, 2)]
    other = creature(game, "Third", abilities=("banding",) if third == "banding" else ())
    try:
        game.declare_attackers([*legends, other], bands=[[*legends, other]])
    except IllegalAction:
        return False
    return True


def check(claims: Claims, era: str) -> list[str] | None:
    """Two creatures with "bands with other Legends" and a third with or without banding."""
    joins = claims.says(r"creatures with banding can also join this band")
    barred = claims.says(r"creatures without banding can't")
    if joins is None and barred is None:
        return None
    problems = []
    if joins is not None:
        problems += differ("a creature with banding can join", joins, "two 'bands with other "
                           "Legends' creatures and a non-legendary creature with banding",
                           "legal", "legal" if _band_legal(era, "banding") else "illegal")
    if barred is not None:
        problems += differ("a creature without banding can't join", barred, "two 'bands with "
                           "other Legends' creatures and a non-legendary creature without "
                           "banding", "illegal", "legal" if _band_legal(era, "plain")
                           else "illegal")
    return problems


register(Keyword(
    name="bands with other",
    kind=("static",),
    parameter=(),
    instances="redundant",
    hooks={"band_member": _band_member},
    checks=(Check("who may join a band", check),),
))
