"""Shared reader and scenario of the zone-moving keyword actions (destroy, sacrifice, exile,
discard, counter): "To destroy a permanent, move it from the battlefield to its owner's
graveyard." The origin, destination and whose zone are read from the text and compared with
where the model's action puts an object owned by one player and controlled by the other."""

from __future__ import annotations

import re
from collections.abc import Callable

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, IllegalAction

ZONES = (("battlefield", r"the battlefield|the in-play zone|play"), ("hand", r"hand"),
         ("graveyard", r"graveyard"), ("exile", r"(?:the )?exile zone|exile"),
         ("stack", r"(?:the )?stack"), ("library", r"library"))
MOVE = re.compile(r"\bmove (?:it|that card|that object) (?:from (?P<origin>.+?) )?(?:directly )?"
                  r"to (?P<whose>its owner's|that player's|its controller's|their|the) "
                  r"(?P<to>[\w-]+(?: zone)?)(?: from (?P<anywhere>wherever it is))?", re.I)
# the object in each zone: (owned by the opponent, controlled by the active player)
Action = Callable[[Game, GameObject], object]


def zone_of(words: str) -> str | None:
    """A zone named in a text fragment ("its owner's hand" -> hand)."""
    for zone, pattern in ZONES:
        if re.search(rf"\b(?:{pattern})\b", words, re.I):
            return zone
    return None


def read_move(claims: Claims) -> tuple[str, str | None, str, str] | None:
    """(sentence, origin zone or None for anywhere, destination, whose) of the move rule."""
    sentence = claims.says(MOVE.pattern)
    match = MOVE.search(sentence or "")
    if sentence is None or match is None:
        return None
    to = zone_of(match.group("to")) or match.group("to").lower()
    origin = None if match.group("anywhere") or not match.group("origin") else \
        zone_of(match.group("origin")) or match.group("origin").lower()
    whose = match.group("whose").lower()
    owner = "owner" if whose in ("its owner's", "that player's", "the") else "controller"
    return sentence, origin, to, owner


def outcome(era: str, zone: str, action: Action) -> str:
    """Put a card owned by B (controlled by A on the battlefield) in `zone`, apply `action`:
    "<zone> of <owner|controller>", or "not allowed"."""
    game = Game(era=era)
    a, b = game.active, game.opponent(game.active)
    obj = game.create("Object", controller=b, zone=zone, power=2, toughness=2)
    if zone == "battlefield":
        obj.controller = a
    try:
        action(game, obj)
    except IllegalAction:
        return "not allowed"
    if obj.zone in ("battlefield", "stack", "ceases"):
        return obj.zone
    pile = "owner" if obj in b.zone(obj.zone) else "controller" if obj in a.zone(obj.zone) \
        else "?"
    return f"{obj.zone} of {pile}"


def check_move(claims: Claims, era: str, name: str, action: Action,
               zones: tuple[str, ...], noun: str = "") -> list[str] | None:
    """Where the action moves an object from each of `zones`, by the text and the model."""
    read = read_move(claims)
    if read is None:
        return None
    sentence, origin, to, whose = read
    problems = []
    for zone in zones:
        expected = f"{to} of {whose}" if origin in (None, zone) else "not allowed"
        problems += differ(f"to {name} moves it from {origin or 'wherever it is'} to its "
                           f"{whose}'s {to}", sentence, f"{name} an object owned by B "
                           f"(controlled by A) in the {zone}", expected,
                           outcome(era, zone, action))
    return problems + (check_count(claims, name, noun) if noun else [])


def check_count(claims: Claims, verb: str, noun: str) -> list[str]:
    """"To <verb> a <noun>" acts on one object at a time: [] when the text says so."""
    sentence = claims.says(rf"^to {verb} \w+ {noun}s?\b")
    match = re.search(rf"^to {verb} (\w+) {noun}s?\b", sentence or "", re.I)
    if match is None:
        return []
    amount = next((a for a in claims.amounts if a.quote and a.span.lower().startswith(
        match.group(1).lower()) and noun in a.span.lower()), None)
    said = amount.times(1) if amount else 1
    return differ(f"to {verb} {match.group(1)} {noun}(s) at once", sentence or "",
                  f"one instruction to {verb}: objects moved", said, 1)
