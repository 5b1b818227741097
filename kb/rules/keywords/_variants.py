"""The casual variants' pieces of the model (Archenemy's schemes, Planechase's planes,
Attractions, dungeons): the decks a player plays with beside their library (scheme deck,
planar deck, Attraction deck, top first), which variant a game is, and who holds its role
(the archenemy, the planar controller). Kept per game, outside `Game`."""

from __future__ import annotations

from weakref import WeakKeyDictionary

from kb.rules.game import Game, GameObject, Player

_DECKS: WeakKeyDictionary[Game, dict[tuple[str, str], list[GameObject]]] = WeakKeyDictionary()
_ROLES: WeakKeyDictionary[Game, dict[str, Player]] = WeakKeyDictionary()


def deck(game: Game, player: Player, name: str) -> list[GameObject]:
    """`player`'s deck called `name` ("scheme", "planar", "attraction"), top first."""
    return _DECKS.setdefault(game, {}).setdefault((player.name, name), [])


def build_deck(game: Game, player: Player, name: str, cards: list[str],
               types: set[str] | None = None) -> list[GameObject]:
    """Face-down cards named `cards` (top first) as `player`'s `name` deck."""
    pile = deck(game, player, name)
    for card_name in cards:
        card = GameObject(name=card_name, owner=player, types=set(types or {name}),
                          zone=f"{name} deck", face_down=True)
        pile.append(card)
    return pile


def play_as(game: Game, role: str, player: Player) -> None:
    """The game is of a variant and `player` holds its `role` ("archenemy", "planar
    controller", "attraction deck", ...)."""
    _ROLES.setdefault(game, {})[role] = player


def holds(game: Game, role: str) -> Player | None:
    """Who holds a role in this game (None: the game isn't of that variant)."""
    return _ROLES.get(game, {}).get(role)


def command(game: Game, player: Player, card: GameObject, face_up: bool = True) -> None:
    """Put a card into `player`'s command zone (off its deck), face up or down."""
    for pile in _DECKS.get(game, {}).values():
        if card in pile:
            pile.remove(card)
    card.zone = "command"
    card.face_down = not face_up
    if card not in player.command:
        player.command.append(card)


def to_bottom(game: Game, card: GameObject, name: str) -> None:
    """Put a card face down on the bottom of its owner's `name` deck."""
    if card in card.owner.command:
        card.owner.command.remove(card)
    card.zone = f"{name} deck"
    card.face_down = True
    deck(game, card.owner, name).append(card)
