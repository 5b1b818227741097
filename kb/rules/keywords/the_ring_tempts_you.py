"""The Ring tempts you (701.54 in 2023), a keyword action: each time, choose a creature you
control; it becomes your Ring-bearer until another creature becomes your Ring-bearer or
another player gains control of it. A player without the emblem The Ring gets it first; The
Ring has "Your Ring-bearer is legendary and can't be blocked by creatures with greater
power", and, as the Ring has tempted that player two, three, four or more times, the
triggered abilities of `LEVELS`.

In the model the Ring-bearer carries the ability "the ring tempts you" (its evasion and
triggers); a player's temptations are counted on their emblem (`notes["tempted"]`)."""

from __future__ import annotations

import re
from typing import Any

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims, canonical_trigger
from kb.rules.game import Ability, Event, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._cov_combat import count_word
from kb.rules.registry import Check, Keyword, register

NAME = "the ring tempts you"
# the triggered abilities The Ring gains, by how many times the Ring has tempted its owner
LEVELS = {"attacks": 2, "becomes blocked by": 3, "deals combat damage to a player": 4}
LOSS = 3


def emblem(player: Player) -> GameObject | None:
    """`player`'s emblem named The Ring, if any."""
    return next((c for c in player.command if c.name == "The Ring"), None)


def tempted(player: Player) -> int:
    """How many times the Ring has tempted `player`."""
    ring = emblem(player)
    return int(ring.notes.get("tempted", 0)) if ring else 0


def bearer(game: Game, player: Player) -> GameObject | None:
    """`player`'s Ring-bearer: on the battlefield, under their control, designated."""
    return next((o for o in game.battlefield if o.notes.get("ring-bearer") is player
                 and o.controller is player), None)


def tempt(game: Game, player: Player, chosen: GameObject) -> None:
    """The Ring tempts `player`, who chooses `chosen` (a creature they control)."""
    if chosen.zone != "battlefield" or chosen.controller is not player:
        raise IllegalAction(f"{player.name} must choose a creature they control")
    ring = emblem(player)
    if ring is None:
        ring = GameObject(name="The Ring", owner=player, types={"emblem"}, zone="command")
        player.command.append(ring)
    ring.notes["tempted"] = int(ring.notes.get("tempted", 0)) + 1
    for obj in game.battlefield:
        if obj.notes.get("ring-bearer") is player:
            obj.notes.pop("ring-bearer")
            obj.abilities = [a for a in obj.abilities if a.name != NAME]
    chosen.notes["ring-bearer"] = player
    chosen.abilities.append(Ability(NAME))
    game.emit("ring tempts", player=player)


def gain_control(game: Game, obj: GameObject, player: Player) -> None:
    """Another player gains control of a permanent (it stops being a Ring-bearer)."""
    obj.controller = player


def _is_bearer(obj: GameObject) -> bool:
    owner = obj.notes.get("ring-bearer")
    return owner is not None and owner is obj.controller


def _unblockable_by(game: Game, attacker: GameObject, ability: Ability,
                    blocker: GameObject) -> bool:
    owner = attacker.controller
    if not _is_bearer(attacker) or owner is None or tempted(owner) < 1:
        return True
    return blocker.current_power <= attacker.current_power


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    level = LEVELS.get(event.name)
    return (event.obj is source and _is_bearer(source) and level is not None
            and source.controller is not None and tempted(source.controller) >= level)


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    me = source.controller
    if me is None:
        return
    if event.name == "attacks":
        game.draw(me)
        if me.hand:
            game.discard(me.hand[0])
    elif event.name == "becomes blocked by":
        blocker = event.data["blocker"]

        def sacrifice(game: Game, item: StackItem) -> None:
            if blocker.zone == "battlefield":
                game.sacrifice(blocker)

        game.delayed.append(("end of combat", lambda game, event: True,
                             StackItem("ability", source, blocker.controller or blocker.owner,
                                       resolve=sacrifice, label="The Ring's sacrifice")))
    elif event.name == "deals combat damage to a player":
        for other in game.players:
            if other is not me:
                other.life -= LOSS


def _name(obj: GameObject | None) -> str | None:
    return obj.name if obj is not None else None


def _bearers(era: str) -> dict[str, Any]:
    """I control X and Y, the opponent Z: tempted choosing X, then Y; the opponent gains
    control of Y; and a try to choose Z."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    x, y = creature(game, "X", me), creature(game, "Y", me)
    z = creature(game, "Z", them)
    seen: dict[str, Any] = {}
    tempt(game, me, x)
    seen["after X"] = _name(bearer(game, me))
    tempt(game, me, y)
    seen["after Y"] = sorted(o.name for o in (x, y) if _is_bearer(o))
    gain_control(game, y, them)
    seen["Y stolen"] = _name(bearer(game, me))
    try:
        tempt(game, me, z)
        seen["choose Z"] = True
    except IllegalAction:
        seen["choose Z"] = False
    return seen


def check_bearer(claims: Claims, era: str) -> list[str] | None:
    """Who may be chosen, and how long a creature stays the Ring-bearer."""
    sentence = claims.says(r"\beach time the ring tempts you, choose a creature")
    if sentence is None:
        return None
    whose = re.search(r"choose a creature (you control|an opponent controls|)", sentence, re.I)
    until = claims.says(r"\bthat creature becomes your ring-bearer until") or ""
    ends = re.search(r"until (another creature becomes your ring-bearer)?(?: or )?(another "
                     r"player gains control of it)?\.?$", until, re.I)
    mine = whose is not None and whose.group(1).lower() == "you control"
    replaced = bool(ends and ends.group(1))
    stolen = bool(ends and ends.group(2))
    expected = {"after X": "X" if mine else None, "after Y": ["Y"] if replaced else ["X", "Y"],
                "Y stolen": (None if stolen else "Y") if replaced else ("X" if stolen else "?"),
                "choose Z": not mine}
    if not mine:
        expected = {"after X": None, "after Y": [], "Y stolen": None, "choose Z": True}
    seen = _bearers(era)
    problems = differ(f"choose a creature {whose.group(1) if whose else '?'}; "
                      + (ends.group(0) if ends else "?"), until or sentence,
                      "I control X and Y, the opponent Z: tempted choosing X, then Y, then the "
                      "opponent gains control of Y, then I try to choose Z", expected, seen)
    check = claims.says(r"\bthat condition is true if that creature is on the battlefield under") \
        or ""
    under = re.search(r"on the battlefield under (your|an opponent's) control and has the "
                      r"ring-bearer designation", check, re.I)
    if under:
        problems += differ(under.group(0), check, "my Ring-bearer Y, then the opponent gains "
                           "control of it: is it my Ring-bearer?",
                           None if under.group(1).lower() == "your" else "Y", seen["Y stolen"])
    return problems


def _ring_game(era: str, times: int) -> tuple[Game, GameObject, Player, Player]:
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    for player in (me, them):
        for index in range(3):
            game.create(f"{player.name}{index}", controller=player, zone="library")
    hero = creature(game, "Frodo", me, power=2, toughness=2)
    for _ in range(times):
        tempt(game, me, hero)
    return game, hero, me, them


def _abilities(era: str, times: int) -> list[str]:
    """After `times` temptations: which of The Ring's triggers fire (attack, block by a
    1/1, combat damage to the opponent)."""
    game, hero, me, them = _ring_game(era, times)
    game.declare_attackers([hero])
    game.resolve_stack()
    fired = ["attacks"] if me.graveyard else []
    small = creature(game, "Pup", them, power=1, toughness=1)
    game.declare_blockers({small: hero})
    game.end_combat()
    game.resolve_stack()
    if small.zone == "graveyard" and small.damage == 0 and not hero.damage:
        fired.append("becomes blocked by")
    game2, hero2, me2, them2 = _ring_game(era, times)
    game2.declare_attackers([hero2])
    game2.declare_blockers({})
    game2.combat_damage()
    game2.resolve_stack()
    if them2.life < 20 - hero2.current_power:
        fired.append("deals combat damage to a player")
    return fired


def _blockable(era: str, power: int) -> bool:
    game, hero, _, them = _ring_game(era, 1)
    game.declare_attackers([hero])
    return game.can_block(creature(game, "Big", them, power=power, toughness=5), hero)


def check_ring(claims: Claims, era: str) -> list[str] | None:
    """The Ring's abilities: the Ring-bearer's evasion after one temptation, and which
    triggers it has after one to four, read from the text's thresholds."""
    has = claims.says(r"\bthe ring has \"your ring-bearer is legendary and can't be blocked "
                      r"by creatures with (?:greater|lesser|less|equal) power")
    if has is None:
        return None
    evasion = re.search(r"creatures with (greater|lesser|less|equal) power", has, re.I)
    word = evasion.group(1).lower() if evasion else "?"
    problems = differ(f"the Ring-bearer can't be blocked by creatures with {word} power", has,
                      "my 2/2 Ring-bearer (tempted once) attacks: may a 3/5, a 1/5 block it",
                      (word != "greater", word not in ("lesser", "less")),
                      (_blockable(era, 3), _blockable(era, 1)))
    levels: dict[str, int] = {}
    for sentence in claims.sentences:
        match = re.search(r"as long as the ring has tempted that player (\w+) or more times, it "
                          r'has "(whenever your ring-bearer [^,]+),', sentence, re.I)
        if match:
            claims.mark(sentence)
            count = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}.get(
                match.group(1).lower(), 0)
            levels[canonical_trigger(match.group(2).split(" ", 1)[1])] = count
    for times in (1, 2, 3, 4):
        expected = [event for event in LEVELS if levels.get(event, 99) <= times]
        problems += differ("The Ring's triggers by the times it tempted its owner: "
                           + ", ".join(f"{e} at {n}" for e, n in levels.items()), has,
                           f"tempted {times} time(s): which of The Ring's triggers fire "
                           "(attack, block, combat damage)", expected, _abilities(era, times))
    loot = claims.says(r"whenever your ring-bearer attacks, draw \w+ cards?, then discard") or ""
    cards = re.search(r"attacks, draw (\w+) cards?, then discard (\w+) cards?", loot, re.I)
    if cards:
        game, hero, me, _ = _ring_game(era, 2)
        hand = len(me.hand)
        game.declare_attackers([hero])
        game.resolve_stack()
        problems += differ(f"draw {cards.group(1)}, then discard {cards.group(2)}", loot,
                           "my Ring-bearer (tempted twice) attacks: (cards drawn, discarded)",
                           (count_word(cards.group(1)), count_word(cards.group(2))),
                           (len(me.hand) + len(me.graveyard) - hand, len(me.graveyard)))
    loss = claims.says(r"deals combat damage to a player, each opponent (?:loses|gains) \d+ "
                       r"life") or ""
    amount = re.search(r"each opponent (loses|gains) (\d+) life", loss, re.I)
    if amount:
        game, hero, _, them = _ring_game(era, 4)
        game.declare_attackers([hero])
        game.declare_blockers({})
        game.combat_damage()
        game.resolve_stack()
        sign = -1 if amount.group(1).lower() == "loses" else 1
        problems += differ(f"each opponent {amount.group(1)} {amount.group(2)} life", loss,
                           "my 2/2 Ring-bearer, tempted four times, deals combat damage to "
                           "the opponent: their life change", -2 + sign * int(amount.group(2)),
                           them.life - 20)
    return problems


register(Keyword(
    name=NAME,
    kind=("keyword action",),
    parameter=(),
    zones=("battlefield",),
    trigger=tuple(LEVELS),
    durations=("as long as",),
    hooks={"can_be_blocked_by": _unblockable_by},
    effect=_effect,
    condition=_condition,
    checks=(Check("your Ring-bearer: a creature you control, until replaced or stolen",
                  check_bearer),
            Check("The Ring's evasion and triggers by temptations", check_ring)),
))
