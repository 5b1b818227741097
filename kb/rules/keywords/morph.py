"""Morph (702.35 in 2012, 502.26 in 2008): a static ability; "Morph [cost]" means "You may
cast this card as a 2/2 face-down creature, with no text, no name, no subtypes, no expansion
symbol, and no mana cost by paying {3} rather than paying its mana cost." A face-down
permanent is turned face up by paying its morph cost (a special action); abilities relating
to it entering the battlefield don't trigger then. Megamorph (2026: a variant of morph) also
puts a +1/+1 counter on it when its megamorph cost was paid to turn it face up.

In the model, `cast_face_down` keeps the card's face-up characteristics in
`notes["face up"]` and casts it as the face-down creature; `turn_face_up` pays the morph
cost and restores them."""

from __future__ import annotations

import re
from typing import Any

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._mana import paid_for
from kb.rules.keywords._spells import stocked_game
from kb.rules.registry import Check, Keyword, register

FACE_DOWN: dict[str, Any] = {"name": "", "power": 2, "toughness": 2, "subtypes": set(),
                             "mana_cost": "", "colors": set(), "types": {"creature"}}
FACE_DOWN_COST = "{3}"
FIELDS = ("name", "power", "toughness", "subtypes", "mana_cost", "colors", "types", "abilities")
MEGAMORPH_COUNTERS = 1


def _morph(card: GameObject) -> Ability | None:
    return next((a for a in card.abilities if a.name in ("morph", "megamorph")), None)


def cast_face_down(game: Game, player: Player, card: GameObject) -> StackItem:
    """Cast a card with morph face down for {3} (IllegalAction for a card without it)."""
    if _morph(card) is None:
        raise IllegalAction(f"{card.name} has no morph: it can't be cast face down")
    saved = {name: getattr(card, name) for name in FIELDS}
    for name, value in FACE_DOWN.items():
        setattr(card, name, type(value)(value) if isinstance(value, set) else value)
    card.abilities = []
    card.face_down = True
    card.notes["face up"] = saved
    try:
        return game.cast(player, card, alternative=Cost.parse(FACE_DOWN_COST))
    except IllegalAction:
        _restore(card)
        raise


def _restore(card: GameObject) -> None:
    for name, value in card.notes.pop("face up").items():
        setattr(card, name, value)
    card.face_down = False


def turn_face_up(game: Game, permanent: GameObject) -> None:
    """The special action: pay the morph cost, turn the permanent face up (no `enters`)."""
    saved = permanent.notes.get("face up")
    ability = next((a for a in saved["abilities"] if a.name in ("morph", "megamorph")),
                   None) if saved else None
    if not permanent.face_down or ability is None or permanent.zone != "battlefield":
        raise IllegalAction(f"{permanent.name or 'a face-down permanent'} can't be turned up")
    game.pay(permanent.controller or permanent.owner, Cost.parse(str(ability.param)))
    _restore(permanent)
    if ability.name == "megamorph":
        permanent.counters["+1/+1"] += MEGAMORPH_COUNTERS
    game.emit("turned face up", permanent)


def _scenario(era: str, keyword: str = "morph") -> dict[str, Any]:
    """Hidden Dragon (5/5 Dragon, {4}{R}{R}, flying, morph {3}{R}{R}): cast face down, then
    turned face up; and a card without morph."""
    game = stocked_game(era, cards=0)
    me = game.active
    dragon = game.create("Hidden Dragon", controller=me, zone="hand", power=5, toughness=5,
                         mana_cost="{4}{R}{R}", subtypes={"dragon"}, colors={"red"},
                         abilities=(Ability(keyword, "{3}{R}{R}"), "flying"))
    plain = game.create("Plain Bear", controller=me, zone="hand", power=2, toughness=2,
                        mana_cost="{1}{G}")
    result: dict[str, Any] = {"cast": paid_for(me, cast_face_down, game, me, dragon),
                              "plain": paid_for(me, cast_face_down, game, me, plain)}
    game.resolve_stack()
    result["down"] = (dragon.current_power, dragon.current_toughness, dragon.name,
                      len(dragon.abilities), sorted(dragon.subtypes), dragon.mana_value)
    start = len(game.log)
    result["up cost"] = paid_for(me, turn_face_up, game, dragon)
    result["up"] = (dragon.current_power, dragon.current_toughness, dragon.name,
                    dragon.has("flying"))
    result["enters"] = sum(1 for e in game.log[start:] if e.name == "enters")
    result["counters"] = dragon.counters["+1/+1"]
    return result


def check_face_down(claims: Claims, era: str) -> list[str] | None:
    """The face-down spell and permanent: its cost, size and missing characteristics."""
    sentence = claims.says(r"cast this card as an? \d+/\d+ face-?down creature")
    if sentence is None:
        return None
    size = re.search(r"as an? (\d+)/(\d+) face-?down creature", sentence, re.I)
    cost = re.search(r"by paying (\{[^}]+\}(?:\{[^}]+\})*) rather than", sentence, re.I)
    if size is None:
        return None
    lacks = set(re.findall(r"\bno (text|name|subtypes|mana cost)\b", sentence, re.I))
    result = _scenario(era)
    expected_cost = Cost.parse(cost.group(1)).mana_value if cost else None
    expected = (int(size.group(1)), int(size.group(2)),
                "" if "name" in lacks else "Hidden Dragon",
                0 if "text" in lacks else 2, [] if "subtypes" in lacks else ["dragon"],
                0 if "mana cost" in lacks else 6)
    scenario = "Hidden Dragon (5/5 Dragon, {4}{R}{R}, flying, morph) cast face down"
    rule = claims.says(r"\byou (?:can't|cannot|can) (?:normally )?cast a card face down")
    word = re.search(r"\byou (can't|cannot|can) (?:normally )?cast a card face down",
                     rule or "", re.I)
    return (differ(f"it is cast face down by paying {cost.group(1) if cost else '?'}",
                   sentence, scenario + ": mana paid", expected_cost, result["cast"])
            + differ(f"a {size.group(1)}/{size.group(2)} face-down creature with no "
                     f"{', '.join(sorted(lacks))}", sentence, scenario + ": (power, "
                     "toughness, name, abilities, subtypes, mana value)", expected,
                     result["down"])
            + (differ(f"a card without morph {word.group(1)} be cast face down", rule or "",
                      "Plain Bear (no morph) cast face down: allowed?",
                      word.group(1).lower() == "can", result["plain"] is not None)
               if word else []))


def check_face_up(claims: Claims, era: str) -> list[str] | None:
    """Turning it face up: the morph cost paid, its characteristics back, no enters trigger
    (and megamorph's +1/+1 counter)."""
    sentence = claims.says(r"pay that cost, then turn the permanent face up")
    if sentence is None:
        return None
    entering = claims.says(r"relating to the permanent entering the battlefield")
    result = _scenario(era)
    problems = differ("turning it face up costs its morph cost", sentence,
                      "Hidden Dragon face down, turned up for morph {3}{R}{R}: mana paid, "
                      "(power, toughness, name, flying)", (5, (5, 5, "Hidden Dragon", True)),
                      (result["up cost"], result["up"]))
    if entering:
        word = re.search(r"entering the battlefield (don't|do not|do) trigger", entering, re.I)
        expected = 0 if word and word.group(1).lower() != "do" else 1
        problems += differ(f"abilities relating to entering {word.group(1) if word else '?'} "
                           "trigger when it's turned face up", entering, "turned face up: "
                           "enters events", expected, result["enters"])
    counter = claims.find("counter", "+1/+1")
    mega = claims.says(r"megamorph cost was paid")
    if counter is not None and mega:
        problems += differ(f"{counter.count} +1/+1 counter(s) when the megamorph cost is paid",
                           counter.quote, "a megamorph card turned face up: +1/+1 counters",
                           counter.times(3), _scenario(era, "megamorph")["counters"])
    return problems


register(Keyword(
    name="morph",
    aliases=("megamorph",),
    kind=("static",),
    parameter=("[cost]",),
    zones=("any zone", "stack", "battlefield"),
    functions_in=("any zone",),
    checks=(Check("cast face down as a 2/2 with no characteristics for {3}", check_face_down),
            Check("turned face up for its morph cost, no enters trigger", check_face_up)),
))
