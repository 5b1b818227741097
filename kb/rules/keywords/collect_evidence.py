"""Collect evidence N (701.59 since 2024), a keyword action: exile any number of cards from
your graveyard with total mana value N or greater; a player who can't can't choose to."""

from __future__ import annotations

import re
from collections.abc import Sequence

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, IllegalAction, Player
from kb.rules.keywords._casting import legal
from kb.rules.registry import Check, Keyword, register

SENTENCE = (r"to \"?collect evidence N\"? means to exile any number of cards from (your|an "
            r"opponent's|a) graveyard with total mana value N or (greater|less)")
# choices with collect evidence 3: (mana values of my graveyard, the chosen ones, from whose)
TRIES = (((1, 2, 4), (1, 2), "mine"), ((1, 2, 4), (1,), "mine"), ((1, 2, 4), (4,), "mine"),
         ((1, 2, 4), (2, 4), "theirs"), ((1,), (1,), "mine"))


def collect_evidence(game: Game, player: Player, n: int, cards: Sequence[GameObject]) -> None:
    """`player` collects evidence `n`, exiling `cards` from their graveyard."""
    if any(c.zone != "graveyard" or c.owner is not player for c in cards):
        raise IllegalAction("evidence comes from your own graveyard")
    if sum(c.mana_value for c in cards) < n:
        raise IllegalAction("not enough total mana value")
    for card in cards:
        game.move(card, "exile")
    game.emit("collect evidence", player=player)


def _try(era: str, values: tuple[int, ...], chosen: tuple[int, ...], whose: str
         ) -> tuple[bool, list[int]]:
    """Collect evidence 3 choosing cards of these mana values: (legal, mana values exiled)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    owner = me if whose == "mine" else them
    cards = [game.create(f"Card {v}", controller=owner, zone="graveyard", mana_cost=f"{{{v}}}")
             for v in values]
    picked = [next(c for c in cards if c.mana_value == v) for v in chosen]
    ok = legal(collect_evidence, game, me, 3, picked)
    return ok, sorted(c.mana_value for p in (me, them) for c in p.exile)


def check(claims: Claims, era: str) -> list[str] | None:
    """Collect evidence 3 with several choices."""
    text = claims.says(r"\bcollect evidence N\b\W* means\b")
    if text is None:
        return None
    match = re.search(SENTENCE, text, re.I)
    if match is None:
        return [f'the text says what collect evidence does in a way the model does not read '
                f'("{text}")']
    problems = []
    for values, chosen, whose in TRIES:
        total = sum(chosen)
        enough = total >= 3 if match.group(2).lower() == "greater" else total <= 3
        place = match.group(1).lower()
        allowed = enough and (place == "a" or (whose == "mine") == (place == "your"))
        expected = (allowed, sorted(chosen) if allowed else [])
        problems += differ(match.group(0)[31:], text, f"collect evidence 3 exiling cards of "
                           f"mana value {chosen} from {'my' if whose == 'mine' else 'their'} "
                           "graveyard: (legal, exiled)", expected,
                           _try(era, values, chosen, whose))
    return problems


register(Keyword(
    name="collect evidence",
    kind=("keyword action",),
    parameter=("n",),
    zones=("graveyard", "exile"),
    checks=(Check("exile cards with total mana value N or greater", check),),
))
