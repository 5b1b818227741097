"""Attach (701.3 in 2012, 501.2 in 2008), a keyword action: to attach an Aura, Equipment or
Fortification to an object means to take it from where it is and put it onto that object;
it can't be attached to an object it couldn't enchant, equip or fortify (then it doesn't
move); attaching it to the object it's already attached to does nothing; attaching anything
else does nothing (2009 on)."""

from __future__ import annotations

import re
from typing import Any

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction
from kb.rules.registry import Check, Keyword, register

ATTACHABLE = {"aura": None, "equipment": "creature", "fortification": "land"}


def attach(game: Game, obj: GameObject, target: Any) -> bool:
    """Attach `obj` to `target` as an effect says; whether it moved (`attached` event)."""
    kind = next((k for k in ATTACHABLE if obj.is_(k)), None)
    if kind is None or obj.attached_to is target:
        return False
    needs = ATTACHABLE[kind]
    if needs and not (isinstance(target, GameObject) and target.is_(needs)):
        return False
    try:
        game.attach(obj, target)
    except IllegalAction:
        return False
    game.emit("attached", obj, target=target)
    return True


def _scenario(era: str) -> dict[str, tuple[str, bool]]:
    """Attach effects: an Enchant creature Aura on Bear moved to Wolf, to a land, to Bear
    again; an Equipment to a land; a creature to Bear: (what it's attached to after, moved)."""
    game = Game(era=era)
    bear = game.create("Bear", power=2, toughness=2)
    wolf = game.create("Wolf", power=2, toughness=2)
    land = game.create("Land", types={"land"})
    aura = game.create("Aura", types={"enchantment"}, subtypes={"aura"},
                       abilities=[Ability("enchant", "creature")])
    gear = game.create("Gear", types={"artifact"}, subtypes={"equipment"})
    elf = game.create("Elf", power=1, toughness=1)
    game.attach(aura, bear)
    found = {}
    for label, obj, target in (("aura to another creature", aura, wolf),
                               ("aura to a land", aura, land), ("aura to the same", aura, wolf),
                               ("equipment to a land", gear, land),
                               ("creature to a creature", elf, bear)):
        moved = attach(game, obj, target)
        on = getattr(obj.attached_to, "name", "nothing")
        found[label] = (on, moved)
    return found


def check(claims: Claims, era: str) -> list[str] | None:
    """Which attach effects move the object, read from the text."""
    sentence = claims.says(r"to attach an aura, equipment, or fortification to an object")
    if sentence is None:
        return None
    puts = re.search(r"take it from where it currently is and put it onto that object",
                     sentence, re.I) is not None
    cant = claims.says(r"can't be attached to an object(?: or player)? it couldn't")
    same = claims.says(r"to the object(?: or player)? it's already attached to")
    other = claims.says(r"attach an object that isn't an aura, equipment, or fortification")
    nothing = r"(?:does nothing|doesn't move)"
    same_nothing = same is not None and re.search(rf"already attached to, the effect "
                                                  rf"{nothing}", same, re.I) is not None
    other_nothing = other is not None and re.search(nothing, other, re.I) is not None
    expected = {"aura to another creature": ("Wolf", True) if puts else ("Bear", False),
                "aura to a land": ("Wolf", False) if cant else ("Land", True),
                "aura to the same": ("Wolf", False) if same_nothing or not same else
                ("Wolf", True),
                "equipment to a land": ("nothing", False) if cant else ("Land", True),
                "creature to a creature": ("nothing", False) if other_nothing or not other
                else ("Bear", True)}
    if not puts:
        expected["aura to a land"] = expected["aura to the same"] = ("Bear", False)
    quote = " ".join(s for s in (sentence, cant, same, other) if s and s != sentence)
    return differ("attaching puts it onto the object, except onto one it couldn't be "
                  "attached to, onto the same object, or for other objects", sentence + (
                      f" {quote}" if quote else ""), "attach effects: (attached to, moved)",
                  expected, _scenario(era))


register(Keyword(
    name="attach",
    kind=("keyword action",),
    parameter=(),
    zones=("battlefield",),
    checks=(Check("onto the object, not where it couldn't be, nothing when already there",
                  check),),
))
