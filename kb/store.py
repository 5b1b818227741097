"""The built knowledge base on disk: records, links and lineage in one SQLite file.

`write_store` saves what a build produced; `KnowledgeBase` reads it back for `show`,
`export`, `validate` and `html` without loading more than each asks for.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from kb.links.types import Link, Unresolved
from kb.model import Record

STORE_FILE = "kb.sqlite"

_TABLES = """
create table records (ord integer primary key, id text unique not null, kind text not null,
    source text not null, rule text, title text not null, parent text, data text not null);
create table links (src text not null, dst text not null, kind text not null);
create table unresolved (record text not null, text text not null, reason text not null);
create table lineage (id text primary key, members text not null);
create table sources (ord integer primary key, id text unique not null, data text not null);
"""
# made after the rows are in: one sort each instead of a b-tree insert per row
_INDEXES = """
create index records_rule on records(rule);
create index records_kind on records(kind);
create index records_parent on records(parent);
create index records_title on records(title collate nocase);
create index links_src on links(src);
create index links_dst on links(dst);
"""


StoredLink = Link  # the name readers of the store used before links had one type


def write_store(path: Path, records: Iterable[Record], links: Iterable[Any],
                unresolved: Iterable[Any], lineage: dict[str, list[str]],
                sources: Iterable[dict[str, Any]]) -> None:
    """Write a new store file at `path` (which must not exist yet), in one transaction.

    No journal and no syncs: the file lives in a build folder that is published by an
    atomic rename only after it is whole, and thrown away if anything fails."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("pragma journal_mode = off")
        db.execute("pragma synchronous = off")
        db.executescript(_TABLES)
        db.execute("begin")
        _insert_records(db, records)
        db.executemany("insert into links values (?,?,?)",
                       ((ln.src, ln.dst, ln.kind) for ln in links))
        db.executemany("insert into unresolved values (?,?,?)",
                       ((u.record, u.text, u.reason) for u in unresolved))
        db.executemany("insert into lineage values (?,?)",
                       ((rid, json.dumps(members)) for rid, members in lineage.items()))
        db.executemany("insert into sources(id, data) values (?,?)",
                       ((s["id"], json.dumps(s)) for s in sources))
        for statement in filter(str.strip, _INDEXES.split(";")):
            db.execute(statement)
        db.execute("commit")
    finally:
        db.close()


_DERIVED = ("lineage", "quotes")  # link kinds from lineage, stored after the text links


def add_to_store(path: Path, changed: list[Record], added: list[Record],
                 links: dict[str, list[Link]], unresolved: dict[str, list[Unresolved]],
                 sources: Iterable[dict[str, Any]]) -> None:
    """Turn a copy of a store into the store `write_store` writes with `added` records
    after the others (and their `sources`), `changed` records linked again: each listed
    record's text links and unresolved references replaced, the lineage kept.

    Rows keep the order a whole write gives them (records, then each record's text links
    in record order, then the lineage links), so every read answers as from a new store."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("pragma journal_mode = off")
        db.execute("pragma synchronous = off")
        db.execute("begin")
        db.executemany("update records set data = ? where id = ?",
                       ((json.dumps(vars(r)), r.id) for r in changed))
        _insert_records(db, added)
        order = [rid for (rid,) in db.execute("select id from records order by ord")]
        text_links, lineage_links = _grouped(
            db.execute("select src, dst, kind from links order by rowid"),
            lambda row: row[0], lambda row: row[2] in _DERIVED)
        text_links.update({rid: [(ln.src, ln.dst, ln.kind) for ln in found]
                           for rid, found in links.items()})
        missing, _ = _grouped(db.execute("select record, text, reason from unresolved"
                                         " order by rowid"), lambda row: row[0], lambda _: False)
        missing.update({rid: [(u.record, u.text, u.reason) for u in found]
                        for rid, found in unresolved.items()})
        db.execute("delete from links")
        db.execute("delete from unresolved")
        db.executemany("insert into links values (?,?,?)",
                       [*(row for rid in order for row in text_links.get(rid, ())),
                        *lineage_links])
        db.executemany("insert into unresolved values (?,?,?)",
                       (row for rid in order for row in missing.get(rid, ())))
        db.executemany("insert into sources(id, data) values (?,?)",
                       ((s["id"], json.dumps(s)) for s in sources))
        db.execute("commit")
    finally:
        db.close()


def _grouped(rows: Iterable[tuple[str, str, str]], key: Any, aside: Any
             ) -> tuple[dict[str, list[tuple[str, str, str]]], list[tuple[str, str, str]]]:
    """Rows by `key` (in order), and apart in one list the rows `aside` picks."""
    groups: dict[str, list[tuple[str, str, str]]] = {}
    rest = []
    for row in rows:
        if aside(row):
            rest.append(row)
        else:
            groups.setdefault(key(row), []).append(row)
    return groups, rest


def _insert_records(db: sqlite3.Connection, records: Iterable[Record]) -> None:
    db.executemany(
        "insert into records(id, kind, source, rule, title, parent, data)"
        " values (?,?,?,?,?,?,?)",
        # vars(r): the fields of to_dict() without its deep copy (a third of the time)
        ((r.id, r.kind, r.source, r.rule, r.title, r.parent, json.dumps(vars(r)))
         for r in records),
    )


def store_problem(path: Path) -> str | None:
    """Why the store at `path` cannot be read (missing, not a database, tables lost), or
    None when it opens and its tables answer. Cheap: it reads the schema and one count."""
    if not path.is_file():
        return f"{path}: missing"
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            db.execute("select count(*) from sources").fetchone()
            db.execute("select ord from records limit 1").fetchone()
        finally:
            db.close()
    except sqlite3.Error as exc:
        return f"{path}: {exc}"
    return None


class KnowledgeBase:
    """Read access to one built knowledge base."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)

    def close(self) -> None:
        """Release the database file."""
        self._db.close()

    def __enter__(self) -> KnowledgeBase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _records(self, sql: str, args: tuple[Any, ...] = ()) -> list[Record]:
        return [Record.from_dict(json.loads(row[0])) for row in self._db.execute(sql, args)]

    def get(self, record_id: str) -> Record | None:
        """The record with this id, or None."""
        found = self._records("select data from records where id = ?", (record_id,))
        return found[0] if found else None

    def get_many(self, record_ids: Iterable[str]) -> list[Record]:
        """Records by id, in the order asked, skipping unknown ids."""
        return [r for r in map(self.get, record_ids) if r is not None]

    def records(self, kind: str | None = None, source: str | None = None) -> Iterator[Record]:
        """Every record (of a kind, of a source), in build order."""
        sql, args = "select data from records where 1=1", list[str]()
        if kind:
            sql, args = sql + " and kind = ?", [*args, kind]
        if source:
            sql, args = sql + " and source = ?", [*args, source]
        for (data,) in self._db.execute(sql + " order by ord", args):
            yield Record.from_dict(json.loads(data))

    def by_rule(self, number: str, source: str | None = None) -> list[Record]:
        """Rule records numbered `number` (in one source, if given)."""
        sql = "select data from records where rule = ? and kind = 'rule'"
        if source:
            return self._records(sql + " and source = ? order by ord", (number, source))
        return self._records(sql + " order by ord", (number,))

    def titles(self, kinds: Iterable[str]) -> list[str]:
        """The distinct titles of records of these kinds (names to suggest)."""
        kinds = list(kinds)
        marks = ",".join("?" * len(kinds))
        rows = self._db.execute(f"select distinct title from records where kind in ({marks})",
                                kinds)
        return [title for (title,) in rows]

    def titles_gone(self, kind: str, older: list[str], newest: str) -> list[tuple[str, str]]:
        """(title, source) of the records of a kind in the `older` sources whose title
        (case-insensitively) no record of that kind in `newest` has: terms the newest
        rules' glossary no longer defines."""
        if not older:
            return []
        marks = ",".join("?" * len(older))
        rows = self._db.execute(
            f"select title, source from records where kind = ? and source in ({marks}) and"
            f" lower(title) not in (select lower(title) from records where kind = ? and"
            f" source = ?)", [kind, *older, kind, newest])
        return [(title, source) for title, source in rows]

    def by_title(self, title: str, kind: str | None = None) -> list[Record]:
        """Records whose title is `title`, case-insensitively (cards, keywords, glossary)."""
        sql = "select data from records where title = ? collate nocase"
        if kind:
            return self._records(sql + " and kind = ? order by ord", (title, kind))
        return self._records(sql + " order by ord", (title,))

    def children(self, record_id: str) -> list[Record]:
        """Records whose parent is `record_id` (subrules, rulings, Q&A)."""
        return self._records("select data from records where parent = ? order by ord",
                             (record_id,))

    def links_from(self, record_id: str) -> list[Link]:
        """What a record points to."""
        rows = self._db.execute("select src, dst, kind from links where src = ?", (record_id,))
        return [Link(*row) for row in rows]

    def cited_by(self, record_id: str) -> list[Link]:
        """What points to a record."""
        rows = self._db.execute("select src, dst, kind from links where dst = ?", (record_id,))
        return [Link(*row) for row in rows]

    def lineage(self, record_id: str) -> list[str]:
        """Ids of the same rule or keyword across sources and versions, by era."""
        row = self._db.execute("select members from lineage where id = ?", (record_id,)).fetchone()
        return json.loads(row[0]) if row else []

    def quotes(self) -> dict[str, list[str]]:
        """Record id -> the records its `quotes` links point to, in link order."""
        found: dict[str, list[str]] = {}
        for src, dst in self._db.execute(
                "select src, dst from links where kind = 'quotes' order by rowid"):
            found.setdefault(src, []).append(dst)
        return found

    def unresolved(self) -> list[tuple[str, str, str]]:
        """References that could not be resolved: (record id, text, reason)."""
        return list(self._db.execute("select record, text, reason from unresolved"))

    def sources(self) -> list[dict[str, Any]]:
        """The sources this knowledge base was built from, with their counts."""
        rows = self._db.execute("select data from sources order by ord")
        return [json.loads(data) for (data,) in rows]

    def count(self) -> int:
        """How many records."""
        return self._db.execute("select count(*) from records").fetchone()[0]
