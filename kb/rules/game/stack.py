"""The stack (405, 608): triggered abilities go on it (APNAP), and it resolves top first,
state-based actions and new triggers between each item; a resolving spell's effect, or its
permanent entering the battlefield."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from kb.rules.game.objects import StackItem
from kb.rules.game.state_based import StateBasedActions

if TYPE_CHECKING:
    from kb.rules.game import Game


class StackRules(StateBasedActions):
    """Putting triggered abilities on the stack and resolving it."""

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
                item.resolve(cast("Game", self), item)
            return
        self._resolve_spell(item)

    def _resolve_spell(self, item: StackItem) -> None:
        card = item.source
        if item.targets and all(not self.target_legal(t, card) for t in item.targets):
            self.emit("countered", card)
            if not item.is_copy:
                self.move(card, "graveyard", cause="countered")
            return
        if card.types & {"instant", "sorcery"}:
            if card.effect:
                card.effect(cast("Game", self), item)
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
