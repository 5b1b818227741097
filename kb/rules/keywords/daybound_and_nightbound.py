"""Daybound and nightbound (702.145 in 2021), on the two faces of some double-faced cards:
"Daybound" means "If it is night and this permanent is represented by a double-faced card,
it enters transformed," "As it becomes night, if this permanent is front face up, transform
it," and "This permanent can't transform except due to its daybound ability"; "Nightbound"
means "As it becomes day, if this permanent is back face up, transform it" and the same
restriction. A player controlling a daybound permanent when it's neither day nor night
makes it day; one controlling a nightbound permanent (and no daybound permanent on the
battlefield) makes it night.

The model: the day/night state of a game (`day_night`, `becomes`), double-faced objects of
`kb.rules.keywords.transform`."""

from __future__ import annotations

import re
from weakref import WeakKeyDictionary

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords.transform import double_faced, transform
from kb.rules.registry import Check, Keyword, register

_STATE: WeakKeyDictionary[Game, str] = WeakKeyDictionary()


def day_night(game: Game) -> str:
    """"day", "night" or "" (neither)."""
    return _STATE.get(game, "")


def _bound(obj: GameObject) -> str:
    return next((a.name for a in obj.abilities if a.name in ("daybound", "nightbound")), "")


def becomes(game: Game, state: str) -> None:
    """It becomes day or night: daybound permanents front face up transform as it becomes
    night, nightbound ones back face up as it becomes day."""
    _STATE[game] = state
    for obj in list(game.battlefield):
        if (state, _bound(obj)) in (("night", "daybound"), ("day", "nightbound")):
            transform(game, obj)


def enforce(game: Game) -> None:
    """A daybound permanent front face up at night, or a nightbound one back face up at day,
    is transformed at once (702.145c, f)."""
    state = day_night(game)
    for obj in list(game.battlefield):
        if (state, _bound(obj)) in (("night", "daybound"), ("day", "nightbound")):
            transform(game, obj)


def settle(game: Game) -> None:
    """Neither day nor night: a daybound permanent makes it day; else a nightbound one makes
    it night."""
    if day_night(game):
        return
    bound = {_bound(obj) for obj in game.battlefield}
    if "daybound" in bound:
        _STATE[game] = "day"
    elif "nightbound" in bound:
        _STATE[game] = "night"


def werewolf(game: Game, zone: str = "battlefield") -> GameObject:
    """A double-faced daybound Village Dweller 2/2 (back: nightbound Howling Wolf 4/4)."""
    front = {"power": 2, "toughness": 2, "abilities": [Ability("daybound")]}
    back = {"name": "Howling Wolf", "power": 4, "toughness": 4,
            "abilities": [Ability("nightbound")]}
    card = double_faced(game, "Village Dweller", front, back, zone=zone)
    card.abilities = [Ability("daybound")]
    return card


def enter(game: Game, card: GameObject) -> None:
    """A daybound double-faced card enters: transformed if it is night."""
    game.move(card, "battlefield")
    if day_night(game) == "night" and _bound(card) == "daybound" and card.notes.get("faces"):
        transform(game, card)
    settle(game)


def other_transform(game: Game, obj: GameObject) -> bool:
    """Another effect tries to transform it: daybound and nightbound permanents can't."""
    return False if _bound(obj) else transform(game, obj)


def _name(obj: GameObject) -> str:
    return f"{obj.name} {obj.power}/{obj.toughness}"


def _scenario(era: str, start: str, then: str) -> tuple[str, str]:
    """A werewolf on the battlefield while it is `start`, then it becomes `then`."""
    game = Game(era=era)
    wolf = werewolf(game)
    _STATE[game] = start
    if start == "night":
        transform(game, wolf)
    becomes(game, then)
    return _name(wolf), day_night(game)


FRONT, BACK = "Village Dweller 2/2", "Howling Wolf 4/4"


def check_becomes(claims: Claims, era: str) -> list[str] | None:
    """"As it becomes night, if this permanent is front face up, transform it" (and
    nightbound's day): a werewolf at day when night comes, and at night when day comes."""
    problems: list[str] = []
    ran = False
    for name, start, then, face_up in (("daybound", "day", "night", FRONT),
                                       ("nightbound", "night", "day", BACK)):
        sentence = claims.says(rf'"{name}" means')
        said = re.search(r"as it becomes (day|night), if this permanent is (front|back) face "
                         r"up, (transform it|[^\",]+),?\"", sentence or "", re.I)
        if sentence is None:
            continue
        ran = True
        if said is None:
            problems.append(f'the text says what {name} does as day and night change in a '
                            f'way the model does not read ("{sentence}")')
            continue
        turns = (said.group(1).lower() == then and said.group(3).lower() == "transform it"
                 and (said.group(2).lower() == "front") == (face_up == FRONT))
        expected = (BACK if face_up == FRONT else FRONT) if turns else face_up
        problems += differ(f"as it becomes {said.group(1)}, a {said.group(2)}-face-up "
                           f"permanent: {said.group(3)}", sentence, f"a {face_up} werewolf "
                           f"while it is {start}, then it becomes {then}", expected,
                           _scenario(era, start, then)[0])
    return problems if ran else None


def check_enters(claims: Claims, era: str) -> list[str] | None:
    """"If it is night ... it enters transformed": a daybound card entering at night and at
    day."""
    sentence = claims.says(r'"daybound" means "if it is (?:day|night)')
    if sentence is None:
        return None
    said = re.search(r'"if it is (day|night)[^"]*?(?:it|this permanent) enters (?:the '
                     r'battlefield )?(transformed|tapped|[a-z ]+?)[,"]', sentence, re.I)
    if said is None:
        return [f'the text says how daybound enters in a way the model does not read '
                f'("{sentence}")']
    problems = []
    for state in ("day", "night"):
        game = Game(era=era)
        _STATE[game] = state
        card = werewolf(game, zone="hand")
        enter(game, card)
        flips = said.group(1).lower() == state and said.group(2).lower() == "transformed"
        problems += differ(f"if it is {said.group(1)}, it enters {said.group(2)}", sentence,
                           f"a daybound card enters while it is {state}",
                           BACK if flips else FRONT, _name(card))
    return problems


def check_except(claims: Claims, era: str) -> list[str] | None:
    """"This permanent can't transform except due to its daybound ability" (and nightbound's):
    another effect tries to transform a werewolf, front face up and back face up."""
    problems: list[str] = []
    ran = False
    for name, back in (("daybound", False), ("nightbound", True)):
        pattern = (rf"this permanent (can't|can) (?:transform|be transformed) except (?:due to|"
                   rf"by) its {name} ability")
        sentence = claims.says(pattern)
        if sentence is None:
            continue
        ran = True
        word = re.search(pattern, sentence, re.I)
        game = Game(era=era)
        wolf = werewolf(game)
        if back:
            transform(game, wolf)
        start = _name(wolf)
        other_transform(game, wolf)
        other = FRONT if start == BACK else BACK
        problems += differ(f"it {word.group(1) if word else '?'} transform except due to its "
                           f"{name} ability", sentence, f"another effect transforms a {name} "
                           f"werewolf ({start})", start if word and word.group(1).lower() ==
                           "can't" else other, _name(wolf))
    return problems if ran else None


def check_enforce(claims: Claims, era: str) -> list[str] | None:
    """"Any time a player controls a permanent that is front face up with daybound and it's
    night, that player transforms that permanent" (and nightbound's day): a werewolf on the
    wrong face for the time of day."""
    problems: list[str] = []
    ran = False
    for name, state, back in (("daybound", "night", False), ("nightbound", "day", True)):
        sentence = claims.says(rf"\bcontrols a permanent that is (?:front|back) face (?:up|down) "
                               rf"with {name} and it's")
        if sentence is None:
            continue
        ran = True
        said = re.search(rf"permanent that is (front|back) face (up|down) with {name} and it's "
                         r"(day|night), that player (transforms|\w+) that permanent",
                         sentence, re.I)
        game = Game(era=era)
        wolf = werewolf(game)
        if back:
            transform(game, wolf)
        start = _name(wolf)
        _STATE[game] = state
        enforce(game)
        turns = said is not None and said.group(4).lower() == "transforms" and (
            said.group(1).lower(), said.group(2).lower(), said.group(3).lower()) == (
                "back" if back else "front", "up", state)
        problems += differ(said.group(0) if said else "?", sentence, f"a {name} werewolf "
                           f"({start}) while it is {state}", (FRONT if start == BACK else BACK)
                           if turns else start, _name(wolf))
    return problems if ran else None


def check_neither(claims: Claims, era: str) -> list[str] | None:
    """"... if it's neither day nor night, it becomes day" (daybound) / "night" (nightbound,
    when no daybound permanent is on the battlefield)."""
    problems: list[str] = []
    ran = False
    for name, back in (("daybound", False), ("nightbound", True)):
        sentence = claims.says(rf"controls a permanent with {name}, if it's neither day nor "
                               "night")
        if sentence is None:
            continue
        ran = True
        said = re.search(r"it becomes (day|night)\.?$", sentence, re.I)
        game = Game(era=era)
        wolf = werewolf(game)
        if back:
            transform(game, wolf)
        settle(game)
        problems += differ(f"a {name} permanent when it's neither day nor night: it becomes "
                           f"{said.group(1) if said else '?'}", sentence, f"a {name} "
                           "permanent while it is neither day nor night: it is now",
                           said.group(1).lower() if said else "?", day_night(game))
    return problems if ran else None


register(Keyword(
    name="daybound and nightbound",
    aliases=("daybound", "nightbound"),
    kind=("static",),
    # the written forms as the reader shapes them against the record's name ("Daybound
    # and Nightbound"): each keyword on its own, no parameter
    parameter=("daybound", "nightbound"),
    zones=("battlefield",),
    checks=(Check("transform as it becomes night / day", check_becomes),
            Check("enters transformed at night", check_enters),
            Check("can't transform except due to its own ability", check_except),
            Check("on the wrong face for the time of day: transformed at once", check_enforce),
            Check("neither day nor night: it becomes day / night", check_neither)),
))
