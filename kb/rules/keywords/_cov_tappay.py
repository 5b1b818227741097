"""Shared pieces of improvise (702.126) and waterbend (701.67): "For each generic mana in this
spell's total cost [that cost], you may tap an untapped artifact [or creature] you control
rather than pay that mana." The model's payment, the reader of which permanents may pay, and
the check that pays a {3}-generic cost with several sets of permanents."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Cost, Game, GameObject, IllegalAction, Player
from kb.rules.keywords._casting import legal, spending

SENTENCE = (r"for each (generic|colored) mana in (?:this spell's total cost|that cost), you may "
            r"tap an (untapped |)(artifact or creature|creature or artifact|artifact|creature|"
            r"land) (you control|an opponent controls) rather than pay that mana")
# the permanents that try to pay: (types, tapped, mine)
PAYERS: tuple[tuple[tuple[tuple[str, ...], bool, bool], ...], ...] = (
    ((("artifact",), False, True), (("artifact",), False, True)),
    ((("creature",), False, True),),
    ((("artifact",), True, True),),
    ((("artifact",), False, False),),
    tuple(((("artifact", "creature"), False, True),) * 4),
)


def tap_pay(cost: Cost, player: Player, payers: Iterable[GameObject],
            kinds: tuple[str, ...]) -> Cost:
    """`cost` less one generic mana for each payer tapped (untapped, `player`'s, of one of
    `kinds`); IllegalAction for a payer that can't pay or pays for no generic mana."""
    left = Cost(cost.generic, cost.colored.copy(), list(cost.other))
    for payer in payers:
        if payer.tapped or payer.controller is not player or not any(payer.is_(k) for k in kinds):
            raise IllegalAction(f"{payer.name} can't be tapped to pay")
        if left.generic <= 0:
            raise IllegalAction("no generic mana left for it to pay")
        left.generic -= 1
        payer.tapped = True
    return left


def _expected(match: re.Match[str], payers: tuple) -> int | None:
    """Mana a {3}{U} cost takes with these payers by the text (None: not allowed)."""
    kinds = match.group(3).lower().split(" or ")
    untapped, yours = bool(match.group(2)), match.group(4).lower() == "you control"
    generic = 3 if match.group(1).lower() == "generic" else 1
    for types, tapped, mine in payers:
        if (untapped and tapped) or mine != yours or not set(types) & set(kinds):
            return None
    if len(payers) > generic:
        return None
    return 4 - len(payers)


def check_tap_pay(claims: Claims, era: str, name: str,
                  pay: Callable[[Game, Player, list[GameObject]], object]) -> list[str] | None:
    """A {3}{U} cost paid with two artifacts, a creature, a tapped artifact, an opponent's
    artifact, four artifact creatures: legal? mana taken."""
    text = claims.says(r"\byou may tap an\b")
    if text is None:
        return None
    match = re.search(SENTENCE, text, re.I)
    if match is None:
        return [f'the text says what {name} taps in a way the model does not read ("{text}")']
    problems = []
    for payers in PAYERS:
        game = Game(era=era)
        me, them = game.active, game.opponent(game.active)
        made = [game.create(f"Payer {i}", controller=me if mine else them, types=set(types),
                            tapped=tapped, power=1, toughness=1)
                for i, (types, tapped, mine) in enumerate(payers)]
        ok, mana = spending(me, legal, pay, game, me, made)
        described = ", ".join(f"{'tapped ' if t else ''}{'my' if m else 'their'} {' '.join(ty)}"
                              for ty, t, m in payers)
        expected = _expected(match, payers)
        problems += differ(match.group(0), text, f"{name} on a {{3}}{{U}} cost, tapping "
                           f"{described}: mana taken (None: not allowed)", expected,
                           mana if ok else None)
    return problems
