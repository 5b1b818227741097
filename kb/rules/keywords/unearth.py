"""Unearth (702.82 in 2012, 502.84 in 2008): an activated ability that functions while the
card is in a graveyard; "Unearth [cost]" means "[Cost]: Return this card from your graveyard
to the battlefield. It gains haste. Exile it at the beginning of the next end step. If it
would leave the battlefield, exile it instead of putting it anywhere else. Activate this
ability only any time you could cast a sorcery." (2008: "to play", "Remove it from the game
at end of turn".)"""

from __future__ import annotations

import re
from typing import Any

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import (
    Ability,
    Game,
    GameObject,
    IllegalAction,
    Replacement,
    StackItem,
    ZoneChange,
)
from kb.rules.keywords._mana import paid_for
from kb.rules.keywords._spells import stocked_game
from kb.rules.registry import Check, Keyword, register


def activate_unearth(game: Game, card: GameObject) -> StackItem:
    """Activate a card's unearth ability from its owner's graveyard."""
    ability = next((a for a in card.abilities if a.name == "unearth"), None)
    if ability is None or card.zone != "graveyard":
        raise IllegalAction(f"{card.name} can't be unearthed")
    return game.activate(card, "unearth", cost=str(ability.param or ""), sorcery=True,
                         resolve=_resolve, player=card.owner)


def _resolve(game: Game, item: StackItem) -> None:
    card = item.source
    if card.zone != "graveyard":
        return
    game.move(card, "battlefield", cause="unearth")
    card.abilities.append(Ability("haste"))
    since = len(game.log)

    def same_object() -> bool:
        """Still the permanent unearth returned (it hasn't left the battlefield since)."""
        return card.zone == "battlefield" and not any(
            e.name == "leaves" and e.obj is card for e in game.log[since:])

    game.replacements.append(Replacement(
        f"unearth:{card.ident}:{since}",
        lambda change: isinstance(change, ZoneChange) and change.obj is card
        and change.origin == "battlefield" and change.to != "exile" and same_object(),
        _exile_instead))

    def exile(game: Game, trigger: StackItem) -> None:
        if same_object():
            game.move(card, "exile", cause="unearth")

    game.delayed.append(("end step", lambda g, e: True,
                         StackItem("ability", card, item.controller, resolve=exile,
                                   label=f"unearth of {card.name}: exile")))


def _exile_instead(change: ZoneChange) -> None:
    change.to = "exile"


def _scenario(era: str, ending: str, turn: str = "mine") -> dict[str, Any]:
    """Dead Bear (3/3, unearth {B}) in my graveyard, unearthed on `turn`; then `ending`:
    "end step" (the turn ends) or "destroyed"."""
    game = stocked_game(era)
    me = game.active
    bear = game.create("Dead Bear", controller=me, zone="graveyard", power=3, toughness=3,
                       mana_cost="{2}{B}", abilities=(Ability("unearth", "{B}"),))
    if turn == "theirs":
        game.next_turn()
    result: dict[str, Any] = {"paid": paid_for(me, activate_unearth, game, bear)}
    game.resolve_stack()
    result["returned to"] = bear.zone
    result["can attack"] = game.active is me and game.can_attack(bear)
    if ending == "destroyed":
        game.destroy(bear)
        game.resolve_stack()
    else:
        game.end_turn()
    result["ends in"] = bear.zone
    return result


def _zone(word: str) -> str:
    return {"play": "battlefield", "exile": "exile", "sacrifice": "graveyard",
            "destroy": "graveyard"}.get(word.lower(), word.lower())


def check(claims: Claims, era: str) -> list[str] | None:
    """Where unearth returns the card, what it gains, where it ends, and when it may be
    activated, read from the text."""
    sentence = claims.says(r"return this card from your \w+ to")
    if sentence is None:
        return None
    back = re.search(r"return this card from your (\w+) to (?:the )?(\w+)", sentence, re.I)
    if back is None:
        return None
    gains = re.search(r"it gains (\w+)", sentence, re.I)
    later = re.search(r"(exile|sacrifice|destroy|return) it (?:to its owner's hand )?at (?:the "
                      r"beginning of the next end step|end of turn)", sentence, re.I)
    instead = re.search(r"if it would leave the battlefield, (exile) it instead", sentence, re.I)
    timing = re.search(r"only (?:any time you could (?:cast|play) an? (sorcery|instant)|as an? "
                       r"(sorcery|instant))", sentence, re.I)
    sorcery = timing is not None and (timing.group(1) or timing.group(2)).lower() == "sorcery"
    ends = _scenario(era, "end step")
    dies = _scenario(era, "destroyed")
    theirs = _scenario(era, "end step", "theirs")
    from_graveyard = back.group(1).lower() == "graveyard"
    end_step = "end step" in claims.triggers and later is not None
    expected = {"paid": 1 if from_graveyard else None,
                "returned to": _zone(back.group(2)) if from_graveyard else "graveyard",
                "can attack": bool(from_graveyard and gains and gains.group(1).lower() == "haste"),
                "ends in": _zone(later.group(1))
                if later is not None and end_step and from_graveyard
                else _zone(back.group(2)) if from_graveyard else "graveyard"}
    scenario = "Dead Bear (3/3, unearth {B}) in my graveyard, unearthed in my main phase"
    problems = differ("it returns " + back.group(0).lower() + (f", gains {gains.group(1)}" if
                      gains else "") + (f", {later.group(0)}" if later else ""), sentence,
                      scenario + ", then the turn ends", expected, ends)
    died = "exile" if instead else "graveyard"
    problems += differ(f"if it would leave the battlefield it goes to {died}", sentence,
                       scenario + ", then destroyed: where it ends", died, dies["ends in"])
    problems += differ(f"it may be activated {timing.group(0) if timing else 'any time'}",
                       sentence, "unearth activated in the opponent's turn: allowed?",
                       not sorcery, theirs["paid"] is not None)
    return problems


register(Keyword(
    name="unearth",
    kind=("activated",),
    parameter=("[cost]",),
    trigger=("end step",),
    zones=("graveyard", "battlefield", "exile"),
    functions_in=("graveyard",),
    checks=(Check("returns with haste, exiled at the end step or when it would leave, "
                  "sorcery timing", check),),
))
