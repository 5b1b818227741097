"""Dealing damage (120): prevention first, then what the damage does (the sources' hooks:
lifelink, infect, wither, deathtouch), then applying it."""

from __future__ import annotations

from kb.rules.game.objects import DamageResult, Event, GameObject, Player
from kb.rules.game.triggers import TriggerRules


class DamageRules(TriggerRules):
    """Damage: prevention, its results, and applying them."""

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
