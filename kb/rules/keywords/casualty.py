"""Casualty N (702.153 since 2022): as an additional cost to cast this spell you may sacrifice a
creature with power N or greater; when you cast it, if that cost was paid, copy it."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Event, Game, GameObject, IllegalAction
from kb.rules.keywords._casting import legal
from kb.rules.keywords._cov_parts import parts_check
from kb.rules.keywords._spells import burn_spell, cast_paid
from kb.rules.registry import Check, Keyword, register

N = 3
SACRIFICE = (r"\bas an additional cost to cast this spell, you (may|must) sacrifice (an?|one|two) "
             r"(creature|artifact|permanent)s? with (power|toughness|mana value) (N|X|\d+) or "
             r"(greater|less)")
COPY = r"\bwhen you cast this spell, if an? casualty cost was paid for it, copy it( twice)?"


def _paid(source: GameObject, ability: Ability, event: Event) -> bool:
    item = event.data.get("item")
    return bool(event.obj is source and item is not None and item.paid.get("casualty"))


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return _paid(source, ability, event)


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    game.copy_spell(event.data["item"])


def cast_with_casualty(game: Game, card: GameObject, victim: GameObject | None) -> None:
    """Cast `card`, sacrificing `victim` (a creature you control with power N or greater) for
    its casualty cost, or nothing."""
    me = game.active
    if victim is not None:
        n = int(next(a for a in card.abilities if a.name == "casualty").param)
        if victim.controller is not me or not victim.is_("creature") or victim.power < n:
            raise IllegalAction(f"casualty {n}: a creature you control with power {n} or more")
        game.sacrifice(victim)
    cast_paid(game, me, card, paid={"casualty": victim is not None})


def scenario(era: str, power: int | None) -> tuple[bool, int, str]:
    """An instant with casualty 3 cast sacrificing my creature of `power` (None: none): (legal,
    spells on the stack after the cast trigger, the creature's zone)."""
    game = Game(era=era)
    me = game.active
    card = burn_spell(game, me, "Shot", abilities=(Ability("casualty", N),))
    victim = creature(game, "Victim", me, power=power, toughness=5) if power is not None \
        else None
    ok = legal(cast_with_casualty, game, card, victim)
    if ok:
        game.put_pending_on_stack()
        while game.stack and game.stack[-1].kind == "ability":
            game.resolve_top()
    spells = sum(1 for item in game.stack if item.kind == "spell")
    return ok, spells, victim.zone if victim else ""


def check(claims: Claims, era: str) -> list[str] | None:
    """Casualty 3 with no creature sacrificed, and with creatures of power 2, 3 and 4."""
    sentence = claims.says(SACRIFICE)
    if sentence is None:
        return None
    match = re.search(SACRIFICE, sentence, re.I)
    assert match is not None
    copy = re.search(COPY, sentence, re.I) if "cast" in claims.triggers else None
    if copy:
        claims.found.add(COPY)
    need = quantity(match.group(5), N)
    single = quantity(match.group(2)) == 1 and match.group(3).lower() == "creature"
    problems = []
    for power in (None, 2, 3, 4):
        if power is None:
            ok = match.group(1).lower() == "may"
        else:
            ok = single and match.group(4).lower() == "power" and (
                power >= need if match.group(6).lower() == "greater" else power <= need)
        copies = (2 if copy.group(1) else 1) if (ok and power is not None and copy) else 0
        expected = (ok, (1 + copies) if ok else 0,
                    ("graveyard" if ok else "battlefield") if power is not None else "")
        problems += differ(match.group(0)[39:] + (f"; {copy.group(0)}" if copy else ""),
                           sentence, f"an instant with casualty {N} cast sacrificing "
                           + (f"my creature with power {power}" if power is not None else
                              "nothing") + ": (legal, spells on the stack, the creature's zone)",
                           expected, scenario(era, power))
    return problems


register(Keyword(
    name="casualty",
    kind=("static", "triggered"),
    parameter=("n",),
    trigger=("cast",),
    zones=("stack",),
    functions_in=("stack",),
    instances="separate",
    effect=_effect,
    condition=_condition,
    trigger_zones=("stack",),
    checks=(Check("sacrifice a creature with power N or greater; the spell is copied", check),
            Check("its two abilities", parts_check(("static", "triggered")))),
))
