"""Costs, casting and activating: mana pools and payment, casting a spell and copying one
(601), timing (sorcery speed, instant timing, split second), activated abilities (602)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from kb.rules.game.objects import Cost, GameObject, IllegalAction, Player, StackItem
from kb.rules.game.targets import TargetRules

if TYPE_CHECKING:
    from kb.rules.game import Game


class CastingRules(TargetRules):
    """Paying costs, casting spells and activating abilities."""

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
