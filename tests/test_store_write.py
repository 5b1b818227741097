"""The store's write path: what `write_store` writes reads back through `KnowledgeBase`."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from kb.model import Record
from kb.store import KnowledgeBase, write_store


def _rule(source: str, number: str) -> Record:
    return Record(id=f"{source}:{number}", kind="rule", source=source, rule=number,
                  title=number, text=f"Rule {number} of {source}.")


def test_a_lineage_group_is_stored_once_and_read_by_each_member(tmp_path: Path) -> None:
    versions = [f"cr-20{year:02d}-01-01" for year in range(3, 26)]
    exalted = [_rule(v, "702.83") for v in versions]
    lone = _rule(versions[0], "100.1")
    group = [r.id for r in exalted]
    lineage = {rid: group for rid in group}
    write_store(tmp_path / "kb.sqlite", [*exalted, lone], [], [], lineage, [])
    with KnowledgeBase(tmp_path / "kb.sqlite") as kb:
        assert all(kb.lineage(rid) == group for rid in group)
        assert kb.lineage(lone.id) == []
        # many at once: each member its group (one list shared), none for the others
        found = kb.lineages([lone.id, *reversed(group), "no-such:1", group[0]])
        assert found == dict.fromkeys(group, group)
        assert len({id(members) for members in found.values()}) == 1
    db = sqlite3.connect(tmp_path / "kb.sqlite")
    (groups,) = db.execute("select count(*) from lineage_groups").fetchone()
    (size,) = db.execute("select sum(length(members)) from lineage_groups").fetchone()
    db.close()
    assert groups == 1
    assert size < 2 * len(str(group))  # one copy of the members, not one per member


def _glossary(source: str, title: str) -> Record:
    return Record(id=f"{source}:glossary:{title.lower()}", kind="glossary", source=source,
                  title=title, text=f"{title} as {source} defines it.")


def test_titles_read_from_the_index_alone(tmp_path: Path) -> None:
    """The keyword names a search marks rulings by and the terms only older glossaries
    define are read from an index covering kind, title and source, never from the rows
    (which a search would read one by one, tens of thousands on a home of every rules
    version): the plans of the statements the store runs say so."""
    older, newest = ["cr-2008-01-01", "cr-2009-01-01"], "cr-2026-01-16"
    records = [_glossary(older[0], "Mana Burn"), _glossary(older[1], "Mana Burn"),
               _glossary(older[1], "Comes into Play"), _glossary(newest, "Battlefield"),
               _glossary(newest, "Comes into Play")]
    write_store(tmp_path / "kb.sqlite", records, [], [], {}, [])
    with KnowledgeBase(tmp_path / "kb.sqlite") as kb:
        statements: list[str] = []
        kb._db.set_trace_callback(statements.append)
        gone = kb.titles_gone("glossary", older, newest)
        names = kb.titles(["glossary"])
        kb._db.set_trace_callback(None)
        assert sorted(gone) == [("Mana Burn", older[0]), ("Mana Burn", older[1])]
        assert sorted(names) == ["Battlefield", "Comes into Play", "Mana Burn"]
        assert len(statements) == 2
        for sql in statements:
            plan = [row[3] for row in kb._db.execute(f"explain query plan {sql}")]
            reads = [step for step in plan if "records" in step.split()]
            assert reads and all("COVERING INDEX records_kind_title" in s for s in reads), plan


def test_exports_read_as_the_records_export_them(shipped_build) -> None:
    """`exports` (a search's other versions, without a Record made of each) gives what
    `get_many` and `Record.export` give, in the order asked: every kind of record of the
    shipped data, an id asked twice once, an unknown id left out."""
    with KnowledgeBase(shipped_build.store) as kb:
        records = list(kb.records())
        by_kind = {r.kind: r.id for r in records}
        ids = [*reversed([r.id for r in records[:600]]), *by_kind.values(), records[5].id,
               "no-such-source:1"]
        found = kb.exports(ids)
        assert found == {r.id: r.export() for r in kb.get_many(ids)}
        assert list(found) == list(dict.fromkeys(i for i in ids if i != "no-such-source:1"))
        assert {r["kind"] for r in found.values()} == set(by_kind)


def test_a_version_summary_is_the_whole_record_s_naming_fields(shipped_build) -> None:
    """`summaries` reads from the table's columns what `exports` reads from each record's
    JSON: the same values for every shipped record (dated or not, rules and rulings)."""
    from kb.model import SUMMARY_FIELDS

    with KnowledgeBase(shipped_build.store) as kb:
        ids = [r.id for r in kb.records()]
        whole = kb.exports(ids)
        summaries = kb.summaries([*ids, "no-such:1"])
    assert len(ids) > 1000 and set(summaries) == set(ids)
    assert {r.get("date") for r in whole.values()} - {None}  # dates are read, not all None
    for rid in ids:
        assert summaries[rid] == {name: whole[rid][name] for name in SUMMARY_FIELDS}


def test_a_version_summary_without_sqlite_json_functions_is_read_from_the_json(
        shipped_build) -> None:
    """An SQLite built without its JSON functions: `summaries` reads the records' JSON
    instead, with the same result."""
    with KnowledgeBase(shipped_build.store) as kb:
        ids = [r.id for r in kb.records()][:2000]
        expected = kb.summaries(ids)
        real = kb._db  # noqa: SLF001 (the store's own connection)

        class NoJson:
            def execute(self, sql: str, *args: object) -> object:
                if "json_extract" in sql:
                    raise sqlite3.OperationalError("no such function: json_extract")
                return real.execute(sql, *args)

        kb._db = NoJson()  # noqa: SLF001
        try:
            assert kb.summaries(ids) == expected
        finally:
            kb._db = real  # noqa: SLF001


def test_a_lineage_group_lists_its_versions_from_one_row(tmp_path: Path) -> None:
    """`lineage_summaries` gives every member of the records' groups the fields
    `summaries` gives it, from one row per group (one statement for any number of
    records asked, of one group or several), nothing for a record of no group; asked
    for some members only, those."""
    versions = [f"cr-20{year:02d}-01-01" for year in range(3, 26)]
    exalted = [_rule(v, "702.83") for v in versions]
    storm = [_rule(v, "702.40") for v in versions[:5]]
    lone = _rule(versions[0], "100.1")
    lineage = {r.id: [m.id for m in group] for group in (exalted, storm) for r in group}
    write_store(tmp_path / "kb.sqlite", [*exalted, *storm, lone], [], [], lineage, [])
    with KnowledgeBase(tmp_path / "kb.sqlite") as kb:
        members = [r.id for r in [*exalted, *storm]]
        statements: list[str] = []
        kb._db.set_trace_callback(statements.append)  # noqa: SLF001
        found = kb.lineage_summaries([exalted[3].id, exalted[0].id, storm[2].id, lone.id])
        kb._db.set_trace_callback(None)  # noqa: SLF001
        assert len(statements) == 1
        assert found == kb.summaries(members)
        assert kb.lineage_summaries([lone.id]) == {}
        some = {members[1], members[-1], lone.id}  # (the lone record: of no group)
        assert kb.lineage_summaries([exalted[0].id, storm[0].id], some) == \
            kb.summaries([members[1], members[-1]])


def test_lineage_summaries_of_the_shipped_build_are_its_records(shipped_build) -> None:
    """Over every lineage group of the shipped data: the one row's versions are what
    each member's record says (`summaries`)."""
    with KnowledgeBase(shipped_build.store) as kb:
        ids = [r.id for r in kb.records()]
        lineages = kb.lineages(ids)
        found = kb.lineage_summaries(ids)
        members = {m for group in lineages.values() for m in group}
        assert len(members) > 500 and set(found) == members
        assert found == kb.summaries(members)


def test_lineage_summaries_of_a_store_without_the_versions_column(tmp_path: Path) -> None:
    """A store written before groups kept their versions: read member by member, the
    same result."""
    versions = [f"cr-20{year:02d}-01-01" for year in range(3, 9)]
    exalted = [_rule(v, "702.83") for v in versions]
    group = [r.id for r in exalted]
    write_store(tmp_path / "kb.sqlite", exalted, [], [], dict.fromkeys(group, group), [])
    with KnowledgeBase(tmp_path / "kb.sqlite") as kb:
        expected = kb.lineage_summaries(group[:1])
    db = sqlite3.connect(tmp_path / "kb.sqlite")
    db.execute("alter table lineage_groups drop column versions")
    db.commit()
    db.close()
    with KnowledgeBase(tmp_path / "kb.sqlite") as kb:
        assert len(expected) == len(group)
        assert kb.lineage_summaries(group[:1]) == expected


def test_a_reader_keeps_more_of_the_store_in_memory_than_sqlite_s_default(
        tmp_path: Path) -> None:
    from kb.store import PAGE_CACHE_KIB

    write_store(tmp_path / "kb.sqlite", [_rule("cr-2026-01-16", "100.1")], [], [], {}, [])
    with KnowledgeBase(tmp_path / "kb.sqlite") as kb:
        (size,) = kb._db.execute("pragma cache_size").fetchone()  # noqa: SLF001
    assert size == -PAGE_CACHE_KIB and PAGE_CACHE_KIB > 2000
