"""Shared pieces of the newer alternative-cost keywords (escape, spectacle, surge, ...): a
cast for the keyword's [cost] under the model's zone and condition rules, the conditions
their texts state ("if an opponent lost life this turn"), read into a test of the game, and
the check that runs a cast in each zone and with the condition met or not."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import (
    CAST,
    cast_for,
    classify_cost,
    fill_pool,
    legal,
    meaning_of,
    pool_size,
    zone_of,
)
from kb.rules.keywords._counters import damage_this_turn
from kb.rules.keywords._spells import burn_spell, cast_paid

Condition = Callable[[Game, Player], bool]


def lost_life(who: str) -> Condition:
    """"if an opponent / you lost life this turn" (life lost to damage, in the model)."""
    def test(game: Game, player: Player) -> bool:
        players = [player] if who == "you" else [p for p in game.players if p is not player]
        return damage_this_turn(game, players) > 0
    return test


def cast_another(who: str) -> Condition:
    """"if you (or one of your teammates) / an opponent has cast another spell this turn"."""
    def test(game: Game, player: Player) -> bool:
        casters = {e.player for e in game.log if e.name == "cast"}
        return (player in casters) if who.startswith("you") else bool(casters - {player})
    return test


CONDITIONS: tuple[tuple[str, Callable[[str], Condition]], ...] = (
    (r"if (an opponent|you) lost life this turn", lost_life),
    (r"if (you or one of your teammates|you|an opponent) (?:has|have) cast another spell this "
     r"turn", cast_another),
)


def read_condition(meaning: str) -> tuple[str, Condition] | None:
    """The condition clause of a meaning and its test; None when it states none; a clause
    this reading doesn't know is returned with a test that is never met."""
    for pattern, make in CONDITIONS:
        match = re.search(pattern, meaning, re.I)
        if match:
            return match.group(0), make(match.group(1).lower())
    other = re.search(r"\bif (?!this spell)[^,.\"]+", meaning, re.I)
    if other:
        return other.group(0), lambda game, player: False
    return None


@dataclass(frozen=True)
class AltCost:
    """The model of one alternative-cost keyword: where the card may be cast from, and the
    condition under which its cost may be paid."""

    name: str
    zones: tuple[str, ...] = ("hand",)
    condition: Condition | None = None

    def cast(self, game: Game, player: Player, card: GameObject) -> StackItem:
        """Cast `card` for this keyword's cost (IllegalAction where the rules forbid it)."""
        ability = next(a for a in card.abilities if a.name == self.name)
        if card.zone not in self.zones or card.owner is not player:
            raise IllegalAction(f"{self.name} doesn't cast a card from {card.zone}")
        if self.condition and not self.condition(game, player):
            raise IllegalAction(f"the {self.name} condition isn't met")
        return cast_for(game, player, card, ability)


# what happened this turn before the cast: (who cast a spell, who was dealt damage by it)
HISTORIES: tuple[tuple[str, ...], ...] = ((), ("me",), ("them",))


def set_up(era: str, name: str, zone: str, history: tuple[str, ...]) -> tuple[Game, GameObject]:
    """My {4}{R} sorcery with `name` {1}{R} in `zone`; this turn, each player of `history`
    ("me", "them") cast a burn spell at the other one."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    card = burn_spell(game, me, "Blast", mana_cost="{4}{R}", zone=zone, types=("sorcery",),
                      abilities=(Ability(name, "{1}{R}"),))
    for who in history:
        caster, victim = (me, them) if who == "me" else (them, me)
        cast_paid(game, caster, burn_spell(game, caster), targets=(victim,))
        game.resolve_stack()
    creature(game, "Bystander", them)
    return game, card


def check_alt_cast(claims: Claims, era: str, model: AltCost) -> list[str] | None:
    """A {4}{R} sorcery with `<name> {1}{R}` cast for that cost from the hand and the
    graveyard, with the text's condition met and not: legal or not, and mana taken."""
    found = meaning_of(claims, rf"{model.name} \[cost\]")
    if found is None:
        return None
    meaning, quote = found
    rule = classify_cost(meaning, quote)
    origin = re.search(rf"\b{CAST} this (?:card|spell) (?:transformed |converted )?from ([\w' ]+?) "
                       r"(?:by|if|rather)", meaning, re.I)
    zones = (zone_of(origin.group(1)),) if origin else ("hand",)
    condition = read_condition(meaning)
    problems = []
    for zone in ("hand", "graveyard"):
        for history in HISTORIES if condition else ((),):
            game, card = set_up(era, model.name, zone, history)
            me = game.active
            met = condition is None or condition[1](game, me)
            before = fill_pool(me)
            ok = legal(model.cast, game, me, card)
            mana = before - pool_size(me) if ok else None
            expected = rule.mana(5, 2) if zone in zones and met else None
            happened = ", ".join(f"{'I' if who == 'me' else 'an opponent'} cast a spell dealing "
                                 "damage to the other" for who in history) or "nothing before"
            problems += differ(f"the {model.name} cost is paid as {rule.kind} cost"
                               + (f" from {origin.group(1)}" if origin else "")
                               + (f" {condition[0]}" if condition else ""), quote,
                               f"a {{4}}{{R}} sorcery with {model.name} {{1}}{{R}} cast for "
                               f"it from the {zone} ({happened} this turn): mana taken (None: "
                               "not allowed)", expected, mana)
    return problems
