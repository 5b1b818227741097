"""Shuffle (701.17 in 2010, 701.24 in 2026), a keyword action: to shuffle a library,
randomize its cards. Cards found by a search and then put in a certain position aren't
included in the shuffle, and "is shuffled" triggers still trigger; a library is shuffled
even when there are no objects to shuffle into it, with zero or one cards, and as many
times as effects shuffle it at once. An effect that shuffles specific objects into a
library shuffles it even if none of them are there (2015-07; before: it wasn't shuffled),
read through the hook `shuffles_when_absent` so that `history` can change it."""

from __future__ import annotations

import random
import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._cov_library import stock
from kb.rules.keywords._library import put_on_top
from kb.rules.registry import Check, Keyword, register


def shuffle(game: Game, player: Player, keep: tuple[GameObject, ...] = ()) -> None:
    """Randomize `player`'s library (the cards of `keep` stay out of it and go on top)."""
    rest = [card for card in player.library if card not in keep]
    random.Random(len(game.log)).shuffle(rest)
    player.library[:] = [*keep, *rest]
    game.emit("library shuffled", player=player)


def shuffle_into(game: Game, player: Player, objects: list[GameObject], zone: str,
                 specific: bool = True) -> None:
    """Shuffle `objects` (expected in `zone`) into `player`'s library: those still there move
    into it; the library is shuffled even with none moved, by today's rules (for specific
    objects, as the hook `shuffles_when_absent` says)."""
    moved = [obj for obj in objects if obj.zone == zone]
    for obj in moved:
        game.move(obj, "library")
    absent = game.spec("shuffle").hooks["shuffles_when_absent"](game, player)
    if moved or not specific or absent:
        shuffle(game, player)


def _shuffles(era: str, cards: int = 5, objects: int = 0, gone: bool = False,
              specific: bool = True, times: int = 1) -> int:
    """Shuffle events: `times` effects shuffling `objects` cards from my graveyard (exiled
    first when `gone`) into my library of `cards` cards."""
    game = Game(era=era)
    me = game.active
    stock(game, me, cards)
    piles = [game.create(f"G{i}", controller=me, zone="graveyard") for i in range(objects)]
    for card in piles if gone else ():
        game.move(card, "exile")
    start = len(game.log)
    for _ in range(times):
        shuffle_into(game, me, piles, "graveyard", specific)
    return sum(1 for e in game.log[start:] if e.name == "library shuffled")


def _found_on_top(era: str) -> tuple[str, int]:
    """Search my library for A4, shuffle, put A4 on top: (top card, shuffle events)."""
    game = Game(era=era)
    me = game.active
    found = stock(game, me, 6)[3]
    start = len(game.log)
    shuffle(game, me, keep=(found,))
    put_on_top(game, [found])
    return me.library[0].name, sum(1 for e in game.log[start:] if e.name == "library shuffled")


def _will(sentence: str, after: str) -> bool | None:
    """Whether "<after> will (still) trigger" / "won't trigger" says they trigger."""
    match = re.search(after + r"[^.]*?\b(will still|will|won't|will not|don't|do) trigger",
                      sentence, re.I)
    return None if match is None else match.group(1).lower() in ("will still", "will", "do")


def check(claims: Claims, era: str) -> list[str] | None:
    """Shuffles in the model against the text: found cards kept out, objects absent or
    none, a library of one card, two effects at once."""
    problems: list[str] = []
    ran = False
    found = claims.says(r"\bsearch a library for a card or cards, shuffle that library")
    if found:
        ran = True
        out = claims.says(r"\bthey (?:aren't|are) included in the shuffle|the found cards "
                          r"(?:aren't|are) included in the shuffle") or found
        kept = re.search(r"(aren't|are) included in the shuffle", out, re.I)
        still = claims.says(r"abilities that trigger when a library is shuffled will still") \
            or found
        top, events = _found_on_top(era)
        problems += differ("the found card is " + (kept.group(1) if kept else "?")
                           + " included in the shuffle", out, "search for A4, shuffle, put "
                           "A4 on top: (the top card, shuffle triggers)",
                           ("A4" if kept and kept.group(1).lower() == "aren't" else "?",
                            1 if _will(still, "shuffled") else 0), (top, events))
    absent = claims.says(r"shuffle one or more specific objects into a library")
    if absent:
        ran = True
        said = re.search(r"that library (isn't|is not|is) shuffled", absent, re.I)
        shuffled = said is not None and said.group(1).lower() == "is"
        problems += differ(f"that library {said.group(1) if said else '?'} shuffled", absent,
                           "two graveyard cards to shuffle into my library were exiled "
                           "first: shuffles", 1 if shuffled else 0, _shuffles(era, objects=2,
                                                                             gone=True))
    for pattern, scenario, kwargs in (
            (r"shuffle a set of objects into a library, that library (?:is|isn't) shuffled "
             r"even if there are no", "a set of no objects shuffled into my library",
             {"objects": 0, "specific": False}),
            (r"library containing \w+(?: or \w+)? cards?, abilities that trigger", "my "
             "library of one card shuffled", {"cards": 1, "specific": False}),
            (r"two or more effects cause a library to be shuffled multiple times",
             "two effects shuffle my library at once", {"times": 2, "specific": False})):
        sentence = claims.says(pattern)
        if sentence is None:
            continue
        ran = True
        count = _shuffles(era, **kwargs)  # type: ignore[arg-type]
        if "set of objects" in pattern:
            word = re.search(r"that library (is|isn't) shuffled", sentence, re.I)
            expected: int | str = 1 if word and word.group(1).lower() == "is" else 0
        elif "multiple times" in pattern:
            many = re.search(r"will trigger (that many times|once|\w+ times)", sentence, re.I)
            expected = 2 if many and many.group(1).lower() == "that many times" else (
                1 if many and many.group(1).lower() == "once" else "?")
        else:
            sizes = re.search(r"library containing (\w+(?: or \w+)?) cards?", sentence, re.I)
            if sizes is None or sizes.group(1).lower() != "zero or one":
                problems.append(f'the text names libraries of "{sizes.group(1) if sizes else "?"}'
                                f'" cards; the model\'s library that no shuffle can reorder '
                                f'holds zero or one card ("{sentence}")')
                continue
            expected = 1 if _will(sentence, "shuffled") else 0
        problems += differ(sentence[:60] + "...", sentence, f"{scenario}: shuffle triggers",
                           expected, count)
    return problems if ran else None


def _always(game: Game, player: Player) -> bool:
    return True


def _never(game: Game, player: Player) -> bool:
    return False


register(Keyword(
    name="shuffle",
    kind=("keyword action",),
    parameter=(),
    zones=("library",),
    hooks={"shuffles_when_absent": _always},
    history=(("a library is shuffled even if none of the objects to shuffle into it are "
              "there", {"hooks": {"shuffles_when_absent": _never}}),),
    checks=(Check("what is shuffled, and how often 'shuffled' triggers", check),),
))
