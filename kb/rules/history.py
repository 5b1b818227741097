"""When each rules change happened, read from the documents: the first Comprehensive Rules
version that shows it.

A keyword's `history` lists its earlier forms without dates (`Keyword.forms()`). Which
rules version first shows each change is learned from the versions themselves
(`learn`, run over the archive of every version by `bench/bench_validate.py
--write-history`) and kept in `history.json` next to this module: per keyword and change,
the first version showing it (`first`, `first_source`) and the last one showing the rules
before it (`last_before`). Validation then holds a definition of a known era to the form of
its era (`era_problem`); a definition from between the two versions may show either.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from kb.rules.registry import Keyword

HISTORY_FILE = Path(__file__).with_name("history.json")
Table = dict[str, dict[str, dict[str, str]]]


class Dated(Protocol):
    """What `learn` reads of one validated definition."""

    keyword: str
    era: str
    source: str
    status: str
    agrees: tuple[int, ...]
    found: frozenset[str]


@lru_cache(maxsize=1)
def table() -> Table:
    """The learned dates of the rules changes ({} when the file is absent)."""
    if not HISTORY_FILE.exists():
        return {}
    data: Table = json.loads(HISTORY_FILE.read_text(encoding="utf-8"))
    return data


def learn(results: Iterable[Dated], specs: dict[str, Keyword]) -> Table:
    """Per keyword and change, the first version showing it and the last one before it,
    from definitions validated against every form (`agrees`: the forms a text agrees with;
    a text that agrees with forms on both sides of a change says nothing about it)."""
    by_name: dict[str, list[Dated]] = {}
    for result in results:
        if result.status in ("ok", "no-check") and result.agrees and result.era and \
                result.source.startswith("cr-"):
            by_name.setdefault(result.keyword, []).append(result)
    learned: Table = {}
    for name, group in sorted(by_name.items()):
        spec = specs.get(name)
        if spec is None:
            continue
        for index, form in enumerate(spec.forms()[1:], start=1):
            newer = [r for r in group if max(r.agrees) < index]
            older = [r for r in group if min(r.agrees) >= index]
            if not newer or not older:
                continue
            first = min(newer, key=lambda r: r.era)
            learned.setdefault(spec.name, {})[form.before] = {
                "first": first.era, "first_source": first.source,
                "last_before": max(r.era for r in older)}
    return learned


def learn_clauses(results: Iterable[Dated], specs: dict[str, Keyword]) -> Table:
    """Per keyword, each anchor pattern its checks found in every Comprehensive Rules version
    from some version on: {keyword: {"clause:" + pattern: {"first": era, "first_source": id}}}
    (a full rules text of a later era that lacks it has lost a clause)."""
    by_name: dict[str, list[Dated]] = {}
    for result in results:
        if result.status in ("ok", "unread") and result.era and \
                result.source.startswith("cr-"):
            by_name.setdefault(result.keyword, []).append(result)
    learned: Table = {}
    for name, group in sorted(by_name.items()):
        spec = specs.get(name)
        if spec is None:
            continue
        group.sort(key=lambda r: r.era)
        for pattern in sorted(set().union(*(r.found for r in group))):
            since = len(group)
            while since > 0 and pattern in group[since - 1].found:
                since -= 1
            if since < len(group) and len(group) - since >= 3:
                learned.setdefault(spec.name, {})[f"clause:{pattern}"] = {
                    "first": group[since].era, "first_source": group[since].source}
    return learned


def clauses_missing(spec: Keyword, record: Any, found: frozenset[str]) -> str | None:
    """For a full rules text (a `cr-` source) of a known era: the first clause every version
    since some earlier one states and this text does not, as a finding; else None."""
    if not record.era or not str(record.source).startswith("cr-"):
        return None
    for key, when in table().get(spec.name, {}).items():
        if key.startswith("clause:") and record.era >= when["first"] and \
                key[len("clause:"):] not in found:
            return (f"the text no longer states a clause every version since "
                    f"{when['first_source']} states (the reader finds /{key[len('clause:'):]}/ "
                    f"in each of them)")
    return None


def write(learned: Table, path: Path = HISTORY_FILE) -> None:
    """Store a learned table (sorted, one change a line block)."""
    path.write_text(json.dumps(learned, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    table.cache_clear()


def change(spec: Keyword, label: str) -> dict[str, str] | None:
    """The learned dates of one change of a keyword, or None when no version dates it."""
    return table().get(spec.name, {}).get(label)


def era_problem(spec: Keyword, index: int, era: str) -> str | None:
    """Why form `index` of `spec` (0 today's) can't be the rules of `era`, or None."""
    if not era:
        return None
    forms = spec.forms()
    if index:
        replaced = change(spec, forms[index].before)
        if replaced and era >= replaced["first"]:
            return (f"the text states the rules as they stood before the change "
                    f"({forms[index].before}), which {replaced['first_source']} already shows")
    if index + 1 < len(forms):
        came = change(spec, forms[index + 1].before)
        if came and era <= came["last_before"]:
            return (f"the text states the rules after the change ({forms[index + 1].before}), "
                    f"first shown in {came['first_source']}, but it is of {era}")
    return None


def form_of(spec: Keyword, era: str) -> Keyword:
    """The form of a keyword's rules in force in `era` ("" today), by the learned dates."""
    forms = spec.forms()
    for index in range(len(forms) - 1, 0, -1):
        replaced = change(spec, forms[index].before)
        if era and replaced and era < replaced["first"]:
            return forms[index]
    return spec


def describe(learned: Table) -> list[str]:
    """One line per learned change."""
    return [f"{name}: {label}: first in {when['first_source']}"
            + (f" (last before: {when['last_before']})" if "last_before" in when else "")
            for name, changes in sorted(learned.items()) for label, when in changes.items()]
