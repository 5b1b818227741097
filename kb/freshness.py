"""The cheap part of a build: where the current build is and whether it is still fresh.

This is on the path of every command, so it imports next to nothing and reads only the
`current` pointer and the stats of the files it lists (no hashing of contents).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path

CURRENT = "current"
BUILDS = "builds"
HOME_MARKER = ".mtgkb-home"


class Build:
    """A built knowledge base: its folder and what went into it. (A plain class: creating
    a dataclass at import cost every command about 4 M instructions.)"""

    __slots__ = ("path", "content_hash", "counts", "damage")

    def __init__(self, path: Path, content_hash: str, counts: dict[str, dict[str, int]],
                 damage: dict[str, list[list[str]]] | None = None) -> None:
        self.path = path
        self.content_hash = content_hash
        self.counts = counts
        self.damage = damage if damage is not None else {}

    def __repr__(self) -> str:
        return (f"Build(path={self.path!r}, content_hash={self.content_hash!r}, "
                f"counts={self.counts!r}, damage={self.damage!r})")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Build) and all(
            getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # its counts are mutable, as before

    @property
    def store(self) -> Path:
        """The SQLite store of records and links."""
        return self.path / "kb.sqlite"

    @property
    def index(self) -> Path:
        """The Whoosh index folder."""
        return self.path / "index"


def stat_key(paths: Iterable[Path | str]) -> str:
    """Size and modification time of each file: changes whenever a file is touched."""
    parts = []
    for path in paths:
        try:
            st = os.stat(path)
            parts.append(f"{path}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            parts.append(f"{path}:-")
    return "\n".join(parts)


def read_current(home: Path) -> dict | None:
    """The `current` pointer of a home: build name, data folder, watched files, stat key."""
    try:
        return json.loads((home / CURRENT).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def load_build(home: Path, pointer: dict) -> Build | None:
    """The build a pointer names, or None if it is gone, unreadable or lacks its store or
    index (removed by hand: then it is built again)."""
    try:
        path = home / BUILDS / str(pointer["build"])
        info = json.loads((path / "build.json").read_text(encoding="utf-8"))
        build = Build(path=path, content_hash=str(info["content_hash"]),
                      counts=dict(info["counts"]), damage=dict(info.get("damage", {})))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not build.store.is_file() or not build.index.is_dir():
        return None
    return build


def fresh_build(data_dir: Path, home: Path) -> Build | None:
    """The current build if it matches the sources and code now; cheap (stats only)."""
    home, data_dir = home.expanduser().resolve(), data_dir.resolve()
    if not (home / HOME_MARKER).exists():
        return None
    pointer = read_current(home)
    if not pointer:
        return None
    # the watched files as the pointer names them (a few hundred: no Path made of each)
    paths = [str(p) for p in pointer.get("watched", [])]
    if pointer.get("data_dir") != str(data_dir) or stat_key(paths) != pointer.get("stat_key"):
        return None
    return load_build(home, pointer)
