"""The bottom of the rules model: the hook names the engine asks of keyword specs, and the
slot through which the keyword registry is handed to the game (so `kb.rules.game` never
imports the keywords, which all import the game)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

# Hook name -> what the engine asks (every hook gets `game, obj, ability` first).
HOOKS: dict[str, str] = {
    "can_attack": "(game, creature, ability) -> bool | None: False forbids attacking",
    "ignores_summoning_sickness": "(game, creature, ability) -> bool: may attack/tap anyway",
    "taps_to_attack": "(game, creature, ability) -> bool: False means attacking doesn't tap",
    "can_be_blocked_by": "(game, attacker, ability, blocker) -> bool: evasion on the attacker",
    "can_block": "(game, blocker, ability, attacker) -> bool: restriction on the blocker",
    "strikes_first": "(game, creature, ability) -> bool: deals damage in the first-strike step",
    "strikes_twice": "(game, creature, ability) -> bool: also deals damage in the regular step",
    "assigns_excess_to_player": "(game, attacker, ability) -> bool: trample",
    "lethal_damage": "(game, source, ability, creature) -> int | None: what counts as lethal",
    "damage_result": "(game, source, ability, result) -> None: change a DamageResult",
    "prevent_damage": "(game, target, ability, source, amount) -> int: damage left to deal",
    "can_be_targeted_by": "(game, target, ability, source) -> bool: hexproof, shroud, ...",
    "can_be_attached_by": "(game, permanent, ability, attachment) -> bool: protection",
    "as_enters": "(game, obj, ability) -> None: replacement as the object enters",
    "replace_zone_change": "(game, obj, ability, change) -> None: change a ZoneChange",
    "cost_change": "(game, obj, ability, cost) -> None: change a Cost as the spell is cast",
    "as_drawn": "(game, card, ability) -> None: a static ability acting as its card is drawn "
                "(miracle: reveal it)",
    "replace_draw": "(game, card, ability, draw) -> None: a static ability of a card in the "
                    "drawing player's graveyard that may replace the draw (dredge): set "
                    "draw.data['replaced']",
    "band_member": "(game, creature, ability, band) -> bool: may be in this attacking band",
    "assigns_opponents_damage": "(game, creature, ability, opponent) -> bool: this creature's "
                                "controller divides `opponent`'s combat damage (banding)",
    "can_cast": "(game, player, ability, card) -> bool: False forbids the player to cast it",
    "can_activate": "(game, obj, ability, name) -> bool: False forbids activating the "
                    "object's ability `name` (detain)",
    "can_target": "(game, source, ability, target) -> bool: restriction on what a spell or "
                  "ability of this source may target (enchant)",
    "can_attach_to": "(game, attachment, ability, target) -> bool: restriction on what this "
                     "Aura, Equipment or Fortification may be attached to (enchant)",
    "as_resolves": "(game, spell, ability, item) -> None: a keyword's part of a resolving "
                   "instant or sorcery (epic's spell abilities)",
    "instant_timing": "(game, card, ability) -> bool: may be cast any time an instant could "
                      "(flash)",
    "stack_restriction": "(game, spell, ability, action) -> bool: True forbids `action` "
                         "('cast', 'activate', 'activate mana') while this spell is on the "
                         "stack (split second)",
    "colors": "(game, obj, ability, colors) -> set[str]: the object's colors in every zone, "
              "given those of its mana cost and effects (characteristic-defining: devoid)",
    "has_type": "(game, obj, ability, type) -> bool: the object has this type in every zone "
                "(characteristic-defining: changeling)",
    "phases_out": "(game, permanent, ability) -> bool: phases out in its controller's untap "
                  "step (phasing)",
    "cant_be_destroyed": "(game, permanent, ability) -> bool: True: destroy and lethal damage "
                         "leave it on the battlefield (indestructible)",
    "blocked_by_group": "(game, attacker, ability, blockers) -> bool: False forbids this set "
                        "of blockers (menace: two or more)",
    "each_creature": "(game, obj, ability) -> bool: a tap-creatures cost asks power N of each "
                     "creature, not of their total (saddle's earlier rules; read through "
                     "`game.spec`)",
    "shuffles_when_absent": "(game, player) -> bool: shuffle's rule of whether a library is "
                            "shuffled when none of the objects to shuffle into it are there "
                            "(read through `game.spec`)",
    "counter_kinds": "(game, obj, counters) -> list[str]: proliferate's rule of which "
                     "counter kinds grow (read through `game.spec`, not asked of objects)",
}

SpecLookup = Callable[[str, str], Any]  # (keyword name, era) -> its spec in that era or None
_INSTALLED: list[SpecLookup] = []


def check_hooks(keyword: str, names: Iterable[str]) -> None:
    """Raise ValueError for a hook name the engine never asks (a typo would do nothing)."""
    unknown = sorted(set(names) - set(HOOKS))
    if unknown:
        raise ValueError(f"keyword {keyword!r} registers unknown hooks {unknown} "
                         f"(known: kb.rules.hooks.HOOKS)")


def install(lookup: SpecLookup) -> None:
    """Hand the game the registry's lookup (`kb.rules.keywords` does this on import)."""
    _INSTALLED[:] = [lookup]


def default_lookup() -> SpecLookup:
    """The installed lookup of keyword specs by name, or one that knows none."""
    return _INSTALLED[0] if _INSTALLED else (lambda name, era: None)
