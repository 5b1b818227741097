"""The things a game is made of: players, objects (cards, tokens, permanents, spells), their
abilities, costs and power/toughness effects, and the illegal action; and what happens in a
game: events (what triggered abilities wait for), zone changes and damage results (what
replacement effects and hooks change), items on the stack, replacement effects, and the
state of one combat. Plain data: the rules that act on it are the parts of `Game`."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kb.rules.game import Game

COLORS: dict[str, str] = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
ZONES: tuple[str, ...] = ("library", "hand", "battlefield", "graveyard", "stack", "exile",
                          "command")
# the M2010 rules (effective 2009-07-11): lifelink and deathtouch static, combat damage off the
# stack, 70x keyword numbers
M2010 = "2009-07-11"


class IllegalAction(Exception):
    """An action the rules do not allow (an illegal attack, block, target, payment, ...)."""



# --- objects ---------------------------------------------------------------------------------

@dataclass
class Ability:
    """One instance of a keyword (or other) ability on an object, with its parameter."""

    name: str
    param: Any = None


@dataclass
class Cost:
    """A cost: mana (`{2}{G}`), plus other parts (tap creatures, sacrifice, discard, ...)."""

    generic: int = 0
    colored: Counter = field(default_factory=Counter)
    other: list[str] = field(default_factory=list)

    @classmethod
    def parse(cls, text: str) -> Cost:
        """`{2}{G}{G}` -> generic 2, colored G:2; `{X}` counts as 0 (X chosen as 0)."""
        cost = cls()
        for symbol in re.findall(r"\{([^}]+)\}", text or ""):
            if symbol.isdigit():
                cost.generic += int(symbol)
            elif symbol.upper() in COLORS or symbol.upper() == "C":
                cost.colored[symbol.upper()] += 1
        return cost

    def __add__(self, other: Cost) -> Cost:
        return Cost(self.generic + other.generic, self.colored + other.colored,
                    self.other + other.other)

    @property
    def mana_value(self) -> int:
        """Total amount of mana in the cost."""
        return self.generic + sum(self.colored.values())


@dataclass(eq=False)
class Player:
    """A player: life, counters (poison, ...), zones, a mana pool."""

    name: str
    life: int = 20
    counters: Counter = field(default_factory=Counter)
    library: list[GameObject] = field(default_factory=list)
    hand: list[GameObject] = field(default_factory=list)
    graveyard: list[GameObject] = field(default_factory=list)
    exile: list[GameObject] = field(default_factory=list)
    command: list[GameObject] = field(default_factory=list)  # commander, emblems
    pool: Counter = field(default_factory=Counter)
    abilities: list[Ability] = field(default_factory=list)
    lost: bool = False

    @property
    def poison(self) -> int:
        """Poison counters."""
        return self.counters["poison"]

    def zone(self, name: str) -> list[GameObject]:
        """One of this player's own zones by name."""
        return getattr(self, name)

    def __repr__(self) -> str:
        return f"Player({self.name})"


@dataclass
class PTEffect:
    """A power/toughness change from an effect, lasting `until` ('end of turn', ...)."""

    power: int
    toughness: int
    until: str = "end of turn"
    source: str = ""


@dataclass(eq=False)
class GameObject:
    """A card, token, permanent or spell: one class, its zone says which."""

    name: str
    owner: Player
    types: set[str] = field(default_factory=lambda: {"creature"})
    subtypes: set[str] = field(default_factory=set)
    supertypes: set[str] = field(default_factory=set)
    colors: set[str] = field(default_factory=set)
    mana_cost: str = ""
    power: int = 0
    toughness: int = 0
    abilities: list[Ability] = field(default_factory=list)
    counters: Counter = field(default_factory=Counter)
    damage: int = 0
    deathtouched: bool = False
    tapped: bool = False
    controller: Player | None = None
    zone: str = "library"
    sick: bool = False
    token: bool = False
    copy_of: GameObject | None = None
    attached_to: GameObject | Player | None = None
    effects: list[PTEffect] = field(default_factory=list)
    face_down: bool = False
    phased_out: str = ""  # "", "directly" or "indirectly" (702.26)
    ident: int = 0
    effect: Callable[[Game, StackItem], None] | None = None  # an instant/sorcery's text
    notes: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.controller is None:
            self.controller = self.owner

    def __repr__(self) -> str:
        return f"<{self.name}#{self.ident} {self.zone}>"

    def has(self, name: str) -> bool:
        """Whether the object has at least one instance of an ability."""
        return any(a.name == name for a in self.abilities)

    def instances(self, name: str) -> list[Ability]:
        """Every instance of an ability on the object."""
        return [a for a in self.abilities if a.name == name]

    def is_(self, type_: str) -> bool:
        """Card type, subtype or supertype test (`is_("creature")`, `is_("swamp")`)."""
        return type_ in self.types or type_ in self.subtypes or type_ in self.supertypes

    @property
    def current_power(self) -> int:
        """Power with counters and effects applied."""
        return (self.power + self.counters["+1/+1"] - self.counters["-1/-1"]
                + sum(e.power for e in self.effects))

    @property
    def current_toughness(self) -> int:
        """Toughness with counters and effects applied."""
        return (self.toughness + self.counters["+1/+1"] - self.counters["-1/-1"]
                + sum(e.toughness for e in self.effects))

    @property
    def mana_value(self) -> int:
        """Converted mana cost / mana value."""
        return Cost.parse(self.mana_cost).mana_value

    def snapshot(self) -> dict[str, Any]:
        """Last known information as it leaves a zone."""
        return {"counters": Counter(self.counters), "power": self.current_power,
                "toughness": self.current_toughness, "controller": self.controller,
                "abilities": list(self.abilities), "zone": self.zone}


# --- events, stack ----------------------------------------------------------------------------

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
