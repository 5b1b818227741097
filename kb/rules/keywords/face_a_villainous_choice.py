"""Face a villainous choice (701.55 in 2023), a keyword action: "[A player] faces a villainous
choice — [option A], or [option B]" means "[A player] chooses [option A] or [option B]. Then
all actions in the chosen option are performed." An illegal or impossible option may be
chosen (as much of it as possible is done); extra times and several players are handled one
at a time, players in APNAP order.

In the model an option is a list of actions `(game, player) -> None` (IllegalAction: that
action is impossible); the chooser's pick is the scenario's choice `"villain <player>"`."""

from __future__ import annotations

import re
from collections.abc import Callable

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, IllegalAction, Player
from kb.rules.registry import Check, Keyword, register

Action = Callable[[Game, Player], None]


def face(game: Game, players: list[Player], options: list[list[Action]],
         times: int = 1) -> list[str]:
    """Each of `players` (APNAP order) faces the choice `times` times, one at a time: they
    choose an option (even an impossible one) and as much of its actions as possible are
    done. Returns who chose, in order."""
    order = sorted(players, key=lambda p: (game.players.index(p)
                                           - game.players.index(game.active)) % len(game.players))
    chose = []
    for player in order:
        for _ in range(times):
            picked = options[int(game.choose(f"villain {player.name}", 0))]
            chose.append(player.name)
            for action in picked:
                try:
                    action(game, player)
                except IllegalAction:
                    continue
    return chose


def _lose(game: Game, player: Player) -> None:
    player.life -= 3


def _discard_two(game: Game, player: Player) -> None:
    for _ in range(2):
        if not player.hand:
            raise IllegalAction(f"{player.name} has no card to discard")
        game.discard(player.hand[0])


def _draw(game: Game, player: Player) -> None:
    game.draw(game.opponent(player))


def _run(era: str, who: str, times: int = 1) -> tuple[list[str], int, int, int]:
    """The choice "lose 3 life and discard two cards, or your opponent draws a card", faced by
    `who` ("B" or "AB") `times` times, each choosing the first option with one card in hand:
    (who chose, B's life lost, B's cards discarded, A's cards drawn)."""
    game = Game(era=era)
    a, b = game.players
    for player in (a, b):
        game.create(f"{player.name} card", controller=player, zone="hand")
        for index in range(3):
            game.create(f"{player.name}{index}", controller=player, zone="library")
    facing = [a, b] if who == "AB" else [b]
    chose = face(game, facing, [[_lose, _discard_two], [_draw]], times)
    return chose, 20 - b.life, len(b.graveyard), len(a.hand) - 1


def check(claims: Claims, era: str) -> list[str] | None:
    """B faces the choice and picks "lose 3 life and discard two cards" with one card in
    hand; then twice more by a replacement; then A and B both face it."""
    sentence = claims.says(r"\bfaces a villainous choice \W+ \[option a\], or \[option b\]\" "
                           r"means")
    if sentence is None:
        return None
    said = re.search(r'means "\[(a player|an opponent|you)\] chooses \[option a\] or \[option '
                     r'b\]\. then (all|one|no) actions? in the chosen option (?:are|is) '
                     r'performed', sentence, re.I)
    if said is None:
        return [f'the text faces villainous choices in a way the model does not read '
                f'("{sentence}")']
    chooser = said.group(1).lower() == "a player"
    impossible = claims.says(r"\bwhile facing a villainous choice, a player (?:may|can't|"
                             r"must not) choose") or ""
    may = re.search(r"a player (may|can't|must not) choose an option that is illegal or "
                    r"impossible", impossible, re.I)
    much = re.search(r"they perform (as much of the action as is possible|none of the action)",
                     " ".join(claims.sentences), re.I)
    allowed = may is None or may.group(1).lower() == "may"
    discarded = (1 if (much is None or much.group(1).lower().startswith("as much")) else 0) \
        if allowed else 0
    done = said.group(2).lower() == "all"
    expected = (["B"] if chooser else "?", 3 if done and allowed else 0,
                discarded if done else 0, 0 if allowed else 1)
    problems = differ(said.group(0)[7:] + (f"; {may.group(0)}" if may else ""),
                      impossible or sentence, "B faces 'lose 3 life and discard two cards, or "
                      "your opponent draws a card' and picks the first with one card in hand: "
                      "(who chose, B's life lost, B's discards, A's draws)", expected,
                      _run(era, "B"))
    more = claims.says(r"\bface that choice some number of additional times") or ""
    repeat = claims.says(r"\bis performed for that player the \w+ number of times") or ""
    times = re.search(r"performed for that player the appropriate number of times one at a "
                      r"time", repeat, re.I)
    if more:
        problems += differ("extra times: the whole process, that many times, one at a time",
                           repeat or more, "a replacement makes B face it two additional "
                           "times: who chose", ["B", "B", "B"] if times else "?",
                           _run(era, "B", 3)[0])
    several = claims.says(r"\bif more than one player is instructed to face a villainous") or ""
    # the order may sit in the next sentence when a rule reference broke the sentence
    after = " ".join(claims.sentences[claims.sentences.index(several):][:2]) if several else ""
    order = re.search(r"one at a time in (APNAP|reverse APNAP|turn) order", after, re.I)
    if several:
        problems += differ(f"several players: one at a time in {order.group(1) if order else '?'}"
                           " order", several, "A (active) and B both face it: who chose, in "
                           "order", ["A", "B"] if order and order.group(1).upper() in ("APNAP",
                                                                                       "TURN")
                           else (["B", "A"] if order else "?"), _run(era, "AB")[0])
    return problems


register(Keyword(
    name="face a villainous choice",
    kind=("keyword action",),
    parameter=(),
    checks=(Check("the facing player chooses; all of it, as much as possible; one at a time, "
                  "APNAP", check),),
))
