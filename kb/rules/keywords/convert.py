"""Convert (701.28 in 2023), a keyword action: to convert a permanent, turn it so that its
other face is up, as for transform; it is not turning face up or down; a permanent that
isn't double-faced, or whose other face is an instant or sorcery, doesn't convert; a
permanent that can't transform can't convert either.

The model: `kb.rules.keywords.transform` (double-faced objects), plus "can't transform"
(`notes["can't transform"]`)."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject
from kb.rules.keywords.transform import double_faced, transform
from kb.rules.registry import Check, Keyword, register


def convert(game: Game, permanent: GameObject) -> bool:
    """Convert a permanent (nothing happens to one that can't transform); returns whether it
    converted."""
    if permanent.notes.get("can't transform"):
        return False
    done = transform(game, permanent)
    if done:
        game.emit("converts", permanent)
    return done


def _robot(game: Game) -> GameObject:
    return double_faced(game, "Robot Car", {"power": 3, "toughness": 2},
                        {"name": "Vehicle Mode", "power": 1, "toughness": 4})


def _turns(era: str, plain: bool = False, spell_back: bool = False,
           held: bool = False) -> tuple[list[str], int]:
    """Convert a permanent twice: its name and P/T after each, and 'turned face down'
    events."""
    game = Game(era=era)
    if plain:
        obj = game.create("Plain Bear", power=2, toughness=2)
    elif spell_back:
        obj = double_faced(game, "Odd Card", {"power": 2, "toughness": 2},
                           {"name": "Odd Spell", "types": {"sorcery"}})
    else:
        obj = _robot(game)
    obj.notes["can't transform"] = held
    start = len(game.log)
    names = []
    for _ in range(2):
        convert(game, obj)
        names.append(f"{obj.name} {obj.power}/{obj.toughness}")
    return names, sum(1 for e in game.log[start:] if e.name == "turned face down")


def _said(pattern: str, sentence: str) -> str:
    match = re.search(pattern, sentence, re.I)
    return match.group(1).lower() if match else "?"


def check(claims: Claims, era: str) -> list[str] | None:
    """Converting a double-faced permanent twice, a plain one, one with a sorcery back face,
    one that can't transform; and 'turned face down' triggers."""
    sentence = claims.says(r"\bto convert a permanent, turn it\b")
    if sentence is None:
        return None
    face = _said(r"turn it so that (its other face|its front face|its back face|it) is up",
                 sentence)
    base, _ = _turns(era)
    problems = differ(f"converting turns it so that {face} is up", sentence,
                      "a double-faced Robot Car 3/2 (back: Vehicle Mode 1/4) converted twice",
                      ["Vehicle Mode 1/4", "Robot Car 3/2"] if face == "its other face" else
                      f"({face})", base)
    plain = claims.says(r"convert a permanent that (?:isn't|is) represented by a")
    if plain:
        nothing = _said(r"represented by a[^,]*card, (nothing happens|it \w+)", plain)
        isnt = _said(r"convert a permanent that (isn't|is) represented", plain) == "isn't"
        if isnt:
            problems += differ(f"a permanent that isn't double-faced: {nothing}", plain,
                               "a plain Bear converted twice", ["Plain Bear 2/2"] * 2
                               if nothing == "nothing happens" else f"({nothing})",
                               _turns(era, plain=True)[0])
        else:
            problems += differ(f"a double-faced permanent: {nothing}", plain, "a double-faced "
                               "Robot Car converted twice", ["Robot Car 3/2"] * 2
                               if nothing == "nothing happens" else f"({nothing})", base)
    odd = claims.says(r"would convert into is[^,]*instant or sorcery[^,]*, (?:nothing|it)")
    if odd:
        nothing = _said(r"instant or sorcery[^,]*, (nothing happens|it \w+)", odd)
        problems += differ(f"an instant or sorcery face to convert into: {nothing}", odd,
                           "a permanent whose back face is a sorcery, converted twice",
                           ["Odd Card 2/2"] * 2 if nothing == "nothing happens"
                           else f"({nothing})", _turns(era, spell_back=True)[0])
    down = claims.says(r"turned face down (?:won't|will not|will|do|don't) trigger")
    if down:
        wont = re.search(r"turned face down (won't|will not|don't)\b", down, re.I) is not None
        problems += differ("'turned face down' abilities " + ("don't" if wont else "do")
                           + " trigger when it converts", down, "two conversions: 'turned "
                           "face down' events", 0 if wont else 2, _turns(era)[1])
    held = claims.says(r"(?:can't|can) transform, that permanent also (?:can't|can) convert")
    if held:
        first = _said(r"(can't|can) transform, that permanent also", held)
        word = _said(r"also (can't|can) convert", held)
        problems += differ(f"a permanent that {first} transform {word} convert", held,
                           f"a Robot Car that {first} transform, converted twice",
                           ["Robot Car 3/2"] * 2 if word == "can't" else
                           ["Vehicle Mode 1/4", "Robot Car 3/2"],
                           _turns(era, held=first == "can't")[0])
    return problems


register(Keyword(
    name="convert",
    kind=("keyword action",),
    parameter=(),
    zones=("stack",),
    checks=(Check("a double-faced permanent turned to its other face, nothing for others",
                  check),),
))
