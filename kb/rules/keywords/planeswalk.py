"""Planeswalk (701.21 in 2009, 701.31 in 2026), a keyword action of Planechase: only the
planar controller may planeswalk, only in a Planechase game; to planeswalk is to put each
face-up plane and phenomenon card on the bottom of its owner's planar deck face down, then
move the top card of your planar deck off it and turn it face up. (Before 2012-06: "the
face-up plane card".)"""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, IllegalAction, Player
from kb.rules.keywords._variants import build_deck, command, deck, holds, play_as, to_bottom
from kb.rules.registry import Check, Keyword, register


def planeswalk(game: Game, player: Player) -> None:
    """The planar controller planeswalks."""
    if holds(game, "planar controller") is not player:
        raise IllegalAction(f"{player.name} isn't the planar controller")
    for owner in game.players:
        for card in [c for c in owner.command if not c.face_down
                     and c.types & {"plane", "phenomenon"}]:
            to_bottom(game, card, "planar")
            card.notes["left"] = True
    away = [c.name for c in deck(game, player, "planar") if c.notes.get("left")]
    pile = deck(game, player, "planar")
    to = pile[0] if pile else None
    if to is not None:
        command(game, player, to, face_up=True)
    game.emit("planeswalk", player=player, to=to.name if to else "",
              away=away[-1] if away else "")


def _try(era: str, who: str, phenomenon: bool = True) -> tuple[bool, list[str], str]:
    """Face up: the plane P0 (mine) and the phenomenon X0 (the opponent's, if
    `phenomenon`); my planar deck P1, P2. (allowed, face-up cards, my planar deck top to
    bottom) after `who` planeswalks."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    play_as(game, "planar controller", me)
    plane = build_deck(game, me, "planar", ["P0", "P1", "P2"], types={"plane"})[0]
    command(game, me, plane)
    if phenomenon:
        command(game, them, build_deck(game, them, "planar", ["X0"], types={"phenomenon"})[0])
    try:
        planeswalk(game, me if who == "me" else them)
        allowed = True
    except IllegalAction:
        allowed = False
    up = sorted(c.name for p in game.players for c in p.command if not c.face_down)
    return allowed, up, " ".join(c.name for c in deck(game, me, "planar"))


def check(claims: Claims, era: str) -> list[str] | None:
    """I (the planar controller) planeswalk with plane P0 and phenomenon X0 face up, then
    the other player tries."""
    sentence = claims.says(r"\bto planeswalk is to put\b")
    if sentence is None:
        return None
    said = re.search(r"to planeswalk is to put (each face-up plane card and phenomenon card|the "
                     r"face-up plane card|each face-up plane card) on the (bottom|top) of its "
                     r"owner's planar deck face (down|up), then move the (top|bottom) card of "
                     r"your planar deck off that planar deck and turn it face (up|down)",
                     sentence, re.I)
    if said is None:
        return [f'the text planeswalks in a way the model does not read ("{sentence}")']
    # phenomena (2012) in the scenario only when the rules know them
    known = any("phenomen" in s.lower() for s in claims.sentences)
    leaving = ["P0", "X0"] if "phenomenon" in said.group(1).lower() else ["P0"]
    new = "P1" if said.group(4).lower() == "top" else "P2"
    deck_rest = [n for n in ("P1", "P2") if n != new]
    mine = [n for n in leaving if n.startswith("P")]
    order = deck_rest + mine if said.group(2).lower() == "bottom" else mine + deck_rest
    faces = ("P0", "X0") if known else ("P0",)
    up = sorted([n for n in faces if n not in leaving or said.group(3).lower() == "up"]
                + ([new] if said.group(5).lower() == "up" else []))
    problems = differ(said.group(0), sentence, "I, the planar controller, planeswalk with "
                      "my plane P0" + (" and the opponent's phenomenon X0" if known else "")
                      + " face up (my planar deck P1, P2): (allowed, face-up cards, my planar "
                      "deck)", (True, up, " ".join(order)), _try(era, "me", known))
    to = claims.says(r"\bthe plane card that's turned face (?:up|down) is the plane the player "
                     r"planeswalks (?:to|away from)") or ""
    said_to = re.search(r"turned face (up|down) is the plane the player planeswalks (to|away "
                        r"from)", to, re.I)
    if said_to:
        game = Game(era=era)
        me = game.active
        play_as(game, "planar controller", me)
        plane = build_deck(game, me, "planar", ["P0", "P1", "P2"], types={"plane"})[0]
        command(game, me, plane)
        planeswalk(game, me)
        event = next(e for e in game.log if e.name == "planeswalk")
        agrees = (said_to.group(1).lower(), said_to.group(2).lower()) in (("up", "to"),
                                                                          ("down", "away from"))
        problems += differ(said_to.group(0), to, "I planeswalk from P0 (planar deck P1, P2): "
                           "(the plane planeswalked to, away from)",
                           ("P1", "P0") if agrees else ("P0", "P1"),
                           (event.data["to"], event.data["away"]))
    only = claims.says(r"\bonly the [\w ]+? may planeswalk") or ""
    who = re.search(r"only the ([\w ]+?) may planeswalk", only, re.I)
    if who:
        problems += differ(f"only the {who.group(1)} may planeswalk", only, "a player who "
                           "isn't the planar controller planeswalks: allowed",
                           who.group(1).lower() != "planar controller",
                           _try(era, "other")[0])
    return problems


register(Keyword(
    name="planeswalk",
    kind=("keyword action",),
    parameter=(),
    zones=("stack",),
    checks=(Check("face-up planes to the bottom, the top plane face up; the planar "
                  "controller only", check),),
))
