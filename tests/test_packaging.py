"""The installed package holds every Python package of the source tree.

CI installs with `pip install .` (not editable), so a package folder missing from
pyproject's explicit list would import in development and fail after a real install.
"""

from __future__ import annotations

import tomllib

from tests.conftest import ROOT


def test_every_package_folder_is_listed_in_pyproject() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts)
             for top in ("kb", "ingest") for init in (ROOT / top).rglob("__init__.py")}
    assert found, "no packages found under kb/ and ingest/"
    assert found - listed == set()


def test_every_data_file_of_a_package_is_listed_in_pyproject() -> None:
    """A file search reads beside the code (the model's adapter, the shipped vectors and
    questions, the rules' tables) is installed only when a package-data pattern names it:
    without it an installed mtgkb would rank without them and say nothing."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setup = config["tool"]["setuptools"]
    data, renamed = setup["package-data"], setup["package-dir"]
    unlisted = []
    for package in setup["packages"]:
        folder = ROOT.joinpath(*renamed.get(package, package).split("."))
        patterns = data.get(package, [])
        for path in folder.iterdir():
            if path.is_file() and path.suffix not in (".py", ".pyc") and \
                    not any(path.match(p) or path.relative_to(folder).match(p) for p in patterns):
                unlisted.append(str(path.relative_to(ROOT)))
    assert unlisted == []
