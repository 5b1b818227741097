"""Extort (702.100 in 2013, 702.101 in 2026): whenever you cast a spell, you may pay {W/B}.
If you do, each opponent loses 1 life and you gain life equal to the total life lost this
way."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject, Player
from kb.rules.keywords._cov_triggered import life_changes, meaning, spell_card, spell_filter
from kb.rules.keywords._spells import cast_and_resolve
from kb.rules.registry import Check, Keyword, register

PAYMENT = "{W/B}"


def _pay_hybrid(player: Player, symbol: str) -> bool:
    """Pay one hybrid (or plain) coloured symbol ("W/B", "B") from the pool."""
    for color in symbol.upper().split("/"):
        if player.pool[color] > 0:
            player.pool[color] -= 1
            return True
    return False


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return event.player is source.controller


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    me = source.controller or source.owner
    if not _pay_hybrid(me, PAYMENT.strip("{}")):
        return
    lost = 0
    for player in game.players:
        if player is not me:
            player.life -= 1
            lost += 1
    me.life += lost


def _scenario(era: str, caster_is_me: bool, pool: str) -> list[int]:
    """Three players; I control a creature with extort and have `pool` floating; a spell is
    cast by me (or the next player): everyone's life change."""
    game = Game(players=3, era=era)
    me = game.active
    creature(game, "Syndic", me, 2, 2, abilities=("extort",))
    game.add_mana(me, pool)
    caster = me if caster_is_me else game.opponent(me)
    cast_and_resolve(game, caster, spell_card(game, caster, "instant"))
    return [p.life - 20 for p in game.players]


def check(claims: Claims, era: str) -> list[str] | None:
    """I cast an instant with {B}, with {G} floating, and an opponent casts one: who pays,
    who loses and who gains life, by the text (three players)."""
    text, spells = meaning(claims), spell_filter(claims)
    if text is None:
        return None
    pay = re.search(r"you may pay \{([^}]+)\}\. if you do, ", text, re.I)
    changes = life_changes(text)
    total = re.search(r"you gain life equal to the total life lost this way", text, re.I)
    if spells is None or pay is None or not changes:
        return [f'the text says what extort does in a way the model does not read ("{text}")']
    problems = []
    for caster_is_me, pool in ((True, "{B}"), (True, "{G}"), (False, "{B}")):
        game = Game(players=3, era=era)
        me = game.active
        caster = me if caster_is_me else game.opponent(me)
        fires = "cast" in claims.triggers and spells.counts(
            me, caster, spell_card(game, caster, "instant"))
        payable = pool.strip("{}").upper() in pay.group(1).upper().split("/")
        expected = [0, 0, 0]
        if fires and payable:
            for change in changes:
                who = [0] if change.who == "you" else [1, 2] if change.who == "each opponent" \
                    else []
                for index in who:
                    expected[index] += change.amount
            if total:
                expected[0] += -sum(e for e in expected[1:] if e < 0)
        problems += differ(f"pay {{{pay.group(1)}}}: " + ", ".join(
                               f"{c.who} {c.amount:+d} life" for c in changes)
                           + (", you gain the total lost" if total else ""), text,
                           f"{'I' if caster_is_me else 'an opponent'} cast(s) an instant, "
                           f"{pool} floating, three players: life changes (me first)",
                           expected, _scenario(era, caster_is_me, pool))
    return problems


register(Keyword(
    name="extort",
    kind=("triggered",),
    parameter=("",),
    trigger=("cast",),
    instances="separate",
    effect=_effect,
    condition=_condition,
    checks=(Check("each opponent loses 1 life and you gain it when you cast a spell", check),),
))
