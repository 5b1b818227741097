"""Shared scaffolding of the rules-model tests: keyword records as the parsers make them from a
quoted definition, the shipped source text the quotes come from, and the assertions every
definition test makes (a real definition passes with only "checked: " details, a changed copy
is a mismatch, every generic mutation is a mismatch, every rewording stays ok and reads the
same claims)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kb.model import Record, slugify
from kb.rules.mutations import mutations, rewordings
from kb.rules.validate import DefinitionResult, check_definition
from tests.conftest import DATA

THREAD, WIKI = "keyword-abilities-faq-thread-2012", "judge-wiki-keywords-appendix-c"
BLOG, FAQ = "alara-keyword-rules-blog-2008", "shards-of-alara-faq-2008"


def definition(title: str, text: str, source: str = THREAD, era: str = "2012-10-01",
               damage: Iterable[str] | None = None, **fields: Any) -> Record:
    """A keyword record as the parsers make them (`damage`: the capture damage the parser
    notes in meta['damage']; `fields`: further Record fields, e.g. keywords or meta)."""
    if damage is not None:
        fields["meta"] = {**fields.get("meta", {}), "damage": list(damage)}
    return Record(id=f"{source}:keyword:{slugify(title)}", kind="keyword",
                  source=source, title=title, text=text, era=era, date=era, **fields)


def source_text(source: str, fold: bool = True) -> str:
    """The text of a shipped source document (white space folded to single spaces)."""
    text = (DATA / "sources" / f"{source}.txt").read_text(encoding="utf-8")
    return " ".join(text.split()) if fold else text


def assert_ok(record: Record) -> DefinitionResult:
    """The record's definition passes, every detail a check that ran."""
    result = check_definition(record)
    assert result.status == "ok", result.details
    assert result.details and all(d.startswith("checked: ") for d in result.details)
    return result


def assert_mismatch(record: Record, *context: object) -> DefinitionResult:
    """The record's definition is a mismatch."""
    result = check_definition(record)
    assert result.status == "mismatch", (*context, result.details)
    return result


def assert_mutations_mismatch(record: Record, *context: object, some: bool = True) -> int:
    """Each generic mutation of the record is a mismatch (and, with `some`, there are some:
    a definition with no phrase the mutations know, e.g. an action's, may have none); returns
    how many there were."""
    changed = mutations(record)
    assert changed or not some, context
    for label, copy in changed:
        assert check_definition(copy).status == "mismatch", (*context, label)
    return len(changed)


def assert_rewordings_ok(record: Record, *context: object,
                         labels: Iterable[str] = ("curly quotes", "spacing")) -> None:
    """The rewordings include `labels` (a text without quotes or double spaces has no such
    rewording: pass ()); each stays ok with the same claims."""
    before = check_definition(record)
    variants = rewordings(record)
    assert {label for label, _ in variants} >= set(labels), context
    for label, copy in variants:
        after = check_definition(copy)
        assert after.status == "ok", (*context, label, after.details)
        assert after.claims == before.claims, (*context, label)
