"""Moving objects between zones through replacement effects (614), with the events a move
makes; drawing, discarding, sacrificing and destroying."""

from __future__ import annotations

from collections import Counter
from typing import Any

from kb.rules.game.objects import Event, GameObject, IllegalAction, Player, ZoneChange
from kb.rules.game.triggers import TriggerRules


class ZoneRules(TriggerRules):
    """Zone changes and the replacement effects that change them."""

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


def _reset(obj: GameObject) -> None:
    """A permanent that changes zones becomes a new object (rule 400.7)."""
    obj.counters = Counter()
    obj.damage = 0
    obj.deathtouched = False
    obj.tapped = False
    obj.effects = []
    obj.attached_to = None
