"""Pointers followed: a glossary entry that says "See rule 702.83" (its links to keywords
and terms aside) or only "See Landwalk." or "See Damage." (another entry), or a bare rule
heading ("702.83 Exalted"), leads to the rule or entry it names, shown with its subrules;
the pointer stays as the hit's context."""

from __future__ import annotations

from typing import Any, NamedTuple

from kb import rulenum
from kb.index import stems
from kb.patterns import lazy
from kb.search_cards import heading
from kb.search_versions import Versions

# "See rule 702.83", "See rule 104.4." (one rule: a list of rules is no single answer)
_SEE_ONE_RULE = lazy(rf"\bSee rule ({rulenum.NUMBER})\b(?!,? (?:and|or) \d)")
# 'See rule 702.62, "Endure."': the rule's number and the name it goes by
_SEE_RULE_NAMED = lazy(rf'\bSee rule ({rulenum.NUMBER}),? ["“]([^"”\n]{{1,60}}?)[.,]?["”]')
# "See Landwalk.": an entry that only names another (a keyword, a term)
_SEE_ENTRY = lazy(r"^See ([^.]{1,60})\.$")
# A heading whose text is only its name: a few words, no sentence
_BARE = lazy(r"^[\w'’ ,/-]{1,40}$")


def is_pointer(record: dict[str, Any]) -> bool:
    """A glossary entry naming one rule, or a rule heading with no text of its own."""
    if record["kind"] == "glossary":
        if _SEE_ENTRY.match(record["text"].strip()):
            # (no reference: the entry it names is a glossary term, linked as a mention)
            return len(record["refs"]) <= 1
        return bool(_SEE_ONE_RULE.search(record["text"])) and len(_rule_refs(record)) == 1
    return record["kind"] == "rule" and bool(_BARE.match(record["text"].strip()))


class Followed(NamedTuple):
    """Where a pointer leads: the record shown, and the subrules whose text it shows (a
    bare heading's), which need no hit of their own."""

    record: dict[str, Any]
    covers: tuple[str, ...] = ()


def follow(record: dict[str, Any], versions: Versions) -> Followed | None:
    """The record a pointer leads to (a keyword definition, or the rule with its subrules
    in its text), or None when it points nowhere known."""
    target: dict[str, Any] | None = record
    if record["kind"] == "glossary":
        refs = _rule_refs(record) or record["refs"] or _entry_named(record, versions)
        if not refs:
            return None
        target = versions.fetch(refs[:1]).get(refs[0])
        if target is not None and (name := _misnamed(record, target)) is not None:
            # the keyword of that name in the entry's rules version, if any
            found = versions.titled(name, "keyword", record["source"])
            target = versions.fetch(found[:1]).get(found[0]) if found else None
    if target is None:
        return None
    if target["kind"] == "rule" and _BARE.match(target["text"].strip()):
        keyword = [r for r in target["refs"] if ":keyword:" in r]
        if keyword and (defined := versions.fetch(keyword[:1]).get(keyword[0])):
            return Followed(defined)
        return _with_subrules(target, versions)
    return Followed(target)


def _misnamed(record: dict[str, Any], target: dict[str, Any]) -> str | None:
    """The name a glossary entry's "See rule N, "Name."" gives the rule it leads to, when
    that rule goes by another (neither's words within the other's: "Free-for-All" is 806
    Free-for-All Variant); else None. The number can be wrong where the name is not:
    2026's Endure says "See rule 702.62", which is Suspend (Endure is 701.63)."""
    named = _SEE_RULE_NAMED.search(record["text"])
    if named is None:
        return None
    said, heads = set(stems(named.group(2))), set(stems(heading(target["title"])))
    return None if said <= heads or heads <= said else named.group(2)


def _entry_named(record: dict[str, Any], versions: Versions) -> list[str]:
    """The glossary entry a "See Damage." entry names, as linked (a term mentioned) or
    else by its title in the same rules version."""
    named = _SEE_ENTRY.match(record["text"].strip())
    if named is None:
        return []
    return versions.links_from(record["id"], "glossary") or versions.titled(
        named.group(1), "glossary", record["source"])


def _rule_refs(record: dict[str, Any]) -> list[str]:
    """The rules a record points to (its links to keywords, terms and cards left out)."""
    return [ref for ref in record["refs"] if rulenum.is_number(ref.rsplit(":", 1)[-1])]


def _with_subrules(rule: dict[str, Any], versions: Versions) -> Followed | None:
    subrules = [r for r in versions.children(rule["id"]) if r["kind"] == "rule"]
    if not subrules:
        return None if _BARE.match(rule["text"].strip()) else Followed(rule)
    text = "\n".join(f"{r['rule']} {r['text']}" for r in subrules)
    return Followed({**rule, "text": text}, tuple(r["id"] for r in subrules))
