"""Hidden agenda (702.105 in 2014, 702.106 in 2026): as you put this conspiracy card into the
command zone, turn it face down and secretly choose a card name (double agenda: two names);
any time you have priority you may turn it face up (a special action)."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import legal
from kb.rules.registry import Check, Keyword, register

PUT = (r"\bas you put this conspiracy card into the (command zone|battlefield|graveyard), turn it "
       r"(face down|face up) and secretly (?:name (an?|one|two) cards?|choose (an?|one|two) card "
       r"names?)")
TURN = (r"\bany time you have priority(?: during your turn)?, you may turn a (face-down|face-up) "
        r"conspiracy card you control in the command zone (face up|face down)")
DOUBLE = (r"\bas you put a conspiracy card with double agenda into the command zone, you secretly "
          r"name (two|three) different cards")


def put_in_command(game: Game, player: Player, card: GameObject) -> None:
    """A conspiracy with hidden agenda (or double agenda) is put into the command zone."""
    card.zone = "command"
    player.command.append(card)
    card.face_down = True
    card.notes["names"] = ["Island", "Forest"][:2 if card.has("double agenda") else 1]


def turn_face_up(game: Game, player: Player, card: GameObject) -> None:
    """The special action: any time you have priority."""
    if card.zone != "command" or not card.face_down or card.owner is not player:
        raise IllegalAction("a face-down conspiracy you control in the command zone")
    card.face_down = False


def scenario(era: str, double: bool, when: str) -> tuple[str, bool, int, bool]:
    """My conspiracy with hidden (or double) agenda put into the command zone; then turning it
    face up `when` ("my turn", "their turn with a spell on the stack"): (its zone, face down,
    names chosen, turned face up)."""
    game = Game(era=era)
    me = game.active
    card = game.create("Conspiracy", controller=me, zone="exile", types={"conspiracy"},
                       abilities=("hidden agenda", *(("double agenda",) if double else ())))
    me.exile.remove(card)
    put_in_command(game, me, card)
    state = (card.zone, card.face_down, len(card.notes["names"]))
    if when != "my turn":
        game.next_turn()
        game.stack.append(StackItem("ability", card, game.active, label="something"))
    return (*state, legal(turn_face_up, game, me, card))


def check(claims: Claims, era: str) -> list[str] | None:
    """Hidden and double agenda, turned face up on my turn and on theirs."""
    sentence = claims.says(PUT)
    if sentence is None:
        return None
    put = re.search(PUT, sentence, re.I)
    assert put is not None
    turn = re.search(TURN, claims.says(TURN) or "", re.I)
    double = re.search(DOUBLE, claims.says(DOUBLE) or "", re.I)
    zone = {"command zone": "command"}.get(put.group(1).lower(), put.group(1).lower())
    down = put.group(2).lower() == "face down"
    names = quantity(put.group(3) or put.group(4))
    problems = []
    for is_double in (False, True):
        for when in ("my turn", "their turn with a spell on the stack"):
            if is_double and double is None:
                continue
            count = quantity(double.group(1)) if is_double and double else names
            up = bool(turn and down and turn.group(1).lower() == "face-down"
                      and turn.group(2).lower() == "face up"
                      and ("during your turn" not in turn.group(0).lower() or when == "my turn"))
            problems += differ(put.group(0) + (f"; {turn.group(0)}" if turn else ""), sentence,
                               f"my conspiracy with {'double' if is_double else 'hidden'} agenda "
                               f"put into the command zone, turned face up on {when}: (zone, "
                               "face down, names, turned face up)", (zone, down, count, up),
                               scenario(era, is_double, when))
    return problems


register(Keyword(
    name="hidden agenda",
    kind=("static",),
    zones=("command",),
    functions_in=("command",),
    checks=(Check("face down in the command zone with a secret name; turned up any time",
                  check),),
))
