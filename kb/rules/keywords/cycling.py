"""Cycling [cost] (702.27 in 2012, 502.18 in 2008): an activated ability that functions only
while the card is in a player's hand, "[Cost], Discard this card: Draw a card." Typecycling
([type]cycling [cost]: landcycling, basic landcycling, swampcycling, ...) searches the library
for a card of that type instead; typecycling abilities are cycling abilities. "When you cycle
[this card]" abilities trigger as the card is discarded to pay a cycling cost: in the 2008
rules from the graveyard, since 2009 from whatever zone the card winds up in."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import (
    Ability,
    Event,
    Game,
    GameObject,
    IllegalAction,
    Player,
    Replacement,
    StackItem,
    ZoneChange,
)
from kb.rules.keywords._casting import (
    ability_of,
    activation_mana,
    meaning_of,
    param_cost,
    read_word,
    search_library,
    zone_of,
)
from kb.rules.registry import Check, Keyword, register

LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")
TYPECYCLING = ("typecycling", "landcycling", "basic landcycling",
               *(f"{land}cycling" for land in LAND_TYPES))
CYCLED = "cycled"
WHEN_CYCLED = "when cycled"
EVERY_ZONE = ("hand", "graveyard", "exile", "library", "battlefield", "stack")
M2010 = "cycle triggers work from whatever zone the card winds up in"


def cycling_type(name: str) -> str | None:
    """The type a typecycling ability searches for (`basic landcycling` -> `basic land`);
    None for cycling itself; `` for the generic name typecycling."""
    if name == "cycling":
        return None
    kind = name[:-len("cycling")].strip()
    return "" if kind == "type" else kind


def has_type(card: GameObject, kind: str) -> bool:
    """Whether a card is of a typecycling type (`basic land`: basic and land)."""
    return all(card.is_(word) for word in kind.split())


def cycle(game: Game, player: Player, card: GameObject, name: str = "cycling") -> StackItem:
    """Activate a cycling (or typecycling) ability of a card in its owner's hand: pay the
    cost, discard the card, then the card is cycled (`cycled` event)."""
    ability = ability_of(card, name)
    if card.zone != "hand" or card.owner is not player:
        raise IllegalAction(f"{name} can be activated only from its owner's hand")
    kind = cycling_type(ability.name)

    def resolve(game: Game, item: StackItem) -> None:
        if kind is None:
            game.draw(player)
            return
        found = search_library(player, lambda c: has_type(c, kind) if kind else True)
        if found is not None:
            game.move(found, "hand")

    item = game.activate(card, ability.name, cost=param_cost(ability), resolve=resolve,
                         player=player)
    game.discard(card, cause="cycling")
    game.emit(CYCLED, card, player=player)
    return item


def _condition(game: Game, card: GameObject, ability: Ability, event: Event) -> bool:
    first = next(a for a in card.abilities if a.name == "cycling" or a.name in TYPECYCLING)
    return event.obj is card and WHEN_CYCLED in card.notes and ability is first


def _effect(game: Game, card: GameObject, ability: Ability, event: Event) -> None:
    """A "when you cycle this card" ability of the card (`notes['when cycled']`)."""
    card.notes[WHEN_CYCLED](game, card)


def _card(game: Game, name: str = "cycling", cost: str = "{2}") -> GameObject:
    card = game.create("Eternal Dragon", controller=game.active, zone="hand",
                       mana_cost="{5}{W}{W}", power=5, toughness=5,
                       abilities=(Ability(name, cost),))
    card.notes[WHEN_CYCLED] = lambda game, card: setattr(card.owner, "life", card.owner.life + 3)
    return card


def _library(game: Game) -> None:
    for land in ("island", "swamp", "forest"):
        game.create(land.title(), controller=game.active, zone="library", types={"land"},
                    subtypes={land}, supertypes={"basic"})


def check_cycling(claims: Claims, era: str) -> list[str] | None:
    """Cycling {2} from the hand (mana, where the card goes, cards drawn), and from the
    battlefield."""
    found = meaning_of(claims, r"cycling \[cost\]")
    if found is None:
        return None
    meaning, sentence = found
    match = re.search(r"^(.*?):\s*(.*)$", meaning)
    cost, effect = match.groups() if match else ("", meaning)
    drawn = re.search(r"\bdraw (\w+) cards?", effect, re.I)
    problems = []
    game = Game(era=era)
    card = _card(game)
    _library(game)
    hand = len(game.active.hand)
    done, mana = activation_mana(game, game.active, cycle, game, game.active, card)
    expected = (True, 2 if "[cost]" in cost.lower() else 0,
                "graveyard" if "discard this card" in cost.lower() else "hand",
                quantity(drawn.group(1)) if drawn else 0)
    actual = (done, mana, card.zone, len(game.active.hand) - hand + (card.zone != "hand"))
    problems += differ(f'cycling means "{meaning}"', sentence, "cycling {2} from the hand: "
                       "(legal, mana paid, the card's zone, cards drawn)", expected, actual)
    game = Game(era=era)
    card = game.create("Cycler", controller=game.active, abilities=(Ability("cycling", "{2}"),))
    _library(game)
    done, _ = activation_mana(game, game.active, cycle, game, game.active, card)
    problems += differ("cycling functions only in a player's hand", sentence,
                       "cycling a permanent on the battlefield",
                       "battlefield" in claims.functions_in, done)
    return problems


def check_typecycling(claims: Claims, era: str) -> list[str] | None:
    """Swampcycling {2}: the card it finds in a library of an Island, a Swamp and a Forest,
    and where that card goes."""
    found = meaning_of(claims, r"\[(?:sub)?type\]cycling \[cost\]")
    if found is None:
        return None
    meaning, sentence = found
    search = re.search(r"search your library for an? \[(?:sub)?type\] card, reveal it, and put "
                       r"it ([\w' ]+)", meaning, re.I)
    game = Game(era=era)
    card = _card(game, "swampcycling")
    _library(game)
    done, _ = activation_mana(game, game.active, cycle, game, game.active, card,
                              "swampcycling")
    swamp = next(c for zone in ("hand", "library", "battlefield", "graveyard")
                 for c in game.active.zone(zone) if c.is_("swamp"))
    expected = (True, zone_of(search.group(1)) if search else "library", card.zone)
    return differ(f'[type]cycling means "{meaning}"', sentence,
                  "swampcycling {2}: (legal, the Swamp's zone, the card's zone)",
                  expected, (done, swamp.zone, "graveyard"))


def check_trigger(claims: Claims, era: str) -> list[str] | None:
    """A card with "when you cycle this card, gain 3 life": cycled normally, cycled while
    cards that would go to a graveyard are exiled instead, and swampcycled."""
    where = read_word(claims, r"these abilities trigger from (the graveyard|whatever zone[^.]*"
                              r"|[\w ]+)")
    typed = claims.says(r"any cards that trigger when a player cycles a card will trigger when "
                        r"a card is discarded to pay (?:a typecycling cost|an activation cost "
                        r"of a typecycling ability)")
    if where is None:
        return None
    defined = read_word(claims, r'"when you (\w+) \[?this card\]?" means "when you discard')
    triggered = CYCLED in claims.triggers and defined is not None and defined[1] == "cycle"
    anywhere = where[1].startswith("whatever zone")
    problems = []
    for exiled, name in ((False, "cycling"), (True, "cycling"), (False, "swampcycling")):
        if name != "cycling" and typed is None:
            continue
        game = Game(era=era)
        card = _card(game, name)
        _library(game)
        if exiled:
            game.replacements.append(Replacement(
                "exiled instead", lambda c: isinstance(c, ZoneChange) and c.to == "graveyard",
                lambda c: setattr(c, "to", "exile")))
        activation_mana(game, game.active, cycle, game, game.active, card, name)
        lands_in = "exile" if exiled else "graveyard"
        expected = triggered and (anywhere or zone_of(where[1]) == lands_in)
        problems += differ(f"\"when you cycle\" abilities trigger from {where[1]}",
                           where[0] if name == "cycling" else typed or "",
                           f"a card with \"when you cycle this card, gain 3 life\" is "
                           f"{'swampcycled' if name != 'cycling' else 'cycled'} and winds up in "
                           f"{lands_in}", expected, game.active.life == 23)
    return problems


register(Keyword(
    name="cycling",
    aliases=TYPECYCLING,
    kind=("activated",),
    parameter=("[cost]",),
    trigger=(CYCLED,),
    zones=("hand", "battlefield", "graveyard", "library"),
    functions_in=("hand",),
    trigger_zones=EVERY_ZONE,
    effect=_effect,
    condition=_condition,
    checks=(Check("cycling: pay, discard this card, draw", check_cycling),
            Check("typecycling: search the library for a card of the type", check_typecycling),
            Check("cycle triggers: from which zone", check_trigger)),
    history=((M2010, {"trigger_zones": ("graveyard",)}),),
    note="Cycle triggers worked from the graveyard only, later from whatever zone the card "
         "winds up in.",
))
