"""What a build works out once from its stored records, so that no read works it out again:
the rulings and answers a later rules change overrode (`kb.superseded.write_marks`) and the
glossary terms the newest rules version no longer defines (`KnowledgeBase.titles_gone`)
and, of them, the terms only older rules versions define with the date of the last that did
(`kb.search_versions.Versions.old_terms`, read by every search that looks for old wording:
worked out from 2,166 titles of the archive's 108 older glossaries, it was a few ms of each
search). All go into the build's store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from kb.store import GONE, GONE_FOR, OLD_TERMS, OLD_TERMS_FOR, KnowledgeBase


def write_derived(store: Path) -> None:
    """Store what a build derives from its records (a build's last step, in its new
    folder: its store is not read by anyone yet)."""
    from kb.superseded import write_marks

    write_marks(store)
    write_titles_gone(store)
    write_old_terms(store)


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


def write_old_terms(store: Path) -> None:
    """The terms only older rules versions define, each with the date of the last that
    did (`Versions.old_terms`, worked out from the titles gone written before), for the
    newest rules version (`KnowledgeBase.old_terms`)."""
    from kb.search_versions import Versions

    versions = Versions(store)
    try:
        newest, terms = versions.newest_cr, versions.work_out_old_terms()
    finally:
        versions.close()
    db = sqlite3.connect(store, isolation_level=None)
    try:
        db.execute(f"create table if not exists {OLD_TERMS} (newest text not null, term text"
                   " not null, date text not null)")
        db.execute(f"create table if not exists {OLD_TERMS_FOR} (newest text not null)")
        db.execute("begin")
        db.execute(f"delete from {OLD_TERMS}")
        db.execute(f"delete from {OLD_TERMS_FOR}")
        db.executemany(f"insert into {OLD_TERMS} values (?, ?, ?)",
                       ((newest, term, date) for term, date in terms.items()))
        db.execute(f"insert into {OLD_TERMS_FOR} values (?)", (newest,))
        db.execute("commit")
    finally:
        db.close()
