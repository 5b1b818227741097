"""Targets and attachments: who may target what (hexproof, shroud, protection, enchant), and
attaching Auras, Equipment and Fortifications."""

from __future__ import annotations

from typing import Any

from kb.rules.game.objects import GameObject, IllegalAction, Player, StackItem
from kb.rules.game.triggers import TriggerRules


class TargetRules(TriggerRules):
    """Legal targets (115, 608.2b) and attachments (301.5, 303.4)."""

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
