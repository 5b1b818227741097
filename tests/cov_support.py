"""Shared scaffolding of the coverage tests (tests/test_rules_cov_*.py): the real definition
of a keyword in every Comprehensive Rules version at hand (the versions of
../shared/corpus-extra/cr, and a sample of $MTGKB_CR_ARCHIVE when it is set), and the
assertions each keyword's test makes on them: each real text is `ok`, each changed copy
(a change of meaning) is a `mismatch`, each rewording stays `ok`."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from ingest.registry import describe_file, parse_source
from ingest.source import IngestError
from kb.model import Record
from kb.rules.keywords import fold_name
from kb.rules.validate import check_definition
from tests.conftest import CR_FILES, DATA
from tests.rules_support import assert_mutations_mismatch, assert_rewordings_ok

# every n-th version of the archive (and its newest) makes the sample the tests read
ARCHIVE_STEP = 10


def cr_files() -> list[Path]:
    """The Comprehensive Rules texts the tests read: corpus-extra's, plus the archive sample."""
    files = sorted((DATA / "sources").glob("MagicCompRules-*.txt"))
    files += [path for path in CR_FILES.values() if path.exists()]
    archive = os.environ.get("MTGKB_CR_ARCHIVE")
    if archive and Path(archive).is_dir():
        versions = sorted(Path(archive).glob("*.txt"))
        files += versions[::ARCHIVE_STEP] + versions[-1:]
    return files


@cache
def keyword_records(path: Path) -> dict[str, Record]:
    """The keyword records of one CR text by folded name ({} when it can't be read)."""
    try:
        source, text = describe_file(path)
        records = parse_source(source, text)
    except IngestError:
        return {}
    return {fold_name(r.title): r for r in records if r.kind == "keyword"}


def definitions(name: str) -> list[Record]:
    """The definition of `name` in each CR version at hand that defines it."""
    found: dict[str, Record] = {}
    for path in cr_files():
        record = keyword_records(path).get(fold_name(name))
        if record is not None:
            found.setdefault(record.source, record)
    return list(found.values())


def edited(record: Record, old: str, new: str) -> Record:
    """A copy of a definition with the first `old` (a regex) replaced by `new`."""
    text = " ".join(record.text.split())
    changed, count = re.subn(old, new, text, count=1)
    assert count, (record.id, old)
    return replace(record, text=changed, meta=dict(record.meta))


def assert_keyword(name: str, changes: Sequence[tuple[str, str]],
                   rewordings: Sequence[tuple[str, str]] = ()) -> list[Record]:
    """Every real definition of `name` is ok (with a check that ran); in each, every change
    of meaning that applies is a mismatch, every rewording that applies and every generic
    rewording stay ok, every generic mutation is a mismatch. Returns the definitions."""
    records = definitions(name)
    if not records:
        pytest.skip(f"no Comprehensive Rules version at hand defines {name}")
    for record in records:
        result = check_definition(record)
        assert result.status == "ok", (record.id, result.details)
        assert any(d.startswith("checked: ") for d in result.details), record.id
        text = " ".join(record.text.split())
        applied = [(old, new) for old, new in changes if re.search(old, text)]
        assert applied, (record.id, "no change applies")
        for old, new in applied:
            changed = check_definition(edited(record, old, new))
            assert changed.status == "mismatch", (record.id, old, new, changed.details)
            assert not any("could not run" in d for d in changed.details), changed.details
        for old, new in rewordings:
            if re.search(old, text):
                same = check_definition(edited(record, old, new))
                assert same.status == "ok", (record.id, old, new, same.details)
        assert_mutations_mismatch(record, record.id, some=False)
        assert_rewordings_ok(record, record.id, labels=())
    return records
