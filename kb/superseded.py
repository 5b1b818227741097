"""Which rulings and answers a later rules change overrode, for `show` and `search`.

The judgement is `kb.rules.validate.superseded_rulings` (the same `validate` reports and
the site flags); this module only feeds it the few rulings being displayed and the
definitions of the keywords they mention, so a lookup stays fast.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kb.model import Record
    from kb.store import KnowledgeBase

ANSWERS = ("ruling", "qa")


def superseded_by(kb: KnowledgeBase, records: Iterable[Record]) -> dict[str, dict[str, Any]]:
    """For the rulings and answers among `records`: id -> what superseded it,
    `{"record": the first later definition that contradicts it, "era": that definition's
    rules version, "keyword", "message": the validation finding}`."""
    rulings = [r for r in records if r.kind in ANSWERS]
    if not rulings:
        return {}
    titles = {t.lower(): t for t in kb.titles(["keyword"])}
    if not titles:
        return {}
    texts = " ".join(r.text for r in rulings).lower()
    # only the names these texts contain (a pattern over every keyword name costs more to
    # compile than the whole lookup); longest first, as before
    names = sorted((n for n in titles if n in texts), key=lambda n: (-len(n), n))
    if not names:
        return {}
    mention = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b", re.I)
    from kb.rules.claims import claims_about

    # only a ruling that claims something of a keyword's kind or instances can be
    # superseded: the rules model (all keyword modules) is loaded only for those
    claimed = {(r.id, m.lower()) for r in rulings for m in set(mention.findall(r.text))
               if claims_about(r.text, m) is not None}
    rulings = [r for r in rulings if any(rid == r.id for rid, _ in claimed)]
    mentioned = {name for _, name in claimed}
    if not mentioned:
        return {}
    definitions = [d for name in sorted(mentioned) for d in kb.by_title(titles[name], "keyword")]
    from kb.rules.validate import superseded_rulings

    era = {d.id: d.era or d.date for d in definitions}
    found: dict[str, dict[str, Any]] = {}
    for finding in superseded_rulings(rulings, definitions):
        if finding.kind == "superseded-ruling" and finding.records[0] not in found:
            found[finding.records[0]] = {"record": finding.records[1],
                                         "era": era.get(finding.records[1], ""),
                                         "keyword": finding.keyword,
                                         "message": finding.message}
    return found


def note(info: dict[str, Any]) -> str:
    """One line for the terminal: `the rules change of 2009-07-11: lifelink as defined in
    cr-2009-10-01:keyword:lifelink` (the date of the change where the rules model knows it,
    else the version of the definition)."""
    changed = re.search(r"the rules changed on (\d{4}-\d{2}-\d{2})", info["message"])
    when = (f"the rules change of {changed.group(1)}" if changed
            else f"the rules as of {info.get('era') or 'a later version'}")
    return f"{when}: {info['keyword']} as defined in {info['record']}"


def mark_hits(store: Path, hits: Iterable[Any]) -> None:
    """Add `superseded_by` to the records of search hits (`kb.search.Hit`) that a later
    rules change overrode (the store at `store` is opened only when there are rulings or
    answers among them)."""
    hits = list(hits)
    ids = [hit.record["id"] for hit in hits if hit.record.get("kind") in ANSWERS]
    if not ids:
        return
    from kb.store import KnowledgeBase

    with KnowledgeBase(store) as kb:
        marks = superseded_by(kb, kb.get_many(ids))
    for hit in hits:
        if info := marks.get(hit.record["id"]):
            hit.record["superseded_by"] = info
