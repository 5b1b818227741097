"""Phasing (702.24 in 2012, 502.15 in 2008): a static ability that modifies the rules of the
untap step. During each player's untap step, before the active player untaps their
permanents, all phased-in permanents with phasing that player controls phase out;
simultaneously, all phased-out permanents that had phased out under that player's control
phase in. A phased-out permanent is treated as though it does not exist; phasing is no zone
change (no zone-change triggers) and counters stay on it. The model: `Game.phasing`,
`Game.phase_out`, `Game.phase_in`."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.registry import Check, Keyword, register

OUT = re.compile(r"\bduring each player's untap step, before the active player untaps "
                 r"(?:his or her |their )?permanents, all (?:phased-in )?permanents with "
                 r"phasing (?:that|the) player controls \"?(phase out|phase in)", re.I)
IN = re.compile(r"\bsimultaneously, all (?:phased-out permanents|objects) that had phased out "
                r"under that player's control \"?(phase in|phase out)", re.I)
NO_TRIGGERS = re.compile(r"\b(?:zone-change triggers (don't|do not|do) trigger when a permanent "
                         r"phases|phasing in or out (don't|do not|do) trigger any "
                         r"(?:comes-into-play|enters-the-battlefield))", re.I)
COUNTERS = re.compile(r"\b(?:counters (remain|are removed|don't remain)|\"remember\" any "
                      r"counters)", re.I)
NOT_EXIST = re.compile(r"\ba phased-out permanent is treated as though it (does not|doesn't|"
                       r"does) exist|\breturns to (?:the battlefield|play) from the "
                       r"(phased-out zone)", re.I)


def _phases_out(game: Game, permanent: GameObject, ability: Ability) -> bool:
    return True


def check(claims: Claims, era: str) -> list[str] | None:
    """A creature with phasing and two +1/+1 counters, through four turns (the opponent's
    first): is it there, its counters, can it be targeted; zone-change events."""
    quote = claims.says(OUT.pattern)
    if quote is None:
        return None
    out_verb = OUT.search(quote).group(1).lower()  # type: ignore[union-attr]
    back = IN.search(claims.says(IN.pattern) or "")
    quiet = NO_TRIGGERS.search(claims.says(NO_TRIGGERS.pattern) or "")
    kept = COUNTERS.search(claims.says(COUNTERS.pattern) or "")
    absent = NOT_EXIST.search(claims.says(NOT_EXIST.pattern) or "")
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    for player in (me, them):
        for index in range(4):
            game.create(f"Card {index}", player, zone="library", types={"sorcery"})
    phaser = creature(game, "Phaser", me, abilities=("phasing",))
    phaser.counters["+1/+1"] = 2
    pinger = game.create("Pinger", them, zone="exile", types={"instant"})
    expected, actual = [], []
    out = False
    for _ in range(4):
        if game.next_turn() is me:
            out = not (back and back.group(1).lower() == "phase in") if out else \
                out_verb == "phase out"
        there = not out or not absent or (absent.group(1) or "").lower() == "does"
        counters = 2 if (kept is None or kept.group(1) in (None, "remain")) else 0
        expected.append((there, counters if there else "-", there))
        seen = phaser in game.battlefield
        actual.append((seen, phaser.counters["+1/+1"] if seen else "-",
                       game.target_legal(phaser, pinger)))
    events = sorted({e.name for e in game.log if e.obj is phaser
                     and e.name in ("enters", "leaves")})
    silent = quiet is not None and (quiet.group(1) or quiet.group(2)).lower() != "do"
    problems = differ(f"permanents with phasing {out_verb} in their controller's untap step"
                      + (f", and {back.group(1)} in the next" if back else ""), quote,
                      "a creature with phasing and two +1/+1 counters, four turns (the "
                      "opponent's first): (on the battlefield, its counters, targetable)",
                      expected, actual)
    if quiet is not None:
        problems += differ("phasing triggers no zone-change abilities" if silent else
                           "phasing is a zone change", claims.says(NO_TRIGGERS.pattern) or "",
                           "the same four turns: enters/leaves events of the creature",
                           [] if silent else ["enters", "leaves"], events)
    return problems


register(Keyword(
    name="phasing",
    kind=("static",),
    parameter=(),
    zones=("battlefield", "stack", "graveyard", "exile"),
    durations=("as long as",),
    instances="redundant",
    hooks={"phases_out": _phases_out},
    checks=(Check("phases out and in on its controller's untap steps, not a zone change",
                  check),),
))
