"""Exert (701.37 in 2017, 701.43 in 2026), a keyword action: to exert a permanent, you choose to
have it not untap during your next untap step; exerting it again before then changes nothing;
an object that isn't on the battlefield can't be exerted."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, IllegalAction
from kb.rules.keywords._casting import legal
from kb.rules.registry import Check, Keyword, register

TURNS = 4  # the turns the scenario passes after exerting


def exert(game: Game, permanent: GameObject) -> None:
    """Exert `permanent`: it skips its controller's next untap step."""
    if permanent.zone != "battlefield":
        raise IllegalAction(f"{permanent.name} isn't on the battlefield")
    permanent.notes["skips untap"] = True
    game.emit("exert", permanent)


def _scenario(era: str, times: int) -> list[bool]:
    """My tapped creature exerted `times` times; whether it is tapped after each of the next
    TURNS turns (the opponent's, mine, ...)."""
    game = Game(era=era)
    brute = creature(game, "Brute", game.active, tapped=True)
    for _ in range(times):
        exert(game, brute)
    found = []
    for _ in range(TURNS):
        game.next_turn()
        found.append(brute.tapped)
    return found


def check(claims: Claims, era: str) -> list[str] | None:
    """A tapped creature exerted once and twice, then four turns; a card in a graveyard."""
    text = claims.says(r"\bto exert a permanent\b")
    if text is None:
        return None
    match = re.search(r"you choose to have it (not untap|untap) during (your|each of your|the) "
                      r"(next|next two) untap steps?", text, re.I)
    if match is None:
        return [f'the text says what exert does in a way the model does not read ("{text}")']
    skipped = 0 if match.group(1).lower() == "untap" else 2 if (
        match.group(3).lower() == "next two") else 1
    again = claims.says(r"\bmore than once before your next untap step\b")
    same = again is None or re.search(r"expires during the same untap step", again, re.I)
    problems = []
    for times in (1, 2):
        skips = skipped if same else skipped * times
        mine = [index for index in range(TURNS) if index % 2 == 1]  # my turns: 2nd, 4th
        expected = []
        tapped = True
        for index in range(TURNS):
            if index in mine:
                tapped = mine.index(index) < skips
            expected.append(tapped)
        problems += differ(f"exerted: it doesn't untap during {match.group(2)} "
                           f"{match.group(3)} untap step", again if times == 2 and again else
                           text, f"a tapped creature exerted {times} time(s), then {TURNS} "
                           "turns: tapped after each", expected, _scenario(era, times))
    off = claims.says(r"\bisn't on the battlefield\b")
    if off is not None:
        can = re.search(r"(can't|can) be exerted", off, re.I)
        game = Game(era=era)
        card = game.create("Brute", zone="graveyard")
        problems += differ("an object off the battlefield can't be exerted", off,
                           "exert a creature card in a graveyard",
                           bool(can and can.group(1).lower() == "can"), legal(exert, game, card))
    return problems


register(Keyword(
    name="exert",
    kind=("keyword action",),
    parameter=(),
    zones=("battlefield",),
    checks=(Check("it doesn't untap during your next untap step", check),),
))
