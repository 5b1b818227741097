"""Endure N (701.63, new in 2025), a keyword action: the permanent's controller creates an N/N
white Spirit creature token unless they put N +1/+1 counters on that permanent; endure 0 does
nothing."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject
from kb.rules.keywords._cov_tokens import Token, make_tokens, tokens_of
from kb.rules.registry import Check, Keyword, register

SENTENCE = (r"that permanent's controller creates an? (N|\d+)/(N|\d+) (white|black|colorless) "
            r"(\w+) creature token (unless|and|or) they put (N|\d+) (\+1/\+1|-1/-1) counters on "
            r"that permanent")


def endure(game: Game, permanent: GameObject, n: int) -> None:
    """`permanent` endures `n` (choice `endure:counters`, default yes: the counters)."""
    if n <= 0:
        return
    player = permanent.controller or permanent.owner
    if game.choices.get("endure:counters", True) and permanent.zone == "battlefield":
        permanent.counters["+1/+1"] += n
    else:
        make_tokens(game, player, 1, Token(n, n, ("white",), ("Spirit",), ("creature",)))
    game.emit("endure", permanent)


def _scenario(era: str, n: int, counters: bool) -> tuple[int, list[Token]]:
    game = Game(era=era)
    game.choices["endure:counters"] = counters
    monk = creature(game, "Monk", game.active)
    endure(game, monk, n)
    return monk.counters["+1/+1"], tokens_of(game, game.active)


def check(claims: Claims, era: str) -> list[str] | None:
    """Endure 3 choosing the counters, choosing the token; endure 0."""
    text = claims.says(r"\bcreates? an? \S+ \w+ \w+ creature token\b")
    if text is None:
        return None
    match = re.search(SENTENCE, text, re.I)
    if match is None or match.group(5).lower() != "unless":
        return [f'the text says what endure does in a way the model does not read ("{text}")']
    zero = claims.says(r"\bendure 0\b")
    nothing = bool(zero and re.search(r"\bnothing happens\b", zero, re.I))

    def value(word: str, n: int) -> int:
        return n if word == "N" else int(word)

    problems = []
    for n, counters in ((3, True), (3, False), (0, True), (0, False)):
        if n == 0 and zero is None:
            continue
        if n == 0 and nothing:
            expected: tuple[int, list[Token]] = (0, [])
        elif counters:
            expected = (value(match.group(6), n) if match.group(7) == "+1/+1" else 0, [])
        else:
            size = (value(match.group(1), n), value(match.group(2), n))
            expected = (0, [Token(*size, (match.group(3).lower(),) if match.group(3).lower()
                                  != "colorless" else (), (match.group(4),), ("creature",))])
        problems += differ(match.group(0)[33:], zero if n == 0 and zero else text,
                           f"endure {n}, choosing {'the counters' if counters else 'the token'}"
                           ": (its +1/+1 counters, tokens)", expected,
                           _scenario(era, n, counters))
    return problems


register(Keyword(
    name="endure",
    kind=("keyword action",),
    parameter=("n",),
    checks=(Check("an N/N Spirit token unless N +1/+1 counters", check),),
))
