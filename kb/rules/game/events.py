"""What happens in a game: events (what triggered abilities wait for), zone changes and
damage results (what replacement effects and hooks change), items on the stack, replacement
effects, and the state of one combat."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kb.rules.game.objects import Ability, GameObject, Player

if TYPE_CHECKING:
    from kb.rules.game import Game


@dataclass
class Event:
    """Something that happened; triggered abilities look for events by name."""

    name: str
    obj: GameObject | None = None
    player: Player | None = None
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class ZoneChange:
    """An object about to move between zones; replacement effects may change `to`."""

    obj: GameObject
    origin: str
    to: str
    owner_zone: Player | None = None
    cause: str = ""
    applied: set[str] = field(default_factory=set)
    events: list[str] = field(default_factory=list)  # emitted once it arrives (madness)


@dataclass
class DamageResult:
    """What one piece of damage does; damage hooks change it before it is applied."""

    source: GameObject
    target: GameObject | Player
    amount: int
    combat: bool = False
    life_loss: int = 0
    poison: int = 0
    marked: int = 0
    minus_counters: int = 0
    lifegain: list[int] = field(default_factory=list)
    deathtouch: bool = False


@dataclass(eq=False)
class StackItem:
    """A spell, a copy of a spell, or an activated/triggered ability on the stack."""

    kind: str  # "spell" | "ability"
    source: GameObject
    controller: Player
    resolve: Callable[[Game, StackItem], None] | None = None
    targets: list[Any] = field(default_factory=list)
    is_copy: bool = False
    paid: dict[str, Any] = field(default_factory=dict)
    ability: Ability | None = None
    event: Event | None = None
    label: str = ""

    def __repr__(self) -> str:
        return f"<{self.kind} {self.label or self.source.name}{' copy' if self.is_copy else ''}>"


@dataclass
class Replacement:
    """A replacement or prevention effect created by a resolved spell or ability."""

    label: str
    applies: Callable[[Any], bool]
    apply: Callable[[Any], Any]
    uses: int | None = None  # None: until removed; 1: a one-shot shield
    until: str = ""  # "end of turn": removed in the cleanup step; "": until removed


@dataclass
class Combat:
    """The state of one combat: attackers, bands, blocks, damage assignment orders."""

    attackers: dict[GameObject, Player] = field(default_factory=dict)
    # attacker -> its blockers; blocker -> the attackers it blocks
    blocks: dict[GameObject, list[GameObject]] = field(default_factory=dict)
    blocking: dict[GameObject, list[GameObject]] = field(default_factory=dict)
    bands: list[list[GameObject]] = field(default_factory=list)
    blocked: set[GameObject] = field(default_factory=set)
    struck_first: set[GameObject] = field(default_factory=set)
    requirements: list[tuple[GameObject, GameObject]] = field(default_factory=list)

    def band_of(self, creature: GameObject) -> list[GameObject]:
        """The band a creature attacks in (itself alone when in none)."""
        return next((band for band in self.bands if creature in band), [creature])
