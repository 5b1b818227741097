"""What a build works out once from its stored records, so that no read works it out again:
the rulings and answers a later rules change overrode (`kb.superseded.write_marks`) and the
glossary terms the newest rules version no longer defines (`KnowledgeBase.titles_gone`,
read by every search that looks for old wording). Both go into the build's store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from kb.store import GONE, GONE_FOR, KnowledgeBase


def write_derived(store: Path) -> None:
    """Store what a build derives from its records (a build's last step, in its new
    folder: its store is not read by anyone yet)."""
    from kb.superseded import write_marks

    write_marks(store)
    write_titles_gone(store)


def write_titles_gone(store: Path) -> None:
    """The glossary titles of the other sources that the newest rules version does not
    define, as `KnowledgeBase.titles_gone` finds them (in its order) for a search against
    the newest version `kb.search_versions` reads, which asks of the older rules versions
    among them."""
    from kb.search_versions import Versions

    versions = Versions(store)
    newest = versions.newest_cr
    versions.close()
    with KnowledgeBase(store) as kb:
        others = [s["id"] for s in kb.sources() if s["id"] != newest]
        rows = kb.titles_gone("glossary", others, newest) if newest else []
    db = sqlite3.connect(store, isolation_level=None)
    try:
        db.execute(f"create table if not exists {GONE} (kind text not null, newest text not"
                   " null, title text not null, source text not null)")
        db.execute(f"create table if not exists {GONE_FOR} (kind text not null, newest text"
                   " not null)")
        db.execute("begin")
        db.execute(f"delete from {GONE}")
        db.execute(f"delete from {GONE_FOR}")
        if newest:
            db.executemany(f"insert into {GONE} values ('glossary', ?, ?, ?)",
                           ((newest, title, source) for title, source in rows))
            db.execute(f"insert into {GONE_FOR} values ('glossary', ?)", (newest,))
        db.execute("commit")
    finally:
        db.close()
