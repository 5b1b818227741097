"""Shared pieces of the spell keywords (storm, gravestorm, epic, ripple, cascade, conspire):
cards that are spells with a visible effect, casting them with their mana, counting what a
"for each ..." phrase counts, and reading the trigger event of a clause."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from kb.rules.claims import Claims, canonical_trigger
from kb.rules.game import Ability, Game, GameObject, Player, StackItem
from kb.rules.keywords._common import this_object
from kb.rules.registry import Check, Keyword


def _deal_one(game: Game, item: StackItem) -> None:
    """A burn spell's text: 1 damage to its target, or else to its controller's opponent."""
    target = item.targets[0] if item.targets else game.opponent(item.controller)
    game.deal_damage(item.source, target, 1)


def burn_spell(game: Game, owner: Player, name: str = "Spark", mana_cost: str = "{R}",
               abilities: Iterable[Ability | str] = (), zone: str = "hand",
               types: Iterable[str] = ("instant",), colors: Iterable[str] = ("red",)
               ) -> GameObject:
    """An instant (by default) that deals 1 damage: copies of it are counted in life lost."""
    return game.create(name, controller=owner, zone=zone, types=set(types),
                       mana_cost=mana_cost, colors=set(colors), abilities=abilities,
                       effect=_deal_one)


def cast_paid(game: Game, player: Player, card: GameObject, **options: object) -> StackItem:
    """Cast a card, its mana cost added to the pool first."""
    game.add_mana(player, card.mana_cost)
    return game.cast(player, card, **options)  # type: ignore[arg-type]


def cast_and_resolve(game: Game, player: Player, card: GameObject,
                     **options: object) -> StackItem:
    """Cast a card with its mana and resolve the stack."""
    item = cast_paid(game, player, card, **options)
    game.resolve_stack()
    return item


def turn_start(game: Game) -> int:
    """Index in the event log where the current turn began (its untap step)."""
    starts = [i for i, event in enumerate(game.log) if event.name == "untap step"]
    return starts[-1] if starts else 0


def died_this_turn(game: Game) -> int:
    """Permanents put into a graveyard from the battlefield this turn (tokens included)."""
    return sum(1 for event in game.log[turn_start(game):]
               if event.name == "put into graveyard" and event.data.get("origin") == "battlefield")


def count_for_each(phrase: str, game: Game, spell: GameObject) -> int | None:
    """What a "for each ..." phrase counts in the game now, for the spell `spell`; None for
    a phrase this reading doesn't know (the check then reports it)."""
    phrase = " ".join(phrase.lower().split())
    this_turn = phrase.endswith("this turn")
    if not this_turn:
        return None
    spells = re.fullmatch(r"(other )?spells? (?:that (?:was|were|you) )?(?:cast|played) "
                          r"(before it )?this turn", phrase)
    if spells:
        cast = list(game.spells_cast_this_turn)
        if spells.group(2):
            cast = cast[:cast.index(spell)] if spell in cast else cast
        if spells.group(1):
            cast = [c for c in cast if c is not spell]
        return len(cast)
    if re.fullmatch(r"permanents? (?:that (?:was|were) )?(?:put into a graveyard from the "
                    r"battlefield|dies|died|die) this turn", phrase):
        return died_this_turn(game)
    return None


def clause_trigger(sentence: str, lead: str) -> str | None:
    """The canonical trigger event of the `When ...`/`At ...` clause that precedes `lead`
    (a regex) in a sentence: `When you cast this spell, copy it` -> `cast`."""
    match = re.search(rf"\b(when(?:ever)?|at)\b([^,.\"]*),\s*{lead}", sentence, re.I)
    if match is None:
        return None
    clause = match.group(2)
    if match.group(1).lower() == "at":
        return canonical_trigger(f"at {clause}") if "upkeep" not in clause.lower() else "upkeep"
    return canonical_trigger(clause)


def copies_sentence(claims: Claims) -> tuple[str, str] | None:
    """(sentence, counted phrase) of a "copy it ... for each X" rule."""
    sentence = claims.says(r"\bcop(?:y|ies)\b[^.]*\bfor each\b")
    if sentence is None:
        return None
    match = re.search(r"\bcop(?:y|ies)\b[^.]*?\bfor each (.+?)(?:\.|\"|$)", sentence)
    return (sentence, match.group(1)) if match else None


def stocked_game(era: str, cards: int = 10) -> Game:
    """A two-player game whose libraries hold `cards` plain cards each (draws succeed)."""
    game = Game(era=era)
    for player in game.players:
        for index in range(cards):
            game.create(f"Card {index}", controller=player, zone="library", types={"land"})
    return game


def history_turns(game: Game) -> None:
    """Turn 1 (a spell cast, a creature sacrificed), then on to the same player's next turn
    (turn 3), where 3 spells are cast and 2 permanents are put into a graveyard from the
    battlefield: what "this turn" counts differs from "this game"."""
    me = game.active
    cast_and_resolve(game, me, burn_spell(game, me, "Early spell"))
    game.sacrifice(game.create("Early bear", controller=me, power=2, toughness=2))
    game.next_turn()
    game.next_turn()
    for index in range(3):
        cast_and_resolve(game, me, burn_spell(game, me, f"Spell {index}"))
    for index in range(2):
        game.sacrifice(game.create(f"Bear {index}", controller=me, power=2, toughness=2))


def copies_scenario(era: str, name: str, instances: int = 2) -> tuple[Game, GameObject, int]:
    """After `history_turns`, cast a burn spell with `instances` instances of `name`: the
    game, the spell and how many copies of it resolved (1 damage each)."""
    game = stocked_game(era)
    history_turns(game)
    me = game.active
    opponent = game.opponent(me)
    spell = burn_spell(game, me, f"{name.title()} spell", abilities=[name] * instances)
    before = opponent.life
    cast_and_resolve(game, me, spell)
    return game, spell, before - opponent.life - 1


def check_copy_count(claims: Claims, era: str, name: str) -> list[str] | None:
    """A spell with two instances of `name`, cast after 3 other spells and 2 deaths this turn
    (and 1 of each the turn before): as many copies as the text's "for each ..." counts,
    per instance as the text says, when the text's trigger is casting it."""
    from kb.rules.checks import differ, instance_count

    found = copies_sentence(claims)
    if found is None:
        return None
    sentence, phrase = found
    game, spell, copies = copies_scenario(era, name)
    counted = count_for_each(phrase, game, spell)
    scenario = (f"a spell with two instances of {name} cast after 3 spells and 2 permanents "
                f"put into a graveyard this turn (1 of each the turn before)")
    if counted is None:
        return [f'the text copies the spell for each "{phrase}" ("{sentence}"); the model of '
                f"{name} counts something else: it made {copies} copies in the scenario "
                f'"{scenario}"']
    trigger = clause_trigger(sentence, r"(?:put )?(?:a )?cop") or next(iter(claims.triggers), "")
    expected = counted * instance_count(claims, 2) if trigger == "cast" else 0
    return differ(f'a copy for each {phrase}, when "{trigger}"', sentence, scenario, expected,
                  copies)


def cast_trigger(name: str, effect: Callable[..., None], checks: tuple[Check, ...],
                 kind: tuple[str, ...] = ("triggered",), parameter: tuple[str, ...] = ("",),
                 zones: tuple[str, ...] = ("stack",), durations: tuple[str, ...] = (),
                 condition: Callable[..., bool] = this_object) -> Keyword:
    """The spec of a keyword whose triggered ability functions on the stack, "When you cast
    this spell, ..." (storm, gravestorm, cascade, ripple, conspire, replicate): multiple
    instances trigger separately."""
    return Keyword(name=name, kind=kind, parameter=parameter, trigger=("cast",), zones=zones,
                   functions_in=("stack",), trigger_zones=("stack",), durations=durations,
                   instances="separate", effect=effect, condition=condition, checks=checks)


def copy_trigger_spec(name: str, effect: Callable[..., None], claim: str) -> Keyword:
    """The spec of storm or gravestorm: "When you cast this spell, put a copy of it onto the
    stack for each ... this turn"; `effect` makes the copies, the check counts them as the
    text counts them."""

    def check(claims: Claims, era: str) -> list[str] | None:
        """Copies of a spell with the keyword, counted as the text counts them."""
        return check_copy_count(claims, era, name)

    return cast_trigger(name, effect, (Check(claim, check),), durations=("this turn",))
