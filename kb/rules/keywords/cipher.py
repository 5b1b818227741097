"""Cipher (702.97 in 2013, 702.99 in 2026): "If this spell is represented by a card, you may
exile this card encoded on a creature you control" and "For as long as this card is encoded on
that creature, that creature has 'Whenever this creature deals combat damage to a player, you
may copy the encoded card and you may cast the copy without paying its mana cost.'\""""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Event, Game, GameObject, StackItem
from kb.rules.keywords._cov_parts import parts_check
from kb.rules.keywords._spells import burn_spell, cast_paid
from kb.rules.registry import Check, Keyword, register

ENCODE = (r"\byou (may|must) exile this card encoded on (?:a|target) creature (you control|an "
          r"opponent controls|you don't control)")
GRANT = (r"\bthat creature has \"?'?whenever this creature deals combat damage to (a player|an "
         r"opponent|a creature), you may copy the encoded card and you may cast the copy without "
         r"paying its mana cost")


def _as_resolves(game: Game, card: GameObject, ability: Ability, item: StackItem) -> None:
    if item.is_copy or not game.choose("cipher", True):
        return
    mine = [c for c in game.creatures(item.controller)]
    if mine:
        game.move(card, "exile")
        card.notes["encoded on"] = mine[0]


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    host = source.notes.get("encoded on")
    return (source.zone == "exile" and isinstance(host, GameObject)
            and host.zone == "battlefield" and event.obj is host)


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    player = source.owner
    copy = burn_spell(game, player, f"copy of {source.name}", mana_cost=source.mana_cost,
                      zone="exile", types=tuple(source.types))
    copy.token = True
    game.cast(player, copy, alternative=Cost())


def scenario(era: str, whose: str, blocked: bool) -> tuple[str, int, int]:
    """My sorcery with cipher cast with only `whose` ("my", "an opponent's") creature around;
    then my creature attacks (blocked or not): (the card's zone, copies cast, the opponent's
    life lost to copies)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    host = creature(game, "Host", me if whose == "my" else them, power=2, toughness=2)
    card = burn_spell(game, me, "Hidden Plan", mana_cost="{2}{U}", types=("sorcery",),
                      abilities=(Ability("cipher"),))
    card.effect = None
    cast_paid(game, me, card)
    game.resolve_stack()
    zone = card.zone
    attacker = host if whose == "my" else creature(game, "Raider", me, power=2, toughness=2)
    life = them.life
    blocker = creature(game, "Wall", them, power=0, toughness=5) if blocked else None
    game.declare_attackers([attacker])
    game.declare_blockers({blocker: attacker} if blocker else {})
    game.combat_damage()
    game.resolve_stack()
    copies = sum(1 for e in game.log if e.name == "cast" and e.obj is not None
                 and e.obj.name.startswith("copy of"))
    return zone, copies, life - them.life - (0 if blocked else 2)


def check(claims: Claims, era: str) -> list[str] | None:
    """Cast with my creature and with only an opponent's around; my creature attacks,
    blocked and not."""
    sentence = claims.says(ENCODE)
    if sentence is None:
        return None
    encode = re.search(ENCODE, sentence, re.I)
    grant = re.search(GRANT, sentence, re.I)
    if grant:
        claims.found.add(GRANT)
    assert encode is not None
    problems = []
    for whose, blocked in (("my", False), ("my", True), ("an opponent's", False)):
        allowed = (encode.group(2).lower() == "you control") == (whose == "my")
        fires = bool(grant and allowed and not blocked and whose == "my"
                     and "deals combat damage to a player" in claims.triggers
                     and grant.group(1).lower() in ("a player", "an opponent"))
        expected = ("exile" if allowed else "graveyard", int(fires), int(fires))
        problems += differ(encode.group(0) + (f"; {grant.group(0)[18:]}" if grant else ""),
                           sentence, f"my sorcery with cipher cast with {whose} creature "
                           "around, then my creature attacks"
                           + (" and is blocked" if blocked else "")
                           + ": (the card's zone, copies cast, life the copies took)", expected,
                           scenario(era, whose, blocked))
    return problems


register(Keyword(
    name="cipher",
    kind=("spell", "static"),
    trigger=("deals combat damage to a player",),
    trigger_zones=("exile",),
    zones=("stack", "exile", "battlefield"),
    functions_in=("stack", "exile"),
    durations=("as long as",),
    hooks={"as_resolves": _as_resolves},
    effect=_effect,
    condition=_condition,
    checks=(Check("encoded on a creature you control; its combat damage casts a copy", check),
            Check("its two abilities", parts_check(("spell", "static")))),
))
