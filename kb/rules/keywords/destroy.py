"""Destroy (701.6 in 2012, 501.4 in 2008), a keyword action: "To destroy a permanent, move it
from the battlefield to its owner's graveyard." A regeneration effect replaces a
destruction event."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, IllegalAction
from kb.rules.keywords._zone_actions import check_move, outcome
from kb.rules.registry import Check, Keyword, register


def destroy(game: Game, permanent: GameObject) -> str:
    """Destroy a permanent (only a permanent on the battlefield can be destroyed)."""
    if permanent.zone != "battlefield":
        raise IllegalAction(f"{permanent.name} is not a permanent")
    return game.destroy(permanent)


def _regenerated(game: Game, permanent: GameObject) -> str:
    from kb.rules.keywords.regenerate import regenerate

    regenerate(game, permanent)
    return destroy(game, permanent)


def check(claims: Claims, era: str) -> list[str] | None:
    """Where a destroyed permanent goes, and that regeneration replaces destruction."""
    problems = check_move(claims, era, "destroy", destroy, ("battlefield", "hand"))
    if problems is None:
        return None
    replaced = claims.says(r"regeneration effect \S+ (?:\S+ )?a destruction event")
    word = re.search(r"regeneration effect (replaces|doesn't replace|does not replace)",
                     replaced or "", re.I)
    if replaced:
        kept = word is not None and word.group(1).lower() == "replaces"
        problems += differ(f"a regeneration effect {word.group(1) if word else '?'} "
                           "destruction", replaced, "destroy a regenerated permanent",
                           "battlefield" if kept else "graveyard of owner",
                           outcome(era, "battlefield", _regenerated))
    return problems


register(Keyword(
    name="destroy",
    kind=("keyword action",),
    parameter=(),
    zones=("graveyard", "battlefield"),
    checks=(Check("moved from the battlefield to its owner's graveyard, regeneration "
                  "replaces it", check),),
))
