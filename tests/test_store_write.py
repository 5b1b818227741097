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
    db = sqlite3.connect(tmp_path / "kb.sqlite")
    (groups,) = db.execute("select count(*) from lineage_groups").fetchone()
    (size,) = db.execute("select sum(length(members)) from lineage_groups").fetchone()
    db.close()
    assert groups == 1
    assert size < 2 * len(str(group))  # one copy of the members, not one per member
