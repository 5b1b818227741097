"""Champion (702.70 in 2012, 502.72 in 2008): two linked triggered abilities. "Champion an
[object]" means "When this permanent enters the battlefield, sacrifice it unless you exile
another [object] you control" and "When this permanent leaves the battlefield, return the
exiled card to the battlefield under its owner's control." (2008: "remove ... from the game",
"return the removed card to play".)"""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._counters import enter
from kb.rules.keywords._dies_return import zone_named
from kb.rules.registry import Check, Keyword, register

UNLESS = re.compile(r"\b(sacrifice|exile|return) it unless you (exile|sacrifice|tap|reveal) "
                    r"(another|an?) \[object\] you control", re.I)
BACK = re.compile(r"\breturn the (?:exiled|removed) card to (?:the )?([\w' ]+?) under (its "
                  r"owner's|your) control", re.I)


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return event.obj is source


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    if event.name == "enters":
        if source.zone != "battlefield":
            return
        quality = str(ability.param or "creature")
        fitting = [p for p in game.permanents(source.controller)
                   if p is not source and game.has_type(p, quality)]
        chosen = game.choose(f"champion:{source.ident}", fitting[0] if fitting else None)
        if chosen is None:
            game.sacrifice(source)
        else:
            game.move(chosen, "exile", cause="champion")
            source.notes["championed"] = chosen
    else:
        championed = source.notes.pop("championed", None)
        if championed is not None and championed.zone == "exile":
            game.move(championed, "battlefield", cause="champion")


def check(claims: Claims, era: str) -> list[str] | None:
    """Champion a Faerie enters beside another Faerie (its owner's opponent's, controlled by
    you) and then dies; beside a Goblin only; and being a Faerie itself, alone."""
    quote = claims.says(UNLESS.pattern)
    back_quote = claims.says(BACK.pattern)
    if quote is None or back_quote is None:
        return None
    fate, cost, which = UNLESS.search(quote).groups()  # type: ignore[union-attr]
    back = BACK.search(back_quote)
    assert back is not None
    enters, leaves = "enters" in claims.triggers, "leaves" in claims.triggers
    problems = []
    for beside, itself in (("another Faerie", False), ("a Goblin", False),
                           ("nothing", True)):
        game = Game(era=era)
        me, them = game.active, game.opponent(game.active)
        other = None
        if beside != "nothing":
            other = creature(game, beside.split()[-1], them,
                             subtypes={beside.split()[-1].lower()})
            other.controller = me
        champ = enter(game, "Champion", me, power=3, toughness=3,
                      subtypes={"faerie"} if itself else {"elf"},
                      abilities=(Ability("champion", "faerie"),))
        fits = beside == "another Faerie" or (itself and which.lower() != "another")
        exiled = enters and cost.lower() == "exile" and fits
        champ_zone = ("graveyard" if fate.lower() == "sacrifice" else zone_named(fate))
        expected = ["battlefield" if exiled or not enters else champ_zone,
                    "exile" if exiled and beside != "nothing" else
                    ("battlefield" if other else None)]
        actual = [champ.zone, other.zone if other else None]
        if champ.zone == "battlefield":
            game.destroy(champ)
            game.resolve_stack()
            returns = exiled and leaves and beside != "nothing"
            expected += ([zone_named(back.group(1)), "its owner" if back.group(2) != "your"
                          else "you"] if returns else
                         ["exile" if exiled and beside != "nothing" else
                          ("battlefield" if other else None), "you" if other else None])
            actual += [other.zone if other else None,
                       None if other is None else ("its owner" if other.controller is them
                                                   and returns else "you")]
        problems += differ(f"{fate} it unless you {cost} {which} [object] you control; when "
                           f"it leaves, the card returns to the {back.group(1)} under "
                           f"{back.group(2)} control", quote, f"champion a Faerie enters "
                           f"beside {beside} (owned by an opponent, controlled by you)"
                           + (", itself a Faerie" if itself else "")
                           + ", then is destroyed: (its zone, the other's zone[, after it "
                           "leaves: the other's zone and controller])", expected, actual)
    return problems


register(Keyword(
    name="champion",
    kind=("triggered",),
    parameter=("an [object]", "a [object]"),
    trigger=("enters", "leaves"),
    zones=("battlefield", "exile"),
    effect=_effect,
    condition=_condition,
    checks=(Check("another [object] exiled until it leaves, or it is sacrificed", check),),
))
