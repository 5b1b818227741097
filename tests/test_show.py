"""`mtgkb show` as a quick lookup: newest first, other versions one line, nothing twice,
every reading of a name (rules first), partial and misspelt names, superseded rulings."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from tests.conftest import DATA


def run(home: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["--home", str(home), "--data", str(DATA), *args])
    return result.exit_code, result.stdout, result.stderr


def repeated_lines(text: str) -> list[str]:
    """Non-blank lines printed more than once (wrapped text lines of 40+ characters)."""
    counts = Counter(line.strip() for line in text.splitlines() if len(line.strip()) >= 40)
    return [line for line, n in counts.items() if n > 1]


def test_a_fresh_install_shows_todays_rule_first(shipped_home: Path) -> None:
    code, out, _ = run(shipped_home, "show", "702.83")
    assert code == 0
    assert out.splitlines()[0].startswith("702.83 Exalted  [rule]")
    assert "cr-2026-01-16:702.83 " in out.splitlines()[1]
    assert repeated_lines(out) == []
    # the subrules once, the older versions one line each with their numbers
    assert out.count("Exalted is a triggered ability") == 1
    versions = [line for line in out.splitlines() if "alara-keyword-rules-blog-2008:502.83" in line]
    assert len(versions) == 1 and "502.83" in versions[0].split()[1]


def test_all_versions_prints_each_in_full(shipped_home: Path) -> None:
    _, short, _ = run(shipped_home, "show", "702.81a")
    code, full, _ = run(shipped_home, "show", "702.81a", "--all-versions")
    assert code == 0 and len(full.splitlines()) > len(short.splitlines())
    assert full.count("[rule]") > short.count("[rule]") == 1


def test_a_name_shows_keyword_then_glossary(shipped_home: Path) -> None:
    code, out, _ = run(shipped_home, "show", "exalted")
    assert code == 0
    kinds = [line.split("[")[-1].rstrip("]") for line in out.splitlines()
             if line.startswith("Exalted  [")]
    assert kinds == ["keyword", "glossary"]
    assert repeated_lines(out) == []
    # each other source's definition named once, with its number
    thread = [line for line in out.splitlines()
              if "keyword-abilities-faq-thread-2012:keyword:exalted" in line]
    assert len(thread) == 1 and "702.81" in thread[0] and "Q&A" in thread[0]


def test_keyword_and_card_of_one_name_are_both_shown_rules_first(tmp_path: Path) -> None:
    """A set file with a card named like a keyword (M10's Lifelink)."""
    card = {"name": "Lifelink", "manaCost": "{W}", "type": "Enchantment — Aura",
            "text": "Enchant creature\nEnchanted creature has lifelink.",
            "rulings": [{"date": "2009-10-01", "text": "The controller of the enchanted "
                         "creature, not the controller of Lifelink, gains the life."}]}
    path = tmp_path / "M10.json"
    path.write_text(json.dumps({"name": "Magic 2010", "code": "M10",
                                "releaseDate": "2009-07-17", "cards": [card]}))
    home = tmp_path / "home"
    assert run(home, "ingest", str(path))[0] == 0
    code, out, _ = run(home, "show", "lifelink")
    assert code == 0
    heads = [line for line in out.splitlines() if line.startswith("Lifelink  [")]
    assert heads == ["Lifelink  [keyword]", "Lifelink  [glossary]", "Lifelink  [card]"]
    assert "702.15" in out  # today's keyword rule


def test_partial_and_misspelt_names(shipped_home: Path) -> None:
    code, out, _ = run(shipped_home, "show", "battlegrace")
    assert code == 0 and out.startswith("Showing Battlegrace Angel.")
    code, out, _ = run(shipped_home, "show", "exhalted", "--json")
    assert code == 0 and json.loads(out)["read_as"].lower() == "exalted"
    code, out, err = run(shipped_home, "show", "angel")
    assert code == 2 and out == "" and "Battlegrace Angel" in err
    assert len(err.strip().splitlines()) == 1


def test_superseded_rulings_are_marked_in_show_and_search(shipped_home: Path) -> None:
    code, out, _ = run(shipped_home, "show", "Battlegrace Angel", "--json")
    assert code == 0
    children = json.loads(out)["records"][0]["children"]
    marked = {c["id"]: c["superseded_by"] for c in children if "superseded_by" in c}
    (ruling,) = marked
    assert ruling == "shards-of-alara-faq-2008:card:battlegrace-angel:ruling:1"
    assert marked[ruling]["keyword"] == "lifelink"
    assert "2009" in marked[ruling]["message"]
    code, out, _ = run(shipped_home, "show", "Titanic Ultimatum")
    assert code == 0 and "! superseded by the rules" in out
    code, out, _ = run(shipped_home, "search", "Battlegrace Angel lifelink", "--json")
    hits = {h["id"]: h for h in json.loads(out)["results"]}
    assert "superseded_by" in hits[ruling]
    assert all("superseded_by" not in h for i, h in hits.items() if i != ruling)
    code, out, _ = run(shipped_home, "search", "Battlegrace Angel lifelink")
    assert "! superseded by" in out


def test_long_output_goes_through_a_pager_on_a_terminal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import kb.cli

    paged: list[str] = []
    monkeypatch.setattr("click.echo_via_pager", lambda text: paged.append(text))
    monkeypatch.setattr(kb.cli.sys.stdout, "isatty", lambda: True, raising=False)
    kb.cli._emit_text("\n".join(["line"] * 500))
    assert paged and paged[0].count("\n") == 499


def test_versions_of_one_number_and_wording_are_one_line(tmp_path: Path) -> None:
    """Rules versions that follow one another with one number and wording are one line
    (the archive printed 110 lines for exalted's versions), in the numbering too."""
    from tests.test_html_versions import NEW_RULES, OLD_RULES, rules_home

    versions = [("old", OLD_RULES, "2010-07-01"), ("new", NEW_RULES, "2030-01-01")]
    versions += [(f"v{year}", NEW_RULES.replace("January 1, 2030", f"January 1, {year}"),
                  f"{year}-01-01") for year in (2031, 2032)]
    rules_home(tmp_path, versions)
    result = CliRunner().invoke(main, ["--home", str(tmp_path / "home"), "--data",
                                       str(tmp_path / "data"), "show", "trample"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == ("Numbered across versions: 702.17 (2010-07-01: cr-2010-07-01) → "
                        "702.19 (2030-01-01 to 2032-01-01: 3 rules versions)")
    others = lines[lines.index("  In other versions and sources:") + 1:]
    assert others[0].split() == ["2010-07-01", "702.17", "cr-2010-07-01:keyword:trample",
                                 "(worded", "differently)"]
    assert others[1].split() == ["2030-01-01", "to", "2031-01-01", "702.19",
                                 "cr-2030-01-01:keyword:trample", "…",
                                 "cr-2031-01-01:keyword:trample", "(same", "wording;", "2",
                                 "versions)"]
    assert not others[2].startswith("    ")
    shown = CliRunner().invoke(main, ["--home", str(tmp_path / "home"), "--data",
                                      str(tmp_path / "data"), "show", "702.19b", "--json"])
    assert len(json.loads(shown.stdout)["records"][0]["lineage"]) == 3  # JSON lists each


def test_citations_are_one_line_per_rule_across_versions(large_home: Path) -> None:
    """Lich's Mirror is cited by 704.6 of 2009 and 2012 and by 704.7 of 2026: one line,
    today's, with the count of the others (JSON lists each); its own rulings name it
    but are its children, not citations."""
    code, out, _ = run(large_home, "show", "mtgjson-ala:card:lich-s-mirror")
    assert code == 0
    cited = out[out.index("  Cited by:"):].split("\n\n")[0].splitlines()[1:]
    assert cited == ["    cr-2026-01-16:704.7  (card) 704.7 State-Based Actions  "
                     "(and 2 other versions)"]
    code, out, _ = run(large_home, "show", "mtgjson-ala:card:lich-s-mirror", "--json")
    assert sorted(c["id"] for c in json.loads(out)["records"][0]["cited_by"]) == [
        "cr-2009-10-01:704.6", "cr-2012-10-01:704.6", "cr-2026-01-16:704.7"]


def test_a_reprint_with_no_ruling_of_its_own_is_one_line(tmp_path: Path) -> None:
    """A card printed again with the same text and rulings is printed once in full, its
    other printing one line (Serra Angel in ten core sets of the archive was ten cards in
    full); a printing whose rulings are not printed yet is shown in full."""
    from kb.build import add_files
    from tests.conftest import MTGJSON_ALA, extra_file

    ala = json.loads(extra_file(MTGJSON_ALA).read_text(encoding="utf-8"))
    reprint = {**ala, "code": "XLA", "name": "Alara Again", "releaseDate": "2010-01-01"}
    (tmp_path / "XLA.json").write_text(json.dumps(reprint), encoding="utf-8")
    home = tmp_path / "home"
    add_files(home, [extra_file(MTGJSON_ALA), tmp_path / "XLA.json"], DATA)
    code, out, _ = run(home, "show", "Lich's Mirror")
    assert code == 0
    # the newest printing in full, and the shipped FAQ's card (rulings of its own)
    assert out.count("Lich's Mirror  [card]") == 2
    assert "mtgjson-xla:card:lich-s-mirror   from" in out
    assert "mtgjson-ala:card:lich-s-mirror   from" not in out
    assert re.search(r"2008-10-03  mtgjson-ala:card:lich-s-mirror  \(same wording; "
                     r"\d+ rulings\)", out)
    code, out, _ = run(home, "show", "Battlegrace Angel")  # the FAQ's ruling is its own
    assert out.count("Battlegrace Angel  [card]") == 2
    assert "2008-10-03  mtgjson-ala:card:battlegrace-angel" in out


def test_a_keywords_own_rules_are_its_text_not_its_links(shipped_home: Path) -> None:
    """Exalted's keyword record is 702.83a-b: they are printed as its text, not listed
    again as what it references or what cites it; the rules that do cite it remain."""
    code, out, _ = run(shipped_home, "show", "exalted")
    assert code == 0
    block = out[out.index("Exalted  [keyword]"):].split("\n\n")[0]
    assert "702.83a Exalted is a triggered ability" in block
    links = block[block.index("  References:"):block.index("  In other versions")]
    assert "cr-2026-01-16:702.83" not in links
    assert "cr-2026-01-16:122.1b  (keyword) 122.1b Counters" in links
    assert "cr-2026-01-16:506.5  (rule-ref) 506.5 Combat Phase" in links


def test_a_document_of_a_rules_versions_date_does_not_cut_its_run() -> None:
    """Exalted in 2008-10-01 was also in the Shards FAQ and the rules blog of that date:
    the rules versions 2008-10-01 to 2009-05-01 stay one run, the documents follow it."""
    from kb.model import Record
    from kb.present import _lineage_runs
    from kb.show import Related

    def related(source: str, era: str) -> Related:
        record = Record(id=f"{source}:keyword:exalted", kind="keyword", source=source,
                        title="Exalted", text="", era=era, date=era, meta={"number": "502.83"})
        return Related(record, era, "same")

    lineage = [related("cr-2008-10-01", "2008-10-01"),
               related("alara-keyword-rules-blog-2008", "2008-10-01"),
               related("shards-of-alara-faq-2008", "2008-10-01"),
               related("cr-2009-02-01", "2009-02-01"), related("cr-2009-05-01", "2009-05-01")]
    runs = _lineage_runs(lineage, {})
    assert [[x.record.source for x in run] for run in runs] == [
        ["cr-2008-10-01", "cr-2009-02-01", "cr-2009-05-01"],
        ["alara-keyword-rules-blog-2008"], ["shards-of-alara-faq-2008"]]


def test_a_reprint_prints_only_the_rulings_no_printing_above_gave(reprints_home) -> None:
    """Oblivion Ring printed in 2010 with ALA's rulings word for word, ALA's 2008 printing
    with one ruling more: the 2008 printing is printed for that one ruling alone, the
    others counted as given above (the JSON still lists every ruling); Battlegrace Angel's
    2008 printing, which gives nothing of its own, is one line."""
    home, data, old, _ = reprints_home

    def run(*args: str) -> tuple[int, str]:
        result = CliRunner().invoke(main, ["--home", str(home), "--data", str(data), *args])
        return result.exit_code, result.stdout

    code, out = run("show", "Oblivion Ring")
    assert code == 0
    ring = next(c for c in old["cards"] if c["name"] == "Oblivion Ring")["rulings"]
    for ruling in ring:
        said = " ".join(ruling["text"].split()[:6])
        assert sum(said in " ".join(line.split()) for line in out.splitlines()) <= 1, said
    assert f"({len(ring) - 1} rulings as given above)" in out
    code, out = run("show", "Oblivion Ring", "--json")
    records = json.loads(out)["records"]
    assert sum(len(r["children"]) for r in records) == 2 * len(ring) - 1
    code, out = run("show", "Battlegrace Angel")
    assert out.count("[card]") == 1 and "mtgjson-ala:card:battlegrace-angel" in out
