"""Bargain (702.166 since 2023): as an additional cost to cast this spell, you may sacrifice an
artifact, enchantment, or token."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction
from kb.rules.keywords._casting import legal, spending
from kb.rules.registry import Check, Keyword, register

OFFERED = "bargain offering"
KINDS = ("artifact", "enchantment", "token", "creature", "land")
# what is offered: (name, types, token, mine)
OFFERS = (("Relic", ("artifact",), False, True), ("Aura", ("enchantment",), False, True),
          ("Soldier", ("creature",), True, True), ("Bear", ("creature",), False, True),
          ("Their Relic", ("artifact",), False, False), (None, (), False, True))


def _cost_change(game: Game, card: GameObject, ability: Ability, cost: Cost) -> None:
    offered = card.notes.pop(OFFERED, None)
    if offered is None:
        return
    kinds_ok = offered.token or offered.is_("artifact") or offered.is_("enchantment")
    if offered.zone != "battlefield" or offered.controller is not card.controller or not kinds_ok:
        raise IllegalAction(f"{offered.name} can't be sacrificed for bargain")
    game.sacrifice(offered)
    card.notes["bargained"] = True


def _cast(era: str, offer: tuple) -> tuple[bool, int, bool]:
    """A {2}{B} sorcery with bargain cast offering one permanent (or none): (legal, mana
    taken, bargained)."""
    name, types, token, mine = offer
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    card = game.create("Deal", controller=me, zone="hand", types={"sorcery"},
                       mana_cost="{2}{B}", abilities=("bargain",))
    if name:
        card.notes[OFFERED] = creature(game, name, me if mine else them, types=set(types),
                                       token=token)
    ok, mana = spending(me, legal, game.cast, me, card)
    return ok, mana if ok else 0, bool(card.notes.get("bargained"))


def check(claims: Claims, era: str) -> list[str] | None:
    """Offering an artifact, an enchantment, a creature token, a nontoken creature, an
    opponent's artifact, nothing."""
    text = claims.says(r"\bbargain\W* means\b")
    if text is None:
        return None
    match = re.search(r"as an additional cost to cast this spell, you (may sacrifice|sacrifice) "
                      r"an? ((?:(?:artifact|enchantment|token|creature|land)"
                      r"(?:,? (?:or |and/or )?)?)+)", text, re.I)
    if match is None:
        return [f'the text says what bargain costs in a way the model does not read ("{text}")']
    kinds = {k for k in KINDS if re.search(rf"\b{k}\b", match.group(2), re.I)}
    optional = match.group(1).lower().startswith("may")
    problems = []
    for offer in OFFERS:
        name, types, token, mine = offer
        fits = bool(name) and mine and (bool(set(types) & kinds) or (token and "token" in kinds))
        allowed = fits or (name is None and optional)
        expected = (allowed, 3 if allowed else 0, fits)
        what = f"{'a token ' if token else ''}{' '.join(types)}" if name else "nothing"
        problems += differ(match.group(0), text, f"a {{2}}{{B}} spell with bargain offering "
                           f"{'their' if name and not mine else 'my'} {what}: (legal, mana "
                           "taken, bargained)", expected, _cast(era, offer))
    return problems


register(Keyword(
    name="bargain",
    kind=("static",),
    parameter=("",),
    zones=("stack",),
    functions_in=("stack",),
    hooks={"cost_change": _cost_change},
    checks=(Check("sacrifice an artifact, enchantment or token as an additional cost", check),),
))
