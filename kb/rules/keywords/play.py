"""Play (701.13 in 2009, 701.18 in 2026), a keyword action: to play a land is to put it onto
the battlefield from the zone it's in, a special action (no stack) a player may take with
priority in the main phase of their turn, the stack empty, if they haven't played a land
this turn; a land put onto the battlefield by a spell or ability isn't played. To play a
card is to play it as a land or cast it as a spell.

The model: `play_land` (lands played this turn kept per game and turn)."""

from __future__ import annotations

import re
from weakref import WeakKeyDictionary

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.registry import Check, Keyword, register

_PLAYED: WeakKeyDictionary[Game, dict[tuple[int, str], int]] = WeakKeyDictionary()


def play_land(game: Game, player: Player, land: GameObject) -> None:
    """`player` plays `land`: their turn's main phase, the stack empty, no land played yet
    this turn; a special action (nothing goes on the stack)."""
    played = _PLAYED.setdefault(game, {})
    key = (game.turn, player.name)
    if (player is not game.active or game.step != "main" or game.stack or game.combat
            or played.get(key, 0) >= 1):
        raise IllegalAction(f"{player.name} can't play a land now")
    game.move(land, "battlefield")
    played[key] = played.get(key, 0) + 1
    game.emit("plays a land", land, player=player)


def put_land(game: Game, land: GameObject) -> None:
    """A spell or ability puts a land onto the battlefield (not playing it)."""
    game.move(land, "battlefield")


def _try(era: str, case: str) -> tuple[bool, str, int]:
    """I play Forest from my hand in `case`: (allowed, Forest's zone, stack size)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    forest = game.create("Forest", controller=me, zone="hand", types={"land"})
    other = game.create("Swamp", controller=me, zone="hand", types={"land"})
    if case == "second":
        play_land(game, me, other)
    elif case == "put":
        put_land(game, other)
    elif case == "stack":
        game.stack.append(StackItem("spell", game.create("Shock", controller=them,
                                                         zone="exile"), them))
    elif case == "their turn":
        game.active = them
    elif case == "upkeep":
        game.step = "upkeep"
    try:
        play_land(game, me, forest)
        allowed = True
    except IllegalAction:
        allowed = False
    return allowed, forest.zone, len(game.stack) - (1 if case == "stack" else 0)


CONDITIONS = {"their turn": r"(?:main phase of )?(?:their|his or her) turn",
              "upkeep": r"main phase", "stack": r"the stack is empty",
              "second": r"(?:they|he or she) (?:haven't|hasn't)(?: yet)? played a land this turn"}


def check(claims: Claims, era: str) -> list[str] | None:
    """Forest played in my main phase, in my upkeep, in the opponent's turn, with a spell on
    the stack, after another land, and after a land put onto the battlefield by an effect."""
    sentence = claims.says(r"\bto play a land means to put it onto the")
    if sentence is None:
        return None
    where = re.search(r"to play a land means to put it onto the (\w+)", sentence, re.I)
    zone = where.group(1).lower() if where else "?"
    special = claims.says(r"\bplaying a land is a special action\b") or ""
    uses = re.search(r"so it (doesn't|does) use the stack", special, re.I)
    stack = 1 if uses and uses.group(1).lower() == "does" else 0
    problems = differ(f"playing a land puts it onto the {zone}" + (
        f"; it {uses.group(1)} use the stack" if uses else ""), special or sentence,
        "I play Forest in my main phase: (allowed, Forest's zone, spells and abilities on the "
        "stack)", (True, zone, stack), _try(era, "main"))
    may = claims.says(r"\ba player may play a land if\b") or ""
    if may:
        for case, pattern in CONDITIONS.items():
            stated = re.search(pattern, may, re.I) is not None
            problems += differ(f"the conditions of playing a land{'' if stated else ' (not: '}"
                               f"{'' if stated else case + ')'}", may, f"I play Forest ({case}):"
                               " allowed", not stated, _try(era, case)[0])
    effect = claims.says(r"\bas the result of a spell or ability (?:isn't|is) the same as "
                         r"playing a land") or ""
    same = re.search(r"(isn't|is) the same as playing a land", effect, re.I)
    if same:
        problems += differ(f"a land put onto the battlefield by an effect {same.group(1)} "
                           "played", effect, "an effect puts Swamp onto the battlefield, then "
                           "I play Forest: allowed", same.group(1).lower() == "isn't",
                           _try(era, "put")[0])
    return problems


register(Keyword(
    name="play",
    kind=("keyword action",),
    parameter=("a land",),  # the reader's shape of "To play a land means"
    durations=("this turn",),
    zones=("battlefield", "hand", "library", "stack"),
    checks=(Check("a land onto the battlefield, once a turn, main phase, empty stack", check),),
))
