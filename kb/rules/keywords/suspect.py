"""Suspect (701.60 since 2024), a keyword action: the creature becomes suspected until it
leaves the battlefield; a suspected permanent has menace and "This creature can't block"; it
can't become suspected again."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ, legal_block
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._casting import legal
from kb.rules.registry import Check, Keyword, register

GRANTS = (r"a suspected permanent has (menace|flying|trample|haste) and \"?this creature "
          r"(can't|can) block\"? for as long as it's suspected")


def _can_block(game: Game, blocker: GameObject, ability: Ability, attacker: GameObject) -> bool:
    return False


def suspect(game: Game, target: GameObject) -> bool:
    """Suspect `target`: it gets menace and "can't block" (the `suspect` ability carries the
    restriction); False when it already is suspected."""
    if target.has("suspect"):
        return False
    target.abilities += [Ability("menace"), Ability("suspect")]
    game.emit("suspected", target)
    return True


def _scenario(era: str) -> tuple[bool, bool, bool]:
    """A suspected creature: (may it block, may one creature block it, did suspecting it
    again do anything)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    thief = creature(game, "Thief", them)
    raider = creature(game, "Raider", me)
    suspect(game, thief)
    again = suspect(game, thief)
    blocks = legal_block(game, raider, thief)
    game.end_combat()
    game.active = them
    game.declare_attackers([thief])
    alone = legal(game.declare_blockers, {raider: thief})
    return blocks, alone, again


def check(claims: Claims, era: str) -> list[str] | None:
    """A suspected creature blocking, blocked by one creature, suspected again."""
    text = claims.says(r"\ba suspected permanent has\b")
    if text is None:
        return None
    match = re.search(GRANTS, text, re.I)
    again = claims.says(r"\bbecome suspected again\b")
    twice = re.search(r"(can't|can) become suspected again", again or "", re.I)
    if match is None:
        return [f'the text says what suspected means in a way the model does not read ("{text}")']
    expected = (match.group(2).lower() == "can", match.group(1).lower() != "menace",
                bool(twice and twice.group(1).lower() == "can"))
    return differ(match.group(0), text, "a suspected creature: (may it block, may one creature "
                  "block it, does suspecting it again do anything)", expected, _scenario(era))


register(Keyword(
    name="suspect",
    kind=("keyword action",),
    parameter=(),
    zones=("battlefield",),
    durations=("as long as",),
    hooks={"can_block": _can_block},
    checks=(Check("menace and can't block while suspected", check),),
))
