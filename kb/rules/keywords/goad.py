"""Goad (701.36 in 2016, 701.15 in 2026), a keyword action: until the next turn of the goading
player, the creature attacks each combat if able and attacks a player other than the goading
player if able; goaded by several players it has several requirements; the same player
goading it again adds none.

The model keeps the goading players on the creature and judges a declaration of attackers
by the combat requirements it obeys (508.1d: as many as possible)."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.registry import Check, Keyword, register

Requirement = tuple[str, "Player | None"]  # ("attack", None) or ("not", goader)
REQUIRES = (r"(?:that creature|a goaded creature) attacks each combat if able( and attacks a "
            r"player other than (?:that player|the controller of the [a-z ,]+? that caused it to "
            r"be goaded) if able)?")
UNTIL = r"until the next turn of (the controller of that spell or ability|that player|its owner)"


def goad(game: Game, target: GameObject, by: Player) -> None:
    """`by` goads `target` until `by`'s next turn (again by the same player: no change)."""
    goaders = target.notes.setdefault("goaded", {})
    goaders.setdefault(by, game.turn)


def goaders(game: Game, target: GameObject) -> list[Player]:
    """The players whose goad still holds: until each one's next turn begins."""
    found = []
    for player, since in target.notes.get("goaded", {}).items():
        expired = any(e.name == "untap step" and e.player is player
                      for e in game.log[_turn_index(game, since):])
        if not expired:
            found.append(player)
    return found


def _turn_index(game: Game, turn: int) -> int:
    """Index of the event log where turn `turn` (or the game) began."""
    starts = [i for i, e in enumerate(game.log) if e.name == "untap step"]
    return starts[turn - 2] + 1 if 2 <= turn <= len(starts) + 1 else 0


def requirements(game: Game, target: GameObject) -> list[Requirement]:
    """The combat requirements goad puts on a creature (one "attack" and one "not <goader>"
    per goading player)."""
    found: list[Requirement] = []
    for player in goaders(game, target):
        found += [("attack", None), ("not", player)]
    return found


def obeyed(reqs: list[Requirement], attacks: Player | None) -> int:
    """How many requirements an attack on `attacks` (None: no attack) obeys."""
    return sum(1 for kind, player in reqs
               if (kind == "attack" and attacks is not None)
               or (kind == "not" and attacks is not None and attacks is not player))


def legal_attack(game: Game, target: GameObject, attacks: Player | None,
                 reqs: list[Requirement] | None = None) -> bool:
    """Whether attacking `attacks` (or not attacking) obeys as many requirements as any
    choice could (508.1d)."""
    reqs = requirements(game, target) if reqs is None else reqs
    options = [None, *[p for p in game.players if p is not target.controller]]
    return obeyed(reqs, attacks) == max(obeyed(reqs, option) for option in options)


# scenarios, in a 3-player game where B and C are opponents of A, whose creature is goaded:
# (who goads, turns passed before A's combat, whom the creature attacks)
SCENARIOS = (("B", 0, None), ("B", 0, "B"), ("B", 0, "C"), ("BB", 0, None), ("BC", 0, "B"),
             ("BBC", 0, "B"), ("B", 3, None))


def _scenario(era: str, who: str, turns: int, attacks: str | None) -> bool:
    game = Game(players=3, era=era)
    a = game.active
    brute = creature(game, "Brute", a)
    names = {p.name: p for p in game.players}
    for name in who:
        goad(game, brute, names[name])
    for _ in range(turns):
        game.next_turn()
    return legal_attack(game, brute, names.get(attacks) if attacks else None)


def check(claims: Claims, era: str) -> list[str] | None:
    """Attacks declared for a creature goaded by B (by B twice, by B and C), on A's turn and
    after B's next turn."""
    text = claims.says(r"\beach combat if able\b")
    if text is None:
        return None
    joined = " ".join(claims.sentences)
    must, until = re.search(REQUIRES, joined, re.I), re.search(UNTIL, joined, re.I)
    if must is None or until is None:
        return [f'the text says what goad does in a way the model does not read ("{text}")']
    again = re.search(r"the same player goading it again (has no effect|creates additional "
                      r"combat requirements)", joined, re.I)
    multiple = re.search(r"goaded by multiple players\. doing so creates (additional|no) combat "
                         r"requirements", joined, re.I)
    problems = []
    for who, turns, attacks in SCENARIOS:
        if again is None and len(set(who)) < len(who):
            continue  # the text says nothing of a player goading it twice
        game = Game(players=3, era=era)
        names = {p.name: p for p in game.players}
        goading = list(who) if not (again and again.group(1).lower() == "has no effect") \
            else list(dict.fromkeys(who))
        if multiple and multiple.group(1).lower() == "no":
            goading = goading[:1]
        reqs: list[Requirement] = []
        if turns == 0:  # B's next turn comes before A's turn after three turns
            for name in goading:
                reqs.append(("attack", None))
                if must.group(1):
                    reqs.append(("not", names[name]))
        target = creature(game, "Brute", game.active)
        expected = legal_attack(game, target, names.get(attacks) if attacks else None, reqs)
        problems += differ(must.group(0), text, f"goaded by {' and '.join(who)}"
                           f"{', three turns later' if turns else ''}, the creature "
                           f"{'attacks ' + attacks if attacks else 'does not attack'}: legal?",
                           expected, _scenario(era, who, turns, attacks))
    return problems


register(Keyword(
    name="goad",
    kind=("keyword action",),
    parameter=(),
    durations=("until next turn",),
    checks=(Check("attacks each combat, a player other than the goader, if able", check),),
))
