"""Undying (702.91 in 2012): "When this permanent is put into a graveyard from the
battlefield, if it had no +1/+1 counters on it, return it to the battlefield under its
owner's control with a +1/+1 counter on it." """

from __future__ import annotations

from kb.rules.keywords._dies_return import returner_spec
from kb.rules.registry import register

register(returner_spec("undying", "+1/+1"))
