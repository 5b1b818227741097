"""Shared model and check of the keywords that let a card be cast another way (aftermath,
jump-start, harmonize, emerge, web-slinging, warp, cleave, mayhem, bestow, ...): from which
zones, for which cost (the keyword's [cost] instead of the mana cost, on top of it, or the
mana cost itself), with which extra part (sacrificing, tapping or returning a creature,
discarding a card), reduced by what, and where the card goes when the spell leaves the stack.

`read_permit` reads all of that from the definition's text (`Permit`), `PermitModel` is the
keyword's reference semantics in the game, and `check_permit` runs both through a battery of
casts (each zone, with and without the creature or card the extra part needs, resolving and
countered) and reports every difference."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, Player, ZoneChange
from kb.rules.keywords._casting import (
    CAST,
    classify_cost,
    fill_pool,
    meaning_of,
    pool_size,
    zone_of,
)
from kb.rules.keywords._spells import burn_spell, turn_start

Condition = Callable[[Game, Player, GameObject], bool]

# the extra part of a cost: (pattern over the meaning, canonical name)
EXTRAS: tuple[tuple[str, str], ...] = (
    (r"\bsacrific(?:e|ing) (?:an?|one) (?:creature|[\w ]*?permanent)\b", "sacrifice a creature"),
    (r"\btap(?:ping)? (?:up to one )?(?:an? )?untapped creature you control\b",
     "tap a creature"),
    (r"\breturn(?:ing)? an? tapped creature you control to its owner's hand\b",
     "return a tapped creature"),
    (r"\bdiscard(?:ing)? a card\b", "discard a card"),
)
REDUCED = (r"\breduced by an amount of generic mana equal to the (sacrificed|tapped|returned) "
           r"(?:creature|permanent)'s (mana value|converted mana cost|power|toughness)")
LEAVES_STACK = (r"\b(exile|put) (?:this card|it|this spell)(?: on the bottom of its owner's "
                r"library)? instead of putting it anywhere else any time it would leave the "
                r"stack")
SPELL_KIND = r"\bif the resulting spell is an? ([\w ]+?) spell\b"


@dataclass(frozen=True)
class Permit:
    """What a text says about casting the card with the keyword."""

    zones: tuple[str, ...]
    kind: str  # "alternative", "additional", "free", "mana cost" (no [cost] named) or "unknown"
    extra: str = ""
    reduce: str = ""  # "mana value", "power", "toughness" of the creature the extra part uses
    leaves: str = ""  # where the card goes instead when it leaves the stack ("" normal)
    only: tuple[str, ...] = ()  # spell types it must be ("instant or sorcery")
    anywhere: bool = False  # "can't be cast from any zone other than ..." absent: True
    optional: bool = False  # "up to one": the extra part may be left out

    def mana(self, mana_cost: Cost, cost: Cost, used: GameObjectStub | None) -> int | None:
        """Mana the cast takes: the keyword's cost or the mana cost, less the reduction."""
        if self.kind == "alternative":
            total = Cost(cost.generic, cost.colored)
        elif self.kind == "additional":
            total = mana_cost + cost
        elif self.kind == "free":
            return 0
        elif self.kind == "mana cost":
            total = Cost(mana_cost.generic, mana_cost.colored)
        else:
            return None
        if self.reduce and used is not None:
            by = {"mana value": used.mana_value, "power": used.power,
                  "toughness": used.toughness}[self.reduce]
            total = Cost(max(0, total.generic - by), total.colored)
        return total.mana_value


def read_permit(claims: Claims, meaning: str, quote: str, default_zone: str = "hand"
                ) -> Permit:
    """A keyword's casting permission read from its quoted meaning (and the rest of the
    definition for the zone rule and where it goes when it leaves the stack)."""
    origin = re.search(rf"\b{CAST} (?:this (?:card|half of this split card|spell)|it)(?: \w+)? "
                       r"from ([\w' ]+?)(?= by| if| rather|,|\.|\"|$)", meaning, re.I)
    zones = (zone_of(origin.group(1)) or origin.group(1),) if origin else (default_zone,)
    kind = classify_cost(meaning, quote).kind
    if kind == "unknown" and "[cost]" not in meaning.lower():
        kind = "mana cost"  # no [cost] of its own: the mana cost (and any extra part)
    extra = next((name for pattern, name in EXTRAS if re.search(pattern, meaning, re.I)), "")
    reduced = _clause(claims, quote, REDUCED)
    leave = _clause(claims, quote, LEAVES_STACK)
    to = ""
    if leave:
        to = "exile" if leave.group(1).lower() == "exile" else "library"
        if re.search(r"\bif (?:the|this spell's) [\w-]+ cost was(?:n't| not) paid|if this "
                     r"spell wasn't cast", quote, re.I):
            to = ""
    spell = re.search(SPELL_KIND, meaning, re.I)
    only = tuple(spell.group(1).lower().split(" or ")) if spell else ()
    other = claims.says(r"can't be cast from any zone other than an? (\w+)")
    anywhere = other is None
    if other is not None:
        match = re.search(r"other than an? (\w+)", other, re.I)
        zones = (zone_of(match.group(1)) or zones[0],) if match else zones
    optional = bool(extra and re.search(r"\bup to one\b", meaning, re.I))
    reduce = reduced.group(2).lower().replace("converted mana cost", "mana value") \
        if reduced else ""
    return Permit(zones, kind, extra, reduce, to, only,
                  anywhere, optional)


def _clause(claims: Claims, sentence: str, pattern: str) -> re.Match[str] | None:
    """`pattern` in the sentence of the meaning (noted as an anchor the check found)."""
    match = re.search(pattern, sentence, re.I)
    if match:
        claims.found.add(pattern)
    return match


@dataclass(frozen=True)
class PermitModel:
    """The reference semantics: `cast` does what the keyword's rules say."""

    name: str
    zones: tuple[str, ...] = ("hand",)
    kind: str = "alternative"
    extra: str = ""
    reduce: str = ""
    leaves: str = ""
    only: tuple[str, ...] = ()
    anywhere: bool = True
    optional: bool = False
    condition: Condition | None = None
    after: Callable[[Game, GameObject], None] | None = field(default=None)

    def cast(self, game: Game, player: Player, card: GameObject,
             used: GameObject | None = None) -> None:
        """Cast `card` with the keyword (IllegalAction where its rules don't allow it),
        `used` the creature or card the extra part of the cost takes."""
        ability = next(a for a in card.abilities if a.name == self.name)
        if card.zone not in self.zones or card.owner is not player:
            raise IllegalAction(f"{self.name} doesn't cast a card from {card.zone}")
        if self.only and not any(card.is_(t) for t in self.only):
            raise IllegalAction(f"{self.name} casts only {' or '.join(self.only)} spells")
        if self.condition and not self.condition(game, player, card):
            raise IllegalAction(f"the {self.name} condition isn't met")
        cost = Cost.parse(str(ability.param or ""))
        mana = Cost.parse(card.mana_cost)
        total = {"alternative": cost, "additional": mana + cost, "free": Cost(),
                 "mana cost": mana}[self.kind]
        if self.extra:
            total = self._extra(game, player, card, used, total)
        game.cast(player, card, alternative=Cost(total.generic, total.colored),
                  paid={self.name: True})
        if self.leaves:
            card.notes[f"{self.name} leaves"] = self.leaves

    def normal_cast(self, game: Game, player: Player, card: GameObject) -> None:
        """Cast the card the ordinary way, for its mana cost, from where it is."""
        if not self.anywhere and card.zone not in self.zones:
            raise IllegalAction(f"{self.name}: it can't be cast from {card.zone}")
        game.cast(player, card)

    def _extra(self, game: Game, player: Player, card: GameObject, used: GameObject | None,
               total: Cost) -> Cost:
        if self.optional and (used is None or used.tapped):
            return total
        if used is None:
            raise IllegalAction(f"{self.name} needs something to {self.extra}")
        if self.extra == "discard a card":
            if used.zone != "hand" or used.owner is not player or used is card:
                raise IllegalAction("discard a card from your hand")
            game.discard(used)
            return total
        if used.zone != "battlefield" or used.controller is not player or not used.is_(
                "creature"):
            raise IllegalAction(f"{self.extra}: a creature you control")
        if self.extra == "tap a creature":
            if used.tapped:
                raise IllegalAction("tap an untapped creature")
            used.tapped = True
        elif self.extra == "return a tapped creature":
            if not used.tapped:
                raise IllegalAction("return a tapped creature")
            game.move(used, "hand")
        else:
            game.sacrifice(used)
        if self.reduce:
            by = {"mana value": used.mana_value, "power": used.power,
                  "toughness": used.toughness}[self.reduce]
            total = Cost(max(0, total.generic - by), total.colored)
        return total

    def replace(self, game: Game, card: GameObject, ability: Ability,
                change: ZoneChange) -> None:
        """Hook: the card goes to `leaves` instead when it leaves the stack."""
        if change.origin == "stack" and ability.name == self.name:
            to = card.notes.pop(f"{self.name} leaves", "")
            if to:
                change.to = to


CARD_COST, KEYWORD_COST = "{6}{R}", "{4}{R}"


def _scenario(era: str, model: PermitModel, zone: str, types: tuple[str, ...], helper: str
              ) -> tuple[Game, GameObject, GameObject | None]:
    """My {4}{R} card of `types` with the keyword ({2}{R}) in `zone`, and the creature or
    card the extra part of the cost may use (`helper`: "", "untapped", "tapped", "card")."""
    game = Game(era=era)
    me = game.active
    them = game.opponent(me)
    target = creature(game, "Target", them, power=1, toughness=1)
    ability = Ability(model.name, KEYWORD_COST)
    if "creature" in types:
        card = game.create("Beast", controller=me, zone=zone, types=set(types), power=2,
                           toughness=2, mana_cost=CARD_COST, abilities=(ability,))
    else:
        card = burn_spell(game, me, "Blast", mana_cost=CARD_COST, zone=zone, types=types,
                          abilities=(ability,))
    used: GameObject | None = None
    if helper == "card":
        used = game.create("Spare card", controller=me, zone="hand", mana_cost="{1}")
    elif helper:
        used = creature(game, "Helper", me, power=3, toughness=4, mana_cost="{1}{G}",
                        tapped=helper == "tapped")
    card.notes["target"] = target
    return game, card, used


def _attempt(game: Game, model: PermitModel, card: GameObject, used: GameObject | None,
             countered: bool) -> tuple[int | None, str, str]:
    """(mana taken or None when illegal, where the card ends, where the helper ends)."""
    me = game.active
    before = fill_pool(me)
    try:
        model.cast(game, me, card, used)
    except IllegalAction:
        return None, card.zone, used.zone if used else ""
    mana = before - pool_size(me)
    if countered:
        item = game.stack[-1]
        game.stack.remove(item)
        game.move(card, "graveyard", cause="countered")
    else:
        game.resolve_stack()
    return mana, card.zone, (used.zone if used else "")


def expected_outcome(permit: Permit, zone: str, types: tuple[str, ...], helper: str,
                     countered: bool, met: bool) -> tuple[int | None, str, str]:
    """What the text says the same attempt does."""
    helper_zone = {"card": "hand", "untapped": "battlefield", "tapped": "battlefield"}.get(
        helper, "")
    needs = {"sacrifice a creature": ("untapped", "tapped"), "tap a creature": ("untapped",),
             "return a tapped creature": ("tapped",), "discard a card": ("card",)}.get(
        permit.extra, ())
    usable = helper in needs
    legal = (zone in permit.zones and met and (not needs or usable or permit.optional)
             and (not permit.only or any(t in types for t in permit.only)))
    if not legal:
        return None, zone, helper_zone
    used = GameObjectStub(*HELPER_STATS) if usable and helper != "card" else None
    mana = permit.mana(Cost.parse(CARD_COST), Cost.parse(KEYWORD_COST), used)
    permanent = not set(types) & {"instant", "sorcery"}
    end = permit.leaves or ("battlefield" if permanent and not countered else "graveyard")
    helper_end = {"sacrifice a creature": "graveyard", "return a tapped creature": "hand",
                  "discard a card": "graveyard"}.get(permit.extra, helper_zone) if usable \
        else helper_zone
    return mana, end, helper_end


HELPER_STATS = (3, 4, 2)  # the helper creature: power, toughness, mana value


@dataclass
class GameObjectStub:
    """The helper creature's numbers, as the text's reduction reads them."""

    power: int
    toughness: int
    mana_value: int


History = tuple[str, Callable[[Game, GameObject], None]]
NOTHING: tuple[History, ...] = (("nothing happened before", lambda game, card: None),)


def check_permit(claims: Claims, era: str, model: PermitModel, meaning: str, quote: str,
                 condition: Condition | None = None,
                 histories: tuple[History, ...] = NOTHING) -> list[str]:
    """Casts from the hand, the graveyard and exile, with and without what the extra part of
    the cost needs, of a sorcery and of a creature card, resolving and countered, after each
    of `histories`: legal or not, mana taken, where the card and the helper end, by the text
    (`condition`: the condition the text states, read into a test) and by the model."""
    permit = read_permit(claims, meaning, quote)
    helpers = ("",) + {"sacrifice a creature": ("untapped",), "tap a creature":
                       ("untapped", "tapped"), "return a tapped creature": ("untapped", "tapped"),
                       "discard a card": ("card",)}.get(permit.extra or model.extra, ("untapped",))
    said = (f"it is cast from the {' or '.join(permit.zones)} for "
            + ("its mana cost" if permit.kind == "mana cost" else f"{permit.kind} cost")
            + (f", {permit.extra}" if permit.extra else "")
            + (f", reduced by its {permit.reduce}" if permit.reduce else "")
            + (f", to {permit.leaves} when it leaves the stack" if permit.leaves else ""))
    for zone in ("hand", "graveyard", "exile"):
        for types in (("sorcery",), ("creature",)):
            for helper in helpers:
                for countered in (False, True):
                    for label, history in histories:
                        game, card, used = _scenario(era, model, zone, types, helper)
                        history(game, card)
                        ok = condition(game, game.active, card) if condition else True
                        expected = expected_outcome(permit, card.zone, types, helper, countered,
                                                    ok)
                        actual = _attempt(game, model, card, used, countered)
                        problems = differ(
                            said, quote,
                            f"a {CARD_COST} {types[0]} with {model.name} {KEYWORD_COST} in "
                            f"the {zone}" + (f", a {helper} {'card' if helper == 'card' else '3/3'}"
                                             if helper else "")
                            + (", countered" if countered else "") + f" ({label})"
                            + ": (mana taken or None, the card's zone, the helper's zone)",
                            expected, actual)
                        if problems:
                            return problems
    if not permit.anywhere or not model.anywhere:
        game, card, _ = _scenario(era, model, "hand", ("sorcery",), "")
        fill_pool(game.active)
        try:
            model.normal_cast(game, game.active, card)
            actual_normal = True
        except IllegalAction:
            actual_normal = False
        return differ("it can't be cast from another zone" if not permit.anywhere else
                      "nothing against casting it from the hand", quote,
                      f"a {CARD_COST} sorcery with {model.name} cast from the hand for its mana "
                      "cost: may it be cast", permit.anywhere, actual_normal)
    return []


def permit_check(model: PermitModel, form: str, anchor: str = r"\[cost\]",
                 condition: Callable[[str], Condition | None] | None = None,
                 histories: tuple[History, ...] = NOTHING
                 ) -> Callable[[Claims, str], list[str] | None]:
    """A check for `model` reading the quoted meaning of the written form `form` (a regex,
    e.g. `emerge \\[cost\\]`): the quotation naming `anchor`."""
    def check(claims: Claims, era: str) -> list[str] | None:
        found = meaning_of(claims, form, anchor)
        if found is None:
            return None
        test = condition(found[0]) if condition else None
        return check_permit(claims, era, model, found[0], found[1], test, histories)
    return check


def discarded(meaning: str) -> Condition | None:
    """"as long as you discarded this card this turn" read into a test of the game (who
    discarded it, when); None when the meaning states no such condition."""
    match = re.search(r"\b(?:as long as|if) (you|an opponent|a player) discarded (?:this card|it)"
                      r" (this turn|last turn)", meaning, re.I)
    if match is None:
        return None
    who, when = match.group(1).lower(), match.group(2).lower()

    def test(game: Game, player: Player, card: GameObject) -> bool:
        return when == "this turn" and any(
            e.name == "discard" and e.obj is card and (who == "a player" or (
                (e.player is player) == (who == "you"))) for e in game.log[turn_start(game):])
    return test


def discard_it(game: Game, card: GameObject) -> None:
    """History: the card's owner discarded it this turn (when it is in the graveyard)."""
    if card.zone == "graveyard":
        game.move(card, "hand")
        game.discard(card)


def combat_damage_by(meaning: str) -> Condition | None:
    """"if a player was dealt combat damage this turn by a creature that ... was an <type>
    creature ... under your control" read into a test; None when no such condition."""
    match = re.search(r"\bif (a player|an opponent|you) (?:was|were) dealt combat damage this "
                      r"turn by an? (?:creature that, at the time it dealt that damage, was an? )?"
                      r"(\w+) creature[\w ]*? under (your|an opponent's) control", meaning, re.I)
    if match is None:
        return None
    victim, kind, whose = (g.lower() for g in match.groups())

    def test(game: Game, player: Player, card: GameObject) -> bool:
        for event in game.log[turn_start(game):]:
            if event.name != "deals combat damage to a player" or event.obj is None:
                continue
            mine = event.obj.controller is player
            hit = event.player
            if victim == "you" and hit is not player or victim == "an opponent" and \
                    hit is player:
                continue
            if kind in event.obj.subtypes and mine == (whose == "your"):
                return True
        return False
    return test


def hit_by(mine: bool, subtype: str) -> History:
    """History: a 2/2 `subtype` creature of mine (or an opponent's) dealt combat damage to the
    other player this turn."""
    def run(game: Game, card: GameObject) -> None:
        attacker = game.active if mine else game.opponent(game.active)
        body = creature(game, f"{subtype.title()} raider", attacker, subtypes={subtype})
        game.deal_damage(body, game.opponent(attacker), 2, combat=True)
    return (f"{'my' if mine else 'an opponent'}'s {subtype} dealt combat damage", run)
