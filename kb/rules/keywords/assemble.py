"""Assemble (701.39 in 2018, 701.45 in 2026), a keyword action of the Unstable set, which the
rules leave out: it puts Contraptions onto the battlefield (the top card of its player's
Contraption deck, in the model)."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._cov_combat import count_word
from kb.rules.keywords._variants import build_deck, deck
from kb.rules.registry import Check, Keyword, register


def assemble(game: Game, player: Player) -> GameObject | None:
    """`player` assembles: the top card of their Contraption deck, face up, onto the
    battlefield under their control."""
    pile = deck(game, player, "contraption")
    if not pile:
        return None
    card = pile.pop(0)
    card.face_down = False
    game.battlefield.append(card)
    card.zone, card.controller = "battlefield", player
    game.emit("assembles", card, player=player)
    return card


def _assembled(era: str) -> list[tuple[str, str]]:
    """I assemble with a Contraption deck of two: (subtype, zone) of what moved."""
    game = Game(era=era)
    me = game.active
    cards = list(build_deck(game, me, "contraption", ["Gear A", "Gear B"], types={"artifact"}))
    for card in cards:
        card.subtypes = {"contraption"}
    assemble(game, me)
    return [(sorted(c.subtypes)[0], c.zone) for c in cards if c.zone != "contraption deck"]


def check(claims: Claims, era: str) -> list[str] | None:
    """What assembling puts where."""
    sentence = claims.says(r"\bassemble is a keyword action\b.* that puts\b")
    if sentence is None:
        return None
    said = re.search(r"that puts (\w+?)s? (?:onto|into) the (\w+)", sentence, re.I)
    if said is None:
        return [f'the text says what assemble does in a way the model does not read '
                f'("{sentence}")']
    problems = differ(said.group(0), sentence, "I assemble with a Contraption deck of two: "
                      "(subtype, zone) of each card moved", [(said.group(1).lower(),
                                                              said.group(2).lower())],
                      _assembled(era))
    refers = claims.says(r"\bonly \w+ cards? \([^)]*\) refers? to assembling") or ""
    named = re.search(r"only (\w+) cards? \(([^)]*)\)", refers, re.I)
    if named:
        problems += differ(f"{named.group(1)} card(s) outside silver-bordered cards refer to "
                           "assembling", refers, "the cards the text names",
                           count_word(named.group(1)),
                           len(re.split(r",| and ", named.group(2))))
    return problems


register(Keyword(
    name="assemble",
    kind=("keyword action",),
    parameter=(),
    zones=("battlefield",),
    checks=(Check("puts a Contraption onto the battlefield", check),),
))
