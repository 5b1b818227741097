"""Face-down cards and permanents (708) for the keyword actions and abilities that make them
(manifest, cloak, manifest dread, disguise): the model of turning a card face down with the
face-down characteristics and back up, and the readers and checks those keywords share.

In the model a face-down object keeps its face-up characteristics in `notes["face up"]`;
`face_down` is set while it is face down."""

from __future__ import annotations

import re
from typing import Any

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, Player
from kb.rules.keywords._mana import paid_for

FIELDS = ("name", "power", "toughness", "subtypes", "mana_cost", "colors", "types", "abilities")
# 708.2a: a 2/2 creature with no text, no name, no subtypes and no mana cost
FACE_DOWN: dict[str, Any] = {"name": "", "power": 2, "toughness": 2, "subtypes": set(),
                             "mana_cost": "", "colors": set(), "types": {"creature"}}
BECOMES = r"\bit becomes an? (\d+)/(\d+) face-?down creature(?: card)? with ([^.]*?)\.?$"
# "as a 2/2 face-down creature with ward {2}, no name, ... by paying {3}" (a casting rule)
CAST_AS = r"\bas an? (\d+)/(\d+) face-?down creature(?: card)? with (.*?) by paying"


def turn_face_down(card: GameObject, ward: str = "") -> None:
    """Give a card the face-down characteristics (with ward [cost] when `ward`)."""
    if card.face_down:
        return
    card.notes["face up"] = {name: getattr(card, name) for name in FIELDS}
    for name, value in FACE_DOWN.items():
        setattr(card, name, type(value)(value) if isinstance(value, set) else value)
    card.abilities = [Ability("ward", ward)] if ward else []
    card.face_down = True


def restore(card: GameObject) -> None:
    """Its face-up characteristics back."""
    for name, value in card.notes.pop("face up", {}).items():
        setattr(card, name, value)
    card.face_down = False


def put_face_down(game: Game, card: GameObject, player: Player, ward: str = "") -> GameObject:
    """Turn a card face down and put it onto the battlefield under `player`'s control (701.40a,
    701.58a)."""
    turn_face_down(card, ward)
    card.notes["enter_under"] = player
    game.move(card, "battlefield")
    return card


def face_up_characteristics(permanent: GameObject) -> dict[str, Any]:
    """What the card representing a face-down permanent is when face up."""
    return dict(permanent.notes.get("face up", {}))


def turn_up_for_mana_cost(game: Game, player: Player, permanent: GameObject) -> None:
    """The special action of manifested and cloaked permanents (701.40b, 701.58b): its
    controller shows it is a creature card with a mana cost, pays that cost, turns it face
    up. A face-up instant or sorcery is revealed and stays face down (701.40g)."""
    face = face_up_characteristics(permanent)
    if not permanent.face_down or permanent.controller is not player:
        raise IllegalAction(f"{player.name} can't turn that permanent face up")
    types = set(face.get("types", ()))
    if types & {"instant", "sorcery"}:
        game.emit("revealed", permanent, player=player)
        return
    if "creature" not in types or not face.get("mana_cost"):
        raise IllegalAction("only a creature card with a mana cost turns face up this way")
    game.pay(player, Cost.parse(face["mana_cost"]))
    restore(permanent)
    game.emit("turned face up", permanent)


def looks(obj: GameObject) -> tuple[Any, ...]:
    """(face down, power, toughness, name, abilities, subtypes, mana value) of an object."""
    return (obj.face_down, obj.current_power, obj.current_toughness, obj.name,
            sorted(f"{a.name} {a.param}".strip() for a in obj.abilities), sorted(obj.subtypes),
            obj.mana_value)


def expected_looks(sentence: str, face: str, original: GameObject | dict[str, Any],
                   pattern: str = BECOMES) -> tuple:
    """What "It becomes a 2/2 face-down creature card with ward {2}, no name, ..." (or
    `pattern`) makes of the card `original` (name, abilities, subtypes, mana value), read
    from the text."""
    match = re.search(pattern, sentence, re.I)
    if match is None:
        return ("?",)
    said = match.group(3)
    lacks = set(re.findall(r"\bno (text|name|subtypes|mana cost)\b", said, re.I))
    ward = re.search(r"\bward (\{[^}]+\})", said, re.I)
    face_up = original if isinstance(original, dict) else {
        name: getattr(original, name) for name in FIELDS}
    abilities = [f"ward {ward.group(1)}"] if ward else (
        [] if "text" in lacks else sorted(f"{a.name} {a.param}".strip()
                                          for a in face_up["abilities"]))
    value = Cost.parse(face_up["mana_cost"]).mana_value
    return (face.lower() == "down", int(match.group(1)), int(match.group(2)),
            "" if "name" in lacks else face_up["name"], abilities,
            [] if "subtypes" in lacks else sorted(face_up["subtypes"]),
            0 if "mana cost" in lacks else value)


def dragon(game: Game, owner: Player, zone: str = "library") -> GameObject:
    """Hidden Dragon: a 5/5 red Dragon creature card, {4}{R}{R}, flying."""
    return game.create("Hidden Dragon", controller=owner, zone=zone, abilities=("flying",),
                       power=5, toughness=5, mana_cost="{4}{R}{R}", subtypes={"dragon"},
                       colors={"red"}, types={"creature"})


def check_becomes(claims: Claims, era: str, verb: str, ward: str) -> list[str] | None:
    """"To <verb> a card, turn it face down. It becomes a 2/2 face-down creature card with
    ... Put that card onto the battlefield face down.": the top card of my library (Hidden
    Dragon) <verb>ed, its zone, controller and characteristics against the text's."""
    turn = claims.says(rf"\bto {verb} a card, turn it face (?:down|up)\b")
    becomes = claims.says(BECOMES)
    if turn is None or becomes is None:
        return None
    face = re.search(r"turn it face (down|up)", turn, re.I)
    put = claims.says(r"\bput that card onto the \w+") or ""
    where = re.search(r"put that card onto the (\w+)(?: face (down|up))?", put, re.I)
    game = Game(era=era)
    me = game.active
    card = dragon(game, me)
    expected = expected_looks(becomes, face.group(1) if face else "?", card)
    put_face_down(game, card, me, ward)
    zone = where.group(1).lower() if where else "?"
    return (differ(f"{verb} turns the card face {face.group(1) if face else '?'} and makes "
                   "it this face-down creature", becomes, f"the top card of my library "
                   f"(Hidden Dragon, a 5/5 flying Dragon, {{4}}{{R}}{{R}}) {verb}ed: (face "
                   "down, power, toughness, name, abilities, subtypes, mana value)", expected,
                   looks(card))
            + (differ(f"that card is put onto the {zone}", put, f"a card {verb}ed: its zone",
                      zone, card.zone) if where else []))


def check_turn_up(claims: Claims, era: str, verb: str, ward: str) -> list[str] | None:
    """The special action: who may turn a <verb>ed permanent face up, what it costs, and
    which cards can't (a land card, an instant card: not creature cards)."""
    may = claims.says(rf"\bturn an? {verb}ed permanent (?:you|an opponent|a player) "
                      r"controls? face up")
    show = claims.says(r"\bshow all players that the card representing that permanent is")
    if may is None or show is None:
        return None
    who = re.search(rf"{verb}ed permanent (you|an opponent|a player) controls?", may, re.I)
    kind = re.search(r"representing that permanent is an? (\w+) card", show, re.I)
    pays = re.search(r"\bpay (that cost|\{[^,]*)", show, re.I)
    cant = claims.says(r"\bit (?:can't|can) be turned face up this way") or ""
    word = re.search(r"\bit (can't|can) be turned face up this way", cant, re.I)
    problems = []
    for owner_name, card_kind in (("mine", "creature"), ("theirs", "creature"),
                                  ("mine", "land"), ("mine", "artifact")):
        game = Game(era=era)
        me, them = game.active, game.opponent(game.active)
        owner = me if owner_name == "mine" else them
        card = dragon(game, owner)
        if card_kind == "land":
            card.types, card.mana_cost = {"land"}, ""
        elif card_kind == "artifact":
            card.types = {"artifact"}
        put_face_down(game, card, owner, ward)
        paid = paid_for(me, turn_up_for_mana_cost, game, me, card)
        allowed = (who is not None and (who.group(1).lower() == "a player" or (
            who.group(1).lower() == "you") == (owner is me)))
        eligible = kind is not None and kind.group(1).lower() == card_kind and card_kind != "land"
        if not eligible:
            allowed = allowed and word is not None and word.group(1).lower() == "can"
        cost = 6 if pays and pays.group(1).lower() == "that cost" else (
            Cost.parse(pays.group(1)).mana_value if pays else "?")
        problems += differ(f"{who.group(1) if who else '?'} may turn it face up, showing it "
                           f"is a {kind.group(1) if kind else '?'} card, paying "
                           f"{pays.group(1) if pays else '?'}", show if allowed else (
                               cant or may), f"a {verb}ed {card_kind} card {{4}}{{R}}{{R}} "
                           f"({owner_name}), I turn it face up: mana paid (None: not allowed)",
                           cost if allowed else None, paid)
    return problems


def check_instant(claims: Claims, era: str, verb: str, ward: str) -> list[str] | None:
    """A <verb>ed instant card that would turn face up: revealed, left face down, no
    "turned face up" trigger."""
    sentence = claims.says(r"represented by an instant or sorcery card would turn face up")
    if sentence is None:
        return None
    leaves = re.search(r"reveals it and leaves it face (down|up)", sentence, re.I)
    trigger = claims.says(r"turned face up (?:won't|will not|will|do|don't) trigger") or ""
    wont = re.search(r"turned face up (won't|will not|don't)\b", trigger, re.I) is not None
    game = Game(era=era)
    me = game.active
    card = dragon(game, me)
    card.types, card.mana_cost = {"instant"}, "{R}"
    put_face_down(game, card, me, ward)
    start = len(game.log)
    paid_for(me, turn_up_for_mana_cost, game, me, card)
    ups = sum(1 for e in game.log[start:] if e.name == "turned face up")
    expected_down = leaves is not None and leaves.group(1).lower() == "down"
    return (differ(f"it is left face {leaves.group(1) if leaves else '?'}", sentence,
                   f"a {verb}ed instant card turned face up: still face down", expected_down,
                   card.face_down)
            + (differ("'turned face up' abilities " + ("don't" if wont else "do")
                      + " trigger", trigger, "'turned face up' events", 0 if wont else 1, ups)
               if trigger else []))
