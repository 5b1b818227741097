"""`mtgkb diff` and `kb.diff`: change lists between rules versions."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from kb.diff import diff_records
from kb.model import Record
from tests.conftest import CR_FILES, DATA, extra_file


def rule(source: str, number: str, text: str, keywords: tuple[str, ...] = ()) -> Record:
    return Record(id=f"{source}:{number}", kind="rule", source=source, title=f"{number} {text}",
                  text=text, rule=number, keywords=list(keywords), era=source[3:],
                  date=source[3:])


def glossary(source: str, term: str, text: str) -> Record:
    return Record(id=f"{source}:glossary:{term.lower()}", kind="glossary", source=source,
                  title=term, text=text, era=source[3:], date=source[3:], meta={"term": term})


OLD, NEW = "cr-2001-01-01", "cr-2002-01-01"


def test_added_removed_changed_renumbered_from_plain_records() -> None:
    old = [rule(OLD, "100.1", "These Magic rules apply to any Magic game with two players."),
           rule(OLD, "100.2", "To play, each player needs their own deck of traditional cards."),
           rule(OLD, "702.5", "Exalted is a triggered ability that pumps a lone attacker by one."),
           rule(OLD, "104.1", "A rule about ante that the new version drops entirely, gone."),
           glossary(OLD, "Tribal", "A card type. See rule 308, Tribals."),
           glossary(OLD, "Ante", "Ante is an old way of playing for keeps. See rule 407.")]
    new = [rule(NEW, "100.1", "These Magic rules apply to any Magic game with two or more "
                              "players."),
           rule(NEW, "100.2", "To play, each player needs their own deck of traditional cards."),
           rule(NEW, "702.7", "Exalted is a triggered ability that pumps a lone attacker by one."),
           rule(NEW, "105.9", "A brand new rule about something else altogether, freshly made."),
           glossary(NEW, "Kindred", "A card type. See rule 308, Kindreds."),
           glossary(NEW, "Ante", "Ante is an old way of playing for keeps. See rule 406.")]
    diff = diff_records(old, new)
    assert diff.counts()["rules"] == {"added": 1, "removed": 1, "changed": 1, "renumbered": 1}
    (moved,) = diff.rules.renumbered
    assert (moved.old, moved.new, moved.diff) == ("702.5", "702.7", "")
    (changed,) = diff.rules.changed
    assert changed.new == "100.1" and "{+or more+}" in changed.diff
    assert [e.new for e in diff.rules.added] == ["105.9"]
    assert [e.old for e in diff.rules.removed] == ["104.1"]
    # a glossary entry renamed; a cross-reference that only changed its number is no change
    (renamed,) = diff.glossary.renumbered
    assert (renamed.old, renamed.new) == ("Tribal", "Kindred")
    assert diff.glossary.changed == []


def run(home: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["--home", str(home), "--data", str(DATA), *args])
    return result.exit_code, result.stdout, result.stderr


def test_exalted_is_renumbered_not_removed_and_added(large_home: Path) -> None:
    code, out, _ = run(large_home, "diff", "2012-10-01", "2026-01-16", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["old"]["source"] == "cr-2012-10-01" and data["new"]["date"] == "2026-01-16"
    moves = {(e["old"], e["new"]) for e in data["rules"]["renumbered"]}
    assert {("702.81", "702.83"), ("702.81a", "702.83a")} <= moves
    assert "702.81" not in {e["old"] for e in data["rules"]["removed"]}
    assert "702.83" not in {e["new"] for e in data["rules"]["added"]}
    exalted = [e for e in data["keywords"]["renumbered"] if e["title"] == "exalted"]
    assert [(e["old"], e["new"]) for e in exalted] == [("702.81", "702.83")]
    # totem armor became umbra armor: one keyword renamed, not one removed and one added
    assert any(e["title"] == "totem armor → umbra armor" for e in data["keywords"]["renumbered"])
    renamed = {(e["old"], e["new"]) for e in data["glossary"]["renumbered"]}
    assert ("Converted Mana Cost", "Mana Value") in renamed
    for part in ("rules", "glossary", "keywords"):
        counts = data[part]["counts"]
        assert all(counts[k] == len(data[part][k]) for k in counts)


def test_text_diff_defaults_to_the_two_newest(large_home: Path) -> None:
    code, out, _ = run(large_home, "diff")
    assert code == 0
    assert out.startswith("Comprehensive Rules 2012-10-01 → 2026-01-16")
    assert "702.81 → 702.83  Exalted" in out


@pytest.mark.parametrize("args", [("diff", "2011-10-01", "2012-10-01"), ("diff", "2012-10-01"),
                                  ("diff", "cr-1999-01-01", "2026-01-16")])
def test_unknown_versions_are_one_line_exit_2(large_home: Path, args: tuple[str, ...]) -> None:
    code, out, err = run(large_home, *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1


def test_one_version_only_is_one_line_exit_2(shipped_home: Path) -> None:
    code, _, err = run(shipped_home, "diff")
    assert code == 2 and "two Comprehensive Rules versions" in err


def _parsed(path: Path) -> list[Record]:
    from ingest.registry import describe_file, parse_source

    source, text = describe_file(path)
    return parse_source(source, text)


def test_similarity_pairs_versions_without_a_store() -> None:
    """No lineage given: the rules are paired by their wording alone."""
    old = _parsed(extra_file(CR_FILES["2009-10-01"]))
    new = _parsed(extra_file(CR_FILES["2012-10-01"]))
    diff = diff_records(old, new)
    moves = {(e.old, e.new) for e in diff.rules.renumbered}
    assert ("702.80", "702.81") in moves and ("702.80a", "702.81a") in moves
    # the keywords shifted by new ones are paired, not dropped and added again
    counts = diff.counts()["rules"]
    assert counts["renumbered"] > counts["added"] > counts["removed"]
    assert counts["removed"] < len([r for r in old if r.kind == "rule"]) / 20


def test_consecutive_archive_versions_pair_most_rules() -> None:
    """Two consecutive versions of the public archive (MTGKB_CR_ARCHIVE), where set."""
    folder = os.environ.get("MTGKB_CR_ARCHIVE")
    if not folder or not (Path(folder) / "2010-07-16.txt").exists():
        pytest.skip("MTGKB_CR_ARCHIVE is not set (or lacks 2010-07-16.txt)")
    files = sorted(Path(folder).glob("*.txt"))
    at = [f.name for f in files].index("2010-07-16.txt")
    old, new = _parsed(files[at - 1]), _parsed(files[at])
    diff = diff_records(old, new)
    counts = diff.counts()["rules"]
    rules = len([r for r in new if r.kind == "rule"])
    assert counts["added"] + counts["removed"] < rules / 10
    assert counts["added"] > 0 and counts["changed"] > 0
