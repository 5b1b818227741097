"""Manifest (701.33 in 2015, 701.40 in 2026), a keyword action: to manifest a card, turn it
face down; it becomes a 2/2 face-down creature card with no text, no name, no subtypes and
no mana cost, and is put onto the battlefield face down. Any time you have priority you may
turn a manifested permanent you control face up by showing it is a creature card and paying
its mana cost; a manifested instant or sorcery card is revealed and stays face down.

The model: `kb.rules.keywords._face_down`."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, Player
from kb.rules.keywords._face_down import (
    check_becomes,
    check_instant,
    check_prohibited,
    check_turn_up,
    dragon,
    put_face_down,
    turn_up_for_mana_cost,
)
from kb.rules.keywords._mana import paid_for
from kb.rules.keywords.disguise import turn_up_disguised
from kb.rules.keywords.morph import turn_face_up
from kb.rules.registry import Check, Keyword, register


def manifest(game: Game, player: Player, card: GameObject) -> GameObject:
    """`player` manifests `card` (a 2/2 face-down creature on the battlefield, no ward)."""
    return put_face_down(game, card, player)


def _becomes(claims: Claims, era: str) -> list[str] | None:
    return check_becomes(claims, era, "manifest", "")


def _prohibited(claims: Claims, era: str) -> list[str] | None:
    return check_prohibited(claims, era, "manifest", "")


def _procedures(era: str, keyword: str, ward: str) -> tuple[int | None, int | None]:
    """A card with `keyword` {3}{R}{R} (mana cost {4}{R}{R}) put face down by manifest or
    cloak (`ward`): mana paid to turn it face up by the keyword's procedure, and by paying its
    mana cost (None: not allowed)."""
    paid: list[int | None] = []
    for procedure in ("keyword", "mana cost"):
        game = Game(era=era)
        me = game.active
        card = dragon(game, me)
        card.abilities.append(Ability(keyword, "{3}{R}{R}"))
        put_face_down(game, card, me, ward)
        if procedure == "mana cost":
            paid.append(paid_for(me, turn_up_for_mana_cost, game, me, card))
        elif keyword == "morph":
            paid.append(paid_for(me, turn_face_up, game, card))
        else:
            paid.append(paid_for(me, turn_up_disguised, game, me, card))
    return paid[0], paid[1]


def check_procedures(claims: Claims, era: str, verb: str, ward: str) -> list[str] | None:
    """"If a card with morph [disguise] is <verb>ed, its controller may turn that card face up
    using either the procedure ... or the procedure described above": both, for their costs."""
    problems: list[str] = []
    ran = False
    for keyword in ("morph", "disguise"):
        pattern = (rf"\bif a card with {keyword} is {verb}ed, its controller (may|can't) turn "
                   rf"that card face (up|down) using (either|neither) the procedure")
        sentence = claims.says(pattern)
        if sentence is None:
            continue
        ran = True
        said = re.search(pattern, sentence, re.I)
        inner = re.search(rf"to turn a face-down permanent with {keyword} face (up|down) or the "
                          rf"procedure described above to turn an? {verb}ed permanent face "
                          r"(up|down)", sentence, re.I)
        both = said is not None and inner is not None and (
            said.group(1), said.group(2), said.group(3), inner.group(1), inner.group(2)) == (
                "may", "up", "either", "up", "up")
        problems += differ(f"a {verb}ed card with {keyword} may be turned face up by either "
                           "procedure" if both else "(not by both procedures)", sentence,
                           f"a {verb}ed card with {keyword} {{3}}{{R}}{{R}} and mana cost "
                           f"{{4}}{{R}}{{R}}, turned face up by {keyword}'s procedure and by "
                           "paying its mana cost: mana paid", (5, 6) if both else "?",
                           _procedures(era, keyword, ward))
    return problems if ran else None


def _others(claims: Claims, era: str) -> list[str] | None:
    return check_procedures(claims, era, "manifest", "")


def _turn_up(claims: Claims, era: str) -> list[str] | None:
    return check_turn_up(claims, era, "manifest", "")


def _instant(claims: Claims, era: str) -> list[str] | None:
    return check_instant(claims, era, "manifest", "")


register(Keyword(
    name="manifest",
    kind=("keyword action",),
    parameter=(),
    zones=("battlefield", "library", "stack"),
    durations=("as long as",),
    checks=(Check("a 2/2 face-down creature put onto the battlefield", _becomes),
            Check("turned face up by its controller for its mana cost, creature cards only",
                  _turn_up),
            Check("a manifested instant or sorcery stays face down", _instant),
            Check("a card with morph or disguise: either procedure turns it face up", _others),
            Check("not manifested when the face-down object may not enter", _prohibited)),
))
