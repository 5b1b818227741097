"""Shared fixtures: the shipped sources and the real documents in ../shared/corpus-extra."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# Timing belongs in bench/, not in tests: no per-example deadline, so a loaded CI machine
# cannot fail a property test for being slow.
settings.register_profile("mtgkb", deadline=None)
settings.load_profile("mtgkb")

# search ranks by words alone in the tests, whose expectations are of that ranking (the
# sentence model's own tests switch meaning on: tests/test_search_meaning.py); the CLI's
# subprocesses inherit it
os.environ["MTGKB_MEANING"] = "0"

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"
EXTRA = Path(os.environ.get("MTGKB_CORPUS_EXTRA") or ROOT.parent / "shared" / "corpus-extra")
CR_FILES = {
    "2008-10-01": EXTRA / "cr" / "MagicCompRules-2008-10-01.txt",
    "2009-10-01": EXTRA / "cr" / "MagicCompRules-2009-10-01.txt",
    "2012-10-01": EXTRA / "cr" / "MagicCompRules-2012-10-01.txt",
    "2026-01-16": EXTRA / "cr" / "MagicCompRules-2026-01-16.txt",
}
MTGJSON_ALA = EXTRA / "mtgjson" / "ALA.json"


def seed_manifest() -> list:
    """The shipped seed documents: every shipped source but the Comprehensive Rules."""
    from ingest.source import load_manifest

    return [s for s in load_manifest(DATA) if s.format != "comprehensive-rules"]


def extra_file(path: Path) -> Path:
    """A file of ../shared/corpus-extra, or a clean skip where it is absent."""
    if not path.exists():
        pytest.skip(f"{path} is absent (../shared/corpus-extra not beside the repo)")
    return path


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """The shipped data folder (manifest and sources)."""
    return DATA


@pytest.fixture(scope="session")
def shipped_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A KB home built once from the shipped data, shared by the read-only tests."""
    from kb.build import ensure_built

    home = tmp_path_factory.mktemp("home")
    ensure_built(DATA, home)
    return home


@pytest.fixture(scope="session")
def shipped_build(shipped_home: Path):
    """The build of the shipped data (`kb.build.Build`)."""
    from kb.build import ensure_built

    return ensure_built(DATA, shipped_home)


@pytest.fixture(scope="session")
def shipped_searcher(shipped_build):
    """An open searcher over the shipped data's index."""
    from kb.search import Searcher

    searcher = Searcher(shipped_build.index)
    yield searcher
    searcher.close()


@pytest.fixture(scope="session")
def large_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A KB home with the shipped data plus the four CR versions and the MTGJSON file."""
    from kb.build import add_files, ensure_built

    files = [extra_file(path) for path in (*CR_FILES.values(), MTGJSON_ALA)]
    home = tmp_path_factory.mktemp("large-home")
    add_files(home, files)
    ensure_built(DATA, home)
    return home


@pytest.fixture(scope="session")
def reprints_home(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict, dict]:
    """A home (and its data folder) of three Shards of Alara cards printed twice: in ALA
    (2008) and again, word for word with the same rulings, in a later set; ALA's Oblivion
    Ring with one ruling more (Puppet Conjurer's first, a real ruling only the older
    printing gives). Also the two set files' contents."""
    import json

    from kb.build import ensure_built

    folder = tmp_path_factory.mktemp("reprints")
    ala = json.loads(extra_file(MTGJSON_ALA).read_text(encoding="utf-8"))
    names = ("Battlegrace Angel", "Oblivion Ring", "Ethersworn Canonist")
    cards = [c for c in ala["cards"] if c["name"] in names]
    extra = next(c for c in ala["cards"] if c["name"] == "Puppet Conjurer")["rulings"][0]
    old = {**ala, "cards": json.loads(json.dumps(cards))}
    next(c for c in old["cards"] if c["name"] == "Oblivion Ring")["rulings"].append(extra)
    new = {**ala, "name": "Reprints", "code": "RPT", "releaseDate": "2010-07-16",
           "cards": cards}
    (folder / "data" / "sources").mkdir(parents=True)
    manifest = []
    for code, content, date in (("ala", old, "2008-10-03"), ("rpt", new, "2010-07-16")):
        (folder / "data" / "sources" / f"{code}.json").write_text(json.dumps(content),
                                                                  encoding="utf-8")
        manifest.append(f'[[source]]\nid = "mtgjson-{code}"\ntitle = "{content["name"]}"\n'
                        f'path = "sources/{code}.json"\nformat = "mtgjson"\n'
                        f'date = "{date}"\nera = "{date}"\n')
    (folder / "data" / "sources.toml").write_text("\n".join(manifest), encoding="utf-8")
    ensure_built(folder / "data", folder / "home")
    return folder / "home", folder / "data", old, new
