"""Turns: the end step and cleanup (damage wears off, "until end of turn" effects end), then
the next player's untap, upkeep and draw steps."""

from __future__ import annotations

from kb.rules.game.objects import Player
from kb.rules.game.phasing import PhasingRules


class TurnRules(PhasingRules):
    """Ending a turn and starting the next."""

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
