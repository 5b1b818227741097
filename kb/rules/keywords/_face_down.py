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


def put_face_down(game: Game, card: GameObject, player: Player, ward: str = "",
                  prohibited: bool = False) -> GameObject:
    """Turn a card face down and put it onto the battlefield under `player`'s control (701.40a,
    701.58a); when a rule or effect prohibits the face-down object from entering, nothing
    happens to the card (701.40f)."""
    if prohibited:
        return card
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
    if where and where.group(2) and where.group(2).lower() == "up":
        face = None  # turned face down, then put onto the battlefield face up
    game = Game(era=era)
    me = game.active
    card = dragon(game, me)
    expected = expected_looks(becomes, face.group(1) if face else "?", card)
    put_face_down(game, card, me, ward)
    zone = where.group(1).lower() if where else "?"
    problems = (differ(f"{verb} turns the card face {face.group(1) if face else '?'} and "
                       "makes it this face-down creature", becomes, "the top card of my library "
                       f"(Hidden Dragon, a 5/5 flying Dragon, {{4}}{{R}}{{R}}) {verb}ed: (face "
                       "down, power, toughness, name, abilities, subtypes, mana value)", expected,
                       looks(card))
                + (differ(f"that card is put onto the {zone}", put, f"a card {verb}ed: its zone",
                          zone, card.zone) if where else []))
    lasts = claims.says(r"\bthe effect defining its characteristics works while the card is "
                        r"face (?:down|up)") or ""
    works = re.search(r"works while the card is face (down|up) and ends when it's turned face "
                      r"(up|down)", lasts, re.I)
    if works:
        while_down = card.face_down and looks(card)[1:3] == (2, 2)
        paid_for(me, turn_up_for_mana_cost, game, me, card)
        ended = not card.face_down and card.current_power == 5
        problems += differ(f"the face-down characteristics work while it is face "
                           f"{works.group(1)} and end when it's turned face {works.group(2)}",
                           lasts, f"a {verb}ed Hidden Dragon, then turned face up: when the "
                           "face-down characteristics work, and when they end",
                           (works.group(1).lower(), works.group(2).lower()),
                           ("down" if while_down else "?", "up" if ended else "?"))
    return problems


def check_turn_up(claims: Claims, era: str, verb: str, ward: str) -> list[str] | None:
    """The special action: who may turn a <verb>ed permanent face up, what it costs, and
    which cards can't (a land card, an instant card: not creature cards)."""
    may = claims.says(rf"\bturn an? {verb}ed permanent (?:you|an opponent|a player) "
                      r"controls? face (?:up|down)")
    show = claims.says(r"\bshow all players that the card representing that permanent is")
    if may is None or show is None:
        return None
    who = re.search(rf"{verb}ed permanent (you|an opponent|a player) controls? face (up|down)",
                    may, re.I)
    turned = re.search(r"then turn the permanent face (up|down)", show, re.I)
    kind = re.search(r"representing that permanent is an? (\w+) card", show, re.I)
    pays = re.search(r"\bpay (that cost|\{[^,]*)", show, re.I)
    cant = claims.says(r"\bit (?:can't|can) be turned face (?:up|down) this way") or ""
    word = re.search(r"\bit (can't|can) be turned face (up|down) this way", cant, re.I)
    unless = re.search(r"if the card representing that permanent (isn't|is) an? (\w+) card or it "
                       r"(doesn't|does) have a mana cost", cant, re.I)
    special = claims.says(r"\bthis is a special action that (?:doesn't|does) use the stack") or ""
    stack = re.search(r"special action that (doesn't|does) use the stack", special, re.I)
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
        stacked = len(game.stack)
        who_ok = (who is not None and who.group(2).lower() == "up" and (
            who.group(1).lower() == "a player" or (who.group(1).lower() == "you") == (
                owner is me)))
        costed = card_kind != "land"
        eligible = kind is not None and kind.group(1).lower() == card_kind and costed
        # the parenthesis: which cards it names, and whether it forbids or allows them
        named = unless is not None and (
            ((unless.group(1).lower() == "isn't") != (unless.group(2).lower() == card_kind))
            or ((unless.group(3).lower() == "doesn't") != costed))
        face_up = word is not None and word.group(2).lower() == "up"
        restricted = named and face_up and word is not None and word.group(1).lower() == "can't"
        permits = named and face_up and word is not None and word.group(1).lower() == "can"
        allowed = who_ok and ((eligible and not restricted) or permits)
        cost = 6 if pays and pays.group(1).lower() == "that cost" else (
            Cost.parse(pays.group(1)).mana_value if pays else "?")
        face = turned.group(1).lower() if turned else "?"
        problems += differ(f"{who.group(1) if who else '?'} may turn it face up, showing it "
                           f"is a {kind.group(1) if kind else '?'} card, paying "
                           f"{pays.group(1) if pays else '?'}, then it is face {face}",
                           show if allowed else (cant or may), f"a {verb}ed {card_kind} card "
                           f"{{4}}{{R}}{{R}} ({owner_name}), I turn it face up: (mana paid, "
                           "face down after; None: not allowed)",
                           (cost, face == "down") if allowed else None,
                           (paid, card.face_down) if paid is not None else None)
        if stack and paid is not None:
            problems += differ(f"a special action that {stack.group(1)} use the stack", special,
                               f"a {verb}ed card turned face up: items on the stack",
                               0 if stack.group(1).lower() == "doesn't" else 1, stacked)
    return problems


def check_instant(claims: Claims, era: str, verb: str, ward: str) -> list[str] | None:
    """A <verb>ed instant card that would turn face up: revealed, left face down, no
    "turned face up" trigger."""
    sentence = claims.says(r"represented by an instant or sorcery card would turn face "
                           r"(?:up|down)")
    if sentence is None:
        return None
    would = re.search(r"would turn face (up|down)", sentence, re.I)
    leaves = re.search(r"reveals it and leaves it face (down|up)", sentence, re.I)
    if would is None or would.group(1).lower() != "up":
        leaves = None
    trigger = claims.says(r"turned face (?:up|down) (?:won't|will not|will|do|don't) "
                          r"trigger") or ""
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


def check_prohibited(claims: Claims, era: str, verb: str, ward: str) -> list[str] | None:
    """A face-up card of my graveyard <verb>ed while a rule prohibits the face-down object from
    entering the battlefield: not <verb>ed, unchanged, where it was, face up."""
    sentence = claims.says(rf"\bprohibits the face-down object from entering the battlefield, "
                           rf"that card (?:isn't|is) {verb}ed")
    if sentence is None:
        return None
    isnt = re.search(rf"that card (isn't|is) {verb}ed", sentence, re.I)
    rest = " ".join(claims.sentences[claims.sentences.index(sentence):][:3])
    stays = re.search(r"its characteristics remain (unmodified|\w+) and it remains in its "
                      r"(previous|\w+) zone\. if it was face up, it remains face (up|down)",
                      rest, re.I)
    game = Game(era=era)
    me = game.active
    card = dragon(game, me, zone="graveyard")
    put_face_down(game, card, me, ward, prohibited=True)
    kept = isnt is not None and isnt.group(1).lower() == "isn't" and stays is not None and \
        stays.group(1).lower() == "unmodified" and stays.group(2).lower() == "previous"
    expected = ("graveyard", stays.group(3).lower() == "down" if stays else "?", "Hidden Dragon") \
        if kept else "(it enters face down)"
    return differ((isnt.group(0) if isnt else "?") + "; " + (stays.group(0) if stays else "?"),
                  sentence, f"a face-up Hidden Dragon in my graveyard {verb}ed while the "
                  "face-down object may not enter the battlefield: (zone, face down, name)",
                  expected, (card.zone, card.face_down, card.name))
