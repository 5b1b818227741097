"""Tap and untap (701.17 in 2012, 501.7 "Tap" in 2008), a keyword action: "To tap a
permanent, turn it sideways from an upright position. Only untapped permanents can be
tapped." "To untap a permanent, rotate it back to the upright position from a sideways
position. Only tapped permanents can be untapped.\""""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject
from kb.rules.registry import Check, Keyword, register


def tap(game: Game, permanent: GameObject) -> bool:
    """Tap a permanent; only an untapped one becomes tapped (`becomes tapped` event)."""
    if permanent.tapped or permanent.zone != "battlefield":
        return False
    permanent.tapped = True
    game.emit("becomes tapped", permanent)
    return True


def untap(game: Game, permanent: GameObject) -> bool:
    """Untap a permanent; only a tapped one becomes untapped (`becomes untapped` event)."""
    if not permanent.tapped or permanent.zone != "battlefield":
        return False
    permanent.tapped = False
    game.emit("becomes untapped", permanent)
    return True


def _scenario(era: str) -> list[tuple[bool, bool]]:
    """Tap an untapped permanent, tap it again, untap it, untap it again: (tapped after,
    whether the action happened) each time."""
    game = Game(era=era)
    rock = game.create("Rock", types={"artifact"})
    found = []
    for action in (tap, tap, untap, untap):
        happened = action(game, rock)
        found.append((rock.tapped, happened))
    return found


def check(claims: Claims, era: str) -> list[str] | None:
    """Tapping and untapping, and which permanents can be, read from the text."""
    taps = claims.says(r"to tap a permanent, turn it")
    if taps is None:
        return None
    sideways = re.search(r"turn it sideways", taps, re.I) is not None
    only_tap = claims.says(r"only (?:untapped|tapped) permanents can be tapped")
    only_untap = claims.says(r"only (?:untapped|tapped) permanents can be untapped")
    untaps = claims.says(r"to untap a permanent, rotate it back to the upright")
    rules = {"tap": (sideways, only_tap), "untap": (untaps is not None, only_untap)}
    expected, state = [], False
    for verb in ("tap", "tap", "untap", "untap"):
        said, only = rules[verb]
        goal = (verb == "tap") if said else state
        needs = re.search(r"only (untapped|tapped) permanents", only or "", re.I)
        allowed = needs is None or state == (needs.group(1).lower() == "tapped")
        happened = allowed and goal != state
        state = goal if allowed else state
        expected.append((state, happened))
    return differ("to tap turns it sideways, to untap rotates it back; only untapped "
                  "permanents can be tapped and only tapped ones untapped", taps,
                  "tap, tap, untap, untap a permanent: (tapped after, it happened)", expected,
                  _scenario(era))


register(Keyword(
    name="tap and untap",
    aliases=("tap",),
    kind=("keyword action",),
    parameter=(),
    checks=(Check("tapped sideways, untapped upright; only untapped ones tap", check),),
))
