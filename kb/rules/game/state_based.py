"""State-based actions (704): players lose, creatures with lethal damage or no toughness die,
+1/+1 and -1/-1 counters annihilate, unattached Auras go to the graveyard."""

from __future__ import annotations

from kb.rules.game.targets import TargetRules
from kb.rules.game.zones import ZoneRules


class StateBasedActions(ZoneRules, TargetRules):
    """Checking state-based actions until none apply."""

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
