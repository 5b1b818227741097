"""The built knowledge base on disk: records, links and lineage in one SQLite file.

`write_store` saves what a build produced; `KnowledgeBase` reads it back for `show`,
`export`, `validate` and `html` without loading more than each asks for.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Container, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kb.model import EXPORT_FIELDS, KINDS, SUMMARY_FIELDS, Record

if TYPE_CHECKING:  # loaded by the readers of links only (a search reads none)
    from kb.links.types import Link, Unresolved

STORE_FILE = "kb.sqlite"

# The most of the store's pages a reader keeps in memory, KiB (SQLite's default is 2,000).
PAGE_CACHE_KIB = 65536

_TABLES = """
create table records (ord integer primary key, id text unique not null, kind text not null,
    source text not null, rule text, title text not null, parent text, data text not null);
create table links (src text not null, dst text not null, kind text not null);
create table unresolved (record text not null, text text not null, reason text not null);
create table lineage (id text primary key, grp integer not null);
create table lineage_groups (grp integer primary key, members text not null,
    versions text not null);
create table sources (ord integer primary key, id text unique not null, data text not null);
"""
# made after the rows are in: one sort each instead of a b-tree insert per row;
# records_kind_title answers `titles` and `titles_gone` from the index alone (a search
# marking its rulings reads every keyword name, and one reading old wording every older
# glossary's titles and sources: reading the table's rows was 20-70 ms at 300k records)
_INDEXES = """
create index records_rule on records(rule);
create index records_kind on records(kind);
create index records_kind_title on records(kind, title, source);
create index records_parent on records(parent);
create index records_title on records(title collate nocase);
create index links_src on links(src);
create index links_dst on links(dst);
"""


# tables a build adds once its records are stored (`kb.derived`): the glossary titles the
# newest rules version no longer defines, and for which kind and newest version they are
GONE, GONE_FOR = "titles_gone", "titles_gone_for"
# and the terms only older rules versions define, with the last date each was defined
OLD_TERMS, OLD_TERMS_FOR = "old_terms", "old_terms_for"


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
        named: dict[str, tuple[Any, ...]] = {}  # each record's `SUMMARY_FIELDS`
        _insert_records(db, _naming(records, named))
        db.executemany("insert into links values (?,?,?)",
                       ((ln.src, ln.dst, ln.kind) for ln in links))
        db.executemany("insert into unresolved values (?,?,?)",
                       ((u.record, u.text, u.reason) for u in unresolved))
        _insert_lineage(db, lineage, named)
        db.executemany("insert into sources(id, data) values (?,?)",
                       ((s["id"], json.dumps(s)) for s in sources))
        for statement in filter(str.strip, _INDEXES.split(";")):
            db.execute(statement)
        db.execute("commit")
    finally:
        db.close()


_DERIVED = ("lineage", "quotes")  # link kinds from lineage, stored after the text links
# a link's place in a whole write: text links in their source record's order, then the
# lineage links (rows an addition rewrites go to the end, so reads order by this)
_LINK_ORDER = (f"l.kind in {_DERIVED}, case when l.kind in {_DERIVED} then 0 else "
               "(select ord from records where id = l.src) end, l.rowid")


def add_to_store(path: Path, changed: list[Record], added: list[Record],
                 links: dict[str, list[Link]], unresolved: dict[str, list[Unresolved]],
                 sources: Iterable[dict[str, Any]]) -> None:
    """Turn a copy of a store into the store `write_store` writes with `added` records
    after the others (and their `sources`), `changed` records linked again: each listed
    record's text links and unresolved references replaced, the lineage kept.

    Only the rows of the listed records are written; reads order links and unresolved
    references as a whole write stores them (`_LINK_ORDER`), so every read answers as
    from a new store."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("pragma journal_mode = off")
        db.execute("pragma synchronous = off")
        db.execute("begin")
        db.executemany("update records set data = ? where id = ?",
                       ((json.dumps(vars(r)), r.id) for r in changed))
        _insert_records(db, added)
        again = [(r.id,) for r in changed]
        db.executemany("delete from links where src = ? and kind not in (?, ?)",
                       ((rid, *_DERIVED) for (rid,) in again))
        db.executemany("delete from unresolved where record = ?", again)
        order = [r.id for r in [*changed, *added]]
        db.executemany("insert into links values (?,?,?)",
                       ((ln.src, ln.dst, ln.kind) for rid in order for ln in links.get(rid, ())))
        db.executemany("insert into unresolved values (?,?,?)",
                       ((u.record, u.text, u.reason) for rid in order
                        for u in unresolved.get(rid, ())))
        db.executemany("insert into sources(id, data) values (?,?)",
                       ((s["id"], json.dumps(s)) for s in sources))
        db.execute("commit")
    finally:
        db.close()


def _insert_lineage(db: sqlite3.Connection, lineage: dict[str, list[str]],
                    named: dict[str, tuple[Any, ...]]) -> None:
    """Each lineage group once (its members in order, and the fields naming each member's
    version: `SUMMARY_FIELDS`, so a hit lists its versions from one row), and each member's
    group: a group of n versions is stored in O(n), not once per member."""
    groups: dict[tuple[str, ...], int] = {}
    for members in lineage.values():
        groups.setdefault(tuple(members), len(groups))
    db.executemany("insert into lineage_groups values (?,?,?)",
                   ((number, json.dumps(list(members)),
                     json.dumps([named[m] for m in members if m in named]))
                    for members, number in groups.items()))
    db.executemany("insert into lineage values (?,?)",
                   ((rid, groups[tuple(members)]) for rid, members in lineage.items()))


def _naming(records: Iterable[Record], named: dict[str, tuple[Any, ...]]
            ) -> Iterator[Record]:
    """The records, each one's `SUMMARY_FIELDS` kept in `named` as it passes."""
    for r in records:
        named[r.id] = (r.id, r.kind, r.source, r.title, r.rule, r.date)
        yield r


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
        # a searcher kept open reads the same index pages query after query (lineages,
        # version fields): SQLite's own page cache of 2 MB re-read them through the
        # system on a home of every rules version
        self._db.execute(f"pragma cache_size = -{PAGE_CACHE_KIB}")
        self._groups: dict[int, list[str]] = {}  # lineage groups read, by number

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
        """Records by id, in the order asked, skipping unknown ids (read 500 at a time)."""
        ids = list(record_ids)
        found = {rid: Record.from_dict(data) for rid, data in self._data_many(ids).items()}
        return [found[i] for i in ids if i in found]

    def exports(self, record_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
        """Record id -> the record's export fields (`Record.export`), in the order asked,
        skipping unknown ids: as `get_many`, without making a `Record` of each (a search
        lists every version of its hits: 110 rules versions of each)."""
        ids = list(record_ids)
        found = self._data_many(ids)
        out = {}
        for rid in (i for i in ids if i in found):
            data = found[rid]
            try:
                out[rid] = {name: data[name] for name in EXPORT_FIELDS}
            except KeyError:  # a field left to its default
                out[rid] = Record.from_dict(data).export()
            else:
                if data["kind"] not in KINDS:  # what making the Record checks
                    Record.from_dict(data)
        return out

    def summaries(self, record_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
        """Record id -> the fields naming a version of it (`SUMMARY_FIELDS`: id, kind,
        source, title, rule, date), unknown ids left out: read from the table's columns
        without decoding each record's JSON in Python (a search lists every version of its
        hits, 110 rules versions of each, and shows one of them).

        >>> kb.summaries(["cr-2026-01-16:702.83a"])  # doctest: +SKIP
        {'cr-2026-01-16:702.83a': {'id': 'cr-2026-01-16:702.83a', 'kind': 'rule', ...}}
        """
        ids = list(dict.fromkeys(record_ids))
        found: dict[str, dict[str, Any]] = {}
        for chunk, marks in _chunks(ids):
            try:
                rows = self._db.execute(
                    "select id, kind, source, title, rule, json_extract(data, '$.date') "
                    f"from records where id in ({marks})", chunk).fetchall()
            except sqlite3.OperationalError:  # an SQLite without its JSON functions
                return {rid: {name: data[name] for name in SUMMARY_FIELDS}
                        for rid, data in self.exports(ids).items()}
            for row in rows:
                found[row[0]] = dict(zip(SUMMARY_FIELDS, row, strict=True))
        return found

    def _data_many(self, record_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
        """Records' stored data by id (unknown ids left out; read 500 at a time)."""
        ids = list(record_ids)
        found: dict[str, dict[str, Any]] = {}
        for chunk, marks in _chunks(list(dict.fromkeys(ids))):
            for (row,) in self._db.execute(f"select data from records where id in ({marks})",
                                           chunk):
                data = json.loads(row)
                found[data["id"]] = data
        return found

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
        rules' glossary no longer defines (read from what the build stored, when it stored
        them for this kind and newest version: `kb.derived`)."""
        if not older:
            return []
        stored = self._stored_gone(kind, newest)
        if stored is not None:
            keep = set(older)
            return [(title, source) for title, source in stored if source in keep]
        marks = ",".join("?" * len(older))
        rows = self._db.execute(
            f"select title, source from records where kind = ? and source in ({marks}) and"
            f" lower(title) not in (select lower(title) from records where kind = ? and"
            f" source = ?)", [kind, *older, kind, newest])
        return [(title, source) for title, source in rows]

    def _stored_gone(self, kind: str, newest: str) -> list[tuple[str, str]] | None:
        """The titles gone that a build stored for a kind and newest version (against every
        other rules version), or None when it stored none for them."""
        try:
            if not self._db.execute(f"select 1 from {GONE_FOR} where kind = ? and newest = ?",
                                    (kind, newest)).fetchone():
                return None
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):
                return None
            raise
        return self._db.execute(f"select title, source from {GONE} where kind = ? and"
                                " newest = ? order by rowid", (kind, newest)).fetchall()

    def old_terms(self, newest: str) -> dict[str, str] | None:
        """The terms only rules versions older than `newest` define, each with the date of
        the last that did, as the build stored them (`kb.derived`); None when it stored
        none (a store written before, or without a rules version)."""
        try:
            if not self._db.execute(f"select 1 from {OLD_TERMS_FOR} where newest = ?",
                                    (newest,)).fetchone():
                return None
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):
                return None
            raise
        return dict(self._db.execute(f"select term, date from {OLD_TERMS} where newest = ?"
                                     " order by rowid", (newest,)))

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
        rows = self._db.execute("select src, dst, kind from links l where src = ?"
                                f" order by {_LINK_ORDER}", (record_id,))
        from kb.links.types import Link

        return [Link(*row) for row in rows]

    def cited_by(self, record_id: str) -> list[Link]:
        """What points to a record."""
        rows = self._db.execute("select src, dst, kind from links l where dst = ?"
                                f" order by {_LINK_ORDER}", (record_id,))
        from kb.links.types import Link

        return [Link(*row) for row in rows]

    def citations(self, kinds: Iterable[str]) -> dict[str, set[str]]:
        """What points to each record of these kinds (lineage links aside): record id ->
        the ids citing it, read in one pass (a site of 110 rules versions asks for 250,000
        records')."""
        wanted = list(kinds)
        marks = ",".join("?" * len(wanted))
        found: dict[str, set[str]] = {}
        for src, dst in self._db.execute(
                "select l.src, l.dst from links l join records r on r.id = l.dst"
                f" where l.kind != 'lineage' and r.kind in ({marks})", wanted):
            if (citing := found.get(dst)) is None:
                found[dst] = {src}
            else:
                citing.add(src)
        return found

    def lineage(self, record_id: str) -> list[str]:
        """Ids of the same rule or keyword across sources and versions, by era (each group
        read once: a search asks for the versions of hundreds of records, many of a group)."""
        try:
            row = self._db.execute("select grp from lineage where id = ?",
                                   (record_id,)).fetchone()
        except sqlite3.OperationalError:  # a store of before groups (a member's own copy)
            row = self._db.execute("select members from lineage where id = ?",
                                   (record_id,)).fetchone()
            return json.loads(row[0]) if row else []
        if row is None:
            return []
        self._read_groups({row[0]})
        return list(self._groups.get(row[0], []))

    def lineage_groups(self) -> dict[str, int]:
        """The number of each record's lineage group, for the records of a group of
        several (the groups `kb.index.build_index` shares documents within)."""
        return dict(self._db.execute(
            "select id, grp from lineage where grp in"
            " (select grp from lineage group by grp having count(*) > 1)"))

    def lineages(self, record_ids: Iterable[str]) -> dict[str, list[str]]:
        """`lineage` of many records at once: id -> its group's members (the ids that
        have a group; the records of one group share one list)."""
        ids = list(dict.fromkeys(record_ids))
        found: dict[str, list[str]] = {}
        parsed: dict[Any, list[str]] = {}
        for chunk, marks in _chunks(ids):
            try:
                # each record's group, then each group's members once (a group of 110
                # rules versions is a few KB of JSON, and its candidates are many)
                rows = self._db.execute(f"select id, grp from lineage where id in ({marks})",
                                        chunk).fetchall()
            except sqlite3.OperationalError:  # a store of before groups
                rows = self._db.execute(
                    f"select id, members from lineage where id in ({marks})", chunk).fetchall()
                for rid, members in rows:
                    if members not in parsed:
                        parsed[members] = json.loads(members)
                    found[rid] = parsed[members]
                continue
            self._read_groups({grp for _, grp in rows})
            for rid, grp in rows:
                if (members := self._groups.get(grp)) is not None:
                    found[rid] = members
        return found

    def lineage_summaries(self, record_ids: Iterable[str],
                          only: Container[str] | None = None) -> dict[str, dict[str, Any]]:
        """The `summaries` of every member of these records' lineage groups (with `only`,
        of those members among them), each group read from its one row (a hit lists its
        group's versions: 110 rules versions would be 110 lookups); empty for records of
        no group.

        >>> kb.lineage_summaries(["cr-2026-01-16:702.83a"])  # doctest: +SKIP
        {'cr-2008-10-01:502.83a': {'id': 'cr-2008-10-01:502.83a', 'kind': 'rule', ...}, ...}
        """
        ids = list(dict.fromkeys(record_ids))
        found: dict[str, dict[str, Any]] = {}
        for chunk, marks in _chunks(ids):
            try:
                rows = self._db.execute(
                    "select distinct g.grp, g.versions from lineage l join lineage_groups g"
                    f" on g.grp = l.grp where l.id in ({marks})", chunk).fetchall()
            except sqlite3.OperationalError:  # a store of before the versions column
                members = [m for group in self.lineages(chunk).values() for m in group
                           if only is None or m in only]
                found.update(self.summaries(members))
                continue
            for _, versions in rows:
                found.update((row[0], dict(zip(SUMMARY_FIELDS, row, strict=True)))
                             for row in json.loads(versions)
                             if only is None or row[0] in only)
        return found

    def _read_groups(self, groups: set[Any]) -> None:
        """The members of lineage groups not read yet (kept: `lineage`, `lineages`)."""
        wanted = [g for g in groups if g not in self._groups]
        for chunk, marks in _chunks(wanted):
            for grp, members in self._db.execute(
                    f"select grp, members from lineage_groups where grp in ({marks})", chunk):
                self._groups[grp] = json.loads(members)

    def quotes(self) -> dict[str, list[str]]:
        """Record id -> the records its `quotes` links point to, in link order."""
        found: dict[str, list[str]] = {}
        for src, dst in self._db.execute(
                "select src, dst from links where kind = 'quotes' order by rowid"):
            found.setdefault(src, []).append(dst)
        return found

    def differing(self, records: list[Record], links: dict[str, list[Link]],
                  unresolved: dict[str, list[Unresolved]]) -> list[Record]:
        """Of records linked again (by an addition), those whose stored row, text links or
        unresolved references differ from this store's (the others need no rewrite)."""
        ids = [r.id for r in records]
        stored: dict[str, str] = {}
        missing: dict[str, list[tuple[str, str, str]]] = {}
        for chunk, marks in _chunks(ids):
            stored.update(self._db.execute(
                f"select id, data from records where id in ({marks})", chunk))
            for row in self._db.execute("select record, text, reason from unresolved"
                                        f" where record in ({marks}) order by rowid", chunk):
                missing.setdefault(row[0], []).append(row)
        return [r for r in records
                if r.id not in stored or json.loads(stored[r.id]) != json.loads(json.dumps(vars(r)))
                or [ln for ln in self.links_from(r.id) if ln.kind not in _DERIVED]
                != links.get(r.id, [])
                or missing.get(r.id, []) != [(u.record, u.text, u.reason)
                                             for u in unresolved.get(r.id, [])]]

    def unresolved(self) -> list[tuple[str, str, str]]:
        """References that could not be resolved: (record id, text, reason)."""
        return list(self._db.execute(
            "select record, text, reason from unresolved u"
            " order by (select ord from records where id = u.record), u.rowid"))

    def sources(self) -> list[dict[str, Any]]:
        """The sources this knowledge base was built from, with their counts."""
        rows = self._db.execute("select data from sources order by ord")
        return [json.loads(data) for (data,) in rows]

    def count(self) -> int:
        """How many records."""
        return self._db.execute("select count(*) from records").fetchone()[0]

    def answers_after(self, last: int) -> Iterator[Record]:
        """The rulings and answers stored after record number `last` (`ord`), in order."""
        for (data,) in self._db.execute("select data from records where ord > ? and kind in"
                                        " ('ruling', 'qa') order by ord", (last,)):
            yield Record.from_dict(json.loads(data))

    def superseded(self, ids: Iterable[str]) -> dict[str, dict[str, Any]] | None:
        """The marks a build stored (`kb.superseded.write_marks`) of these rulings and
        answers: id -> what superseded it (only those superseded); None when the store
        has none (written before they were stored)."""
        ids = list(ids)
        try:
            rows = self._db.execute("select id, data from superseded where id in"
                                    f" ({','.join('?' * len(ids))})", ids).fetchall()
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):
                return None
            raise
        return {rid: json.loads(data) for rid, data in rows}


def _chunks(ids: list[str], size: int = 500) -> Iterator[tuple[list[str], str]]:
    """`ids` a few hundred at a time (SQLite's limit on a statement's parameters), each
    with its placeholders for `in (...)`: `(["a", "b"], "?,?")`."""
    for start in range(0, len(ids), size):
        chunk = ids[start:start + size]
        yield chunk, ",".join("?" * len(chunk))
