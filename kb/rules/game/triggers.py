"""Events and triggered abilities: every event is logged, and each triggered ability (of a
keyword spec, or delayed) waiting for it is put in `pending` until the stack takes it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from kb.rules.game.base import GameBase
from kb.rules.game.objects import Ability, Event, GameObject, Player, StackItem

if TYPE_CHECKING:
    from kb.rules.game import Game


class TriggerRules(GameBase):
    """Emitting events and collecting the triggered abilities they trigger (603)."""

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
            if trigger_name == name and test(cast("Game", self), event):
                self.delayed.remove((trigger_name, test, item))
                self.pending.append(item)
        return event


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
