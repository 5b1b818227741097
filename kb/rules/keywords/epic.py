"""Epic (702.48 in 2012, 502.44 in 2008): "For the rest of the game, you can't cast spells,"
and "At the beginning of each of your upkeeps for the rest of the game, copy this spell
except for its epic ability." The 2008 and 2009 rules call these a static and a delayed
triggered ability, the 2012 rules two spell abilities, one of which creates a delayed
triggered ability (the model takes the change at the first rules version that has it).

In the model, epic acts as its spell resolves (hook `as_resolves`): its controller gets the
prohibition (an `epic` ability on the player: hook `can_cast`), and a delayed trigger at
that player's next upkeep copies the spell without its epic ability and waits again."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._spells import burn_spell, cast_and_resolve, clause_trigger, stocked_game
from kb.rules.registry import Check, Keyword, register

EXCEPT = "epic"  # StackItem.paid["except"]: the abilities a copy is made without


def _can_cast(game: Game, player: Player, ability: Ability, card: GameObject) -> bool:
    return ability.param != "can't cast"


def _wait_for_upkeep(game: Game, player: Player, spell: StackItem) -> None:
    """The delayed triggered ability: at the beginning of `player`'s next upkeep."""
    def copy(game: Game, item: StackItem) -> None:
        duplicate = game.copy_spell(spell, controller=player)
        duplicate.paid["except"] = {EXCEPT}
        _wait_for_upkeep(game, player, spell)  # each upkeep for the rest of the game

    trigger = StackItem("ability", spell.source, player, resolve=copy, label="epic copy")
    game.delayed.append(("upkeep", lambda g, e: e.player is player, trigger))


def _as_resolves(game: Game, card: GameObject, ability: Ability, item: StackItem) -> None:
    if EXCEPT in item.paid.get("except", ()):
        return
    item.controller.abilities.append(Ability("epic", "can't cast"))
    _wait_for_upkeep(game, item.controller, item)


def _scenario(era: str) -> tuple[Game, list[int], list[bool]]:
    """Cast a burn spell with epic on turn 1; play four more turns (two upkeeps of each
    player): copies that resolved per turn, and whether its caster may cast a spell then."""
    game = stocked_game(era)
    me = game.active
    opponent = game.opponent(me)
    cast_and_resolve(game, me, burn_spell(game, me, "Epic spell", abilities=("epic",)))
    copies, may = [], []
    for _ in range(4):
        life = opponent.life
        game.next_turn()
        copies.append(life - opponent.life)
        may.append(_try_cast(game, me))
    return game, copies, may


def _try_cast(game: Game, player: Player) -> bool:
    if game.active is not player:
        return game.may_cast(player, burn_spell(game, player, "Probe"))
    probe = burn_spell(game, player, "Probe")
    try:
        cast_and_resolve(game, player, probe)
    except IllegalAction:
        return False
    return True


def check_copies(claims: Claims, era: str) -> list[str] | None:
    """Upkeep copies over four turns, read from "At the beginning of each of [whose]
    upkeeps..., copy this spell [except for its epic ability]"."""
    sentence = claims.says(r"copy this spell")
    if sentence is None:
        return None
    trigger = clause_trigger(sentence, r"copy this spell")
    whose = re.search(r"at the beginning of (?:each of )?(your|each|each player's|each "
                      r"opponent's) upkeeps?", sentence, re.I)
    without = bool(re.search(r"copy this spell except for its epic ability", sentence, re.I))
    mine = [False, True, False, True]  # turns 2-5: the opponent's, mine, ...
    expected, waiting = [], 0 if trigger != "upkeep" else 1
    for own in mine:
        applies = whose is not None and (own if whose.group(1).lower() == "your" else
                                         not own if "opponent" in whose.group(1).lower()
                                         else True)
        made = waiting if applies else 0
        expected.append(made)
        if not without:
            waiting += made  # a copy with epic would wait for upkeeps too
    _, copies, _ = _scenario(era)
    return differ(f"copies at the beginning of {whose.group(1) if whose else '?'} upkeep(s)"
                  f"{', without epic' if without else ''}", sentence,
                  "an epic spell resolves on turn 1; copies on turns 2-5", expected, copies)


def check_prohibition(claims: Claims, era: str) -> list[str] | None:
    """After an epic spell resolves, may its caster cast spells, and for how long?"""
    sentence = claims.says(r"you (?:can't|cannot|can) cast spells")
    if sentence is None:
        return None
    match = re.search(r"(for the rest of the game|until end of turn|this turn)?,? ?you "
                      r"(can't|cannot|can) cast spells", sentence, re.I)
    assert match is not None
    forbidden = match.group(2).lower() != "can"
    lasting = (match.group(1) or "for the rest of the game").lower() == "for the rest of the game"
    expected = [not (forbidden and lasting)] * 4
    _, _, may = _scenario(era)
    return differ(f'"{match.group(0)}"', sentence,
                  "an epic spell resolves on turn 1; may its caster cast a spell on turns 2-5?",
                  expected, may)


register(Keyword(
    name="epic",
    kind=("spell", "delayed triggered"),
    parameter=("",),
    trigger=("upkeep",),
    zones=("stack",),
    durations=("for the rest of the game",),
    hooks={"as_resolves": _as_resolves, "can_cast": _can_cast},
    checks=(Check("copies at each of your upkeeps, without epic", check_copies),
            Check("no spells cast for the rest of the game", check_prohibition)),
    history=(("epic became a spell ability and a delayed triggered ability",
              {"kind": ("static", "delayed triggered")}),),
))
