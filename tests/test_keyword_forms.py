"""The keyword forms table a build reads instead of loading the keyword modules
(`kb.rules.keyword_forms`) is the specs' own, and is written from the current rules model."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from kb.rules import keyword_forms
from kb.rules.keyword_forms import TABLE_FILE, from_specs, sources_digest, write_table

ROOT = Path(__file__).resolve().parents[1]


def test_the_shipped_table_is_written_from_the_current_rules_model() -> None:
    """(After a change to `kb/rules`: `python -m kb.rules.keyword_forms`.)"""
    data = json.loads(TABLE_FILE.read_text(encoding="utf-8"))
    assert data["digest"] == sources_digest()
    assert keyword_forms.table() == from_specs()
    assert keyword_forms.earlier("lifelink")[0].first_source == "cr-2009-07-11"
    assert keyword_forms.earlier("no such keyword") == []


def test_a_build_marks_rulings_without_loading_a_keyword_module(tmp_path: Path) -> None:
    """Writing the marks of the shipped data's rulings (the 2008 lifelink rulings the 2009
    change overrode among them) and the forms beside them loads no keyword module."""
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from kb.build import ensure_built\n"
        "from kb.paths import shipped_data_dir\n"
        "from kb.store import KnowledgeBase\n"
        f"build = ensure_built(shipped_data_dir(), Path({str(tmp_path / 'h')!r}))\n"
        "with KnowledgeBase(build.store) as kb:\n"
        "    marks = kb.superseded(['shards-of-alara-faq-2008:card:battlegrace-angel:ruling:1'])\n"
        "print(sorted(m for m in sys.modules if m.startswith('kb.rules.keywords')))\n"
        "print(marks['shards-of-alara-faq-2008:card:battlegrace-angel:ruling:1']['keyword'])\n")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split("\n")
    assert out[:2] == ["[]", "lifelink"]


def test_a_stale_table_is_not_read(tmp_path: Path, monkeypatch) -> None:
    """A table of other sources (the model changed since it was written) is passed over for
    the specs; a damaged one too."""
    stale = tmp_path / "forms.json"
    write_table(stale)
    data = json.loads(stale.read_text(encoding="utf-8"))
    data["digest"] = "0" * 64
    data["forms"]["lifelink"] = []
    stale.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(keyword_forms, "TABLE_FILE", stale)
    keyword_forms.table.cache_clear()
    try:
        assert keyword_forms.earlier("lifelink") == from_specs()["lifelink"] != []
        stale.write_text("{not json", encoding="utf-8")
        keyword_forms.table.cache_clear()
        assert keyword_forms.table() == from_specs()
    finally:
        keyword_forms.table.cache_clear()
