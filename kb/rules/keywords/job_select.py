"""Job select (702.182 since 2025): when this Equipment enters, create a 1/1 colorless Hero
creature token, then attach this Equipment to it."""

from __future__ import annotations

from kb.rules.keywords._cov_tokens import Token, equipment_token_keyword
from kb.rules.registry import register

register(equipment_token_keyword("job select", Token(1, 1, (), ("Hero",), ("creature",))))
