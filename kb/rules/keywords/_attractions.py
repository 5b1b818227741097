"""Attractions (717) in the model, for open an Attraction, roll to visit your Attractions and
visit: a player's Attraction deck (`_variants`), Attractions with lit-up numbers
(`notes["lit"]`), opening one, rolling to visit (a six-sided die; the result a scenario's
choice `"die"`), and the visit ability's trigger event."""

from __future__ import annotations

from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player
from kb.rules.keywords._variants import build_deck, deck, holds, play_as

DIE = 6
ROLLED = "you roll to visit your attractions"  # the event visit abilities trigger on


def attraction_deck(game: Game, player: Player, names: list[str]) -> list[GameObject]:
    """`player` plays with an Attraction deck of these cards (top first)."""
    play_as(game, f"attraction deck {player.name}", player)
    return build_deck(game, player, "attraction", names, types={"artifact"})


def attraction(game: Game, player: Player, name: str, lit: set[int],
               life: int = 3) -> GameObject:
    """An Attraction on the battlefield under `player`'s control, with `lit` numbers lit up
    and "Visit — You gain `life` life"."""
    card = game.create(name, controller=player, types={"artifact"}, subtypes={"attraction"},
                       abilities=(Ability("visit", life),))
    card.notes["lit"] = set(lit)
    return card


def open_attraction(game: Game, player: Player) -> GameObject | None:
    """Move the top card of `player`'s Attraction deck off it, face up, onto the battlefield
    under their control (only a player playing with an Attraction deck); the "opens an
    Attraction" event only when it entered."""
    if holds(game, f"attraction deck {player.name}") is not player:
        raise IllegalAction(f"{player.name} plays with no Attraction deck")
    pile = deck(game, player, "attraction")
    if not pile:
        return None
    card = pile.pop(0)
    card.face_down = False
    if card.notes.get("can't enter"):
        card.zone = "exile"
        player.exile.append(card)
        return card
    card.subtypes.add("attraction")
    card.zone = "outside"
    game.battlefield.append(card)
    card.zone, card.controller = "battlefield", player
    game.emit("opens an attraction", card, player=player)
    return card


def roll_to_visit(game: Game, player: Player) -> tuple[int, list[GameObject]]:
    """Roll a six-sided die (the scenario's choice "die", else 1); each Attraction `player`
    controls with that number lit up is visited. Returns (the result, the visited)."""
    result = int(game.choose("die", 1))
    if not 1 <= result <= DIE:
        raise IllegalAction(f"a six-sided die can't roll {result}")
    visited = [obj for obj in game.battlefield if obj.controller is player
               and "attraction" in obj.subtypes and result in obj.notes.get("lit", ())]
    for obj in visited:
        game.emit("visited", obj, player=player)
    game.emit(ROLLED, player=player, result=result)
    game.resolve_stack()
    return result, visited
