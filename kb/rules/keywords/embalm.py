"""Embalm [cost] (702.127 in 2017, 702.128 in 2026): "[Cost], Exile this card from your
graveyard: Create a token that's a copy of this card, except it's white, it has no mana cost,
and it's a Zombie in addition to its other types. Activate only as a sorcery."."""

from __future__ import annotations

from kb.rules.keywords._cov_copies import graveyard_copy_keyword
from kb.rules.registry import register

register(graveyard_copy_keyword("embalm", "white", None))
