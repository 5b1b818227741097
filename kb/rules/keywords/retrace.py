"""Retrace (702.79 in 2012, 502.81 in 2008): a static ability of a card in a player's
graveyard: "You may cast this card from your graveyard by discarding a land card as an
additional cost to cast it"."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import CAST, ability_of, fill_pool, legal, spending, zone_of
from kb.rules.keywords._spells import burn_spell
from kb.rules.registry import Check, Keyword, register

MEANING = (rf"\b{CAST} this card from ([\w' ]+?) by discarding (an?|two|three) (\w+) cards? as "
           r"(an additional|an alternative) cost")


def cast_retraced(game: Game, player: Player, card: GameObject, discard: GameObject
                  ) -> StackItem:
    """Cast `card` from its owner's graveyard, discarding a land card as an additional cost
    (its mana cost is paid as usual)."""
    ability_of(card, "retrace")
    if card.zone != "graveyard" or card.owner is not player:
        raise IllegalAction("retrace casts a card from its owner's graveyard")
    if discard.zone != "hand" or discard.owner is not player or not discard.is_("land"):
        raise IllegalAction("retrace's additional cost is discarding a land card")
    item = game.cast(player, card, paid={"retrace": True})
    game.discard(discard, cause="cost")
    return item


def _scenario(era: str, zone: str, discard_types: set[str]) -> tuple[Game, GameObject,
                                                                      GameObject]:
    game = Game(era=era)
    me = game.active
    card = burn_spell(game, me, "Flame Jab", mana_cost="{R}", zone=zone,
                      types=("sorcery",), abilities=("retrace",))
    discard = game.create("Discarded", controller=me, zone="hand", types=discard_types)
    fill_pool(me)
    return game, card, discard


def check(claims: Claims, era: str) -> list[str] | None:
    """A {R} sorcery with retrace: cast from the graveyard discarding a land card (the mana
    it takes, where the land goes), discarding a nonland card, from the hand."""
    sentence = claims.says(MEANING)
    if sentence is None:
        return None
    origin, count, kind, how = re.search(MEANING, sentence, re.I).groups()  # type: ignore
    origin = zone_of(origin)
    problems = []
    game, card, land = _scenario(era, "graveyard", {"land"})
    _, mana = spending(game.active, legal, cast_retraced, game, game.active, card, land)
    expected = "1 mana, land in graveyard" if how == "an additional" else "0 mana"
    if kind.lower() == "land" and origin == "graveyard" and count.lower() in ("a", "an"):
        problems += differ(f"retrace discards {count} {kind} card as {how} cost", sentence,
                           "a {R} sorcery cast with retrace from the graveyard",
                           expected, f"{mana} mana, land in {land.zone}")
    for zone, types in (("graveyard", {"land"}), ("graveyard", {"instant"}), ("hand", {"land"})):
        game, card, discard = _scenario(era, zone, types)
        fits = zone == origin and kind.lower() in types and count.lower() in ("a", "an")
        problems += differ(f"it is cast from the {origin} by discarding {count} {kind} card",
                           sentence, f"the sorcery in the {zone}, discarding "
                           f"{'/'.join(types)} card", fits,
                           legal(cast_retraced, game, game.active, card, discard))
    return problems


register(Keyword(
    name="retrace",
    kind=("static",),
    parameter=("",),
    zones=("graveyard", "hand"),
    functions_in=("graveyard",),
    checks=(Check("retrace: cast from the graveyard discarding a land card", check),),
))
