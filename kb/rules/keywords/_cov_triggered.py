"""Shared pieces of the newer triggered keywords (prowess, extort, dethrone, renown,
afflict, training, mentor, evolve, ingest, ...): readers of the variable parts of their
quoted meaning (who casts what spell, who loses or gains how much life, how many counters of
what kind go where) and small model pieces (counters on the source, a caster's spells).

Every reader returns what the sentence says, so a check expects what the text says and a
changed text changes the expectation."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from kb.rules.claims import COUNT, PT, Claims, quantity
from kb.rules.game import Ability, Event, Game, GameObject, Player
from kb.rules.keywords._counters import Said, puts

SPELL_TYPES = ("creature", "instant", "sorcery", "artifact", "enchantment", "planeswalker")
CASTER = r"(you|an opponent|a player|each player|another player)"


def meaning(claims: Claims) -> str | None:
    """The first quoted meaning of the definition ("Whenever ..., ..."), or None."""
    return claims.meaning[0] if claims.meaning else None


@dataclass
class SpellFilter:
    """Which cast spells a "Whenever <caster> cast(s) a <kind> spell" clause counts."""

    caster: str
    kind: str
    quote: str

    def counts(self, source_controller: Player, caster: Player, card: GameObject) -> bool:
        """Whether `caster` casting `card` matches, for an ability controlled by
        `source_controller`."""
        yours = caster is source_controller
        if self.caster == "you" and not yours:
            return False
        if self.caster in ("an opponent", "another player") and yours:
            return False
        kind = self.kind
        if not kind:
            return True
        negative = kind.startswith("non")
        wanted = kind[3:] if negative else kind
        has = any(card.is_(t) for t in wanted.split(" or "))
        return has != negative


def spell_filter(claims: Claims) -> SpellFilter | None:
    """The clause "Whenever you cast a noncreature spell" of the meaning, read."""
    text = meaning(claims) or ""
    kinds = "|".join(SPELL_TYPES)
    match = re.search(rf"\bwhenever {CASTER} casts? an? ((?:non-?)?(?:{kinds})(?: or (?:{kinds}))?"
                      rf" )?spell", text, re.I)
    if match is None:
        return None
    kind = (match.group(2) or "").strip().lower().replace("non-", "non")
    return SpellFilter(match.group(1).lower(), kind, text)


def spell_card(game: Game, owner: Player, kind: str, name: str = "") -> GameObject:
    """A card of one type in `owner`'s hand with a one-mana red cost."""
    return game.create(name or f"{owner.name}'s {kind}", controller=owner, zone="hand",
                       types={kind}, mana_cost="{R}", power=1 if kind == "creature" else 0,
                       toughness=1 if kind == "creature" else 0)


@dataclass
class LifeChange:
    """"<who> loses|gains <amount> life": `who` as written, the signed amount (N: `n`)."""

    who: str
    amount: int
    quote: str


def life_changes(text: str, n: int = 3) -> list[LifeChange]:
    """Every "<who> lose(s)/gain(s) <count> life" of a sentence, in order."""
    found = []
    for match in re.finditer(r"\b(defending player|each opponent|target opponent|target player"
                             r"|that player|each player|you|its controller)\s+(loses?|gains?)\s+"
                             r"(\d+|N|X|one|two|three)\s+life\b", text, re.I):
        sign = -1 if match.group(2).lower().startswith("lose") else 1
        found.append(LifeChange(match.group(1).lower(), sign * quantity(match.group(3), n),
                                text))
    return found


def counter_said(claims: Claims) -> Said | None:
    """The first "put <count> <kind> counter(s) on ..." of the definition."""
    found = puts(claims)
    return found[0] if found else None


def counter_target(said: Said) -> str | None:
    """On what a "put ... counter(s) on X" clause puts them: "this creature", "it", "target
    attacking creature ...", as written (lower case)."""
    match = re.search(rf"\bput (?:{COUNT})\s+(?:additional\s+)?(?:{PT}|[a-z]+)\s+counters?\s+on "
                      r"(.+?)(?=[,.\"]| and | if |$)", said.quote, re.I)
    return match.group(1).strip().lower() if match else None


def on_self(said: Said) -> bool:
    """Whether a counter clause puts its counters on the ability's own object."""
    return (counter_target(said) or "") in ("this creature", "it", "this permanent",
                                            "that creature")


def put_counters(kind: str, count: int) -> Callable[[Game, GameObject, Ability, Event], None]:
    """Effect: put `count` (N: the ability's parameter when `count` is 0) counters of
    `kind` on the source."""
    def effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
        if source.zone == "battlefield":
            source.counters[kind] += count or int(ability.param or 1)
    return effect


def counters(obj: GameObject, kind: str = "+1/+1") -> int:
    """How many counters of a kind are on an object."""
    return obj.counters[kind]
