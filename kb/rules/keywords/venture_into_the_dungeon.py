"""Venture into the dungeon (701.46 in 2021, 701.49 in 2026), a keyword action: with no
dungeon in the command zone, a player puts a dungeon card they own from outside the game into
the command zone, their venture marker on its topmost room; else they move the marker to an
adjacent room following an arrow away from the current room; from the bottommost room they
remove the dungeon from the game (completing it) and start another, the marker on its
topmost room.

In the model a dungeon is `ROOMS` (each room's arrows); a player's dungeon card and room are
kept per game."""

from __future__ import annotations

import re
from weakref import WeakKeyDictionary

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.registry import Check, Keyword, register

ROOMS = {"Entrance": ("Hall", "Crypt"), "Hall": ("Vault",), "Crypt": ("Vault",), "Vault": ()}
TOPMOST, BOTTOMMOST = "Entrance", "Vault"
_MARKERS: WeakKeyDictionary[Game, dict[str, str]] = WeakKeyDictionary()


def room(game: Game, player: Player) -> str:
    """The room of `player`'s venture marker ("" when none)."""
    return _MARKERS.get(game, {}).get(player.name, "")


def _start(game: Game, player: Player) -> None:
    dungeon = GameObject(name="Lost Dungeon", owner=player, types={"dungeon"}, zone="command")
    player.command.append(dungeon)
    _MARKERS.setdefault(game, {})[player.name] = TOPMOST


def venture(game: Game, player: Player) -> None:
    """`player` ventures into the dungeon (the scenario's choice "room": which arrow)."""
    dungeons = [c for c in player.command if "dungeon" in c.types]
    if not dungeons:
        _start(game, player)
    elif room(game, player) != BOTTOMMOST:
        arrows = ROOMS[room(game, player)]
        _MARKERS[game][player.name] = game.choose("room", arrows[0])
    else:
        player.command.remove(dungeons[0])
        dungeons[0].zone = "removed"
        game.emit("completes a dungeon", player=player)
        _start(game, player)
    game.emit("ventures", player=player)


def _state(era: str, start: str) -> tuple[int, str, int]:
    """I venture with my marker in `start` ("" no dungeon): (dungeons in my command zone,
    the marker's room, dungeons completed)."""
    game = Game(era=era)
    me = game.active
    if start:
        _start(game, me)
        _MARKERS[game][me.name] = start
    venture(game, me)
    return (sum(1 for c in me.command if "dungeon" in c.types), room(game, me),
            sum(1 for e in game.log if e.name == "completes a dungeon"))


def check(claims: Claims, era: str) -> list[str] | None:
    """Venture with no dungeon, from the topmost room (arrows to Hall and Crypt), and from
    the bottommost room."""
    first = claims.says(r"\bwhile they (?:don't|do) own a dungeon card in the command zone, "
                        r"they")
    if first is None:
        return None
    if re.search(r"while they do own", first, re.I):
        return [f'the text says what venturing does while a player owns a dungeon card in the '
                f'command zone where the model starts a dungeon only when they own none '
                f'("{first}")']
    start = re.search(r"put it into the (command zone|\w+)\. they put their venture marker on "
                      r"the (topmost|bottommost) room", first + " " + (claims.says(
                          r"^they put their venture marker on the \w+ room") or ""), re.I)
    problems = differ(start.group(0) if start else "?", first, "I venture with no dungeon: "
                      "(dungeons in my command zone, the marker's room, completed)",
                      (1 if start.group(1).lower() == "command zone" else 0,
                       TOPMOST if start.group(2).lower() == "topmost" else BOTTOMMOST, 0)
                      if start else "?", _state(era, ""))
    move = claims.says(r"\bwhile their venture marker is in any room except") or ""
    arrow = re.search(r"they choose an adjacent room, following the direction of an arrow "
                      r"pointing (away from|toward) their current room", move, re.I)
    if move:
        problems += differ(arrow.group(0) if arrow else "?", move, "I venture from the topmost "
                           "room (arrows to Hall and Crypt; I choose Hall): (dungeons, room, "
                           "completed)", (1, "Hall", 0) if arrow and arrow.group(1).lower()
                           == "away from" else "?", _state(era, TOPMOST))
    last = claims.says(r"\bwhile their venture marker is in the bottommost room") or ""
    completes = claims.says(r"^doing so causes the player to \w+ that dungeon") or ""
    done = re.search(r"they (remove that dungeon card from the game|\w+ [^.]*?)\.? doing so "
                     r"causes the player to (complete|\w+) that dungeon",
                     f"{last} {completes}", re.I)
    again = claims.says(r"^they then (?:choose an appropriate dungeon card|complete the "
                        r"procedure)") or ""
    top = re.search(r"put their venture marker on the (topmost|bottommost) room|complete the "
                    r"procedure outlined[^.]* again", again, re.I)
    if last:
        # "remove ... from the game" reads "exile" in the matching form (kb.era)
        removed = done is not None and done.group(1).lower() in (
            "remove that dungeon card from the game", "exile that dungeon card")
        expected = (1 if top else 0, TOPMOST if top and (top.group(1) or "topmost").lower()
                    == "topmost" else BOTTOMMOST, 1 if removed and done and done.group(2).lower()
                    == "complete" else 0) if removed else "?"
        problems += differ((done.group(0) if done else "?") + "; " + (top.group(0) if top
                                                                       else "?"),
                           last, "I venture from the bottommost room: (dungeons, room, "
                           "completed)", expected, _state(era, BOTTOMMOST))
    return problems


register(Keyword(
    name="venture into the dungeon",
    kind=("keyword action",),
    parameter=(),
    zones=("command", "exile"),
    checks=(Check("a dungeon's topmost room, down an arrow, completed from the bottommost",
                  check),),
))
