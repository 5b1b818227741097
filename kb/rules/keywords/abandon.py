"""Abandon (701.29 in 2010, 701.33 in 2026), a keyword action of Archenemy: only a face-up
ongoing scheme may be abandoned, only in an Archenemy game; to abandon a scheme, turn it face
down and put it on the bottom of its owner's scheme deck."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, IllegalAction
from kb.rules.keywords._variants import build_deck, command, deck, holds, play_as, to_bottom
from kb.rules.registry import Check, Keyword, register


def abandon(game: Game, scheme: GameObject) -> None:
    """Abandon a face-up ongoing scheme in an Archenemy game."""
    if holds(game, "archenemy") is None or scheme.zone != "command" or scheme.face_down \
            or not scheme.notes.get("ongoing"):
        raise IllegalAction(f"{scheme.name} can't be abandoned")
    to_bottom(game, scheme, "scheme")


def _try(era: str, archenemy: bool, face_up: bool, ongoing: bool) -> tuple[bool, str, bool]:
    """An ongoing scheme abandoned: (allowed, the scheme deck top to bottom, face down)."""
    game = Game(era=era)
    me = game.active
    if archenemy:
        play_as(game, "archenemy", me)
    pile = build_deck(game, me, "scheme", ["S1", "S2", "S3"])
    plot = pile[0]
    command(game, me, plot, face_up=face_up)
    plot.notes["ongoing"] = ongoing
    try:
        abandon(game, plot)
        allowed = True
    except IllegalAction:
        allowed = False
    return allowed, " ".join(c.name for c in deck(game, me, "scheme")), plot.face_down


def check(claims: Claims, era: str) -> list[str] | None:
    """Abandoning the ongoing scheme S1 (deck S2, S3): where it goes, face up or down; and
    which schemes, in which games, may be abandoned."""
    sentence = claims.says(r"\bto abandon a scheme(?:,| is to) turn it face")
    if sentence is None:
        return None
    said = re.search(r"turn it face (down|up) and put it on the (bottom|top) of its (owner's|"
                     r"controller's|\w+'s) (\w+) deck", sentence, re.I)
    if said is None:
        return [f'the text abandons a scheme in a way the model does not read ("{sentence}")']
    rest = ["S2", "S3"]
    order = " ".join(rest + ["S1"] if said.group(2).lower() == "bottom" else ["S1"] + rest) \
        if said.group(4).lower() == "scheme" else f"(its {said.group(4)} deck)"
    problems = differ(said.group(0), sentence, "I abandon my face-up ongoing scheme S1 (scheme "
                      "deck S2, S3): (allowed, the scheme deck top to bottom, face down)",
                      (True, order, said.group(1).lower() == "down"),
                      _try(era, True, True, True))
    only = claims.says(r"\bonly an? [\w\- ]*scheme card may be abandoned") or ""
    which = re.search(r"only an? ((?:face-up |face-down )?(?:ongoing )?)scheme card may be "
                      r"abandoned(, and only during an archenemy game)?", only, re.I)
    if which:
        words = which.group(1).lower()
        for archenemy, face_up, ongoing in ((True, False, True), (True, True, False),
                                            (False, True, True)):
            expected = (("face-up" not in words or face_up)
                        and ("face-down" not in words or not face_up)
                        and ("ongoing" not in words or ongoing)
                        and (not which.group(2) or archenemy))
            face = "face-up" if face_up else "face-down"
            kind = "ongoing" if ongoing else "non-ongoing"
            game = "in" if archenemy else "outside"
            problems += differ(which.group(0), only, f"abandon a {face} {kind} scheme {game} "
                               "an Archenemy game: allowed", expected,
                               _try(era, archenemy, face_up, ongoing)[0])
    return problems


register(Keyword(
    name="abandon",
    kind=("keyword action",),
    parameter=(),
    zones=(),
    checks=(Check("a face-up ongoing scheme face down on the bottom of its scheme deck",
                  check),),
))
