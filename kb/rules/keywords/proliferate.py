"""Proliferate (701.24 in 2012, 701.34 in 2026), a keyword action: choose any number of
permanents and/or players that have a counter, then give each exactly one additional
counter of a kind that permanent or player already has. Since War of the Spark (2019) each
gets one additional counter of EACH kind it already has: the model's `history` keeps the
2012 rule for older texts, so a 2012 definition held against today's rules is reported as
outdated.

The engine never asks about proliferate; the kinds rule is kept in the spec's `hooks`
under "counter_kinds" (so that `history` can change it)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._spells import stocked_game
from kb.rules.registry import Check, Keyword, register

WAR_OF_THE_SPARK = "proliferate adds a counter of each kind"


def _each_kind(game: Game, holder: GameObject | Player) -> list[str]:
    return sorted(kind for kind, count in holder.counters.items() if count > 0)


def _one_kind(game: Game, holder: GameObject | Player) -> list[str]:
    kinds = _each_kind(game, holder)
    name = getattr(holder, "name", "")
    return [game.choose(f"proliferate:kind:{name}", kinds[0])] if kinds else []


def proliferate(game: Game, player: Player,
                chosen: Iterable[GameObject | Player] | None = None) -> None:
    """`player` proliferates: the chosen permanents and players that have a counter (all of
    them by default) get an additional counter of the kind(s) the rules of the era say."""
    candidates: list[GameObject | Player] = [*game.battlefield, *game.players]
    picked = list(chosen) if chosen is not None else candidates
    kinds_of = game.spec("proliferate").hooks["counter_kinds"]
    for holder in picked:
        if holder in candidates and any(c > 0 for c in holder.counters.values()):
            for kind in kinds_of(game, holder):
                holder.counters[kind] += 1
    game.emit("proliferate", player=player)


def _scenario(era: str) -> dict[str, dict[str, int]]:
    """Proliferate, choosing everything: Hydra (two +1/+1, one charge counter), Bear (none),
    the opponent (3 poison); the +1/+1 kind is chosen where one kind is."""
    game = stocked_game(era)
    me, them = game.active, game.opponent(game.active)
    hydra = game.create("Hydra", controller=me, power=1, toughness=1)
    hydra.counters.update({"+1/+1": 2, "charge": 1})
    bear = game.create("Bear", controller=me, power=2, toughness=2)
    them.counters["poison"] = 3
    game.choices["proliferate:kind:Hydra"] = "+1/+1"
    proliferate(game, me)
    return {h.name: dict(+h.counters) for h in (hydra, bear, them)}


def check(claims: Claims, era: str) -> list[str] | None:
    """Counters after proliferating, as the text says."""
    sentence = claims.says(r"to proliferate means")
    amount = claims.find("counter")
    if sentence is None or amount is None:
        return None
    who = re.search(r"choose any number of (permanents and/or players|permanents|players)"
                    r"( that have a counter)?", sentence, re.I)
    kinds = re.search(r"counters? of (a|each|every) kind", sentence, re.I)
    if who is None or kinds is None:
        return [f'the text chooses or gives counters in a way the model does not read '
                f'("{sentence}")']
    n = amount.times(3)
    chosen = who.group(1).lower()
    expected = {"Hydra": {"+1/+1": 2, "charge": 1}, "Bear": {}, "B": {"poison": 3}}
    if "permanents" in chosen:
        hydra = expected["Hydra"]
        for kind in (["+1/+1"] if kinds.group(1).lower() == "a" else ["+1/+1", "charge"]):
            hydra[kind] += n
        if not who.group(2):
            expected["Bear"] = {}  # no kind to add to
    if "players" in chosen:
        expected["B"]["poison"] += n
    return differ(f"{who.group(0)} get {amount.count} additional counter(s) of {kinds.group(1)}"
                  " kind", sentence, "proliferate with Hydra (two +1/+1, one charge), Bear (no "
                  "counters) and an opponent with 3 poison: counters after", expected,
                  _scenario(era))


register(Keyword(
    name="proliferate",
    kind=("keyword action",),
    parameter=("",),
    hooks={"counter_kinds": _each_kind},
    checks=(Check("one more counter of each (2012: one) kind on the chosen", check),),
    history=((WAR_OF_THE_SPARK, {"hooks": {"counter_kinds": _one_kind}}),),
))
