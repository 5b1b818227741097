"""Speed (702.179, 2025): the model of a player's speed that start your engines! and max speed
read: no speed until something sets it, the state-based action of start your engines!, and
the inherent trigger that raises it once a turn when opponents lose life during its owner's
turn, up to 4."""

from __future__ import annotations

from kb.rules.game import Game, Player

MAX = 4


def speed(player: Player) -> int | None:
    """A player's speed, None while they have none."""
    value: int | None = player.counters.get("speed")
    return value


def start_engines(game: Game) -> None:
    """State-based action: a player who controls a permanent with start your engines! and
    has no speed gets speed 1."""
    for player in game.players:
        if speed(player) is None and any(o.has("start your engines!") and o.controller is player
                                         for o in game.battlefield):
            player.counters["speed"] = 1


def lose_life(game: Game, loser: Player, amount: int) -> None:
    """`loser` loses life; the inherent speed trigger of the active player (once a turn, only
    while below the maximum)."""
    loser.life -= amount
    active = game.active
    current = speed(active)
    if loser is active or current is None or current < 1:
        return
    if active.counters["speed raised on turn"] == game.turn:
        return
    if current < MAX:
        active.counters["speed"] = current + 1
        active.counters["speed raised on turn"] = game.turn
