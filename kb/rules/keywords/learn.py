"""Learn (701.45 in 2021, 701.48 in 2026), a keyword action: "Learn" means "You may discard a
card. If you do, draw a card. If you didn't discard a card, you may reveal a Lesson card you
own from outside the game and put it into your hand." """

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._cov_combat import count_word
from kb.rules.keywords._cov_library import layout, stock
from kb.rules.registry import Check, Keyword, register

MEANING = (r"you may (discard|exile|reveal) (a|two|\w+) cards?\. if you (do|don't), draw "
           r"(a|two|\w+) cards?\. if you didn't (?:discard|exile|reveal) a card, you may "
           r"reveal a (lesson|\w+) card you own from outside the game and put it into your "
           r"(\w+)")


def learn(game: Game, player: Player, discard: GameObject | None,
          outside: list[GameObject]) -> None:
    """`player` learns: discards `discard` and draws a card, or (discarding nothing) puts
    a Lesson card from `outside` (the cards they own outside the game) into their hand."""
    if discard is not None:
        game.discard(discard)
        game.draw(player)
        return
    lesson = next((card for card in outside if "lesson" in card.subtypes), None)
    if lesson is not None:
        outside.remove(lesson)
        lesson.zone = "hand"
        player.hand.append(lesson)


def _scenario(era: str, rummage: bool) -> dict[str, list[str]]:
    """My hand: Chaff, Dross; my library A1..A3; outside the game: a Trick and a Lesson."""
    game = Game(era=era)
    me = game.active
    stock(game, me, 3)
    chaff = game.create("Chaff", controller=me, zone="hand")
    game.create("Dross", controller=me, zone="hand")
    outside = [game.create(name, controller=me, zone="exile", subtypes=subtypes)
               for name, subtypes in (("Trick", set()), ("Lesson", {"lesson"}))]
    for card in outside:
        me.exile.remove(card)
        card.zone = "outside"
    learn(game, me, chaff if rummage else None, outside)
    found = layout(me)
    found["outside"] = [c.name for c in outside]
    return found


def check(claims: Claims, era: str) -> list[str] | None:
    """Learn discarding Chaff, and learn discarding nothing (a Lesson outside the game)."""
    sentence = claims.says(r'"learn" means')
    if sentence is None:
        return None
    said = re.search(MEANING, sentence, re.I)
    if said is None:
        return [f'the text learns in a way the model does not read ("{sentence}")']
    problems = []
    for rummage in (True, False):
        expected = {"A library": ["A1", "A2", "A3"], "A hand": ["Chaff", "Dross"],
                    "A graveyard": [], "A exile": [], "outside": ["Trick", "Lesson"]}
        if rummage and said.group(1).lower() == "discard":
            gone = count_word(said.group(2)) or 0
            hand = expected["A hand"]
            expected["A hand"], expected["A graveyard"] = hand[gone:], hand[:gone]
            if said.group(3).lower() == "do":
                drawn = count_word(said.group(4)) or 0
                expected["A hand"] = expected["A hand"] + expected["A library"][:drawn]
                expected["A library"] = expected["A library"][drawn:]
        if not rummage:
            kind = said.group(5).lower()
            if kind == "lesson":
                expected["outside"] = ["Trick"]
                zone = f"A {said.group(6).lower()}"
                expected[zone] = expected.get(zone, []) + ["Lesson"]
        problems += differ(said.group(0)[:60] + "...", sentence, "I learn " + (
            "discarding Chaff" if rummage else "discarding nothing") + " (hand: Chaff, Dross; "
            "library A1-A3; "
            "outside the game: a Trick and a Lesson): every zone", expected,
            _scenario(era, rummage))
    return problems


register(Keyword(
    name="learn",
    kind=("keyword action",),
    parameter=("",),
    zones=("hand",),
    checks=(Check("discard and draw, or a Lesson from outside the game", check),),
))
