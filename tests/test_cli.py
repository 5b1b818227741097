"""The `mtgkb` command line: contracts of DESIGN.md, exit codes, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from kb.model import EXPORT_FIELDS
from tests.conftest import CR_FILES, DATA, extra_file


def run(home: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["--home", str(home), "--data", str(DATA), *args])
    return result.exit_code, result.stdout, result.stderr


def test_search_json_has_the_contract_fields(shipped_home: Path) -> None:
    code, out, _ = run(shipped_home, "search", "attacks alone", "--json", "--limit", "5")
    assert code == 0
    data = json.loads(out)
    assert {"query", "total", "results", "did_you_mean"} <= set(data)
    assert data["query"] == "attacks alone" and data["total"] >= len(data["results"]) > 0
    for result in data["results"]:
        assert {*EXPORT_FIELDS, "score", "snippet", "versions"} <= set(result)
    scores = [r["score"] for r in data["results"]]
    assert scores == sorted(scores, reverse=True)


def test_search_text_output_names_source_and_rule(shipped_home: Path) -> None:
    code, out, _ = run(shipped_home, "search", "attacks alone")
    assert code == 0
    first = out.splitlines()[1]
    assert "rule" in first or "[keyword]" in first or "[glossary] Attack Alone" in first
    assert "Exalted" in out and "attacks alone" in out.lower()


@pytest.mark.parametrize("query", ['"unbalanced', "*", "nosuchfield:value", "   ", "(((",
                                   "AND OR NOT", "702.", "rule"])
def test_odd_queries_never_traceback(shipped_home: Path, query: str) -> None:
    code, out, err = run(shipped_home, "search", query, "--json")
    assert code == 0, err
    assert "Traceback" not in out + err
    json.loads(out)


def test_filters_restrict_kind_and_source(shipped_home: Path) -> None:
    _, out, _ = run(shipped_home, "search", "exalted", "--kind", "qa", "--json")
    results = json.loads(out)["results"]
    assert results and {r["kind"] for r in results} == {"qa"}
    _, out, _ = run(shipped_home, "search", "exalted", "--source", "shards-of-alara-faq-2008",
                    "--json")
    results = json.loads(out)["results"]
    assert results and {r["source"] for r in results} == {"shards-of-alara-faq-2008"}


def test_export_lists_every_record_with_exactly_the_table_fields(shipped_home: Path) -> None:
    code, out, _ = run(shipped_home, "export", "--jsonl")
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert all(list(r) == list(EXPORT_FIELDS) for r in records)
    ids = [r["id"] for r in records]
    assert len(ids) == len(set(ids))
    kinds = {r["kind"] for r in records}
    assert kinds == {"rule", "ruling", "qa", "card", "keyword", "section", "glossary"}


def test_show_rule_gives_lineage_back_to_2008(shipped_home: Path) -> None:
    code, out, _ = run(shipped_home, "show", "702.81a", "--json")
    assert code == 0
    shown = json.loads(out)["records"]
    thread = [s for s in shown if s["source"] == "keyword-abilities-faq-thread-2012"]
    assert thread, shown
    lineage = {x["id"] for x in thread[0]["lineage"]}
    assert {"alara-keyword-rules-blog-2008:502.83a", "shards-of-alara-faq-2008:502.83a"} <= lineage


def test_show_card_lists_its_rulings(shipped_home: Path) -> None:
    code, out, _ = run(shipped_home, "show", "Battlegrace Angel", "--json")
    assert code == 0
    card = json.loads(out)["records"][0]
    assert card["kind"] == "card" and "lifelink" in card["keywords"]
    assert any("lifelink" in c["text"].lower() for c in card["children"])


def test_show_unknown_ref_is_one_line_exit_2(shipped_home: Path) -> None:
    code, _, err = run(shipped_home, "show", "no such thing at all")
    assert code == 2 and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("args", "said"), [
    (["search", "x", "--as-of", "2009-13-45"], "mtgkb search: Invalid value for '--as-of'"),
    (["search", "x", "--limit", "abc"], "mtgkb search: Invalid value for '--limit'"),
    (["search"], "mtgkb search: Missing argument 'QUERY'"),
    (["nosuch"], "mtgkb: No such command 'nosuch'"),
])
def test_a_usage_error_is_one_line_exit_2(tmp_path: Path, args: list[str], said: str) -> None:
    """click's own errors (a bad option value, a missing argument, an unknown command)
    are one line naming the command and its help, as the library's errors are."""
    result = CliRunner().invoke(main, ["--home", str(tmp_path / "home"), *args],
                                prog_name="mtgkb")
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(said) and "--help" in lines[0]
    assert not (tmp_path / "home").exists()  # (nothing built or written)


def test_mtgkb_alone_prints_its_help() -> None:
    result = CliRunner().invoke(main, [], prog_name="mtgkb")
    assert result.exit_code == 2 and result.stderr.startswith("Usage: mtgkb [OPTIONS] COMMAND")
    assert "search" in result.stderr and "--help" in result.stderr


def test_bad_data_folder_is_one_line_exit_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["--data", str(tmp_path), "search", "x"])
    assert result.exit_code == 2 and "sources.toml" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_ingest_of_unreadable_file_keeps_the_old_kb(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run(home, "ingest")[0] == 0
    before = run(home, "export", "--jsonl")[1]
    bad = tmp_path / "garbage.bin"
    bad.write_bytes(b"\x00\x01\x02 not a rules document")
    code, _, err = run(home, "ingest", str(bad))
    assert code == 2 and "garbage.bin" in err and len(err.strip().splitlines()) == 1
    assert run(home, "export", "--jsonl")[1] == before


def test_ingest_of_several_files_one_refused_adds_none_and_says_so(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run(home, "ingest")[0] == 0
    before = run(home, "export", "--jsonl")[1]
    whole = extra_file(CR_FILES["2012-10-01"]).read_text(encoding="utf-8")
    cut = tmp_path / "cut.txt"  # a real rules text cut off before its glossary
    cut.write_text(whole[: whole.index("\nGlossary", whole.index("Glossary") + 1)],
                   encoding="utf-8")
    code, _, err = run(home, "ingest", str(extra_file(CR_FILES["2012-10-01"])), str(cut))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "cut.txt" in err and "leave it out to add the other 1 file" in err
    assert run(home, "export", "--jsonl")[1] == before


def test_ingest_a_comprehensive_rules_file(tmp_path: Path) -> None:
    cr = extra_file(CR_FILES["2012-10-01"])
    home = tmp_path / "home"
    code, out, err = run(home, "ingest", str(cr))
    assert code == 0, err
    assert "cr-2012-10-01" in out
    code, out, _ = run(home, "search", "702.81a", "--source", "cr-2012-10-01", "--json")
    first = json.loads(out)["results"][0]
    assert first["id"] == "cr-2012-10-01:702.81a" and "Exalted" in first["text"]


def test_installed_console_script_runs() -> None:
    exe = Path(sys.executable).parent / "mtgkb"
    if not exe.exists():
        pytest.skip("mtgkb console script not installed in this environment")
    out = subprocess.run([str(exe), "--help"], capture_output=True, text=True, check=True)
    assert "search" in out.stdout and "validate" in out.stdout


def test_show_rule_lineage_through_every_rules_version(large_home: Path) -> None:
    code, out, _ = run(large_home, "show", "702.81a", "--source", "cr-2012-10-01", "--json")
    assert code == 0
    (shown,) = json.loads(out)["records"]
    assert shown["id"] == "cr-2012-10-01:702.81a" and "Exalted" in shown["text"]
    lineage = [x["id"] for x in shown["lineage"]]
    for expected in ("cr-2008-10-01:502.83a", "shards-of-alara-faq-2008:502.83a",
                     "cr-2009-10-01:702.80a", "keyword-abilities-faq-thread-2012:702.81a",
                     "cr-2026-01-16:702.83a"):
        assert expected in lineage
    diffs = {x["id"]: x.get("diff", "") for x in shown["lineage"]}
    assert "[-" not in diffs["cr-2008-10-01:502.83a"]  # exalted's wording never changed
    code, out, _ = run(large_home, "show", "702.82a", "--source", "cr-2012-10-01", "--json")
    (unearth,) = json.loads(out)["records"]
    old = {x["id"]: x["diff"] for x in unearth["lineage"]}["cr-2008-10-01:502.84a"]
    assert "[-play.-]" in old and "{+the battlefield.+}" in old


def test_show_keyword_numbering_across_versions(large_home: Path) -> None:
    code, out, _ = run(large_home, "show", "exalted")
    assert code == 0
    first = out.splitlines()[0]
    positions = [first.index(n) for n in ("502.83", "702.80", "702.81", "702.83")]
    assert positions == sorted(positions)


def test_show_card_has_rulings_from_faq_and_mtgjson(large_home: Path) -> None:
    code, out, _ = run(large_home, "show", "Battlegrace Angel", "--json")
    assert code == 0
    cards = json.loads(out)["records"]
    assert {c["source"] for c in cards} == {"shards-of-alara-faq-2008", "mtgjson-ala"}
    assert all(c["children"] and all(ch["date"] for ch in c["children"]) for c in cards)


def test_a_folder_mtgkb_did_not_create_is_one_line_exit_2(tmp_path: Path) -> None:
    (tmp_path / "precious.txt").write_text("mine")
    code, out, err = run(tmp_path, "search", "exalted")
    assert code == 2 and out == "" and err.startswith("mtgkb: ")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_html_into_a_foreign_folder_is_one_line_exit_2(shipped_home: Path,
                                                       tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    code, _, err = run(shipped_home, "html", "-o", str(tmp_path))
    assert code == 2 and err.startswith("mtgkb: ") and len(err.strip().splitlines()) == 1
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_a_bug_is_not_turned_into_a_usage_error(shipped_home: Path, monkeypatch) -> None:
    import kb.show

    def broken(*args: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(kb.show, "lookup", broken)
    result = CliRunner().invoke(main, ["--home", str(shipped_home), "--data", str(DATA),
                                       "show", "702.81a"])
    assert result.exit_code == 1 and isinstance(result.exception, RuntimeError)


def test_search_rebuilds_an_index_whose_files_were_removed(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run(home, "search", "exalted")[0] == 0
    from kb.freshness import fresh_build

    build = fresh_build(DATA, home)
    assert build is not None
    for path in build.index.iterdir():
        path.unlink()
    code, out, err = run(home, "search", "exalted", "--json")
    assert code == 0 and json.loads(out)["results"], err


def test_export_defaults_to_json_lines(shipped_home: Path) -> None:
    code, plain, _ = run(shipped_home, "export")
    assert code == 0 and plain == run(shipped_home, "export", "--jsonl")[1]
    assert all(json.loads(line)["id"] for line in plain.splitlines()[:50])


@pytest.mark.parametrize("args", [("search", "exalted", "--kind", "rules"),
                                  ("search", "exalted", "--source", "cr-1999-01-01"),
                                  ("show", "exalted", "--kind", "keywords"),
                                  ("show", "702.83", "--source", "nope")])
def test_unknown_kind_or_source_lists_the_valid_ones(shipped_home: Path,
                                                     args: tuple[str, ...]) -> None:
    code, out, err = run(shipped_home, *args)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert ("glossary" in err) if "--kind" in args else ("cr-2026-01-16" in err)


def test_show_kind_filters_the_readings_of_a_name(shipped_home: Path) -> None:
    code, out, _ = run(shipped_home, "show", "exalted", "--kind", "glossary", "--json")
    assert code == 0 and {r["kind"] for r in json.loads(out)["records"]} == {"glossary"}


def test_ingest_reports_damage_of_added_files_only(tmp_path: Path) -> None:
    home = tmp_path / "home"
    code, out, _ = run(home, "ingest")
    assert code == 0 and "capture damage" not in out
    code, out, _ = run(home, "ingest", "--verbose")
    assert "capture damage in judge-wiki-keywords-appendix-c" in out
    code, out, _ = run(home, "ingest", str(extra_file(CR_FILES["2008-10-01"])))
    damaged = [line for line in out.splitlines() if line.startswith("capture damage in")]
    assert damaged and all("cr-2008-10-01" in line for line in damaged)
