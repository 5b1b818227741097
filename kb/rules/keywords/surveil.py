"""Surveil N (701.41 in 2018, 701.25 in 2026), a keyword action: look at the top N cards of
your library, then put any number of them into your graveyard and the rest on top of your
library in any order."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._cov_library import layout, stock, zone_word
from kb.rules.keywords._library import put_on_top, top
from kb.rules.registry import Check, Keyword, register

LOOK = (r"look at the (top|bottom) (N|\w+) cards? of (your|target player's|an opponent's) "
        r"library, then put any number of them (into|on the bottom of|on top of) (your|their) "
        r"(graveyard|library|hand) and the rest (on top of|on the bottom of|into) (your|their) "
        r"(library|graveyard|hand)")
CHOSEN = "135"  # the cards (by number) the player chooses to put away


def surveil(game: Game, player: Player, n: int) -> list[GameObject]:
    """`player` surveils `n` (the choice `surveil:graveyard` picks the cards for the
    graveyard; default none); no event for surveil 0."""
    looked = top(player, n)
    picks = game.choices.get("surveil:graveyard")
    away = list(picks(looked)) if callable(picks) else []
    for card in looked:
        if card in away:
            game.move(card, "graveyard")
    put_on_top(game, [card for card in looked if card not in away])
    if n > 0:
        game.emit("surveil", player=player, count=len(looked))
    return looked


def _scenario(era: str) -> dict[str, list[str]]:
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    stock(game, me)
    stock(game, them)
    game.choices["surveil:graveyard"] = lambda looked: [c for c in looked if c.name[1:] in CHOSEN]
    surveil(game, me, 3)
    return layout(me, them)


def check(claims: Claims, era: str) -> list[str] | None:
    """Surveil 3 with six cards in each library, choosing cards 1, 3 and 5 when looked at."""
    text = claims.says(r"\blook at the (?:top|bottom)\b")
    if text is None:
        return None
    match = re.search(LOOK, text, re.I)
    if match is None:
        return [f'the text moves the cards in a way the model does not read ("{text}")']
    n = 3 if match.group(2) == "N" else None
    if n is None:
        return [f'the text looks at a fixed number of cards, not N ("{text}")']
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    owner = me if match.group(3).lower() == "your" else them
    cards = {p: stock(game, p) for p in (me, them)}
    pile = cards[owner]
    looked = pile[:n] if match.group(1).lower() == "top" else pile[-n:]
    chosen = [c for c in looked if c.name[1:] in CHOSEN]
    rest = [c for c in looked if c not in chosen]
    untouched = [c for c in pile if c not in looked]
    library = list(untouched)
    moved: dict[str, list[GameObject]] = {"graveyard": [], "hand": []}
    for group, verb, where in ((chosen, match.group(4), match.group(6)),
                               (rest, match.group(7), match.group(9))):
        zone = zone_word(where)
        if zone == "library":
            library = (group + library) if "top" in verb.lower() else (library + group)
        elif zone:
            moved[zone] += group
    expected = layout(me, them)
    expected[f"{owner.name} library"] = [c.name for c in library]
    for zone, group in moved.items():
        expected[f"{owner.name} {zone}"] = [c.name for c in group]
    return differ(match.group(0), text, "surveil 3, six cards in each library, choosing "
                  "cards 1, 3 and 5 to put away: every zone", expected, _scenario(era))


def check_zero(claims: Claims, era: str) -> list[str] | None:
    """Surveil 0: an event or none, as 701.25c says."""
    text = claims.says(r"\bsurveil 0\b")
    if text is None:
        return None
    match = re.search(r"\b(no|a) surveil event occurs\b", text, re.I)
    if match is None:
        return [f'the text says something the model does not read ("{text}")']
    game = Game(era=era)
    stock(game, game.active)
    surveil(game, game.active, 0)
    happened = any(e.name == "surveil" for e in game.log)
    return differ(f"{match.group(1)} surveil event for surveil 0", text, "surveil 0",
                  match.group(1).lower() == "a", happened)


register(Keyword(
    name="surveil",
    kind=("keyword action",),
    parameter=("n",),
    zones=("library", "graveyard"),
    checks=(Check("the top N cards, chosen ones into the graveyard", check),
            Check("surveil 0 is no event", check_zero)),
))
