"""Shared model and check of the modal keywords whose modes carry costs (spree, tiered): how
many modes may be chosen and how the modes' costs add to the spell's cost, read from "Choose
one or more modes. As an additional cost to cast this spell, pay the costs associated with
those modes." and run as casts of a {R} spell with modes costing {1}, {2} and {3}."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, IllegalAction
from kb.rules.keywords._casting import fill_pool, pool_size
from kb.rules.keywords._spells import burn_spell

MODE_COSTS = ("{1}", "{2}", "{3}")
CHOICES: tuple[tuple[int, ...], ...] = ((), (0,), (1,), (0, 2), (0, 1, 2))
COUNTS = {"one or more": (1, 3), "one": (1, 1), "up to one": (0, 1), "two": (2, 2),
          "one or both": (1, 2), "any number of": (0, 3), "up to two": (0, 2)}
CHOOSE = (r"\bchoose (one or more|one or both|up to one|up to two|any number of|one|two)"
          r"(?: modes?)?\.")
PAY = (r"\bas an additional cost to cast this spell, pay the (?:costs?|mana costs?) associated "
       r"with (?:those|that|each chosen|the chosen) modes?")


@dataclass(frozen=True)
class ModalModel:
    """The reference semantics: how many modes, and their costs are additional."""

    name: str
    least: int
    most: int

    def cast(self, game: Game, card_cost: str, modes: tuple[int, ...]) -> int:
        """Cast a {R} spell with this keyword choosing `modes`: the mana it took."""
        me = game.active
        card = burn_spell(game, me, "Choices", mana_cost=card_cost, types=("sorcery",),
                          abilities=(Ability(self.name),))
        if not self.least <= len(modes) <= self.most:
            raise IllegalAction(f"{self.name}: choose {self.least} to {self.most} modes")
        total = Cost.parse(card_cost)
        for mode in modes:
            total = total + Cost.parse(MODE_COSTS[mode])
        before = fill_pool(me)
        game.cast(me, card, alternative=total, paid={"modes": modes})
        return before - pool_size(me)


def check_modes(claims: Claims, era: str, model: ModalModel) -> list[str] | None:
    """Each choice of modes: legal or not, and the mana taken."""
    choose = claims.says(CHOOSE)
    if choose is None:
        return None
    match = re.search(CHOOSE, choose, re.I)
    assert match is not None
    least, most = COUNTS[match.group(1).lower()]
    additional = re.search(PAY, choose, re.I) is not None
    if additional:
        claims.found.add(PAY)
    problems: list[str] = []
    for modes in CHOICES:
        expected = None
        if least <= len(modes) <= most:
            expected = 1 + (sum(int(MODE_COSTS[m][1:-1]) for m in modes) if additional else 0)
        game = Game(era=era)
        try:
            actual: int | None = model.cast(game, "{R}", modes)
        except IllegalAction:
            actual = None
        problems += differ(f"{match.group(0)}" + (" the chosen modes' costs are additional"
                                                   if additional else ""), choose,
                           f"a {{R}} {model.name} spell with modes costing {{1}}, {{2}}, {{3}}, "
                           f"modes {[m + 1 for m in modes]} chosen: mana taken (None: not "
                           "allowed)", expected, actual)
    return problems
