"""Madness [cost] (702.33 in 2012, 502.24 in 2008): a static ability, "If a player would
discard this card, that player discards it, but may exile it instead of putting it into his or
her graveyard", and a triggered ability, "When this card is exiled this way, its owner may cast
it by paying [cost] rather than paying its mana cost. If that player doesn't, he or she puts
this card into his or her graveyard." Since Shadows over Innistrad (2016-04-08) the discarded
card is always exiled ("that player discards it, but exiles it instead")."""

from __future__ import annotations

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject, ZoneChange
from kb.rules.keywords._casting import (
    cast_for,
    cost_rule,
    fill_pool,
    pool_size,
    price,
    read_word,
    read_zone,
)
from kb.rules.registry import Check, Keyword, register

EXILED = "exiled this way"
SHADOWS_OVER_INNISTRAD = "exiling the discarded card became mandatory"


def _discarded(change: ZoneChange) -> bool:
    return change.origin == "hand" and change.to == "graveyard"


def _exile(card: GameObject, change: ZoneChange) -> None:
    change.to = "exile"
    change.events.append(EXILED)


def _replace(game: Game, card: GameObject, ability: Ability, change: ZoneChange) -> None:
    if _discarded(change):
        _exile(card, change)


def _replace_optional(game: Game, card: GameObject, ability: Ability,
                      change: ZoneChange) -> None:
    if _discarded(change) and game.choose(f"madness exile:{card.ident}", True):
        _exile(card, change)


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return event.obj is source


def _effect(game: Game, card: GameObject, ability: Ability, event: Event) -> None:
    """Its owner may cast it for its madness cost; if not, it goes to the graveyard."""
    if card.zone != "exile":
        return
    if game.choose(f"madness cast:{card.ident}", True):
        before = pool_size(card.owner)
        cast_for(game, card.owner, card, ability)
        card.notes["madness mana"] = before - pool_size(card.owner)
    else:
        game.move(card, "graveyard")


def _discard(era: str, exile: bool, cast: bool) -> tuple[Game, GameObject]:
    """A {3}{R}{R} instant with madness {1}{R} is discarded; the player chooses whether to
    exile it (where that is a choice) and whether to cast it."""
    game = Game(era=era)
    me = game.active
    card = game.create("Fiery Temper", controller=me, zone="hand", types={"instant"},
                       mana_cost="{3}{R}{R}", abilities=(Ability("madness", "{1}{R}"),))
    game.choices[f"madness exile:{card.ident}"] = exile
    game.choices[f"madness cast:{card.ident}"] = cast
    fill_pool(me)
    game.discard(card)
    game.resolve_stack()
    return game, card


def _exiled(game: Game, card: GameObject) -> bool:
    return any(e.name == EXILED and e.obj is card for e in game.log)


def check_cast(claims: Claims, era: str) -> list[str] | None:
    """Discarded and cast for its madness cost: the mana it takes; discarded and not cast:
    where it goes."""
    rule = cost_rule(claims, r"madness \[cost\]")
    declined = read_zone(claims, r"if that player doesn't, (?:they|he or she) puts? this card "
                                 r"into ([\w' ]+)")
    if rule is None and declined is None:
        return None
    triggered = EXILED in claims.triggers
    problems = []
    if rule is not None:
        game, card = _discard(era, True, True)
        cast = any(e.name == "cast" and e.obj is card for e in game.log)
        expected = price(rule, 5, 2) if triggered else "not cast"
        actual = f"{card.notes.get('madness mana')} mana" if cast else "not cast"
        problems += differ(f"its owner may cast it for its madness cost ({rule.kind})",
                           rule.quote, "a {3}{R}{R} instant with madness {1}{R} is discarded "
                           "and cast", expected, actual)
    if declined is not None:
        game, card = _discard(era, True, False)
        problems += differ(f"if not cast, it is put into the {declined[1]}", declined[0],
                           "a card with madness is discarded and not cast",
                           declined[1] if triggered else "exile", card.zone)
    return problems


def check_exile(claims: Claims, era: str) -> list[str] | None:
    """A discarded card with madness whose owner would rather not exile it: whether it goes
    to exile anyway (and triggers), and the zone the static ability puts it in."""
    said = read_word(claims, r"that player discards it, but (may exile|exiles|\w+ \w+) it")
    if said is None:
        return None
    sentence, verb = said
    game, card = _discard(era, False, False)
    expected = {"may exile": False, "exiles": True}.get(verb, f"unknown ({verb})")
    return differ(f"the discarded card {'may be' if verb == 'may exile' else 'is'} exiled",
                  sentence, "a card with madness is discarded; its owner chooses not to exile "
                  "it", expected, _exiled(game, card))


register(Keyword(
    name="madness",
    kind=("static", "triggered"),
    parameter=("[cost]",),
    trigger=(EXILED,),
    zones=("hand", "graveyard", "exile", "stack"),
    functions_in=("hand",),
    trigger_zones=("exile",),
    hooks={"replace_zone_change": _replace},
    effect=_effect,
    condition=_condition,
    checks=(Check("madness: cast from exile for its madness cost, else to the graveyard",
                  check_cast),
            Check("madness: the discarded card is exiled (a choice before 2016)", check_exile)),
    history=(("cast when exiled this way instead of until the player passes next",
              {"hooks": {"replace_zone_change": _replace_optional},
               "trigger": (EXILED, "the player passes next")}),
             (SHADOWS_OVER_INNISTRAD, {"hooks": {"replace_zone_change": _replace_optional}})),
    note="Shadows over Innistrad (2016-04-08) made exiling the discarded card mandatory.",
))
