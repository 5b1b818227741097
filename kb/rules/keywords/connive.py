"""Connive (701.47 in 2022, 701.50 in 2026), a keyword action: the permanent's controller
draws a card, then discards a card; if a nonland card is discarded this way, they put a +1/+1
counter on the conniving permanent. Connive N: draw N, discard N, a counter for each nonland
card discarded."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject
from kb.rules.keywords._cov_combat import count_word
from kb.rules.keywords._cov_library import stock
from kb.rules.registry import Check, Keyword, register

SENTENCE = (r"that permanent's controller draws (an?|\w+) cards?, then discards (an?|\w+) "
            r"cards?\. if an? (nonland|land) card is discarded this way, that player puts "
            r"(an?|\w+) ([+-]1/[+-]1) counters? on the conniving permanent")
VARIANT = (r"draws N cards, discards N cards, then puts a number of ([+-]1/[+-]1) counters on "
           r"the permanent equal to the number of (nonland|land) cards discarded this way")


def connive(game: Game, permanent: GameObject, n: int = 1) -> None:
    """`permanent` connives (N): draw, discard (choice `connive:discard`, a function of the
    hand; default the last cards drawn), a +1/+1 counter per nonland card discarded."""
    player = permanent.controller or permanent.owner
    game.draw(player, n)
    pick = game.choices.get("connive:discard")
    chosen = list(pick(player.hand))[:n] if callable(pick) else player.hand[-n:]
    nonland = 0
    for card in chosen:
        nonland += not card.is_("land")
        game.discard(card, cause="connive")
    if permanent.zone == "battlefield":
        permanent.counters["+1/+1"] += nonland
    game.emit("connive", permanent)


def _scenario(era: str, n: int, lands: tuple[int, ...]) -> tuple[int, int, int]:
    """A creature connives `n`; my library's top cards are numbered 1.., `lands` are lands;
    all drawn cards are discarded: (cards in hand, cards in graveyard, counters)."""
    game = Game(era=era)
    me = game.active
    stock(game, me, 6, lands=lands)
    rogue = creature(game, "Rogue", me, 2, 2)
    connive(game, rogue, n)
    return len(me.hand), len(me.graveyard), rogue.counters["+1/+1"]


def check(claims: Claims, era: str) -> list[str] | None:
    """Connive with a land and with a nonland card drawn (and discarded)."""
    text = claims.says(r"\bdraws\b.*\bdiscards\b")
    if text is None:
        return None
    joined = " ".join(claims.sentences)
    match = re.search(SENTENCE, joined, re.I)
    draws = count_word(match.group(1)) if match else None
    discards = count_word(match.group(2)) if match else None
    each = count_word(match.group(4)) if match else None
    if match is None or draws is None or discards is None or each is None:
        return [f'the text connives in a way the model does not read ("{text}")']
    problems = []
    for lands in ((1,), ()):
        discarded_nonland = bool(lands) == (match.group(3).lower() == "land")
        counters = each if discarded_nonland and match.group(5) == "+1/+1" else 0
        expected = (max(draws - discards, 0), discards, counters)
        problems += differ(match.group(0)[22:], text, "connive, drawing "
                           f"{'a land' if lands else 'a nonland card'} and discarding it: "
                           "(hand, graveyard, counters)", expected, _scenario(era, 1, lands))
    return problems


def check_variant(claims: Claims, era: str) -> list[str] | None:
    """Connive 3 drawing one land and two nonland cards, discarding all three."""
    text = claims.says(r"\bconnive N is a variant\b")
    if text is None:
        return None
    match = re.search(VARIANT, " ".join(claims.sentences), re.I)
    if match is None:
        return [f'the text says what connive N does in a way the model does not read '
                f'("{text}")']
    counted = 1 if match.group(2).lower() == "land" else 2
    expected = (0, 3, counted if match.group(1) == "+1/+1" else 0)
    return differ(match.group(0), text, "connive 3 drawing a land and two nonland cards, "
                  "discarding them: (hand, graveyard, counters)", expected,
                  _scenario(era, 3, (1,)))


register(Keyword(
    name="connive",
    kind=("keyword action",),
    parameter=(),
    zones=("battlefield",),
    checks=(Check("draw, discard, a counter for a nonland card", check),
            Check("connive N", check_variant)),
))
