"""Transform (701.25 in 2012, 701.27 in 2026), a keyword action: only permanents represented
by double-faced cards (2026: and double-faced tokens) can transform; to transform a
permanent, turn it over so that its other face is up; for any other permanent nothing
happens. Transforming is not turning face down: "turned face down" abilities don't
trigger.

In the model a double-faced card keeps its faces in `notes["faces"]` (two dicts of
characteristics) and `notes["face"]` (0 front, 1 back)."""

from __future__ import annotations

import re
from typing import Any

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject
from kb.rules.keywords._spells import stocked_game
from kb.rules.registry import Check, Keyword, register

FACE_FIELDS = ("name", "power", "toughness", "types", "subtypes", "colors")


def double_faced(game: Game, name: str, front: dict[str, Any], back: dict[str, Any],
                 **fields: Any) -> GameObject:
    """A double-faced permanent, front face up."""
    obj = game.create(name, **{**fields, **front})
    obj.notes["faces"] = (dict(front, name=name), back)
    obj.notes["face"] = 0
    return obj


def transform(game: Game, permanent: GameObject) -> bool:
    """Turn a double-faced permanent over; nothing happens to any other permanent (or when
    the other face is an instant or sorcery). Returns whether it transformed."""
    faces = permanent.notes.get("faces")
    if not faces or permanent.zone != "battlefield":
        return False
    other = 1 - permanent.notes.get("face", 0)
    if set(faces[other].get("types", ())) & {"instant", "sorcery"}:
        return False
    for key, value in faces[other].items():
        setattr(permanent, key, value)
    permanent.notes["face"] = other
    game.emit("transforms", permanent)
    return True


def _scenario(era: str) -> tuple[list[str], str, int, bool]:
    """Transform a double-faced 1/1 (back face 3/1) twice, a plain card once, and a
    double-faced card whose back is a sorcery: (names after each, plain name, 'turned face
    down' events, the sorcery-backed one transformed)."""
    game = stocked_game(era)
    me = game.active
    smith = double_faced(game, "Village Smith", {"power": 1, "toughness": 1},
                         {"name": "Ironfang", "power": 3, "toughness": 1}, controller=me)
    plain = game.create("Plain Bear", controller=me, power=2, toughness=2)
    odd = double_faced(game, "Odd Card", {"power": 2, "toughness": 2},
                       {"name": "Odd Spell", "types": {"sorcery"}}, controller=me)
    start = len(game.log)
    names = []
    for _ in range(2):
        transform(game, smith)
        names.append(f"{smith.name} {smith.power}/{smith.toughness}")
    transform(game, plain)
    face_down = sum(1 for e in game.log[start:] if e.name == "turned face down")
    return names, plain.name, face_down, transform(game, odd)


def check(claims: Claims, era: str) -> list[str] | None:
    """What transforming does, and to which permanents, read from the text."""
    sentence = claims.says(r"to transform a permanent, turn it over")
    if sentence is None:
        return None
    turned = re.search(r"turn it over so that (.+?)(?:\.|$)", sentence, re.I)
    other_face = turned is not None and turned.group(1).lower() == "its other face is up"
    only = claims.says(r"only permanents represented by double-faced")
    other = claims.says(r"isn't represented by a double-faced")
    outcome = re.search(r"isn't represented by a double-faced[^,]*, (.+?)\.?$", other or "",
                        re.I)
    nothing = outcome is None or outcome.group(1).lower() == "nothing happens"
    down = claims.says(r"turned face down (?:won't|will not|will) trigger")
    sorcery = claims.says(r"instant or sorcery face,? nothing happens")
    names, plain, face_down, odd = _scenario(era)
    expected_names = ["Ironfang 3/1", "Village Smith 1/1"] if other_face else \
        [f"({turned.group(1) if turned else '?'})"] * 2
    problems = differ("to transform, turn it over so that its other face is up", sentence,
                      "a double-faced 1/1 (back: Ironfang 3/1) transformed twice",
                      expected_names, names)
    if only or other:
        problems += differ("only double-faced permanents transform; for others "
                           + (outcome.group(1) if outcome else "nothing happens"),
                           other or only or "", "a plain Bear told to transform",
                           "Plain Bear" if nothing or outcome is None else f"({outcome.group(1)})",
                           plain)
    if down:
        wont = re.search(r"won't|will not", down, re.I) is not None
        verb = "don't" if wont else "do"
        problems += differ(f"'turned face down' abilities {verb} trigger when it "
                           "transforms", down,
                           "two transformations: 'turned face down' events",
                           0 if wont else 2, face_down)
    if sorcery:
        problems += differ("nothing happens when the other face is an instant or sorcery",
                           sorcery, "a permanent whose back face is a sorcery", False, odd)
    return problems


register(Keyword(
    name="transform",
    kind=("keyword action",),
    parameter=(),
    zones=("battlefield", "stack"),
    checks=(Check("a double-faced permanent turned to its other face, nothing for others",
                  check),),
))
