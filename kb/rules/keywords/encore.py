"""Encore [cost] (702.141 since 2020): "[Cost], Exile this card from your graveyard: For each
opponent, create a token that's a copy of this card that attacks that opponent this turn if
able. The tokens gain haste. Sacrifice them at the beginning of the next end step. Activate
only as a sorcery.\""""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, StackItem
from kb.rules.keywords._casting import fill_pool, meaning_of, pool_size
from kb.rules.registry import Check, Keyword, register

ZONE = r"\bexile this card from your (graveyard|hand|library)"
PER = (r"\bfor each (opponent|player|other player), create (an?|one|two|three) tokens? that's "
       r"a copy of this card")
GAIN = r"\bthe tokens gain (\w+)"
LEAVE = (r"\b(sacrifice|exile|return) them(?: to (?:their owner's|your) hand)? at the beginning of "
         r"the (next|your next) end step")
TIMING = (r"\bactivate (?:this ability )?only (as a sorcery|any time you could cast a sorcery|as "
          r"an instant)")


def activate(game: Game, card: GameObject) -> StackItem:
    """Activate encore of a card in its owner's graveyard (sorcery timing)."""
    ability = next(a for a in card.abilities if a.name == "encore")
    player = card.owner
    if card.zone != "graveyard":
        raise IllegalAction("encore works only from a graveyard")
    if not game.sorcery_timing(player):
        raise IllegalAction("encore is activated only as a sorcery")
    game.pay(player, Cost.parse(str(ability.param)))
    game.move(card, "exile")

    def make(game: Game, item: StackItem) -> None:
        tokens = []
        for opponent in [p for p in game.players if p is not player]:
            token = game.create(card.name, controller=player, power=card.power,
                                toughness=card.toughness, token=True,
                                abilities=("haste",))
            token.notes["encore attacks"] = opponent
            tokens.append(token)

        def sacrifice(game: Game, item: StackItem) -> None:
            for token in tokens:
                if token.zone == "battlefield":
                    game.sacrifice(token)
        game.delayed.append(("end step", lambda game, event: True,
                             StackItem("ability", card, player, resolve=sacrifice,
                                       label="encore: sacrifice the tokens")))
    item = StackItem("ability", card, player, resolve=make, label="encore")
    game.stack.append(item)
    return item


def scenario(era: str, zone: str, busy: bool) -> tuple[int | None, int, int, int]:
    """A 3-player game; my 3/3 with encore {2}{R} in `zone`, a spell on the stack or not:
    (mana taken or None, my tokens, how many have haste, my tokens after the end step)."""
    game = Game(era=era, players=3)
    me = game.active
    card = game.create("Raider", controller=me, zone=zone, power=3, toughness=3,
                       mana_cost="{3}{R}", abilities=(Ability("encore", "{2}{R}"),))
    if busy:
        game.stack.append(StackItem("ability", card, game.opponent(me), label="something"))
    before = fill_pool(me)
    try:
        activate(game, card)
    except IllegalAction:
        return None, 0, 0, 0
    mana = before - pool_size(me)
    game.resolve_stack()
    tokens = [o for o in game.battlefield if o.token and o.controller is me]
    hasty = sum(1 for t in tokens if t.has("haste"))
    game.end_turn()
    return mana, len(tokens), hasty, sum(1 for o in game.battlefield if o.token)


def check(claims: Claims, era: str) -> list[str] | None:
    """Encore from the graveyard and the hand, at sorcery timing and with a spell on the
    stack, in a 3-player game."""
    found = meaning_of(claims, r"encore \[cost\]")
    if found is None:
        return None
    meaning, quote = found
    zone = re.search(ZONE, meaning, re.I)
    per = re.search(PER, meaning, re.I)
    gain = re.search(GAIN, meaning, re.I)
    leave = re.search(LEAVE, meaning, re.I)
    timing = re.search(TIMING, meaning, re.I)
    for pattern, match in ((ZONE, zone), (PER, per), (GAIN, gain), (LEAVE, leave),
                           (TIMING, timing)):
        if match:
            claims.found.add(pattern)
    each = {"opponent": 2, "player": 3, "other player": 2}
    count = each[per.group(1).lower()] * quantity(per.group(2)) if per else 0
    problems = []
    for where, busy in (("graveyard", False), ("graveyard", True), ("hand", False)):
        ok = zone is not None and zone.group(1).lower() == where and not (
            busy and timing and "sorcery" in timing.group(1).lower())
        gone = leave is not None and "end step" in claims.triggers and \
            leave.group(2).lower() == "next"
        expected = (3, count, count if gain and gain.group(1).lower() == "haste" else 0,
                    0 if gone else count) if ok else (None, 0, 0, 0)
        problems += differ("encore: " + "; ".join(m.group(0) for m in (zone, per, gain, leave,
                                                                       timing) if m), quote,
                           f"3 players; a 3/3 with encore {{2}}{{R}} in my {where}"
                           + (", a spell on the stack" if busy else "")
                           + ": (mana taken or None, my tokens, with haste, after the end step)",
                           expected, scenario(era, where, busy))
    return problems


register(Keyword(
    name="encore",
    kind=("activated",),
    parameter=("[cost]",),
    trigger=("end step",),
    zones=("graveyard", "exile"),
    functions_in=("graveyard",),
    durations=("this turn",),
    checks=(Check("a hasty token copy per opponent, sacrificed at the next end step", check),),
))
