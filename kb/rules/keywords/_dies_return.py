"""Persist and undying: "When this permanent is put into a graveyard from the battlefield, if
it had no <kind> counters on it, return it to the battlefield under its owner's control with
a <kind> counter on it." The model of both, and the check that reads the condition's counter
kind, the returned counter (count and kind), the zone it returns to and whose control it
returns under from the text."""

from __future__ import annotations

import re
from collections.abc import Callable

from kb.rules.checks import creature, differ
from kb.rules.claims import COUNT, PT, Claims, quantity
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.registry import Check, Keyword

CONDITION = re.compile(rf"\bif it had no ({PT}|[a-z]+) counters? on it", re.I)
RETURN = re.compile(r"\breturn it to (?:the )?(?P<zone>[\w' ]+?)(?= under| with|[.,\"]|$)"
                    r"(?: under (?P<whose>its owner's|your) control)?"
                    rf"(?: with (?P<count>{COUNT}) (?P<kind>{PT}|[a-z]+) counters? on it)?",
                    re.I)
ZONES = ("battlefield", "hand", "graveyard", "library", "exile", "command")


def zone_named(words: str) -> str:
    """The zone a phrase names ("the battlefield", "play", "its owner's hand")."""
    words = words.lower()
    if words == "play":
        return "battlefield"
    return next((zone for zone in ZONES if zone in words), words)


def returner(kind: str) -> tuple[Callable[..., bool], Callable[..., None]]:
    """(condition, effect) of a dies trigger that returns the permanent with a `kind` counter
    when it had none (603.10a: the condition looks back at the permanent as it last was)."""
    def condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
        info = event.data.get("info") or {}
        return event.obj is source and not info.get("counters", {}).get(kind, 0)

    def effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
        if source.zone != "graveyard":
            return
        if game.move(source, "battlefield", cause=ability.name) == "battlefield":
            source.counters[kind] += 1
    return condition, effect


def _scenario(era: str, keyword: str, counters: dict[str, int]) -> tuple[Game, GameObject]:
    """A 3/3 with the keyword, owned by A and controlled by B, with `counters`, destroyed."""
    game = Game(era=era)
    owner, thief = game.active, game.opponent(game.active)
    body = creature(game, "Returner", owner, 3, 3, abilities=(keyword,))
    body.controller = thief
    body.counters.update(counters)
    game.destroy(body)
    game.resolve_stack()
    return game, body


def check_return(claims: Claims, era: str, keyword: str) -> list[str] | None:
    """Dies without the condition's counters: back where, under whom, with which counters the
    text says; dies with such a counter: stays in the graveyard."""
    quote = claims.says(r"\breturn it to\b")
    if quote is None:
        return None
    condition = CONDITION.search(quote)
    back = RETURN.search(quote)
    assert back is not None
    fires = "dies" in claims.triggers
    zone = zone_named(back.group("zone"))
    counter_kind = (back.group("kind") or "").lower()
    count = quantity(back.group("count"), 1) if back.group("count") else 0
    whose = "your" if (back.group("whose") or "").lower() == "your" else "its owner's"
    problems: list[str] = []
    game, body = _scenario(era, keyword, {})
    expected = (zone if fires else "graveyard",
                "its owner" if fires and whose != "your" else "its last controller",
                {counter_kind: count} if fires and count else {})
    actual = (body.zone, "its owner" if body.controller is body.owner else
              "its last controller", {k: v for k, v in body.counters.items() if v})
    problems += differ(f"it returns to the {zone} under {whose} control with "
                       f"{back.group('count') or 'no'} {counter_kind} counter(s)", quote,
                       f"a 3/3 with {keyword} and no counters, controlled by its owner's "
                       "opponent, is destroyed", expected, actual)
    if condition is not None:
        kind = condition.group(1).lower()
        game, body = _scenario(era, keyword, {kind: 1})
        problems += differ(f"it returns only if it had no {kind} counters", quote,
                           f"a 3/3 with {keyword} and a {kind} counter is destroyed",
                           "graveyard", body.zone)
    return problems


def returner_spec(name: str, kind: str) -> Keyword:
    """The spec of persist (`kind` "-1/-1") or undying ("+1/+1"): a dies trigger that returns
    the permanent with a `kind` counter unless it had one, checked on its text."""
    condition, effect = returner(kind)

    def check(claims: Claims, era: str) -> list[str] | None:
        """Dies with no `kind` counters: returns with one; dies with one: stays."""
        return check_return(claims, era, name)

    return Keyword(
        name=name,
        kind=("triggered",),
        parameter=("",),
        trigger=("dies",),
        zones=("battlefield", "graveyard"),
        effect=effect,
        condition=condition,
        checks=(Check(f"returns with a {kind} counter unless it had one", check),),
    )
