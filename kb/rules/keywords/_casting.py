"""Shared pieces of the casting and zone keywords (buyback, flashback, kicker, madness, evoke,
suspend, ...): running a cast from a full mana pool and measuring what it took, and readers
of what a definition says about the keyword's cost and the zones a card moves between.

The readers find a sentence by its stable part (the written form `"Buyback [cost]" means`,
"put this spell into", "return this card from") and read the outcome from its variable part
(`additional` or `rather than`, the zone word), so a changed text expects another outcome.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kb.rules.checks import differ
from kb.rules.claims import ZONE_WORDS, Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, Player, StackItem

# enough mana of every colour for any scenario here
FULL_POOL = Cost.parse("{9}{9}{W}{W}{W}{U}{U}{U}{B}{B}{B}{R}{R}{R}{G}{G}{G}")
CAST = r"(?:cast|play)"
VERB_ZONE = {"sacrifices": "graveyard", "sacrifice": "graveyard", "exiles": "exile",
             "exile": "exile", "destroys": "graveyard", "returns": "hand"}


def fill_pool(player: Player) -> int:
    """Give `player` plenty of mana of every colour; the amount in the pool."""
    player.pool.clear()
    player.pool.update(FULL_POOL.colored)
    player.pool["C"] += FULL_POOL.generic
    return pool_size(player)


def pool_size(player: Player) -> int:
    """Mana in a player's pool."""
    return sum(player.pool.values())


def spending(player: Player, action: Callable[..., Any], *args: Any,
             **kwargs: Any) -> tuple[Any, int]:
    """Run `action(*args, **kwargs)` (a cast, an activation) from a full pool: its result
    and the mana it took."""
    before = fill_pool(player)
    result = action(*args, **kwargs)
    return result, before - pool_size(player)


def legal(action: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
    """Run `action(*args, **kwargs)`; False when the model calls it illegal."""
    try:
        action(*args, **kwargs)
    except IllegalAction:
        return False
    return True


def ability_of(obj: GameObject, *names: str) -> Ability:
    """The first instance of one of the abilities `names` on `obj` (IllegalAction if none)."""
    for ability in obj.abilities:
        if ability.name in names:
            return ability
    raise IllegalAction(f"{obj.name} has no {' or '.join(names)} ability")


def param_cost(ability: Ability, index: int | None = None) -> Cost:
    """The cost a keyword instance carries as its parameter (`Ability("buyback", "{3}")`;
    `index` picks it from a tuple parameter such as suspend's `(N, cost)`)."""
    param = ability.param[index] if index is not None else ability.param
    return Cost.parse(str(param or ""))


def cast_for(game: Game, player: Player, card: GameObject, ability: Ability,
             alternative: bool = True, **options: Any) -> StackItem:
    """Cast `card` paying `ability`'s [cost] rather than its mana cost (`alternative`) or in
    addition to it, noted in the spell's `paid` under the ability's name."""
    cost = param_cost(ability)
    how: dict[str, Any] = {"alternative": cost} if alternative else {"additional": [cost]}
    return game.cast(player, card, paid={ability.name: True}, **how, **options)


def search_library(player: Player, test: Callable[[GameObject], bool]) -> GameObject | None:
    """The first card of a player's library that passes `test` (the model searches in order
    and shuffles nothing: a deterministic search)."""
    return next((card for card in player.library if test(card)), None)


def activation_mana(game: Game, player: Player, action: Callable[..., Any], *args: Any,
                    **kwargs: Any) -> tuple[bool, int]:
    """Run an activation from a full pool and resolve the stack: (legal, mana it took)."""
    before = fill_pool(player)
    try:
        action(*args, **kwargs)
    except IllegalAction:
        return False, 0
    spent = before - pool_size(player)
    game.resolve_stack()
    return True, spent


# --- what the text says about zones -------------------------------------------------------------

def zone_of(fragment: str) -> str | None:
    """The zone the first zone word of a text fragment names (`your graveyard` ->
    graveyard, `exile` -> exile)."""
    found = [(m.start(), zone) for pattern, zone in ZONE_WORDS
             for m in [re.search(pattern, fragment, re.I)] if m]
    return min(found)[1] if found else None


def read_zone(claims: Claims, pattern: str) -> tuple[str, str | None] | None:
    """(sentence, zone named by group 1) of the first sentence matching `pattern`; None when
    no sentence matches."""
    sentence = claims.says(pattern)
    if sentence is None:
        return None
    match = re.search(pattern, sentence, re.I)
    return sentence, zone_of(match.group(1)) if match else None


def read_word(claims: Claims, pattern: str) -> tuple[str, str] | None:
    """(sentence, group 1 lower-cased) of the first sentence matching `pattern`."""
    sentence = claims.says(pattern)
    if sentence is None:
        return None
    match = re.search(pattern, sentence, re.I)
    return (sentence, match.group(1).lower()) if match else None


# --- what the text says about the keyword's cost ------------------------------------------------

@dataclass(frozen=True)
class CostRule:
    """How a definition says a cost is paid: `kind` additional (on top of the mana cost),
    alternative (instead of it), free (without paying it) or unknown; `times` True when it
    may be paid any number of times; `quote` the sentence it was read from."""

    kind: str
    quote: str
    times: bool = False

    def mana(self, mana_value: int, cost: int, paid: int = 1) -> int | None:
        """Mana a spell of `mana_value` takes when this cost (`cost` mana) is paid `paid`
        times; None for a rule the model can't price."""
        if self.kind == "additional":
            return mana_value + cost * paid
        if self.kind == "alternative":
            return cost
        if self.kind == "free":
            return 0
        return None


def meaning_of(claims: Claims, form: str, anchor: str = r"\[cost\]"
               ) -> tuple[str, str] | None:
    """(quoted meaning, sentence) of a written form: `"Kicker [cost]" means "..."` for the
    form regex `kicker \\[cost\\]`: the first quotation after `means` that names `anchor`
    (the keyword's cost), else the first quotation."""
    for sentence in claims.sentences:
        match = re.search(rf'"?(?<!\w){form}"?\s+means\s+(".*)', sentence, re.I)
        if match:
            quotes = re.findall(r'"([^"]*)"', match.group(1))
            named = [q for q in quotes if re.search(anchor, q, re.I)]
            if named or quotes:
                return (named or quotes)[0], claims.mark(sentence)
    return None


def cost_rule(claims: Claims, form: str) -> CostRule | None:
    """How the meaning of a written form (`buyback \\[cost\\]`) says its `[cost]` is paid."""
    found = meaning_of(claims, form)
    return classify_cost(*found) if found else None


def classify_cost(meaning: str, quote: str, anchor: str = r"\[cost\]") -> CostRule:
    """Additional, alternative, free or unknown, and whether any number of times."""
    lowered = meaning.lower()
    times = "any number of times" in lowered
    if re.search(r"without paying (?:its|this card's|this spell's) mana cost", lowered):
        kind = "free"
    elif re.search(rf"{anchor}[^.]*\brather than\b[^.]*\bmana cost", lowered):
        kind = "alternative"
    elif re.search(rf"\badditional {anchor}|{anchor} as an additional cost|as an additional "
                   rf"cost[^.]*{anchor}", lowered):
        kind = "additional"
    else:
        kind = "unknown"
    return CostRule(kind, quote, times)


def price(rule: CostRule, mana_value: int, cost: int, paid: int = 1) -> str:
    """What the text's rule means in mana, as a mismatch shows it."""
    amount = rule.mana(mana_value, cost, paid)
    return f"{amount} mana" if amount is not None else f"a cost the model can't price ({rule.kind})"


def check_cost_paid(name: str, rule: CostRule, scenario: str, mana_value: int, cost: int,
                    mana: int) -> list[str]:
    """The `mana` a cast in `scenario` took against what the text's rule for the `name` cost
    (additional, alternative, ...) says a spell of `mana_value` with that `cost` takes."""
    return differ(f"the {name} cost is paid as {rule.kind} cost", rule.quote, scenario,
                  price(rule, mana_value, cost), f"{mana} mana")
