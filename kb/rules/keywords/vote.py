"""Vote (701.32 in 2014, 701.38 in 2026), a keyword action: to vote, each player, starting
with a specified player and proceeding in turn order, chooses one of the choices; a player
with multiple votes casts them all when they would otherwise have voted.

In the model a player's pick is the scenario's choice `"vote <player>"`; extra votes are
`extra` (player name -> how many more)."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, Player
from kb.rules.registry import Check, Keyword, register


def vote(game: Game, start: Player, choices: list[str],
         extra: dict[str, int] | None = None) -> list[tuple[str, str]]:
    """Each player, from `start` in turn order, votes for one of `choices` (all of their
    votes at once). Returns (player, choice) in the order voted."""
    index = game.players.index(start)
    order = game.players[index:] + game.players[:index]
    votes = []
    for player in order:
        for _ in range(1 + (extra or {}).get(player.name, 0)):
            votes.append((player.name, str(game.choose(f"vote {player.name}", choices[0]))))
    return votes


def _voters(era: str) -> list[str]:
    """Four players vote starting with C; D has two extra votes: the voters in order."""
    game = Game(players=4, era=era)
    return [name for name, _ in vote(game, game.players[2], ["grace", "condemnation"],
                                     {"D": 2})]


def check(claims: Claims, era: str) -> list[str] | None:
    """Four players A-D vote starting with C, B with two extra votes: who votes when."""
    sentence = claims.says(r"\bto vote, each \w+, starting with")
    if sentence is None:
        return None
    said = re.search(r"to vote, each (player|opponent), starting with a specified player and "
                     r"proceeding in (turn order|reverse turn order|APNAP order), chooses "
                     r"(one|two|\w+) of those choices", sentence, re.I)
    if said is None:
        return [f'the text votes in a way the model does not read ("{sentence}")']
    order = ["C", "D", "A", "B"] if said.group(2).lower() != "reverse turn order" else \
        ["C", "B", "A", "D"]
    if said.group(1).lower() == "opponent":
        order = [p for p in order if p != "A"]
    many = claims.says(r"\bgives a player multiple votes") or ""
    when = re.search(r"those votes all happen (at the same time the player would otherwise "
                     r"have voted|after (?:all )?other players have voted)", many, re.I)
    per = 1 if said.group(3).lower() == "one" else "?"
    expected: list[str] = []
    for name in order:
        expected += [name] * (per if isinstance(per, int) else 1)
        if name == "D" and (when is None or when.group(1).lower().startswith("at the same")):
            expected += ["D", "D"]
    if when is not None and when.group(1).lower().startswith("after"):
        expected += ["D", "D"]
    return differ(said.group(0) + (f"; {when.group(0)}" if when else ""), many or sentence,
                  "four players A-D vote starting with C, D has two extra votes: voters in "
                  "order", expected if per == 1 else f"({said.group(3)} choices each)",
                  _voters(era))


register(Keyword(
    name="vote",
    kind=("keyword action",),
    parameter=(),
    checks=(Check("each player in turn order from the one named, extra votes at once",
                  check),),
))
