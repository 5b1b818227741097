"""Phasing (702.26): no zone change; a phased-out permanent is treated as though it doesn't
exist, and what is attached to it phases out (and in) with it."""

from __future__ import annotations

from kb.rules.game.combat import CombatRules
from kb.rules.game.objects import GameObject, Player


class PhasingRules(CombatRules):
    """Phasing out and in, and the untap step's phasing action."""

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
