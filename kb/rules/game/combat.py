"""Combat (506-511): declaring attackers (and bands) and blockers with their restrictions and
requirements, the combat damage steps (first strike, damage assignment order, trample,
banding's division), leaving combat and the end of combat."""

from __future__ import annotations

from collections.abc import Iterable

from kb.rules.game.damage import DamageRules
from kb.rules.game.objects import Combat, GameObject, IllegalAction, Player
from kb.rules.game.stack import StackRules


class CombatRules(StackRules, DamageRules):
    """One combat phase, from attacks to the end of combat."""

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
