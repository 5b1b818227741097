"""Disguise (702.168 in 2024), a static ability: "Disguise [cost]" means "You may cast this
card as a 2/2 face-down creature with ward {2}, no name, no subtypes, and no mana cost by
paying {3} rather than paying its mana cost." Any time you have priority you may turn a
face-down permanent you control with a disguise ability face up by paying its disguise cost
(a special action); abilities relating to it entering the battlefield don't trigger then.

The model: `kb.rules.keywords._face_down`."""

from __future__ import annotations

import re
from typing import Any

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._face_down import (
    CAST_AS,
    dragon,
    expected_looks,
    face_up_characteristics,
    looks,
    restore,
    turn_face_down,
)
from kb.rules.keywords._mana import paid_for
from kb.rules.keywords._spells import stocked_game
from kb.rules.registry import Check, Keyword, register

WARD, COST = "{2}", "{3}"


def _disguise(abilities: list[Ability]) -> Ability | None:
    return next((a for a in abilities if a.name == "disguise"), None)


def cast_disguised(game: Game, player: Player, card: GameObject) -> StackItem:
    """Cast a card with disguise face down (ward {2}) for {3}."""
    if _disguise(card.abilities) is None:
        raise IllegalAction(f"{card.name} has no disguise: it can't be cast face down")
    turn_face_down(card, WARD)
    try:
        return game.cast(player, card, alternative=Cost.parse(COST))
    except IllegalAction:
        restore(card)
        raise


def turn_up_disguised(game: Game, player: Player, permanent: GameObject) -> None:
    """The special action: its controller pays its disguise cost and turns it face up (no
    `enters` event)."""
    ability = _disguise(face_up_characteristics(permanent).get("abilities", []))
    if (not permanent.face_down or ability is None or permanent.zone != "battlefield"
            or permanent.controller is not player):
        raise IllegalAction(f"{player.name} can't turn that permanent face up this way")
    game.pay(player, Cost.parse(str(ability.param)))
    restore(permanent)
    game.emit("turned face up", permanent)


def _scenario(era: str) -> dict[str, Any]:
    """Hidden Dragon (5/5, {4}{R}{R}, flying, disguise {2}{R}) cast face down and turned
    up by me; the same for the opponent's, which I try to turn up; a card without
    disguise."""
    game = stocked_game(era, cards=0)
    me, them = game.active, game.opponent(game.active)
    card = dragon(game, me, zone="hand")
    card.abilities.append(Ability("disguise", "{2}{R}"))
    face_up = {name: getattr(card, name) for name in ("name", "power", "toughness",
               "subtypes", "mana_cost", "colors", "types", "abilities")}
    plain = game.create("Plain Bear", controller=me, zone="hand", power=2, toughness=2,
                        mana_cost="{1}{G}")
    result: dict[str, Any] = {"face up": face_up,
                              "cast": paid_for(me, cast_disguised, game, me, card),
                              "plain": paid_for(me, cast_disguised, game, me, plain)}
    game.resolve_stack()
    result["down"] = looks(card)
    theirs = dragon(game, them, zone="battlefield")
    theirs.abilities.append(Ability("disguise", "{2}{R}"))
    turn_face_down(theirs, WARD)
    result["theirs"] = paid_for(me, turn_up_disguised, game, me, theirs)
    start = len(game.log)
    result["up"] = paid_for(me, turn_up_disguised, game, me, card)
    result["up looks"] = looks(card)
    result["enters"] = sum(1 for e in game.log[start:] if e.name == "enters")
    return result


def check_cast(claims: Claims, era: str) -> list[str] | None:
    """Cast face down: the cost and the face-down characteristics, read from the meaning."""
    sentence = claims.says(r"\bcast this card as an? \d+/\d+ face-?down creature")
    if sentence is None:
        return None
    cost = re.search(r"by paying (\{[^}]+\}(?:\{[^}]+\})*) rather than", sentence, re.I)
    result = _scenario(era)
    expected = expected_looks(sentence, "down", result["face up"], CAST_AS)
    turn = claims.says(r"\bto cast a card using its disguise ability, turn the card face") or ""
    side = re.search(r"turn the card face (down|up)", turn, re.I)
    rule = claims.says(r"\byou (?:can't|can) (?:normally )?cast a card face down")
    word = re.search(r"\byou (can't|can) (?:normally )?cast a card face down", rule or "", re.I)
    scenario = "Hidden Dragon (5/5 Dragon, {4}{R}{R}, flying, disguise {2}{R}) cast face down"
    return (differ(f"it is cast face down by paying {cost.group(1) if cost else '?'}", sentence,
                   scenario + ": mana paid", Cost.parse(cost.group(1)).mana_value
                   if cost else None, result["cast"])
            + differ("it is this face-down creature", sentence, scenario + ": (face down, "
                     "power, toughness, name, abilities, subtypes, mana value)", expected,
                     result["down"])
            + (differ(f"to cast it, turn the card face {side.group(1)}", turn, scenario
                      + ": face down on the battlefield", side.group(1).lower() == "down",
                      result["down"][0]) if side else [])
            + (differ(f"a card without disguise {word.group(1)} be cast face down", rule or "",
                      "Plain Bear (no disguise) cast face down: allowed?",
                      word.group(1).lower() == "can", result["plain"] is not None)
               if word else []))


def check_face_up(claims: Claims, era: str) -> list[str] | None:
    """Turned face up by its controller for its disguise cost; no enters trigger."""
    may = claims.says(r"\bturn a face-(?:down|up) permanent (?:you|an opponent|a player) "
                      r"controls? with a disguise ability face (?:up|down)")
    pay = claims.says(r"\bpay that cost, then turn the permanent face (?:up|down)")
    if may is None or pay is None:
        return None
    who = re.search(r"turn a face-down permanent (you|an opponent|a player) controls? with a "
                    r"disguise ability face up", may, re.I)
    ends = re.search(r"then turn the permanent face (up|down)", pay, re.I)
    shown = re.search(r"show all players what the permanent's (\w+) cost would be", pay, re.I)
    entering = claims.says(r"relating to the permanent entering the battlefield") or ""
    word = re.search(r"entering the battlefield (don't|do not|do) trigger", entering, re.I)
    result = _scenario(era)
    mine = who is not None and who.group(1).lower() in ("you", "a player")
    theirs = who is not None and who.group(1).lower() in ("an opponent", "a player")
    cost = 3 if shown and shown.group(1).lower() == "disguise" else 6
    problems = differ(f"{who.group(1) if who else '?'} may turn it face up for its "
                      f"{shown.group(1) if shown else '?'} cost", pay, "my disguised Hidden "
                      "Dragon (disguise {2}{R}) turned face up: mana paid, then the opponent's "
                      "(None: not allowed)", (cost if mine else None, 3 if theirs else None),
                      (result["up"], result["theirs"]))
    if mine and result["up"] is not None:
        up = ends is not None and ends.group(1).lower() == "up"
        problems += differ(f"then turn the permanent face {ends.group(1) if ends else '?'}",
                           pay, "turned face up: (face down, power, toughness, name)",
                           (False, 5, 5, "Hidden Dragon") if up else "(face down)",
                           result["up looks"][:4])
    if word:
        problems += differ(f"abilities relating to entering {word.group(1)} trigger when it's "
                           "turned face up", entering, "turned face up: enters events",
                           0 if word.group(1).lower() != "do" else 1, result["enters"])
    return problems


register(Keyword(
    name="disguise",
    kind=("static",),
    parameter=("[cost]",),
    zones=("any zone", "stack", "battlefield"),
    functions_in=("any zone",),
    checks=(Check("cast face down as a 2/2 with ward {2} for {3}", check_cast),
            Check("turned face up for its disguise cost, no enters trigger", check_face_up)),
))
