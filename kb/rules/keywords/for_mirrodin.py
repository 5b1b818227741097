"""For Mirrodin! (702.163 since 2023): when this Equipment enters, create a 2/2 red Rebel
creature token, then attach this Equipment to it."""

from __future__ import annotations

from kb.rules.keywords._cov_tokens import Token, equipment_token_keyword
from kb.rules.registry import register

register(equipment_token_keyword("for mirrodin!", Token(2, 2, ("red",), ("Rebel",),
                                                         ("creature",))))
