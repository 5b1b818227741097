"""Blitz [cost] (702.152 since 2022): cast this card for [cost] rather than its mana cost;
then it has haste and "When this permanent is put into a graveyard from the battlefield,
draw a card", and it is sacrificed at the beginning of the next end step."""

from __future__ import annotations

from kb.rules.keywords._cov_dash import dash_keyword
from kb.rules.registry import register

register(dash_keyword("blitz", "graveyard", draws=True))
