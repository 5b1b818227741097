"""The `search` command's own options: --explain, --as-of, and the JSON fields it adds."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_cli import run


def test_explain_prints_the_score_parts(shipped_home: Path) -> None:
    code, out, _ = run(shipped_home, "search", "attacks alone", "--explain", "--limit", "2")
    assert code == 0 and "engine" in out and "proximity" in out
    code, out, _ = run(shipped_home, "search", "attacks alone", "--explain", "--json")
    first = json.loads(out)["results"][0]
    assert set(first["explain"]) >= {"engine", "proximity"}
    assert abs(first["explain"]["engine"] * first["explain"]["proximity"]
               - first["score"]) < 1e-3


def test_explain_names_a_questions_phrasing(shipped_home: Path) -> None:
    question = "how many cards does a commander deck need?"
    code, out, _ = run(shipped_home, "search", question, "--explain", "--limit", "1")
    assert code == 0 and "phrasing (weighs half):" in out
    code, out, _ = run(shipped_home, "search", "attacks alone", "--explain", "--limit", "1")
    assert code == 0 and "phrasing" not in out


def test_as_of_takes_a_date_and_refuses_anything_else(shipped_home: Path) -> None:
    code, out, _ = run(shipped_home, "search", "exalted", "--as-of", "2030-01-01", "--json")
    assert code == 0 and json.loads(out)["results"]
    code, _, err = run(shipped_home, "search", "exalted", "--as-of", "last year")
    assert code == 2 and "as-of" in err


def test_json_has_did_you_mean_and_versions(shipped_home: Path) -> None:
    code, out, _ = run(shipped_home, "search", "exhalted", "--json")
    data = json.loads(out)
    assert data["did_you_mean"] == "exalted"
    assert all(isinstance(r["versions"], list) for r in data["results"])


def test_a_query_beginning_with_a_minus_sign_is_a_query(shipped_home: Path) -> None:
    """"-1/-1 counters" is a query, before or after the options; a misspelt option is
    still refused."""
    for args in (["-1/-1 counters"], ["--limit", "2", "-1/-1 counters"],
                 ["-1/-1 counters", "--limit", "2", "--json"], ["--", "-1/-1 counters"]):
        code, out, err = run(shipped_home, "search", *args)
        assert code == 0, err
        assert "-1/-1 counter" in out.lower() and "no such option" not in err.lower()
    code, _, err = run(shipped_home, "search", "--limt", "2", "trample")
    assert code == 2 and "--limt" in err


def test_other_versions_are_named_by_date_and_rule_or_source() -> None:
    from kb.present import _version_label

    assert _version_label({"date": "2008-10-01", "source": "cr-2008-10-01",
                           "rule": "502.83"}) == "2008-10-01 502.83"
    # a rules version's glossary entry: the source would only repeat the date
    assert _version_label({"date": "2025-11-14", "source": "cr-2025-11-14"}) == "2025-11-14"
    # the same ruling in a set FAQ: its source says where
    assert _version_label({"date": "2008-09-23", "source": "shards-of-alara-faq-2008"}) \
        == "2008-09-23 shards-of-alara-faq-2008"


def test_versions_that_keep_one_number_are_named_as_one_run() -> None:
    from kb.present import _run_label, _version_runs

    versions = [{"date": d, "source": f"cr-{d}", "rule": n} for d, n in (
        ("2025-11-14", "702.83"), ("2024-08-02", "702.83"), ("2012-10-01", "702.81"),
        ("2008-10-01", "502.83"))]
    runs = _version_runs(versions)
    assert [_run_label(r) for r in runs] == [
        "702.83 in 2 versions, 2024-08-02 to 2025-11-14", "2012-10-01 702.81",
        "2008-10-01 502.83"]
