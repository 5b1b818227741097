"""Suspend N -- [cost] (702.60 in 2012, 502.59 in 2008): a static ability in the hand, "If you
could begin to cast this card by putting it onto the stack from your hand, you may pay [cost]
and exile it with N time counters on it", and two triggered abilities in exile: "At the
beginning of your upkeep, if this card is suspended, remove a time counter from it" and "When
the last time counter is removed from this card, if it's exiled, play it without paying its
mana cost if able ... If you cast a creature spell this way, it gains haste until you lose
control of the spell or the permanent it becomes." Since Murders at Karlov Manor (2024-02-09)
casting it is optional ("you may play it")."""

from __future__ import annotations

import re

from kb.rules.checks import can_attack, differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Cost, Event, Game, GameObject, IllegalAction, Player
from kb.rules.keywords._casting import ability_of, param_cost, read_word, spending, zone_of
from kb.rules.registry import Check, Keyword, register

LAST = "last time counter removed"
KARLOV_MANOR = "casting the suspended card became optional"
EXILE = r"you may pay \[cost\] and (\w+) it with (\w+) time counters? on it"
REMOVE = r"at the beginning of your upkeep, if this card is suspended, remove (\w+) time counters?"
PLAY = r"if it's exiled, (you may play|play) it without paying its mana cost"
SUSPENDED = (r"a card is \"?suspended\"? if it's in the ([\w ]+?), has suspend, and (?:has )?(\w+) "
             r"time counters? on it")


def upkeeps_until_cast(start: int, per: int, least: int) -> int:
    """By a text's numbers: upkeeps until the last time counter comes off a card exiled with
    `start` counters, `per` removed each upkeep while it is suspended (at least `least`
    counters); 0 when that never happens."""
    counters, upkeeps = start, 0
    while counters >= max(least, 1) and per > 0 and upkeeps < 10:
        counters -= per
        upkeeps += 1
        if counters <= 0:
            return upkeeps
    return 0


def suspend(game: Game, player: Player, card: GameObject) -> None:
    """Pay the suspend cost and exile the card from its owner's hand with N time counters
    (only when the player could begin to cast it; not a spell, no stack)."""
    ability = ability_of(card, "suspend")
    if card.zone != "hand" or card.owner is not player or not game.may_cast(player, card):
        raise IllegalAction(f"{card.name} can't be suspended now")
    game.pay(player, param_cost(ability, 1))
    game.move(card, "exile", cause="suspend")
    card.counters["time"] += int(ability.param[0])


def suspended(card: GameObject) -> bool:
    """In exile, with suspend and a time counter (702.60b)."""
    return card.zone == "exile" and card.has("suspend") and card.counters["time"] > 0


def _condition(game: Game, card: GameObject, ability: Ability, event: Event) -> bool:
    if card.instances("suspend")[0] is not ability:
        return False  # one card, one suspend: its three abilities, once
    if event.name == "upkeep":
        return event.player is card.owner and suspended(card)
    return event.obj is card and card.zone == "exile"


def _effect(game: Game, card: GameObject, ability: Ability, event: Event,
            optional: bool = True) -> None:
    if event.name == "upkeep":
        if suspended(card):
            card.counters["time"] -= 1
            if card.counters["time"] == 0:
                game.emit(LAST, card, player=card.owner)
        return
    if card.zone != "exile" or (optional and not game.choose(f"suspend cast:{card.ident}",
                                                             True)):
        return
    game.cast(card.owner, card, alternative=Cost(), paid={"suspend": True})
    if card.is_("creature"):
        card.abilities.append(Ability("haste", "suspend"))


def _effect_mandatory(game: Game, card: GameObject, ability: Ability, event: Event) -> None:
    _effect(game, card, ability, event, optional=False)


def _run(era: str, cast: bool = True) -> tuple[Game, GameObject, int, int, bool]:
    """Suspend 3 -- {G} on a {4}{G}{G} creature: suspended in its owner's first main phase,
    then turns pass until it is cast (at most ten of its owner's turns). Returns the game,
    the card, the mana the suspending took, its owner's upkeeps until it was cast (0: never)
    and whether it could attack that turn."""
    game = Game(era=era)
    me = game.active
    card = game.create("Nantuko Vigilante", controller=me, zone="hand", power=5, toughness=5,
                       mana_cost="{4}{G}{G}", abilities=(Ability("suspend", (3, "{G}")),))
    game.choices[f"suspend cast:{card.ident}"] = cast
    _, mana = spending(me, suspend, game, me, card)
    card.notes["counters at first"] = card.counters["time"]
    for upkeeps in range(1, 11):
        game.next_turn()
        game.next_turn()
        if card.zone == "battlefield":
            return game, card, mana, upkeeps, can_attack(game, card)
    return game, card, mana, 0, False


def check_counters(claims: Claims, era: str) -> list[str] | None:
    """Suspend 3 -- {G}: the mana suspending takes, the time counters it is exiled with, and
    how many of its owner's upkeeps pass before it is cast, with haste."""
    exile, remove = claims.says(EXILE), claims.says(REMOVE)
    if exile is None or remove is None:
        return None
    verb, count = re.search(EXILE, exile, re.I).groups()  # type: ignore[union-attr]
    per = quantity(re.search(REMOVE, remove, re.I).group(1))  # type: ignore[union-attr]
    start = quantity(count, 3)
    game, card, mana, upkeeps, attacks = _run(era)
    each = "upkeep" in claims.triggers
    defined = claims.says(SUSPENDED)
    suspended = re.search(SUSPENDED, defined, re.I) if defined else None
    where, least = suspended.groups() if suspended else ("exile", "a")
    if zone_of(where) != "exile":
        least = "99"  # never suspended in the model's sense: no counter comes off
    expected = (1, zone_of(verb), start,
                upkeeps_until_cast(start, per, quantity(least)) if each else 0)
    actual = (mana, "exile", card.notes["counters at first"], upkeeps)
    problems = differ(f"it is {verb}d with {count} time counters and loses {per} each upkeep",
                      f"{exile} {remove}", "suspend 3 -- {G}: (mana paid, zone, time counters, "
                      "upkeeps until it is cast)", expected, actual)
    gains = read_word(claims, r"if you cast a creature spell this way, it gains (\w+)")
    if gains is not None and LAST in claims.triggers:
        problems += differ(f"the creature cast this way gains {gains[1]}", gains[0],
                           "the suspended creature is cast: can it attack that turn",
                           gains[1] == "haste", attacks)
    return problems


def check_optional(claims: Claims, era: str) -> list[str] | None:
    """The last time counter is removed and its owner would rather not cast it: cast anyway
    ("play it ... if able") or left in exile ("you may play it")."""
    found = claims.says(PLAY)
    if found is None:
        return None
    verb = re.search(PLAY, found, re.I).group(1).lower()  # type: ignore[union-attr]
    game, card, _, _, _ = _run(era, cast=False)
    expected = "exile" if verb == "you may play" else "battlefield"
    return differ(f"it is {'cast if its owner wants' if verb == 'you may play' else 'cast'}",
                  found, "the last time counter is removed, its owner declines to cast it",
                  expected, card.zone)


register(Keyword(
    name="suspend",
    kind=("static", "triggered"),
    parameter=("n -- [cost]",),
    trigger=("upkeep", LAST),
    zones=("hand", "stack", "exile"),
    functions_in=("hand", "exile"),
    trigger_zones=("exile",),
    durations=("until you lose control",),
    effect=_effect,
    condition=_condition,
    checks=(Check("suspend: time counters, one removed each upkeep, cast with haste",
                  check_counters),
            Check("suspend: whether casting it is optional", check_optional)),
    history=((KARLOV_MANOR, {"effect": _effect_mandatory}),),
    note="Murders at Karlov Manor (2024-02-09) made casting the suspended card optional.",
))
