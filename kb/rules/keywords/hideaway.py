"""Hideaway (702.73 in 2012, 502.75 in 2008; 702.75 in 2026). Until Streets of New Capenna
(2022) it represented a static and a triggered ability: "This permanent enters the
battlefield tapped" and "When this permanent enters the battlefield, look at the top four
cards of your library. Exile one of them face down and put the rest on the bottom of your
library in any order." Since then it is one triggered ability, "Hideaway N": "When this
permanent enters, look at the top N cards of your library. Exile one of them face down and
put the rest on the bottom of your library in a random order." """

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import COUNT, Claims, quantity
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import this_object
from kb.rules.registry import Check, Keyword, register

N = 3
LIBRARY = 8
NEW_HIDEAWAY = "hideaway N: the top N cards, no longer enters tapped"
LOOK = re.compile(rf"\blook at the top ({COUNT}) cards of your library\b", re.I)
HIDE = re.compile(rf"\b(exile|put) ({COUNT}) of them( face down)?(?: into your hand)? and put "
                  r"the rest on the (bottom|top) of your library", re.I)
TAPPED = re.compile(r"\bthis permanent enters(?: the battlefield)? (tapped|untapped)", re.I)


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    player = source.controller or source.owner
    seen = player.library[:int(ability.param or 4)]
    if not seen:
        return
    hidden = game.choose(f"hideaway:{source.ident}", seen[0])
    game.move(hidden, "exile", cause="hideaway")
    hidden.face_down = True
    source.notes["hidden"] = hidden
    for card in seen:
        if card is not hidden:
            player.library.remove(card)
            player.library.append(card)


def _enters_tapped(game: Game, obj: GameObject, ability: Ability) -> None:
    obj.tapped = True


def check(claims: Claims, era: str) -> list[str] | None:
    """A land with hideaway (N = 3 where the text writes "Hideaway N") enters from your hand
    with eight known cards in your library."""
    look = claims.says(LOOK.pattern)
    if look is None:
        return None
    count = LOOK.search(look).group(1)  # type: ignore[union-attr]
    hide = HIDE.search(claims.says(HIDE.pattern) or "")
    tapped = TAPPED.search(claims.says(TAPPED.pattern) or "")
    numbered = claims.parameter == "n"
    game = Game(era=era)
    me = game.active
    cards = [game.create(f"Card {i}", zone="library", types={"sorcery"})
             for i in range(LIBRARY)]
    me.library[:] = cards
    land = game.create("Hideaway land", zone="hand", types={"land"},
                       abilities=(Ability("hideaway", N if numbered else None),))
    game.move(land, "battlefield")
    game.resolve_stack()
    k = quantity(count, N) if "enters" in claims.triggers else 0
    hidden = quantity(hide.group(2)) if hide and k else 0
    bottom = hide is not None and hide.group(4).lower() == "bottom"
    expected = (tapped is not None and tapped.group(1).lower() == "tapped",
                [c.name for c in cards[:hidden]] if hide and hide.group(1).lower() == "exile"
                else [], bool(hide and hide.group(3)) if hidden else False,
                [c.name for c in (cards[k:] + cards[hidden:k] if bottom else
                                  cards[hidden:k] + cards[k:])])
    exiled = [c for c in cards if c.zone == "exile"]
    actual = (land.tapped, [c.name for c in exiled], all(c.face_down for c in exiled)
              if exiled else False, [c.name for c in me.library])
    return differ(f"it looks at the top {count} cards, "
                  + (f"{hide.group(1)}s {hide.group(2)}{hide.group(3) or ''}, the rest to the "
                     f"{hide.group(4)}" if hide else "")
                  + (f"; it enters {tapped.group(1)}" if tapped else ""), look,
                  f"a land with hideaway{f' {N}' if numbered else ''} enters with {LIBRARY} "
                  "known cards in your library: (tapped, exiled cards, face down, library "
                  "from the top)", expected, actual)


register(Keyword(
    name="hideaway",
    kind=("triggered",),
    parameter=("n",),
    trigger=("enters",),
    zones=("battlefield", "library", "exile"),
    effect=_effect,
    condition=this_object,
    checks=(Check("the top N (formerly four) cards: one exiled face down, the rest to the "
                  "bottom", check),),
    history=((NEW_HIDEAWAY, {"kind": ("static", "triggered"), "parameter": ("",),
                             "durations": ("as long as",),
                             "hooks": {"as_enters": _enters_tapped}}),),
))
