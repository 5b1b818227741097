"""Pointers followed: a glossary entry that says "See rule 702.83" or a bare rule heading
("702.83 Exalted") leads to the rule it names, shown with its subrules; the pointer stays
as the hit's context."""

from __future__ import annotations

from typing import Any

from kb import rulenum
from kb.patterns import lazy
from kb.search_versions import Versions

# "See rule 702.83", "See rule 104.4." (one rule: a list of rules is no single answer)
_SEE_ONE_RULE = lazy(rf"\bSee rule ({rulenum.NUMBER})\b(?!,? (?:and|or) \d)")
# A heading whose text is only its name: a few words, no sentence
_BARE = lazy(r"^[\w'’ ,/-]{1,40}$")


def is_pointer(record: dict[str, Any]) -> bool:
    """A glossary entry naming one rule, or a rule heading with no text of its own."""
    if record["kind"] == "glossary":
        return bool(_SEE_ONE_RULE.search(record["text"])) and len(record["refs"]) == 1
    return record["kind"] == "rule" and bool(_BARE.match(record["text"].strip()))


def follow(record: dict[str, Any], versions: Versions) -> dict[str, Any] | None:
    """The record a pointer leads to (a keyword definition, or the rule with its subrules
    in its text), or None when it points nowhere known."""
    target: dict[str, Any] | None = record
    if record["kind"] == "glossary":
        target = versions.fetch(record["refs"][:1]).get(record["refs"][0])
    if target is None:
        return None
    if target["kind"] == "rule" and _BARE.match(target["text"].strip()):
        keyword = [r for r in target["refs"] if ":keyword:" in r]
        if keyword:
            return versions.fetch(keyword[:1]).get(keyword[0]) or _with_subrules(target, versions)
        return _with_subrules(target, versions)
    return target


def _with_subrules(rule: dict[str, Any], versions: Versions) -> dict[str, Any] | None:
    subrules = [r for r in versions.children(rule["id"]) if r["kind"] == "rule"]
    if not subrules:
        return None if _BARE.match(rule["text"].strip()) else rule
    text = "\n".join(f"{r['rule']} {r['text']}" for r in subrules)
    return {**rule, "text": text}
