"""Set in motion (701.30 in 2010, 701.32 in 2026), a keyword action of Archenemy: only a
scheme card, only in an Archenemy game, only by the archenemy; to set a scheme in motion,
move it off the top of your scheme deck (if it's there) and turn it face up (if it isn't);
schemes are set in motion one at a time, "multiple" meaning that many times."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, IllegalAction, Player
from kb.rules.keywords._cov_combat import count_word
from kb.rules.keywords._variants import build_deck, command, deck, holds, play_as
from kb.rules.registry import Check, Keyword, register


def set_in_motion(game: Game, player: Player, times: int = 1) -> None:
    """The archenemy sets the top scheme of their scheme deck in motion, `times` times, one
    at a time."""
    if holds(game, "archenemy") is not player:
        raise IllegalAction(f"{player.name} isn't the archenemy")
    for _ in range(times):
        pile = deck(game, player, "scheme")
        if pile:
            command(game, player, pile[0], face_up=True)
        game.emit("set in motion", player=player)


def _try(era: str, who: str, times: int = 1) -> tuple[bool, list[str], str, int]:
    """(allowed, face-up schemes in the command zone, the scheme deck, 'set in motion'
    events) after `who` ("archenemy" / "other") sets schemes in motion `times` times."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    play_as(game, "archenemy", me)
    build_deck(game, me, "scheme", ["S1", "S2", "S3"])
    start = len(game.log)
    try:
        set_in_motion(game, me if who == "archenemy" else them, times)
        allowed = True
    except IllegalAction:
        allowed = False
    up = [c.name for c in me.command if not c.face_down]
    return (allowed, up, " ".join(c.name for c in deck(game, me, "scheme")),
            sum(1 for e in game.log[start:] if e.name == "set in motion"))


def check(claims: Claims, era: str) -> list[str] | None:
    """The archenemy sets a scheme in motion (deck S1, S2, S3); another player tries; two at
    once."""
    sentence = claims.says(r"\bto set a scheme in motion(?:,| is to) move it\b")
    if sentence is None:
        return None
    said = re.search(r"move it off the (top|bottom) of your scheme deck(?: if it's on \w+ of "
                     r"your scheme deck)? and turn it face (up|down)", sentence, re.I)
    if said is None:
        return [f'the text sets schemes in motion in a way the model does not read '
                f'("{sentence}")']
    moved = "S1" if said.group(1).lower() == "top" else "S3"
    rest = " ".join(n for n in ("S1", "S2", "S3") if n != moved)
    problems = differ(said.group(0), sentence, "the archenemy sets a scheme in motion (scheme "
                      "deck S1, S2, S3): (allowed, face-up schemes, the scheme deck, events)",
                      (True, [moved] if said.group(2).lower() == "up" else [], rest, 1),
                      _try(era, "archenemy"))
    only = claims.says(r"\bonly the \w+ may set a scheme card in motion") or ""
    who = re.search(r"only the (\w+) may set", only, re.I)
    if who:
        problems += differ(f"only the {who.group(1)} may set a scheme in motion", only,
                           "a player who isn't the archenemy sets a scheme in motion: "
                           "allowed", who.group(1).lower() != "archenemy",
                           _try(era, "other")[0])
    many = claims.says(r"\bset multiple schemes in motion") or ""
    times = re.search(r"sets a scheme in motion (that many times|once|\w+ times)", many, re.I)
    if times:
        count = 2 if times.group(1).lower() == "that many times" else (
            1 if times.group(1).lower() == "once" else count_word(times.group(1).split()[0]))
        problems += differ(f"multiple schemes: set in motion {times.group(1)}", many,
                           "the archenemy is told to set two schemes in motion: events",
                           count, _try(era, "archenemy", 2)[3])
    return problems


register(Keyword(
    name="set in motion",
    kind=("keyword action",),
    parameter=(),
    zones=(),
    checks=(Check("the archenemy's top scheme turned face up, one at a time", check),),
))
