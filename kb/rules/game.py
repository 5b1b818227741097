"""A small, plain, deterministic model of a game of Magic, enough to run keyword scenarios.

Scenarios build their own objects (there is no card database): `Game(players=2)`, then
`game.create(...)` puts a permanent onto the battlefield or a card into a zone. The engine
knows the turn-based rules (combat, damage, the stack, triggers, replacement and prevention
effects, costs, state-based actions); everything a keyword changes is asked of the keyword
through the hooks of its spec (`kb.rules.keywords.Keyword`), so each keyword lives in its
own module. The hook names the engine asks are listed in `HOOKS`.

Choices a real player would make are made by simple deterministic policies (first legal
option, "yes" to "you may"); a scenario overrides them through `Game.choices`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from kb.rules.hooks import HOOKS as HOOKS
from kb.rules.hooks import SpecLookup, default_lookup

COLORS: dict[str, str] = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
ZONES: tuple[str, ...] = ("library", "hand", "battlefield", "graveyard", "stack", "exile",
                          "command")
# the M2010 rules (effective 2009-07-11): lifelink and deathtouch static, combat damage off the
# stack, 70x keyword numbers
M2010 = "2009-07-11"

# Hook name -> what the engine asks (every hook gets `game, obj, ability` first): kb.rules.hooks


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


# --- the game ---------------------------------------------------------------------------------

class Game:
    """One game: players, the battlefield, the stack, combat, effects, the event log."""

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

    # -- small helpers
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

    # -- keyword hooks
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

    # -- events and triggers
    def emit(self, name: str, obj: GameObject | None = None, player: Player | None = None,
             **data: Any) -> Event:
        """Record an event; every triggered ability waiting for it is put in `pending`."""
        event = Event(name, obj, player, data)
        self.log.append(event)
        watchers = list(self.battlefield)
        for person in self.players:
            for zone in ("hand", "graveyard", "exile", "library"):
                watchers += person.zone(zone)
        watchers += [item.source for item in self.stack if item.kind == "spell"]
        if obj is not None and obj not in watchers:  # leaves-the-zone abilities look back
            watchers.append(obj)
        for watcher in watchers:
            for ability in list(watcher.abilities):
                spec = self.spec(ability.name)
                if not spec or name not in spec.trigger or not spec.effect:
                    continue
                if not _functions_in(spec, watcher, event):
                    continue
                if spec.condition and not spec.condition(self, watcher, ability, event):
                    continue
                self.pending.append(StackItem(
                    "ability", watcher, watcher.controller or watcher.owner,
                    resolve=_keyword_resolver(spec, ability), ability=ability, event=event,
                    label=f"{ability.name} of {watcher.name}"))
        for trigger_name, test, item in list(self.delayed):
            if trigger_name == name and test(self, event):
                self.delayed.remove((trigger_name, test, item))
                self.pending.append(item)
        return event

    def put_pending_on_stack(self) -> None:
        """Triggered abilities go on the stack, active player's first (APNAP)."""
        order = {p: (self.players.index(p) - self.players.index(self.active)) % len(self.players)
                 for p in self.players}
        for item in sorted(self.pending, key=lambda i: order[i.controller]):
            self.stack.append(item)
        self.pending.clear()

    def resolve_stack(self) -> None:
        """State-based actions and triggers, then resolve the stack until all is empty."""
        while True:
            self.check_state()
            if self.pending:
                self.put_pending_on_stack()
                continue
            if not self.stack:
                return
            self.resolve_top()

    def resolve_top(self) -> None:
        """Resolve the top object of the stack."""
        item = self.stack.pop()
        if item.kind == "ability":
            if item.targets and all(not self.target_legal(t, item.source) for t in item.targets):
                return  # every target illegal: the ability doesn't resolve (608.2b)
            if item.resolve:
                item.resolve(self, item)
            return
        self._resolve_spell(item)

    # -- zones
    def move(self, obj: GameObject, to: str, cause: str = "") -> str:
        """Move an object to a zone through replacement effects; returns where it went."""
        change = ZoneChange(obj, obj.zone, to, cause=cause)
        self._replace(change, "replace_zone_change")
        origin = obj.zone
        info = obj.snapshot()
        if obj.zone == "battlefield":
            for other in self.battlefield:
                if other.attached_to is obj:
                    other.attached_to = None
        self._remove(obj)
        if change.to == "ceases":  # a token or copy leaving its zone
            obj.zone = "ceases"
            return "ceases"
        if origin in ("battlefield", "stack") and change.to != "battlefield":
            _reset(obj)
        if obj.token and origin == "battlefield":
            obj.zone = change.to
            self.emit_zone_events(obj, origin, change.to, info)
            obj.zone = "ceases"
            return change.to
        if change.to == "battlefield":
            _reset(obj)
            obj.controller = obj.notes.pop("enter_under", obj.owner)
            obj.sick = True
            obj.notes["entered_from"] = origin
            self._place(obj, "battlefield")
            self._apply_enters(obj)
        else:
            obj.controller = obj.owner
            self._place(obj, change.to, top=change.to == "library")
        self.emit_zone_events(obj, origin, change.to, info)
        for name in change.events:
            self.emit(name, obj, origin=origin, to=change.to)
        return change.to

    def emit_zone_events(self, obj: GameObject, origin: str, to: str,
                         info: dict[str, Any]) -> None:
        """`enters`, `leaves`, `dies` (battlefield to graveyard), `put into graveyard`."""
        if to == "battlefield":
            self.emit("enters", obj)
        if origin == "battlefield":
            self.emit("leaves", obj, info=info, to=to)
            if to == "graveyard":
                self.emit("dies", obj, info=info)
        if to == "graveyard":
            self.emit("put into graveyard", obj, info=info, origin=origin)

    def _apply_replacements(self, change: Any) -> None:
        """Apply each applicable replacement effect once (rule 614.5), spending limited uses."""
        for effect in list(self.replacements):
            if effect.label not in change.applied and effect.applies(change):
                change.applied.add(effect.label)
                effect.apply(change)
                if effect.uses is not None:
                    effect.uses -= 1
                    if effect.uses <= 0:
                        self.replacements.remove(effect)

    def _replace(self, change: Any, hook: str) -> None:
        """Apply each applicable replacement effect once (rule 614.5), then the hooks."""
        self._apply_replacements(change)
        if isinstance(change, ZoneChange):
            for ability, fn in self.hooks(change.obj, hook):
                tag = f"{ability.name}@{id(ability)}"
                if tag not in change.applied:
                    change.applied.add(tag)
                    fn(self, change.obj, ability, change)

    def _apply_enters(self, obj: GameObject) -> None:
        for ability, fn in self.hooks(obj, "as_enters"):
            fn(self, obj, ability)

    def draw(self, player: Player, count: int = 1) -> list[GameObject]:
        """Draw cards (replacement effects on draws apply: `Event('draw')`)."""
        drawn = []
        for _ in range(count):
            draw = Event("draw", player=player)
            draw.data["applied"] = set()
            self._replace_draw(draw)
            if draw.data.get("replaced"):
                continue
            if not player.library:
                player.counters["drew from empty library"] += 1
                continue
            card = player.library[0]
            self.move(card, "hand")
            drawn.append(card)
            self.emit("draw", card, player=player)
            for ability, fn in self.hooks(card, "as_drawn"):
                fn(self, card, ability)
        return drawn

    def _replace_draw(self, draw: Event) -> None:
        for effect in list(self.replacements):
            if effect.label not in draw.data["applied"] and effect.applies(draw):
                draw.data["applied"].add(effect.label)
                effect.apply(draw)
        player = draw.player
        for card in list(player.graveyard) if player else []:
            for ability, fn in self.hooks(card, "replace_draw"):
                if not draw.data.get("replaced"):
                    fn(self, card, ability, draw)

    def discard(self, card: GameObject, cause: str = "") -> str:
        """Discard a card from its owner's hand; returns the zone it ended in."""
        if card.zone != "hand":
            raise IllegalAction(f"{card.name} is not in a hand")
        where = self.move(card, "graveyard", cause=cause or "discard")
        self.emit("discard", card, player=card.owner, cause=cause)
        return where

    def sacrifice(self, obj: GameObject) -> str:
        """Sacrifice a permanent (not destruction: regeneration can't replace it)."""
        if obj.zone != "battlefield":
            raise IllegalAction(f"{obj.name} is not on the battlefield")
        return self.move(obj, "graveyard", cause="sacrifice")

    def destroy(self, obj: GameObject) -> str:
        """Destroy a permanent; `destroy` replacement effects (regenerate, ...) apply first."""
        if any(self.ask_all(obj, "cant_be_destroyed")):
            return obj.zone
        change = ZoneChange(obj, obj.zone, "graveyard", cause="destroy")
        self._apply_replacements(change)
        if change.to == "battlefield":  # replaced: the permanent stays
            return "battlefield"
        return self.move(obj, "graveyard", cause="destroy")

    # -- costs and casting
    def add_mana(self, player: Player, mana: str) -> None:
        """Add mana to a pool: `add_mana(p, "{2}{G}")` (generic amounts become colourless)."""
        cost = Cost.parse(mana)
        player.pool["C"] += cost.generic
        player.pool.update(cost.colored)

    def pay(self, player: Player, cost: Cost) -> Counter:
        """Pay a mana cost from the pool (colored first, then generic from what is left);
        returns the mana spent, by color (`C` colorless)."""
        pool = Counter(player.pool)
        for color, count in cost.colored.items():
            if pool[color] < count:
                raise IllegalAction(f"{player.name} can't pay {{{color}}}x{count}")
            pool[color] -= count
        if sum(pool.values()) < cost.generic:
            raise IllegalAction(f"{player.name} can't pay {cost.generic} generic mana")
        remaining = cost.generic
        for color in sorted(pool, key=lambda c: (c != "C", c)):
            take = min(pool[color], remaining)
            pool[color] -= take
            remaining -= take
        spent = player.pool - pool
        player.pool = +pool
        return spent

    def cast(self, player: Player, card: GameObject, *, alternative: Cost | None = None,
             additional: Iterable[Cost] = (), paid: dict[str, Any] | None = None,
             targets: Iterable[Any] = ()) -> StackItem:
        """Cast a spell: move it to the stack, total its cost (mana cost or an alternative,
        plus additional costs, then cost changes of its abilities), pay, emit `cast`."""
        origin = card.zone
        if any(answer is False for answer in self.ask_all(player, "can_cast", card)):
            raise IllegalAction(f"{player.name} can't cast {card.name}")
        if self.stack_forbids("cast"):
            raise IllegalAction(f"{player.name} can't cast {card.name} now")
        cost = alternative if alternative is not None else Cost.parse(card.mana_cost)
        for extra in additional:
            cost = cost + extra
        item = StackItem("spell", card, player, targets=list(targets), paid=dict(paid or {}),
                         label=card.name)
        item.paid["from"] = origin
        for target in item.targets:
            self.check_target(target, card)
        for ability, fn in self.hooks(card, "cost_change"):
            fn(self, card, ability, cost)
        item.paid["mana"] = self.pay(player, cost)
        item.paid["cost"] = cost
        self._remove(card)
        card.zone = "stack"
        card.controller = player
        self.stack.append(item)
        self.spells_cast_this_turn.append(card)
        self.emit("cast", card, player=player, item=item)
        self.emit_targeted(item)
        return item

    def copy_spell(self, item: StackItem, controller: Player | None = None) -> StackItem:
        """Put a copy of a spell on the stack (not cast: no `cast` event)."""
        copy = StackItem("spell", item.source, controller or item.controller,
                         targets=list(item.targets), is_copy=True, paid=dict(item.paid),
                         label=item.label)
        self.stack.append(copy)
        return copy

    def _resolve_spell(self, item: StackItem) -> None:
        card = item.source
        if item.targets and all(not self.target_legal(t, card) for t in item.targets):
            self.emit("countered", card)
            if not item.is_copy:
                self.move(card, "graveyard", cause="countered")
            return
        if card.types & {"instant", "sorcery"}:
            if card.effect:
                card.effect(self, item)
            for ability, fn in self.hooks(card, "as_resolves"):
                fn(self, card, ability, item)
            self.emit("resolved", card, item=item)
            if not item.is_copy and card.zone == "stack":
                self.move(card, "graveyard", cause="resolve")
            return
        if item.is_copy:
            return  # a copy of a permanent spell would become a token; not needed here
        card.notes["enter_under"] = item.controller
        card.notes["cast_item"] = item
        self.move(card, "battlefield", cause="resolve")
        if card.is_("aura") and item.targets and card.zone == "battlefield":
            self.attach(card, item.targets[0])  # an Aura spell enters attached (303.4f)

    # -- targets
    def emit_targeted(self, item: StackItem) -> None:
        """`becomes the target` for each object a spell or ability on the stack targets."""
        for target in item.targets:
            if isinstance(target, GameObject):
                self.emit("becomes the target", target, player=item.controller, item=item)

    def check_target(self, target: Any, source: GameObject) -> None:
        """IllegalAction when `source` can't target `target` (hexproof, shroud, protection)."""
        if not self.target_legal(target, source):
            raise IllegalAction(f"{source.name} can't target {getattr(target, 'name', target)}")

    def target_legal(self, target: Any, source: GameObject) -> bool:
        """Whether `source` (a spell or an ability's source) may target `target`."""
        if isinstance(target, GameObject) and (target.phased_out or target.zone not in (
                "battlefield", "stack", "graveyard", "hand", "exile")):
            return False
        if any(answer is False for answer in self.ask_all(source, "can_target", target)):
            return False
        return all(answer is not False for answer in self.ask_all(target, "can_be_targeted_by",
                                                                  source))

    def attach(self, attachment: GameObject, target: GameObject | Player) -> None:
        """Attach an Aura, Equipment or Fortification (protection may forbid it)."""
        if not self.can_attach(attachment, target):
            raise IllegalAction(f"{attachment.name} can't be attached to "
                                f"{getattr(target, 'name', target)}")
        attachment.attached_to = target

    def can_attach(self, attachment: GameObject, target: GameObject | Player) -> bool:
        """Whether `attachment` may be attached to `target` (protection on the target,
        enchant and the like on the attachment)."""
        if any(a is False for a in self.ask_all(target, "can_be_attached_by", attachment)):
            return False
        return all(a is not False for a in self.ask_all(attachment, "can_attach_to", target))

    # -- timing, activated abilities
    def stack_forbids(self, action: str) -> bool:
        """Whether a spell on the stack forbids `action` ('cast', 'activate', 'activate
        mana'): hook `stack_restriction` (split second)."""
        return any(any(self.ask_all(item.source, "stack_restriction", action))
                   for item in self.stack if item.kind == "spell")

    def may_cast(self, player: Player, card: GameObject) -> bool:
        """Whether `player` may cast `card` now: prohibitions (`can_cast`), spells on the
        stack (`stack_restriction`), and timing: instants and cards whose abilities allow it
        (`instant_timing`) any time, others at sorcery timing (304.1, 307.1)."""
        if any(answer is False for answer in self.ask_all(player, "can_cast", card)):
            return False
        if self.stack_forbids("cast"):
            return False
        if card.is_("instant") or any(self.ask_all(card, "instant_timing")):
            return True
        return self.sorcery_timing(player)

    def has_type(self, obj: GameObject, type_: str) -> bool:
        """`obj.is_(type_)`, or an ability gives it that type (hook `has_type`)."""
        return obj.is_(type_) or any(self.ask_all(obj, "has_type", type_))

    def sorcery_timing(self, player: Player) -> bool:
        """Whether `player` could cast a sorcery now: their turn, no combat, an empty stack
        (307.1; the model has no separate main phases)."""
        return (player is self.active and self.combat is None and not self.stack
                and self.step == "main")

    def activate(self, obj: GameObject, name: str, *, cost: Cost | str = "",
                 resolve: Callable[[Game, StackItem], None] | None = None,
                 targets: Iterable[Any] = (), sorcery: bool = False,
                 player: Player | None = None, mana: bool = False) -> StackItem:
        """Activate the ability `name` of `obj` (602.2): `can_activate` hooks may forbid it,
        `sorcery` limits it to sorcery timing, targets must be legal, the cost is paid; the
        ability goes on the stack (`activated` event)."""
        player = player or obj.controller or obj.owner
        if any(answer is False for answer in self.ask_all(obj, "can_activate", name)):
            raise IllegalAction(f"{obj.name}'s {name} ability can't be activated")
        if sorcery and not self.sorcery_timing(player):
            raise IllegalAction(f"{name} can be activated only as a sorcery")
        if self.stack_forbids("activate mana" if mana else "activate"):
            raise IllegalAction(f"{name} can't be activated now")
        targets = list(targets)
        for target in targets:
            self.check_target(target, obj)
        self.pay(player, Cost.parse(cost) if isinstance(cost, str) else cost)
        item = StackItem("ability", obj, player, resolve=resolve, targets=targets,
                         label=f"{name} of {obj.name}")
        self.stack.append(item)
        self.emit("activated", obj, player=player, item=item, ability=name)
        self.emit_targeted(item)
        return item

    # -- combat
    def begin_combat(self) -> Combat:
        """Start a combat phase."""
        self.combat = Combat()
        return self.combat

    def can_attack(self, creature: GameObject) -> bool:
        """Whether a creature may be declared as an attacker right now."""
        if not creature.is_("creature") or creature.zone != "battlefield" or creature.tapped:
            return False
        if creature.controller is not self.active:
            return False
        if any(answer is False for answer in self.ask_all(creature, "can_attack")):
            return False
        return not creature.sick or any(self.ask_all(creature, "ignores_summoning_sickness"))

    def activate_tap_ability(self, obj: GameObject) -> None:
        """Pay {T} to activate an ability of a permanent (summoning sickness applies to
        creatures, 302.6)."""
        if obj.tapped or obj.zone != "battlefield":
            raise IllegalAction(f"{obj.name} can't be tapped")
        if obj.is_("creature") and obj.sick and not any(
                self.ask_all(obj, "ignores_summoning_sickness")):
            raise IllegalAction(f"{obj.name} has summoning sickness")
        obj.tapped = True

    def declare_attackers(self, attackers: Iterable[GameObject], defender: Player | None = None,
                          bands: Iterable[Iterable[GameObject]] = (),
                          defenders: dict[GameObject, Player] | None = None) -> Combat:
        """Declare attackers (and bands); tap them; `attacks` / `attacks alone` triggers.
        Each attacks `defender` (default: the next opponent), or the player `defenders` names
        for it (several opponents attacked at once)."""
        combat = self.combat or self.begin_combat()
        attackers = list(attackers)
        defender = defender or self.opponent(self.active)
        defenders = defenders or {}
        for creature in attackers:
            if not self.can_attack(creature):
                raise IllegalAction(f"{creature.name} can't attack")
        combat.bands = [list(band) for band in bands]
        self._check_bands(combat, attackers)
        for creature in attackers:
            combat.attackers[creature] = defenders.get(creature, defender)
            if all(answer is not False for answer in self.ask_all(creature, "taps_to_attack")):
                creature.tapped = True
        for creature in attackers:
            self.emit("attacks", creature, player=combat.attackers[creature])
        if len(attackers) == 1:
            self.emit("attacks alone", attackers[0], player=combat.attackers[attackers[0]])
        self.resolve_stack()
        return combat

    def _check_bands(self, combat: Combat, attackers: list[GameObject]) -> None:
        seen: set[GameObject] = set()
        for band in combat.bands:
            if len(band) < 2:
                raise IllegalAction("a band has at least two creatures")
            for creature in band:
                if creature not in attackers or creature in seen:
                    raise IllegalAction(f"{creature.name} can't be in this band")
                seen.add(creature)
            if not any(any(self.ask_all(c, "band_member", band)) for c in band):
                raise IllegalAction("no creature's banding allows this band")

    def can_block(self, blocker: GameObject, attacker: GameObject) -> bool:
        """Whether `blocker` may block `attacker` (evasion and blocking restrictions)."""
        if not blocker.is_("creature") or blocker.zone != "battlefield" or blocker.tapped:
            return False
        if self.combat is None or attacker not in self.combat.attackers:
            return False
        if blocker.controller is not self.combat.attackers[attacker]:
            return False
        if any(a is False for a in self.ask_all(attacker, "can_be_blocked_by", blocker)):
            return False
        return all(a is not False for a in self.ask_all(blocker, "can_block", attacker))

    def declare_blockers(self, blocks: dict[GameObject, GameObject | list[GameObject]]) -> None:
        """Declare blockers {blocker: attacker}; a blocked band's members are all blocked by
        that blocker (702.20h); `blocks`, `becomes blocked`, unblocked-attacker triggers."""
        combat = self.combat
        if combat is None:
            raise IllegalAction("no combat")
        for blocker, attacked in blocks.items():
            for attacker in attacked if isinstance(attacked, list) else [attacked]:
                if not self.can_block(blocker, attacker):
                    raise IllegalAction(f"{blocker.name} can't block {attacker.name}")
                for member in combat.band_of(attacker):
                    if member not in combat.blocking.setdefault(blocker, []):
                        combat.blocking[blocker].append(member)
                        combat.blocks.setdefault(member, []).append(blocker)
                    combat.blocked.add(member)
        self._check_requirements(combat, blocks)
        for attacker, blockers in combat.blocks.items():
            if any(a is False for a in self.ask_all(attacker, "blocked_by_group", blockers)):
                raise IllegalAction(f"{attacker.name} can't be blocked by these blockers")
        for blocker in combat.blocking:
            self.emit("blocks", blocker, attackers=combat.blocking[blocker])
        for attacker in combat.attackers:
            if attacker in combat.blocked:
                self.emit("becomes blocked", attacker, blockers=list(combat.blocks[attacker]))
                for blocker in combat.blocks[attacker]:
                    self.emit("becomes blocked by", attacker, blocker=blocker)
            else:
                self.emit("attacks and isn't blocked", attacker)
        self.resolve_stack()

    def _check_requirements(self, combat: Combat, blocks: dict) -> None:
        for blocker, attacker in combat.requirements:
            if blocker in blocks or blocker.zone != "battlefield":
                continue
            if attacker in combat.attackers and self.can_block(blocker, attacker):
                raise IllegalAction(f"{blocker.name} must block {attacker.name} if able")

    def combat_damage(self) -> None:
        """The combat damage step(s): a first-strike step when any creature strikes first."""
        combat = self.combat
        if combat is None:
            return
        fighters = [c for c in list(combat.attackers) + list(combat.blocking)]
        first = [c for c in fighters if any(self.ask_all(c, "strikes_first"))]
        if first:
            self._damage_step(first, "first strike")
            combat.struck_first = set(first)
            self.resolve_stack()
        rest = [c for c in fighters if c.zone == "battlefield" and
                (c not in combat.struck_first or any(self.ask_all(c, "strikes_twice")))]
        self._damage_step(rest, "regular")
        self.resolve_stack()

    def _damage_step(self, creatures: list[GameObject], step: str) -> None:
        combat = self.combat
        assert combat is not None
        assignments: list[tuple[GameObject, GameObject | Player, int]] = []
        for creature in creatures:
            if creature.zone != "battlefield":
                continue
            power = max(creature.current_power, 0)
            if creature in combat.attackers:
                assignments += self._attacker_assignment(creature, power)
            elif creature in combat.blocking:
                targets = [a for a in combat.blocking[creature] if a.zone == "battlefield"]
                if targets:
                    assignments += self._divide(creature, targets, power)
        for source, target, amount in assignments:
            if amount > 0:
                self.deal_damage(source, target, amount, combat=True)
        self.emit("combat damage step", step=step)

    def opposing(self, creature: GameObject) -> list[GameObject]:
        """The creatures in combat with `creature`: its blockers, or the attackers it blocks."""
        combat = self.combat
        if combat is None:
            return []
        found = combat.blocks.get(creature, []) if creature in combat.attackers else \
            combat.blocking.get(creature, [])
        return [c for c in found if c.zone == "battlefield"]

    def damage_chooser(self, creature: GameObject) -> Player:
        """Who divides a creature's combat damage among the creatures in combat with it: its
        controller, unless an opposing creature's ability (banding) gives the choice to that
        creature's controller (hook `assigns_opponents_damage`)."""
        for other in self.opposing(creature):
            if any(self.ask_all(other, "assigns_opponents_damage", creature)):
                return other.controller or other.owner
        return creature.controller or creature.owner

    def _attacker_assignment(self, attacker: GameObject, power: int
                             ) -> list[tuple[GameObject, GameObject | Player, int]]:
        combat = self.combat
        assert combat is not None
        defender = combat.attackers[attacker]
        if attacker not in combat.blocked:
            return [(attacker, defender, power)]
        blockers = self.opposing(attacker)
        trample = any(self.ask_all(attacker, "assigns_excess_to_player"))
        if not blockers:
            return [(attacker, defender, power)] if trample else []
        result = self._divide(attacker, blockers, power)
        if trample and self.damage_chooser(attacker) is attacker.controller:
            result = [(s, t, min(a, self.lethal_for(attacker, t))
                       if isinstance(t, GameObject) else a) for s, t, a in result]
            assigned = sum(amount for _, _, amount in result)
            if power > assigned:
                result.append((attacker, defender, power - assigned))
        return result

    def lethal_for(self, source: GameObject, creature: GameObject) -> int:
        """Damage that is lethal to `creature` from `source` (deathtouch: 1), 702.2b/510.1c."""
        needed = max(creature.current_toughness - creature.damage, 0)
        for answer in self.ask_all(source, "lethal_damage", creature):
            if answer is not None:
                needed = min(needed, answer)
        return needed

    def _divide(self, source: GameObject, targets: list[GameObject], power: int
                ) -> list[tuple[GameObject, GameObject | Player, int]]:
        """Divide combat damage among creatures. Its controller follows the damage assignment
        order: lethal damage to each before the next (510.1c), the rest to the last. An
        opponent who divides it (banding) spreads it so that as few creatures as possible get
        lethal damage, the rest on the first."""
        if self.damage_chooser(source) is not (source.controller or source.owner):
            spread = [min(power, max(self.lethal_for(source, t) - 1, 0)) for t in targets]
            shares, remaining = [], power
            for share in spread:
                shares.append(min(share, remaining))
                remaining -= shares[-1]
            shares[0] += remaining
            return [(source, t, amount) for t, amount in zip(targets, shares, strict=True)]
        order = self.choose(f"order:{source.ident}", targets)
        result = []
        remaining = power
        for index, target in enumerate(order):
            last = index == len(order) - 1
            amount = remaining if last else min(remaining, self.lethal_for(source, target))
            result.append((source, target, amount))
            remaining -= amount
        return result

    def remove_from_combat(self, creature: GameObject) -> None:
        """A creature stops being an attacking or blocking creature (506.4)."""
        combat = self.combat
        if combat is None:
            return
        combat.attackers.pop(creature, None)
        for blocked in combat.blocking.pop(creature, []):
            if creature in combat.blocks.get(blocked, []):
                combat.blocks[blocked].remove(creature)
        for blocker in combat.blocks.pop(creature, []):
            if creature in combat.blocking.get(blocker, []):
                combat.blocking[blocker].remove(creature)
        for band in combat.bands:
            if creature in band:
                band.remove(creature)

    def end_combat(self) -> None:
        """End of combat: the `end of combat` event (its triggers resolve while the creatures
        are still in combat), then creatures stop attacking and blocking."""
        if self.combat is not None:
            self.emit("end of combat")
            self.resolve_stack()
        self.combat = None

    # -- damage
    def deal_damage(self, source: GameObject, target: GameObject | Player, amount: int,
                    combat: bool = False) -> DamageResult | None:
        """Deal damage: prevention first, then what the damage does (hooks), then apply."""
        amount = self._prevent(source, target, amount)
        if amount <= 0:
            return None
        result = DamageResult(source, target, amount, combat)
        if isinstance(target, Player):
            result.life_loss = amount
        else:
            result.marked = amount
        for ability, fn in self.hooks(source, "damage_result"):
            fn(self, source, ability, result)
        self._apply_damage(result)
        self.emit("deals damage", source, target=target, amount=amount, combat=combat)
        if combat and isinstance(target, Player):
            self.emit("deals combat damage to a player", source, player=target, amount=amount)
        return result

    def _prevent(self, source: GameObject, target: GameObject | Player, amount: int) -> int:
        for ability, fn in self.hooks(target, "prevent_damage"):
            amount = fn(self, target, ability, source, amount)
        shield = Event("damage", source, data={"target": target, "amount": amount,
                                               "applied": set()})
        for effect in list(self.replacements):
            if effect.label not in shield.data["applied"] and effect.applies(shield):
                shield.data["applied"].add(effect.label)
                effect.apply(shield)
        return shield.data["amount"] if shield.data["amount"] == amount else min(
            amount, shield.data["amount"])

    def _apply_damage(self, result: DamageResult) -> None:
        target = result.target
        if isinstance(target, Player):
            target.life -= result.life_loss
            target.counters["poison"] += result.poison
        else:
            target.damage += result.marked
            target.counters["-1/-1"] += result.minus_counters
            if result.deathtouch:
                target.deathtouched = True
        controller = result.source.controller or result.source.owner
        for gain in result.lifegain:
            controller.life += gain

    # -- state-based actions
    def check_state(self) -> bool:
        """Perform state-based actions until none apply; True if any did (rule 704)."""
        acted = False
        while self._state_once():
            acted = True
        return acted

    def _state_once(self) -> bool:
        acted = False
        for player in self.players:
            if not player.lost and (player.life <= 0 or player.poison >= 10
                                    or player.counters["drew from empty library"]):
                player.lost = True
                acted = True
        for obj in list(self.battlefield):
            plus, minus = obj.counters["+1/+1"], obj.counters["-1/-1"]
            if self.modern and plus and minus:
                both = min(plus, minus)
                obj.counters["+1/+1"] -= both
                obj.counters["-1/-1"] -= both
                obj.counters = +obj.counters
                acted = True
            if not obj.is_("creature"):
                if obj.is_("aura") and (obj.attached_to is None
                                        or not self.can_attach(obj, obj.attached_to)):
                    self.move(obj, "graveyard", cause="state")  # 704.5m-n
                    acted = True
                continue
            if obj.current_toughness <= 0:
                self.move(obj, "graveyard", cause="state")
                acted = True
            elif obj.damage >= obj.current_toughness or (obj.deathtouched and obj.damage > 0):
                obj.deathtouched = False
                where = self.destroy(obj)
                acted = acted or where != "battlefield"
        return acted

    # -- turns
    def end_turn(self) -> None:
        """End step (`end step` event) and cleanup: damage wears off, "until end of turn"
        effects end."""
        self.step = "end"
        self.emit("end step", player=self.active)
        self.resolve_stack()
        for obj in self.battlefield + self.phased_out:
            obj.damage = 0
            obj.deathtouched = False
            obj.effects = [e for e in obj.effects if e.until not in ("end of turn", "this turn",
                                                                       "this combat")]
        self.replacements = [r for r in self.replacements
                             if r.until not in ("end of turn", "this turn")]
        self.end_combat()

    def next_turn(self) -> Player:
        """The next player's turn: untap, upkeep (`upkeep` event), draw."""
        self.end_turn()
        self.active = self.opponent(self.active)
        self.turn += 1
        self.spells_cast_this_turn = []
        self.phasing(self.active)
        for obj in self.battlefield:
            for effect in list(obj.effects):
                if effect.until == f"your next turn:{self.active.name}":
                    obj.effects.remove(effect)
            if obj.controller is self.active:
                # an exerted permanent skips this one untap step (701.43)
                obj.tapped = obj.tapped and bool(obj.notes.pop("skips untap", False))
                obj.sick = False
        self.step = "untap"
        self.emit("untap step", player=self.active)
        self.resolve_stack()
        self.step = "upkeep"
        self.emit("upkeep", player=self.active)
        self.resolve_stack()
        self.step = "draw"
        if self.turn > 2:
            self.draw(self.active)
        self.step = "main"
        return self.active


    # -- phasing (702.26): no zone change, the permanent is treated as though it doesn't exist
    def phasing(self, player: Player) -> None:
        """The phasing turn-based action of `player`'s untap step: their permanents whose
        abilities say so (`phases_out`) phase out; simultaneously, those that phased out
        directly under their control phase in."""
        going = [o for o in self.battlefield if o.controller is player
                 and any(self.ask_all(o, "phases_out"))]
        coming = [o for o in self.phased_out if o.controller is player
                  and o.phased_out == "directly"]
        for obj in going:
            self.phase_out(obj)
        for obj in coming:
            self.phase_in(obj)

    def phase_out(self, obj: GameObject, how: str = "directly") -> None:
        """Phase a permanent out (with what is attached to it, indirectly): it leaves combat
        and the battlefield's list without a zone change; counters and status stay."""
        if obj not in self.battlefield:
            return
        self.remove_from_combat(obj)
        self.battlefield.remove(obj)
        self.phased_out.append(obj)
        obj.phased_out = how
        for other in list(self.battlefield):
            if other.attached_to is obj:
                self.phase_out(other, "indirectly")

    def phase_in(self, obj: GameObject) -> None:
        """Phase a permanent in, with what phased out indirectly along with it."""
        if obj not in self.phased_out:
            return
        self.phased_out.remove(obj)
        self.battlefield.append(obj)
        obj.phased_out = ""
        for other in list(self.phased_out):
            if other.attached_to is obj and other.phased_out == "indirectly":
                self.phase_in(other)


def _reset(obj: GameObject) -> None:
    """A permanent that changes zones becomes a new object (rule 400.7)."""
    obj.counters = Counter()
    obj.damage = 0
    obj.deathtouched = False
    obj.tapped = False
    obj.effects = []
    obj.attached_to = None


def _functions_in(spec: Any, watcher: GameObject, event: Event) -> bool:
    """Whether a triggered ability on `watcher` can trigger in the watcher's zone."""
    zones = spec.trigger_zones or ("battlefield",)
    if watcher.zone in zones:
        return True
    # leaves-the-battlefield abilities look back in time (603.10a)
    return "battlefield" in zones and event.obj is watcher and event.name in ("dies", "leaves")


def _keyword_resolver(spec: Any, ability: Ability) -> Callable[[Game, StackItem], None]:
    def resolve(game: Game, item: StackItem) -> None:
        spec.effect(game, item.source, ability, item.event)
    return resolve
