"""The state of a game and what every part of its rules uses: players and their zones, the
battlefield, choices, making objects, and the keyword hooks (asked of the spec lookup the game
is handed: `kb.rules.hooks`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from kb.rules.game.objects import (
    M2010,
    Ability,
    Combat,
    Event,
    GameObject,
    Player,
    PTEffect,
    Replacement,
    StackItem,
)
from kb.rules.hooks import SpecLookup, default_lookup

if TYPE_CHECKING:
    from kb.rules.game import Game


class GameBase:
    """One game's state: players, the battlefield, the stack, combat, effects, the event log;
    choices, objects in play and the keyword hooks."""

    def __init__(self, players: int = 2, era: str = "", life: int = 20,
                 forms: dict[str, Any] | None = None, specs: SpecLookup | None = None) -> None:
        self.players = [Player(name, life=life) for name in "ABCD"[:players]]
        self.era = era
        self.battlefield: list[GameObject] = []
        self.stack: list[StackItem] = []
        self.active = self.players[0]
        self.turn = 1
        self.step = "main"  # "untap", "upkeep", "draw", "main", "end" (no separate phases)
        self.combat: Combat | None = None
        self.replacements: list[Replacement] = []
        self.pending: list[StackItem] = []
        self.log: list[Event] = []
        self.choices: dict[str, Any] = {}
        self.spells_cast_this_turn: list[GameObject] = []
        self.delayed: list[tuple[str, Callable[[Game, Event], bool], StackItem]] = []
        self.phased_out: list[GameObject] = []
        self._next_id = 0
        self._specs: dict[str, Any] = dict(forms or {})
        self._lookup = specs or default_lookup()

    @property
    def modern(self) -> bool:
        """Whether the game follows the rules since the M2010 update (or no era was given)."""
        return not self.era or self.era >= M2010

    def opponent(self, player: Player) -> Player:
        """The next player in turn order (the opponent, in a two-player game)."""
        return self.players[(self.players.index(player) + 1) % len(self.players)]

    def choose(self, key: str, default: Any) -> Any:
        """A player's choice: the scenario's, else the default policy's."""
        value = self.choices.get(key, default)
        return value(self) if callable(value) and not isinstance(default, bool) else value

    def create(self, name: str, controller: Player | None = None, zone: str = "battlefield",
               power: int = 0, toughness: int = 0, abilities: Iterable[Ability | str] = (),
               **fields: Any) -> GameObject:
        """Make an object in a zone (a permanent by default), untapped and able to attack."""
        owner = controller or self.active
        self._next_id += 1
        items = [a if isinstance(a, Ability) else Ability(a) for a in abilities]
        obj = GameObject(name=name, owner=owner, power=power, toughness=toughness,
                         abilities=items, ident=self._next_id, **fields)
        self._place(obj, zone, top=True)
        if zone == "battlefield":
            self._apply_enters(obj)
        return obj

    def _place(self, obj: GameObject, zone: str, top: bool = True) -> None:
        obj.zone = zone
        if zone == "battlefield":
            self.battlefield.append(obj)
        elif zone != "stack":
            pile = obj.owner.zone(zone)
            pile.insert(0, obj) if (top and zone == "library") else pile.append(obj)

    def _remove(self, obj: GameObject) -> None:
        if obj.zone == "battlefield":
            (self.phased_out if obj.phased_out else self.battlefield).remove(obj)
            obj.phased_out = ""
        elif obj.zone == "stack":
            self.stack[:] = [item for item in self.stack if item.source is not obj]
        elif obj in obj.owner.zone(obj.zone):
            obj.owner.zone(obj.zone).remove(obj)

    def creatures(self, controller: Player | None = None) -> list[GameObject]:
        """Creatures on the battlefield (of one controller)."""
        return [o for o in self.battlefield if o.is_("creature")
                and (controller is None or o.controller is controller)]

    def permanents(self, controller: Player | None = None) -> list[GameObject]:
        """Permanents on the battlefield (of one controller)."""
        return [o for o in self.battlefield if controller is None or o.controller is controller]

    def spec(self, name: str) -> Any:
        """The keyword spec of an ability name (an earlier form when the game was given one,
        or validation is trying one)."""
        if name not in self._specs:
            self._specs[name] = self._lookup(name, self.era)
        return self._specs[name]

    def hooks(self, obj: GameObject | Player, hook: str) -> Iterator[tuple[Ability, Callable]]:
        """(ability instance, hook function) for each ability of `obj` that answers `hook`."""
        for ability in list(obj.abilities):
            spec = self.spec(ability.name)
            function = spec.hooks.get(hook) if spec else None
            if function:
                yield ability, function

    def ask_all(self, obj: GameObject | Player, hook: str, *args: Any) -> list[Any]:
        """Every answer of `obj`'s abilities to a hook."""
        return [fn(self, obj, ability, *args) for ability, fn in self.hooks(obj, hook)]

    def gets(self, obj: GameObject, power: int, toughness: int, until: str = "end of turn",
             source: str = "") -> None:
        """`obj` gets +power/+toughness for a duration."""
        obj.effects.append(PTEffect(power, toughness, until, source))

    def _apply_enters(self, obj: GameObject) -> None:
        for ability, fn in self.hooks(obj, "as_enters"):
            fn(self, obj, ability)
