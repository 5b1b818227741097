"""Dash [cost] (702.108 in 2015, 702.109 in 2026): cast this card for [cost] rather than its
mana cost; then it has haste and returns to its owner's hand at the beginning of the next end
step."""

from __future__ import annotations

from kb.rules.keywords._cov_dash import dash_keyword
from kb.rules.registry import register

register(dash_keyword("dash", "hand", draws=False))
