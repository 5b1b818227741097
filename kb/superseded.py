"""Which rulings and answers a later rules change overrode, for `show` and `search`.

The judgement is `kb.rules.superseding.superseded_rulings` (the same `validate` reports and
the site flags), made for each ruling and answer on its own. A build makes it once for all
of them and stores the marks (`write_marks`, the store's `superseded` table), so a lookup
reads them instead of loading the rules model; a store without the table (written before
it existed) has them worked out on the fly, the same way. Beside the marks a build stores
the earlier forms of each keyword it defines (`FORMS`: the keyword specs' as
`kb.rules.keyword_forms` keeps them, no keyword module loaded while the rules model is the
one its table was read from), so that an addition marks its own rulings from those.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kb.patterns import alternatives

if TYPE_CHECKING:
    from kb.model import Record
    from kb.rules.claims import Claims
    from kb.rules.superseding import EarlierForm, EarlierForms
    from kb.store import KnowledgeBase

ANSWERS = ("ruling", "qa")
MARKS = "superseded"  # the store's table: ruling id -> what superseded it (JSON)
MARKED_UP_TO = "superseded_checked"  # the last record (ord) whose marks are in the table
FORMS = "keyword_forms"  # keyword name -> its earlier forms (JSON), as the specs have them


def superseded_by(kb: KnowledgeBase, records: Iterable[Record]) -> dict[str, dict[str, Any]]:
    """For the rulings and answers among `records`: id -> what superseded it,
    `{"record": the first later definition that contradicts it, "era": that definition's
    rules version, "keyword", "message": the validation finding}`."""
    rulings = [r for r in records if r.kind in ANSWERS]
    if not rulings:
        return {}
    stored = kb.superseded([r.id for r in rulings])
    if stored is not None:
        return stored
    marker = _Marker(kb)
    return {r.id: info for r in rulings if (info := marker.mark(r)) is not None}


def spec_forms(name: str) -> list[EarlierForm]:
    """A keyword's earlier forms as its spec has them (loads every keyword module; a
    build reads the same from `kb.rules.keyword_forms`, which loads none while the rules
    model is the one its table was written from)."""
    from kb.rules.keywords import spec_for
    from kb.rules.superseding import earlier_forms

    return earlier_forms(spec_for(name))


class _Marker:
    """The marks of rulings of one store, one ruling at a time; what every ruling shares
    (the keyword names, each keyword's definitions and their claims, each text's claims
    about a name) read or worked out once. `earlier`: each keyword's earlier forms (by
    default the specs', read through `kb.rules.keyword_forms`)."""

    def __init__(self, kb: KnowledgeBase, earlier: EarlierForms | None = None) -> None:
        from kb.rules.keyword_forms import earlier as known_forms

        self.kb, self.earlier = kb, earlier or known_forms
        self.titles = {t.lower(): t for t in kb.titles(["keyword"])}
        # every keyword name as a word, longest first: in a text the same matches as a
        # pattern of the names it contains only (a name it does not contain matches nowhere)
        self.mention = (re.compile(rf"\b({alternatives(self.titles)})\b", re.I)
                        if self.titles else None)
        self.definitions: dict[str, list[Record]] = {}
        self.known: dict[str, Claims] = {}
        self.claims: dict[tuple[str, str], bool] = {}
        self.read: dict[tuple[Any, ...], Claims] = {}  # a definition's claims, by its text

    def _claims(self, text: str, name: str) -> bool:
        """Whether a text claims anything of a keyword's kind or instances (read with the
        name in lower case: the claims reader matches names case-insensitively)."""
        from kb.rules.claims import claims_about

        key = (text, name)
        if key not in self.claims:
            self.claims[key] = claims_about(text, name) is not None
        return self.claims[key]

    def _defined(self, name: str) -> list[Record]:
        if name not in self.definitions:
            found = self.kb.by_title(self.titles[name], "keyword")
            self.definitions[name] = found
            self.known.update((d.id, self._claims_of(d)) for d in found if d.id not in self.known)
        return self.definitions[name]

    def _claims_of(self, definition: Record) -> Claims:
        """`kb.rules.superseding.claims_of`, read once for the versions that word a
        definition alike (what it reads: the text, its damage notes, the title, action or
        not)."""
        from kb.rules.superseding import claims_of, is_action

        key = (definition.text, tuple(definition.meta.get("damage", [])), definition.title,
               is_action(definition))
        if key not in self.read:
            self.read[key] = claims_of(definition)
        return self.read[key]

    def mark(self, ruling: Record) -> dict[str, Any] | None:
        """What superseded one ruling or answer, or None."""
        from kb.rules.claims import may_claim

        if self.mention is None or not may_claim(ruling.text):
            return None  # (no keyword named, or no word a claim needs: nothing to mark)
        # only a ruling that claims something of a keyword's kind or instances can be
        # superseded: the claims of definitions are read only for those
        mentioned = {m for m in {m.lower() for m in self.mention.findall(ruling.text)}
                     if self._claims(ruling.text, m)}
        if not mentioned:
            return None
        definitions = [d for name in sorted(mentioned) for d in self._defined(name)]
        from kb.rules.superseding import superseded_rulings

        for finding in superseded_rulings([ruling], definitions, self.known, self.earlier):
            if finding.kind == "superseded-ruling":
                return {"record": finding.records[1],
                        "era": next((d.era or d.date for d in definitions
                                     if d.id == finding.records[1]), ""),
                        "keyword": finding.keyword, "message": finding.message}
        return None


def write_marks(store: Path) -> None:
    """Store the marks of the store's rulings and answers in its `superseded` table (at
    build time): of every one, or, in a store an addition extended (the table there, and
    no keyword definition added), of the records after the last one marked, from the
    earlier forms of the keywords stored with the marks before."""
    from kb.rules.keyword_forms import earlier
    from kb.rules.registry import fold_name
    from kb.store import KnowledgeBase

    db = sqlite3.connect(store, isolation_level=None)
    try:
        db.execute(f"create table if not exists {MARKS} (id text primary key, data text not null)")
        db.execute(f"create table if not exists {MARKED_UP_TO} (ord integer not null)")
        db.execute(f"create table if not exists {FORMS} (name text primary key, data text"
                   " not null)")
        last = db.execute(f"select max(ord) from {MARKED_UP_TO}").fetchone()[0] or 0
        if db.execute("select count(*) from records where ord > ? and kind = 'keyword'",
                      (last,)).fetchone()[0]:
            last = 0  # a new keyword definition: every ruling is looked at again
        stored = _stored_forms(db) if last else None
        with KnowledgeBase(store) as kb:
            marker = _Marker(kb) if stored is None else _Marker(
                kb, lambda name: stored[name] if name in stored else earlier(name))
            marks = [(r.id, json.dumps(info)) for r in kb.answers_after(last)
                     if (info := marker.mark(r)) is not None]
            forms = None if stored is not None else \
                [(key, json.dumps(earlier(key))) for key in
                 sorted({fold_name(title) for title in marker.titles.values()})]
        db.execute("begin")
        if not last:
            db.execute(f"delete from {MARKS}")
        if forms is not None:
            db.execute(f"delete from {FORMS}")
            db.executemany(f"insert into {FORMS} values (?, ?)", forms)
        db.executemany(f"insert into {MARKS} values (?, ?)", marks)
        db.execute(f"delete from {MARKED_UP_TO}")
        db.execute(f"insert into {MARKED_UP_TO} select coalesce(max(ord), 0) from records")
        db.execute("commit")
    finally:
        db.close()


def _stored_forms(db: sqlite3.Connection) -> dict[str, list[EarlierForm]] | None:
    """The earlier forms of every keyword the store defines, as the build that wrote it
    stored them (None when it stored none)."""
    from kb.rules.superseding import EarlierForm

    rows = db.execute(f"select name, data from {FORMS}").fetchall()
    if not rows:
        return None
    return {name: [EarlierForm(instances, tuple(kinds), before, first)
                   for instances, kinds, before, first in json.loads(data)]
            for name, data in rows}


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
        marks = kb.superseded(ids)
        if marks is None:
            marks = superseded_by(kb, kb.get_many(ids))
    for hit in hits:
        if info := marks.get(hit.record["id"]):
            hit.record["superseded_by"] = info
