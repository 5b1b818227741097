"""Shared pieces of the counter and upkeep keywords (cumulative upkeep, echo, fading,
vanishing, amplify, modular, sunburst, graft, bloodthirst, devour, persist, undying, unleash,
level up, scavenge): the model's upkeeps, counters and repeated costs, and readers of the
sentences their definitions state them in ("enters the battlefield with N +1/+1 counters on
it for each ...", "remove a fade counter", "pay [cost] for each age counter").

The readers work on `Claims.sentences` (normalised, modern wording: "comes into play" reads
as "enters the battlefield", 2026's bare "enters" is accepted too) and return the variable
parts of a stable sentence, so a text that changes an amount or a counter kind changes what
the check expects."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.rules.claims import COUNT, PT, Claims, quantity
from kb.rules.game import Ability, Cost, Event, Game, GameObject, IllegalAction, Player

ENTERS = r"enters?(?: (?:the battlefield|play))?"
COUNTERS_OF = rf"({COUNT})\s+(?:additional\s+)?({PT}|[a-z]+)\s+counters?"


@dataclass
class Said:
    """A counter amount read from one clause: `count` ("N", "a", "two"), `kind` ("+1/+1",
    "fade"), `per` (what the text multiplies it by: "creature sacrificed this way"), and the
    sentence it came from."""

    count: str
    kind: str
    per: str
    quote: str

    def times(self, n: int) -> int:
        """The count as a number, N/X standing for `n`."""
        return quantity(self.count, n)


def _clauses(claims: Claims, pattern: str) -> list[Said]:
    found = []
    for sentence in claims.sentences:
        for match in re.finditer(pattern, sentence, re.I):
            groups = match.groupdict()
            claims.mark(sentence)
            found.append(Said(groups["count"], groups["kind"].lower(),
                              (groups.get("per") or "").strip().lower(), sentence))
    return found


def enters_with(claims: Claims) -> list[Said]:
    """Every "enters the battlefield with <count> <kind> counter(s) on it [for each ...]"."""
    return _clauses(claims, rf"{ENTERS} with (?P<count>{COUNT})\s+(?:additional\s+)?"
                            rf"(?P<kind>{PT}|[a-z]+)\s+counters?\s+on\s+it"
                            r"(?:\s+for each (?P<per>[^,.\"]+))?")


def removes(claims: Claims) -> list[Said]:
    """Every "remove <count> <kind> counter(s) from ..."."""
    return _clauses(claims, rf"\bremoves? (?P<count>{COUNT})\s+(?P<kind>{PT}|[a-z]+)\s+"
                            r"counters?\s+from")


def puts(claims: Claims) -> list[Said]:
    """Every "put <count> <kind> counter(s) on ... [for each ...]"."""
    return _clauses(claims, rf"\bput (?P<count>{COUNT})\s+(?P<kind>{PT}|[a-z]+)\s+counters?\s+"
                            r"on [^,.\"]*?(?:\s+for each (?P<per>[^,.\"]+))?(?=[,.\"]|$)")


def upkeep_owner(claims: Claims) -> str | None:
    """Whose upkeep the text's trigger names: "your", "each" (or None: no upkeep trigger)."""
    if "upkeep" not in claims.triggers:
        return None
    sentence = claims.says(r"at the beginning of (?:your|each|each player's) upkeep")
    if sentence is None:
        return None
    return "your" if re.search(r"beginning of your upkeep", sentence, re.I) else "each"


def upkeep(game: Game, player: Player) -> None:
    """The upkeep step of `player` (`upkeep` event, triggers resolved)."""
    game.active = player
    game.step = "upkeep"
    game.emit("upkeep", player=player)
    game.resolve_stack()
    game.step = "main"


def upkeeps(game: Game, turns: int) -> list[Player]:
    """Whose upkeeps a scenario runs: the two players alternately, `turns` times each,
    starting with the active player."""
    order = [game.active, game.opponent(game.active)]
    return [order[i % 2] for i in range(2 * turns)]


def your_upkeep(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    """Trigger condition of "At the beginning of your upkeep": the controller's upkeep."""
    return event.player is source.controller and source.zone == "battlefield"


def remove_counters(game: Game, obj: GameObject, kind: str, count: int = 1) -> int:
    """Remove up to `count` counters of a kind; when the last one goes, the event
    `last <kind> counter removed` (vanishing's "When the last time counter is removed")."""
    removed = min(count, obj.counters[kind])
    obj.counters[kind] -= removed
    obj.counters = +obj.counters
    if removed and not obj.counters[kind]:
        game.emit(f"last {kind} counter removed", obj)
    return removed


def add_counters(obj: GameObject, kind: str, count: int) -> None:
    """Put counters on an object (none for a count of 0)."""
    if count > 0:
        obj.counters[kind] += count


def pay_times(game: Game, player: Player, cost: str, times: int) -> bool:
    """Pay `cost` `times` times, all or nothing (no partial payments): its mana symbols from
    the pool and "Pay N life". False (nothing paid) when the whole can't be paid."""
    if times <= 0:
        return True
    mana = Cost()
    for _ in range(times):
        mana = mana + Cost.parse(cost)
    life = sum(int(n) for n in re.findall(r"\bpay (\d+) life\b", cost, re.I)) * times
    if life > player.life:
        return False
    try:
        game.pay(player, mana)
    except IllegalAction:
        return False
    player.life -= life
    return True


def mana_spent(before: Player, pool: dict[str, int]) -> int:
    """How much mana left `before`'s pool since it held `pool`."""
    return sum(pool.values()) - sum(before.pool.values())


def state(obj: GameObject) -> str | dict[str, int]:
    """An object's counters, or where it went when it left the battlefield."""
    if obj.zone != "battlefield":
        return f"left the battlefield ({obj.zone})"
    return {kind: n for kind, n in sorted(obj.counters.items()) if n}


def trajectory(game: Game, obj: GameObject, turns: int) -> list[str | dict[str, int]]:
    """The object's state after each upkeep, both players' upkeeps alternating."""
    found = []
    for player in upkeeps(game, turns):
        upkeep(game, player)
        found.append(state(obj))
    return found


def enter(game: Game, name: str, controller: Player | None = None, **fields: object) -> GameObject:
    """A card put onto the battlefield from its owner's hand (enters-the-battlefield
    replacements and triggers apply), triggers resolved."""
    card = game.create(name, controller=controller, zone="hand", **fields)  # type: ignore[arg-type]
    game.move(card, "battlefield")
    game.resolve_stack()
    return card


def first_enters_with(claims: Claims, kind: str | None = None) -> Said | None:
    """The first "enters ... with <count> <kind> counters" clause (of a kind, if given)."""
    return next((s for s in enters_with(claims) if kind is None or s.kind == kind), None)


def damage_this_turn(game: Game, to: list[Player]) -> int:
    """Damage dealt to these players since the turn began (the last `untap step`)."""
    total = 0
    for event in reversed(game.log):
        if event.name == "untap step":
            break
        if event.name == "deals damage" and event.data.get("target") in to:
            total += int(event.data.get("amount", 0))
    return total
