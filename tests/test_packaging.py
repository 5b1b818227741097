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
