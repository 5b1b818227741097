"""Flashback [cost] (702.32 in 2012, 502.22 in 2008): two static abilities: the card may be
cast from its owner's graveyard by paying [cost] rather than its mana cost, and a spell whose
flashback cost was paid is exiled instead of going anywhere else when it leaves the stack.
The 2026 rules add that the resulting spell must be an instant or sorcery."""

from __future__ import annotations

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player, StackItem, ZoneChange
from kb.rules.keywords._casting import (
    CAST,
    ability_of,
    cast_for,
    check_cost_paid,
    cost_rule,
    fill_pool,
    legal,
    read_zone,
    spending,
)
from kb.rules.keywords._spells import burn_spell
from kb.rules.registry import Check, Keyword, register

PAID = "flashback paid"


def cast_with_flashback(game: Game, player: Player, card: GameObject,
                        targets: tuple = ()) -> StackItem:
    """Cast `card` from its owner's graveyard for its flashback cost."""
    ability = ability_of(card, "flashback")
    if card.zone != "graveyard" or card.owner is not player:
        raise IllegalAction("flashback casts a card from its owner's graveyard")
    if not card.types & {"instant", "sorcery"}:
        raise IllegalAction("flashback casts only an instant or sorcery spell")
    card.notes[PAID] = True
    return cast_for(game, player, card, ability, targets=targets)


def _replace(game: Game, card: GameObject, ability: Ability, change: ZoneChange) -> None:
    if change.origin == "stack" and card.notes.pop(PAID, False):
        change.to = "exile"


def _card(game: Game, zone: str, types: tuple[str, ...] = ("sorcery",)) -> GameObject:
    return burn_spell(game, game.active, "Think Twice", mana_cost="{1}{U}", zone=zone,
                      types=types, abilities=(Ability("flashback", "{3}"),))


def check_cast(claims: Claims, era: str) -> list[str] | None:
    """Flashback {3} on a {1}{U} sorcery: from which zone it may be cast, and the mana it
    takes."""
    rule = cost_rule(claims, r"flashback \[cost\]")
    origin = read_zone(claims, rf"\b{CAST} this card from ([\w' ]+?) (?:if|by paying)")
    if rule is None and origin is None:
        return None
    problems = []
    if rule is not None:
        game = Game(era=era)
        card = _card(game, "graveyard")
        _, mana = spending(game.active, cast_with_flashback, game, game.active, card)
        problems += check_cost_paid("flashback", rule, "a {1}{U} sorcery cast with flashback {3}",
                                    2, 3, mana)
    if origin is not None:
        for zone in ("graveyard", "hand"):
            game = Game(era=era)
            card = _card(game, zone)
            fill_pool(game.active)
            problems += differ(f"it is cast with flashback from the {origin[1]}", origin[0],
                               f"a sorcery with flashback in its owner's {zone}",
                               zone == origin[1],
                               legal(cast_with_flashback, game, game.active, card))
    resulting = claims.says(r"if the resulting spell is an instant or sorcery spell")
    if resulting is not None:
        game = Game(era=era)
        card = _card(game, "graveyard", types=("creature",))
        fill_pool(game.active)
        problems += differ("only an instant or sorcery spell is cast with flashback", resulting,
                           "a creature card with flashback in the graveyard", False,
                           legal(cast_with_flashback, game, game.active, card))
    return problems


def check_exile(claims: Claims, era: str) -> list[str] | None:
    """A spell cast with flashback resolves, another is countered: where each card goes."""
    found = read_zone(claims, r"if the flashback cost was paid, (\w+) this card instead")
    if found is None:
        return None
    sentence, zone = found
    problems = []
    anytime = "any time it would leave the stack" in sentence.lower()
    for countered in (False, True):
        game = Game(era=era)
        me = game.active
        target = creature(game, "Bear", controller=game.opponent(me))
        card = _card(game, "graveyard")
        spending(me, cast_with_flashback, game, me, card, targets=(target,))
        if countered:
            game.sacrifice(target)  # its only target is gone: countered on resolution
        game.resolve_stack()
        expected = zone if (anytime or not countered) else "graveyard"
        what = "countered" if countered else "resolved"
        problems += differ(f"a spell cast with flashback is put into {zone} instead", sentence,
                           f"a sorcery cast with flashback is {what}", expected, card.zone)
    return problems


register(Keyword(
    name="flashback",
    kind=("static",),
    parameter=("[cost]",),
    zones=("graveyard", "stack", "exile"),
    functions_in=("graveyard", "stack"),
    hooks={"replace_zone_change": _replace},
    checks=(Check("flashback: cast from which zone, for which cost", check_cast),
            Check("flashback: exiled when it leaves the stack", check_exile)),
))
