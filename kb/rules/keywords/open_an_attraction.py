"""Open an Attraction (701.51 in 2022), a keyword action: only a player playing with an
Attraction deck may; move the top card of your Attraction deck off it, turn it face up and put
it onto the battlefield under your control; "whenever a player opens an Attraction" triggers
only when it enters the battlefield so.

The model: `kb.rules.keywords._attractions`."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, IllegalAction
from kb.rules.keywords._attractions import attraction_deck, open_attraction
from kb.rules.keywords._variants import deck
from kb.rules.registry import Check, Keyword, register


def _try(era: str, with_deck: bool, blocked: bool = False) -> tuple:
    """I open an Attraction (deck T1, T2): (allowed, T1's zone, controller, face down, my
    deck, 'opens' events)."""
    game = Game(era=era)
    me = game.active
    pile = attraction_deck(game, me, ["T1", "T2"]) if with_deck else []
    if pile and blocked:
        pile[0].notes["can't enter"] = True
    card = pile[0] if pile else None
    try:
        open_attraction(game, me)
        allowed = True
    except IllegalAction:
        allowed = False
    opened = sum(1 for e in game.log if e.name == "opens an attraction")
    if card is None:
        return allowed, opened
    return (allowed, card.zone, card.controller.name if card.controller else "",
            card.face_down, " ".join(c.name for c in deck(game, me, "attraction")), opened)


def check(claims: Claims, era: str) -> list[str] | None:
    """Opening an Attraction with a deck T1, T2, without a deck, and when T1 can't enter."""
    sentence = claims.says(r"\bto open an attraction, move the\b")
    if sentence is None:
        return None
    said = re.search(r"move the (top|bottom) card of your attraction deck off the attraction "
                     r"deck, turn it face (up|down), and put it onto the (\w+) under (your|an "
                     r"opponent's) control", sentence, re.I)
    if said is None:
        return [f'the text opens Attractions in a way the model does not read ("{sentence}")']
    card, rest = ("T1", "T2") if said.group(1).lower() == "top" else ("T2", "T1")
    expected = (True, said.group(3).lower(), "A" if said.group(4).lower() == "your" else "B",
                said.group(2).lower() == "down", rest, 1)
    scenario = "I open an Attraction (Attraction deck T1, T2): (allowed, zone, controller, " \
               "face down, my deck, 'opens' events)"
    actual = _try(era, True)
    if card != "T1":
        actual = ("(the model opens the top card)",)
    problems = differ(said.group(0), sentence, scenario, expected, actual)
    only = claims.says(r"\bmay open an attraction only during a game in which") or ""
    if only:
        problems += differ("only a player playing with an Attraction deck may open one", only,
                           "I open an Attraction without an Attraction deck: (allowed, "
                           "events)", (False, 0), _try(era, False))
    prevent = claims.says(r"\bprevents that attraction from entering the battlefield") or ""
    word = re.search(r"that ability (doesn't|does) trigger", prevent, re.I)
    if word:
        problems += differ(f"an Attraction kept from entering: the ability {word.group(1)} "
                           "trigger", prevent, "I open an Attraction that can't enter: 'opens' "
                           "events", 0 if word.group(1).lower() == "doesn't" else 1,
                           _try(era, True, blocked=True)[-1])
    return problems


register(Keyword(
    name="open an attraction",
    kind=("keyword action",),
    parameter=(),
    zones=("battlefield",),
    checks=(Check("the top card of the Attraction deck face up onto the battlefield", check),),
))
