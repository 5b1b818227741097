"""`ingest` adds files only when the build with them succeeds; bad input is refused or
reported in one line (exit 2), the home left exactly as it was; a damaged store is rebuilt."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb import build as kbbuild
from kb.cli import main
from kb.freshness import read_current, stat_key
from tests.conftest import DATA, MTGJSON_ALA, extra_file

SMALL_DATA_IDS = ("shards-of-alara-faq-2008", "alara-keyword-rules-blog-2008")


@pytest.fixture(scope="module")
def small_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two of the shipped sources (the FAQ and the blog post): builds in a second."""
    import tomllib

    folder = tmp_path_factory.mktemp("small-data")
    entries = tomllib.loads((DATA / "sources.toml").read_text(encoding="utf-8"))["source"]
    lines = []
    for entry in entries:
        if entry["id"] in SMALL_DATA_IDS:
            lines.append("[[source]]")
            lines += [f"{key} = {json.dumps(str(value))}" for key, value in entry.items()]
            (folder / entry["path"]).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(DATA / entry["path"], folder / entry["path"])
    (folder / "sources.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


SMALL_RULES = """Magic: The Gathering Comprehensive Rules

These rules are effective as of July 1, 2031.

7. Additional Rules

702. Keyword Abilities

702.2. Exalted

702.2a Exalted is a triggered ability. Whenever a creature you control attacks alone, \
that creature gets +1/+1 until end of turn for each instance of exalted.

702.2b A creature "attacks alone" if it's the only creature declared as an attacker.

Glossary

Exalted
A keyword ability. See rule 702.2, "Exalted."

Credits

Nobody.
"""


def state(home: Path) -> tuple[object, ...]:
    """Everything a failed ingest must leave as it was."""
    manifest = home / "added" / "sources.toml"
    files = home / "added" / "files"
    return ((read_current(home) or {}).get("build"),
            manifest.read_bytes() if manifest.exists() else None,
            sorted(p.name for p in files.iterdir()) if files.is_dir() else [],
            sorted(p.name for p in (home / "builds").iterdir()))


@pytest.fixture(scope="module")
def cr_home(tmp_path_factory: pytest.TempPathFactory, small_data: Path) -> Path:
    """A home of the small data with one added rules file; tests change copies of it."""
    folder = tmp_path_factory.mktemp("cr-home")
    (folder / "MagicCompRules-2031-07-01.txt").write_text(SMALL_RULES, encoding="utf-8")
    kbbuild.add_files(folder / "home", [folder / "MagicCompRules-2031-07-01.txt"],
                      data_dir=small_data)
    return folder / "home"


@pytest.fixture
def run(small_data: Path) -> Callable[..., tuple[int, str, str]]:
    """`mtgkb --home HOME --data SMALL ARGS...`: exit code, stdout, stderr."""
    def invoke(home: Path, *args: str) -> tuple[int, str, str]:
        result = CliRunner().invoke(main, ["--home", str(home), "--data", str(small_data),
                                           *args])
        return result.exit_code, result.stdout, result.stderr

    return invoke


@pytest.fixture
def home(cr_home: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "home"
    shutil.copytree(cr_home, copy)
    pointer = json.loads((copy / "current").read_text())  # it names files in the home
    watched = [p.replace(str(cr_home), str(copy)) for p in pointer["watched"]]
    pointer.update(watched=watched, stat_key=stat_key([Path(p) for p in watched]))
    (copy / "current").write_text(json.dumps(pointer))
    return copy


Run = Callable[..., tuple[int, str, str]]


def one_line(message: str) -> bool:
    return message.startswith("mtgkb: ") and message.count("\n") == 1


def test_a_different_file_with_an_added_sources_id_is_refused(home: Path, run: Run,
                                                               tmp_path: Path) -> None:
    before = state(home)
    edited = tmp_path / "MagicCompRules-2031-07-01-mine.txt"
    edited.write_text(SMALL_RULES + "\nMy own notes.\n", encoding="utf-8")
    code, _, err = run(home, "ingest", str(edited))
    assert code == 2 and one_line(err), err
    assert "'cr-2031-07-01' is taken" in err and "--reset" in err
    assert state(home) == before


def test_two_files_with_one_source_id_in_one_ingest_are_refused(home: Path, run: Run,
                                                                 tmp_path: Path) -> None:
    before = state(home)
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text(SMALL_RULES.replace("2031", "2033"), encoding="utf-8")
    second.write_text(SMALL_RULES.replace("2031", "2033") + "\nEdited.\n", encoding="utf-8")
    code, _, err = run(home, "ingest", str(first), str(second))
    assert code == 2 and one_line(err), err
    assert f"'cr-2033-07-01' is taken by {first}, given too" in err
    assert state(home) == before


def test_the_same_file_again_is_skipped_with_a_note(home: Path, run: Run,
                                                    tmp_path: Path) -> None:
    before = state(home)
    again = tmp_path / "again.txt"
    again.write_text(SMALL_RULES, encoding="utf-8")
    code, out, err = run(home, "ingest", str(again))
    assert code == 0 and "already in the knowledge base as 'cr-2031-07-01'" in err
    assert "cr-2031-07-01" in out
    assert state(home)[:3] == before[:3]


def test_ones_own_copy_of_a_shipped_source(home: Path, run: Run, tmp_path: Path) -> None:
    faq = DATA / "sources" / "shards-of-alara-faq-2008.txt"
    copy = tmp_path / "faq.txt"
    shutil.copyfile(faq, copy)
    before = state(home)
    code, _, err = run(home, "ingest", str(copy))
    assert code == 0 and "already in the knowledge base" in err
    assert state(home)[:3] == before[:3]
    copy.write_text(faq.read_text(encoding="utf-8") + "\nQ: Mine?\nA: Yes.\n", encoding="utf-8")
    code, _, err = run(home, "ingest", str(copy))
    assert code == 2 and one_line(err) and "shipped source" in err
    assert state(home) == before


def test_a_build_that_fails_adds_nothing(home: Path, run: Run,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import kb.links
    import kb.links.added

    def too_deep(*args: object) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(kb.links, "build_links", too_deep)
    monkeypatch.setattr(kb.links.added, "link_added", too_deep)  # a set is linked as added
    before = state(home)
    code, _, err = run(home, "ingest", str(extra_file(MTGJSON_ALA)))
    assert code == 2 and one_line(err)
    assert "while linking (RecursionError" in err and "unchanged" in err
    assert state(home) == before


def test_a_lone_surrogate_escape_in_mtgjson_reads_as_a_replacement_character(
        home: Path, run: Run, tmp_path: Path) -> None:
    data = json.loads(extra_file(MTGJSON_ALA).read_text(encoding="utf-8"))
    data["cards"] = data["cards"][:3]
    data["cards"][0]["name"] = "PLACEHOLDER-NAME"
    text = json.dumps(data).replace("PLACEHOLDER-NAME", "Broken \\ud83d Name")
    odd = tmp_path / "ALA-broken.json"
    odd.write_text(text, encoding="utf-8")
    code, _, err = run(home, "ingest", str(odd))
    assert code == 0, err
    code, out, _ = run(home, "show", "Broken \ufffd Name", "--json")
    assert code == 0 and json.loads(out)["records"]


def test_a_cut_off_rules_file_is_refused_naming_what_is_missing(home: Path, run: Run,
                                                                 tmp_path: Path) -> None:
    glossary = SMALL_RULES.index("\nGlossary")
    credits = SMALL_RULES.index("\nCredits")
    for name, piece, missing in (("no-credits.txt", SMALL_RULES[:credits], "credits"),
                                 ("no-glossary.txt", SMALL_RULES[:glossary - 20],
                                  "a glossary and credits")):
        cut = tmp_path / name
        cut.write_text(piece, encoding="utf-8")
        before = state(home)
        code, _, err = run(home, "ingest", str(cut))
        assert code == 2 and one_line(err), err
        assert f"lacks {missing} (it ends at line" in err
        assert state(home) == before


def test_a_file_mixing_encodings_is_reported(home: Path, run: Run, tmp_path: Path) -> None:
    middle = SMALL_RULES.index("702.2b")
    mixed = tmp_path / "mixed.txt"
    mixed.write_bytes(SMALL_RULES[:middle].replace("2031", "2032").encode("utf-8")
                      + "\u00c6ther\u2019s ".encode("cp1252")
                      + SMALL_RULES[middle:].encode("utf-8") + "\u00c6ther".encode("utf-8"))
    code, out, err = run(home, "ingest", "--json", str(mixed))
    assert code == 0, err
    notes = [note for _, note in json.loads(out)["damage"]["cr-2032-07-01"]]
    line = SMALL_RULES[:middle].count("\n") + 1
    assert f"mixed encodings: 2 place(s) are not UTF-8 and were read as Windows-1252 (the " \
        f"first on line {line}); 1 other non-ASCII character(s) read as UTF-8" in notes


def damage_file(path: Path, damage: str) -> None:
    """Remove, cut short, zero or overwrite a file with random bytes."""
    import random

    size = path.stat().st_size
    if damage == "deleted":
        path.unlink()
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:size // 3])
    elif damage == "zeroed":
        path.write_bytes(bytes(size))
    else:
        path.write_bytes(random.Random(size).randbytes(size))


DAMAGE = ["deleted", "empty", "truncated", "zeroed", "random"]


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_store_is_rebuilt_or_named_in_one_line(home: Path, run: Run, damage: str,
                                                         tmp_path: Path) -> None:
    for command in (["show", "702.2a"], ["export", "--jsonl"], ["search", "exalted"],
                    ["validate"], ["html", "-o", str(tmp_path / "site")], ["diff"]):
        store = home / "builds" / (read_current(home) or {})["build"] / "kb.sqlite"
        damage_file(store, damage)
        code, out, err = run(home, *command)
        if command == ["diff"]:  # the store read again: it holds one rules version
            assert code == 2 and one_line(err) and "the knowledge base has 1" in err, err
        else:
            assert code in (0, 1) and out, (command, err)
        assert "Traceback" not in err


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_index_is_rebuilt(home: Path, run: Run, damage: str) -> None:
    index = home / "builds" / (read_current(home) or {})["build"] / "index"
    for name in ("*.seg", "*.toc"):
        damage_file(next(index.glob(name)), damage)
        code, out, err = run(home, "search", "exalted", "--json")
        assert code == 0, err
        assert json.loads(out)["results"][0]["title"].endswith("Exalted")
        index = home / "builds" / (read_current(home) or {})["build"] / "index"
