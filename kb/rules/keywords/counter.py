"""Counter (701.5 in 2012, 501.3 in 2008), a keyword action: "To counter a spell or ability
means to cancel it, removing it from the stack. It doesn't resolve and none of its effects
occur. A countered spell is put into its owner's graveyard." Its controller gets no refund
of the costs paid."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, StackItem
from kb.rules.keywords._spells import burn_spell, cast_paid, stocked_game
from kb.rules.keywords._zone_actions import zone_of
from kb.rules.registry import Check, Keyword, register


def counter(game: Game, item: StackItem) -> None:
    """Counter a spell or ability on the stack."""
    if item not in game.stack:
        return
    game.stack.remove(item)
    game.emit("countered", item.source, item=item)
    if item.kind == "spell" and not item.is_copy:
        game.move(item.source, "graveyard", cause="countered")


def _scenario(era: str) -> tuple[str, int, int, bool]:
    """B casts a {2}{R} burn spell at A and it is countered; then an ability is countered:
    (the spell's zone and whose, A's life lost, B's mana back, the ability's effect done)."""
    game = stocked_game(era)
    a, b = game.active, game.opponent(game.active)
    spell = burn_spell(game, b, "Bolt", mana_cost="{2}{R}")
    item = cast_paid(game, b, spell, targets=[a])
    counter(game, item)
    game.resolve_stack()
    where = f"{spell.zone} of {'owner' if spell in b.zone(spell.zone) else 'other'}" \
        if spell.zone not in ("stack", "ceases") else spell.zone
    done = []
    ability = StackItem("ability", spell, b, resolve=lambda g, i: done.append(True))
    game.stack.append(ability)
    counter(game, ability)
    game.resolve_stack()
    return where, 20 - a.life, sum(b.pool.values()), bool(done)


def check(claims: Claims, era: str) -> list[str] | None:
    """A countered spell's fate, its effects and costs, read from the text."""
    sentence = claims.says(r"to counter a spell or ability means")
    if sentence is None:
        return None
    removed = re.search(r"removing it from the stack", sentence, re.I) is not None
    effects = claims.says(r"it (?:doesn't|does not|does) resolve")
    none = effects is not None and re.search(r"doesn't resolve|does not resolve", effects,
                                             re.I) is not None
    goes = claims.says(r"a countered spell is put into")
    to = re.search(r"put into its (owner|controller)'s (\w+)", goes or "", re.I)
    refund = claims.says(r"get a \"?refund")
    refunded = refund is not None and re.search(r"doesn't|does not", refund, re.I) is None
    whose = "owner" if to and to.group(1).lower() == "owner" else "other"
    where = f"{zone_of(to.group(2)) or to.group(2)} of {whose}" if to and removed else \
        "stack" if not removed else "?"
    expected = (where, 0 if none else 1, 3 if refunded else 0, not none)
    return differ("a countered spell " + ", ".join(s for s in (
        "is removed from the stack" if removed else "", "doesn't resolve" if none else "",
        f"goes to its {to.group(1)}'s {to.group(2)}" if to else "",
        "with no refund" if refund and not refunded else "") if s), sentence,
        "B's {2}{R} spell dealing 1 damage to A, countered; then an ability countered: (the "
        "spell's zone, A's life lost, B's mana back, the ability's effect done)", expected,
        _scenario(era))


register(Keyword(
    name="counter",
    kind=("keyword action",),
    parameter=("a spell or ability",),
    zones=("stack", "graveyard"),
    checks=(Check("removed from the stack, no effects, to its owner's graveyard, no refund",
                  check),),
))
