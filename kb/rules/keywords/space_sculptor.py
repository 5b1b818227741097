"""Space sculptor (702.158 since 2022): while a permanent with space sculptor is on the
battlefield, every creature without a sector designation gets one (alpha, beta or gamma
sector; a state-based action); a permanent keeps it until no player controls a permanent with
space sculptor."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game
from kb.rules.registry import Check, Keyword, register

SECTORS = ("alpha", "beta", "gamma")
NAMES = r"\bthe sector designations are ([\w ,]+?)\."
CHOOSES = (r"\bdoesn't control a permanent with space sculptor (chooses|can't choose|doesn't "
           r"choose) a sector designation for each of those creatures")
KEEPS = (r"\bonce a permanent gets a sector designation, it keeps it (until no player controls a "
         r"permanent with space sculptor|for the rest of the game|until end of turn)")
ASSIGN = (r"\bany time a permanent with space sculptor and any (creatures|permanents) without a "
          r"sector designation are on the battlefield at the same time, each player who controls "
          r"one or more of those")


def sectors(game: Game) -> None:
    """State-based action: while a permanent with space sculptor is on the battlefield, each
    creature without a sector designation gets one (chosen: alpha); with none, designations
    end."""
    sculpted = any(o.has("space sculptor") for o in game.battlefield)
    for obj in game.battlefield:
        if sculpted and obj.is_("creature") and "sector" not in obj.notes:
            obj.notes["sector"] = SECTORS[0]
        elif not sculpted:
            obj.notes.pop("sector", None)


def scenario(era: str) -> tuple[str, str, str, str]:
    """My permanent with space sculptor, my creature and an opponent's, an artifact: (their
    sectors after the state-based action (or ""), then my creature's after the space
    sculptor permanent leaves)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    sculptor = game.create("Space Beleren", controller=me, types={"planeswalker"},
                           abilities=("space sculptor",))
    mine, theirs = creature(game, "Mine", me), creature(game, "Theirs", them)
    relic = game.create("Relic", controller=me, types={"artifact"})
    sectors(game)
    during = (mine.notes.get("sector", ""), theirs.notes.get("sector", ""),
              relic.notes.get("sector", ""))
    game.move(sculptor, "graveyard")
    sectors(game)
    return (*during, mine.notes.get("sector", ""))


def check(claims: Claims, era: str) -> list[str] | None:
    """Sectors of two creatures and an artifact, then after the space sculptor leaves."""
    sentence = claims.says(ASSIGN)
    if sentence is None:
        return None
    assign = re.search(ASSIGN, sentence, re.I)
    assert assign is not None
    named = re.search(NAMES, claims.says(NAMES) or "", re.I)
    keeps = re.search(KEEPS, claims.says(KEEPS) or "", re.I)
    chooses = re.search(CHOOSES, sentence, re.I)
    if chooses:
        claims.found.add(CHOOSES)
    valid = {w for w in SECTORS if named and re.search(rf"\b{w} sector\b", named.group(1), re.I)}
    actual = scenario(era)
    given = "alpha" if "alpha" in valid and chooses and chooses.group(1).lower() == "chooses" \
        else ""
    lasts = bool(keeps and keeps.group(1).lower() == "for the rest of the game")
    expected = (given, given, given if assign.group(1).lower() == "permanents" else "",
                given if lasts else "")
    return differ(assign.group(0) + "; " + (named.group(0) if named else "no sectors named")
                  + "; " + (keeps.group(0) if keeps else ""), sentence,
                  "my permanent with space sculptor, my creature, an opponent's creature, an "
                  "artifact: (their sectors, then my creature's after the space sculptor "
                  "permanent leaves)", expected, actual)


register(Keyword(
    name="space sculptor",
    kind=("static",),
    zones=("battlefield",),
    checks=(Check("sector designations for creatures while a space sculptor is around", check),),
))
