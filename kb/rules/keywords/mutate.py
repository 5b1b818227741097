"""Mutate (702.140 in 2020), a static ability of creature cards working on the stack:
"Mutate [cost]" means "You may pay [cost] rather than pay this spell's mana cost. If you do,
it becomes a mutating creature spell and targets a non-Human creature with the same owner as
this spell." With an illegal target it resolves as a creature spell; with a legal one it
merges with the target, on top or below as its controller chooses; the mutated permanent has
every ability of its cards, its other characteristics from the topmost.

In the model the merged permanent is the target object, its cards in `notes["merged"]`
(top first); the choice "mutate on top" picks the position."""

from __future__ import annotations

import re
from typing import Any

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._cov_combat import count_word
from kb.rules.keywords._mana import paid_for
from kb.rules.registry import Check, Keyword, register

OWN = ("name", "power", "toughness", "subtypes", "mana_cost", "colors", "types")


def _legal(target: GameObject, card: GameObject) -> bool:
    return (target.zone == "battlefield" and "creature" in target.types
            and "human" not in target.subtypes and target.owner is card.owner)


def cast_mutating(game: Game, player: Player, card: GameObject,
                  target: GameObject) -> StackItem:
    """Cast `card` for its mutate cost, targeting `target` (a non-Human creature with the
    same owner)."""
    ability = next((a for a in card.abilities if a.name == "mutate"), None)
    if ability is None or not _legal(target, card):
        raise IllegalAction(f"{card.name} can't mutate onto {target.name}")
    item = game.cast(player, card, alternative=Cost.parse(str(ability.param)))
    item.paid["mutating onto"] = target
    return item


def resolve_mutating(game: Game, item: StackItem) -> GameObject:
    """Resolve a mutating creature spell: merge with a legal target (on top unless the
    choice "mutate on top" is False), else onto the battlefield as a creature spell."""
    game.stack.remove(item)
    card, target = item.source, item.paid["mutating onto"]
    if not _legal(target, card):
        card.notes["enter_under"] = item.controller
        game.move(card, "battlefield", cause="resolve")
        return card
    cards = target.notes.setdefault("merged", [dict({k: getattr(target, k) for k in OWN},
                                                    abilities=list(target.abilities))])
    mine = dict({k: getattr(card, k) for k in OWN}, abilities=list(card.abilities))
    card.zone = "merged"
    if game.choose("mutate on top", True):
        cards.insert(0, mine)
    else:
        cards.append(mine)
    for key in OWN:
        setattr(target, key, cards[0][key])
    target.abilities = [a for face in cards for a in face["abilities"]]
    game.emit("mutates", target, player=item.controller)
    return target


def _run(era: str, target_kind: str, on_top: bool = True) -> dict[str, Any]:
    """I cast Dino ({4}{G}{G}, 6/6, trample, mutate {2}{G}) for its mutate cost onto a Bear
    (2/2, vigilance): `target_kind` mine / human / theirs / gone."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    dino = game.create("Dino", controller=me, zone="hand", power=6, toughness=6,
                       mana_cost="{4}{G}{G}", subtypes={"dinosaur"},
                       abilities=(Ability("mutate", "{2}{G}"), "trample"))
    bear = creature(game, "Bear", them if target_kind == "theirs" else me,
                    subtypes={"human"} if target_kind == "human" else {"bear"},
                    abilities=("vigilance",))
    game.choices["mutate on top"] = on_top
    items: list[StackItem] = []
    paid = paid_for(me, lambda: items.append(cast_mutating(game, me, dino, bear)))
    if not items:
        return {"paid": None}
    if target_kind == "gone":
        game.move(bear, "graveyard")
    result = resolve_mutating(game, items[0])
    creatures = sorted((o.name, o.current_power, tuple(sorted(a.name for a in o.abilities)))
                       for o in game.battlefield)
    return {"paid": paid, "result": result.name, "battlefield": creatures}


def _merged_cards(era: str) -> list[dict[str, Any]]:
    """The cards representing Dino mutated onto my Bear."""
    game = Game(era=era)
    me = game.active
    dino = game.create("Dino", controller=me, zone="hand", power=6, toughness=6,
                       abilities=(Ability("mutate", "{2}{G}"),))
    bear = creature(game, "Bear", me)
    items: list[StackItem] = []
    paid_for(me, lambda: items.append(cast_mutating(game, me, dino, bear)))
    return list(resolve_mutating(game, items[0]).notes.get("merged", []))


def check(claims: Claims, era: str) -> list[str] | None:
    """Dino mutating onto my Bear (on top and below), my Human, the opponent's Bear, and a
    Bear that left before it resolved."""
    sentence = claims.says(r'"mutate \[cost\]" means')
    if sentence is None:
        return None
    said = re.search(r'"you may pay \[cost\] rather than pay this spell\'s mana cost\. if you '
                     r'do, it becomes a mutating creature spell and targets an? (non-human|'
                     r'human|non-\w+) creature with the same (owner|controller) as this spell',
                     sentence, re.I)
    if said is None:
        return [f'the text mutates in a way the model does not read ("{sentence}")']
    merged = claims.says(r"\bother characteristics are derived from the") or ""
    top = re.search(r"derived from the (topmost|bottommost) card", merged, re.I)
    all_abilities = claims.says(r"\bhas all abilities of each card") is not None
    legal = claims.says(r"\bas a mutating creature spell resolves, if its target is legal, it "
                        r"(?:doesn't|does) enter the battlefield") or ""
    stays = re.search(r"if its target is legal, it (doesn't|does) enter the battlefield\. "
                      r"rather, it merges with the target", " ".join(
                          claims.sentences[claims.sentences.index(legal):][:2]) if legal else "",
                      re.I)
    illegal = claims.says(r"\bif its target is illegal, it ceases to be a mutating") or ""
    enters = re.search(r"will be put onto the (\w+)", illegal, re.I)
    problems = []
    represented = claims.says(r"\bbecomes one object represented by more than \w+ cards?") or ""
    more = re.search(r"represented by more than (\w+) cards?", represented, re.I)
    if more:
        cards = len(_merged_cards(era))
        problems += differ(f"the mutated permanent is {more.group(0)}", represented,
                           "Dino mutated onto my Bear: cards representing it (more than "
                           f"{more.group(1)}?)", True, cards > (count_word(more.group(1)) or 0))
    for kind, on_top in (("mine", True), ("mine", False), ("human", True), ("theirs", True),
                         ("gone", True)):
        human = kind == "human"
        may = (said.group(1).lower() == "non-human") != human or said.group(1).lower() not in (
            "non-human", "human")
        may = may and kind != "theirs"  # the opponent's Bear: neither my card nor mine
        if not may:
            expected: dict[str, Any] = {"paid": None}
        elif kind == "gone":
            zone = enters.group(1).lower() if enters else "?"
            expected = {"paid": 3, "result": "Dino", "battlefield": [("Dino", 6, (
                "mutate", "trample"))] if zone == "battlefield" else f"(Dino: {zone})"}
        else:
            above = (on_top == (top is None or top.group(1).lower() == "topmost"))
            name, power = ("Dino", 6) if above else ("Bear", 2)
            abilities = ("mutate", "trample", "vigilance") if all_abilities else "?"
            if legal and (stays is None or stays.group(1).lower() != "doesn't"):
                abilities = "(Dino enters the battlefield on its own)"
            expected = {"paid": 3, "result": "Bear" if kind != "gone" else "Dino",
                        "battlefield": [(name, power, abilities)]}
            expected["result"] = name
        problems += differ(said.group(0)[1:], sentence, f"I cast Dino (6/6, trample, mutate "
                           f"{{2}}{{G}}) for its mutate cost onto {kind} Bear (2/2 vigilance), "
                           f"{'on top' if on_top else 'below'}: (mana paid, the permanent, "
                           "the battlefield)", expected, _run(era, kind, on_top))
    return problems


register(Keyword(
    name="mutate",
    kind=("static",),
    parameter=("[cost]",),
    zones=("stack", "battlefield"),
    functions_in=("stack",),
    checks=(Check("pay the mutate cost, target a non-Human creature you own, merge; the top "
                  "card's characteristics, every card's abilities", check),),
))
