"""Time travel (701.56 since 2024), a keyword action: choose any number of permanents you control
with one or more time counters on them and/or suspended cards you own in exile with one or more
time counters on them and, for each of those objects, put a time counter on it or remove a time
counter from it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, IllegalAction, Player
from kb.rules.keywords._casting import legal
from kb.rules.registry import Check, Keyword, register

SENTENCE = (r"choose any number of permanents (you control|an opponent controls) with (one or "
            r"more|no) time counters on them and/or suspended cards you own in (exile|your "
            r"graveyard) with one or more time counters on them and, for each of those objects, "
            r"put (a|two) time counters? on it or remove (a|two) time counters? from it")
# objects tried: (name, where, whose, time counters, add?)
TRIES = (("Clock", "battlefield", "mine", 2, True), ("Clock", "battlefield", "mine", 2, False),
         ("Relic", "battlefield", "mine", 0, True), ("Clock", "battlefield", "theirs", 2, True),
         ("Rift", "exile", "mine", 2, False))


def time_travel(game: Game, player: Player, chosen: Sequence[tuple[GameObject, bool]]) -> None:
    """`player` time travels: each chosen object (with `add`: put, else remove) gets or loses
    one time counter."""
    for obj, _ in chosen:
        on_battlefield = obj.zone == "battlefield" and obj.controller is player
        suspended = obj.zone == "exile" and obj.owner is player
        if not (on_battlefield or suspended) or obj.counters["time"] < 1:
            raise IllegalAction(f"{obj.name} can't be chosen to time travel")
    for obj, add in chosen:
        obj.counters["time"] += 1 if add else -1
    game.emit("time travel", player=player)


def _try(era: str, name: str, where: str, whose: str, count: int, add: bool
         ) -> tuple[bool, int]:
    """(legal, time counters after)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    obj = game.create(name, controller=me if whose == "mine" else them, zone=where,
                      types={"artifact"} if where == "battlefield" else {"sorcery"})
    obj.counters["time"] = count
    ok = legal(time_travel, game, me, [(obj, add)])
    return ok, obj.counters["time"]


def check(claims: Claims, era: str) -> list[str] | None:
    """Adding and removing a time counter on my permanent, a permanent without one, an
    opponent's, a suspended card."""
    text = claims.says(r"\bto time travel means\b")
    if text is None:
        return None
    match = re.search(SENTENCE, text, re.I)
    if match is None:
        return [f'the text says what time travel does in a way the model does not read '
                f'("{text}")']
    step = {"a": 1, "two": 2}
    problems = []
    for name, where, whose, count, add in TRIES:
        if where == "battlefield":
            allowed = (whose == "mine") == (match.group(1).lower() == "you control") and (
                (count >= 1) == (match.group(2).lower() == "one or more"))
        else:
            allowed = match.group(3).lower() == "exile"
        change = step[match.group(4 if add else 5).lower()] * (1 if add else -1)
        expected = (allowed, count + change if allowed else count)
        verb = "adding" if add else "removing"
        problems += differ(match.group(0)[:60], text, f"time travel {verb} a counter on "
                           f"{'my' if whose == 'mine' else 'their'} {name} in {where} with "
                           f"{count} time counters: (legal, counters)", expected,
                           _try(era, name, where, whose, count, add))
    return problems


register(Keyword(
    name="time travel",
    kind=("keyword action",),
    parameter=("",),
    zones=("exile", "battlefield"),
    checks=(Check("a time counter more or less on each chosen object", check),),
))
