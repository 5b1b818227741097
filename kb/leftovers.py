"""What builds and ingests that died leave in a home, and removing it.

A build writes into `builds/.tmp-PID-N` and an ingest copies its files into `added/files`
before the build that includes them; a process killed meanwhile (kill -9, a crash, the
out-of-memory killer) leaves them behind. They are never used: a build folder counts only
once renamed, a copy only once the added manifest lists it. Every command looks for them
(a directory listing or two, the manifest read only when a copy is unlisted) and removes
them when no other process is building, so the command after a killed one leaves the home
as it was before.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from kb.freshness import BUILDS, CURRENT
from kb.homelock import build_lock, pid_alive
from kb.patterns import lazy

ADDED = "added"
# a copy's name as the added manifest lists it (`path = "files/NAME"`)
_LISTED = lazy(r'^path = "files/([^"\\]+)"$', re.M)
TMP = ".tmp-"
CACHE_TMP = ".postings.cache."  # `kb.postings_cache` writes `.postings.cache.PID.tmp`


def _listing(folder: Path) -> list[Path]:
    try:
        return list(folder.iterdir())
    except OSError:
        return []


def dead_temporaries(home: Path) -> list[Path]:
    """What a process writes before renaming it into place, left by one that is gone:
    `builds/.tmp-PID-N` (a build), `.current.PID` and `added/.sources.toml.PID` (the
    pointer and the manifest being replaced), `builds/ID/index/.postings.cache.PID.tmp`
    (a search writing again a build's missing posting cache)."""
    builds = _listing(home / BUILDS)
    places = [(builds, TMP), (_listing(home), f".{CURRENT}."),
              (_listing(home / ADDED), ".sources.toml.")]
    places += [(_listing(build / "index"), CACHE_TMP) for build in builds
               if not build.name.startswith(TMP)]
    dead = []
    for paths, prefix in places:
        for path in paths:
            pid = path.name.removeprefix(prefix).replace(".", "-").split("-")[0]
            if path.name.startswith(prefix) and pid.isdigit() and not pid_alive(int(pid)):
                dead.append(path)
    return dead


def listed_files(home: Path) -> set[str] | None:
    """The names of the copies the added manifest lists (None when it does not read: then
    nothing is taken for a leftover)."""
    import tomllib  # only when a copy looks unlisted: not on every command

    manifest = home / ADDED / "sources.toml"
    try:
        entries = tomllib.loads(manifest.read_text(encoding="utf-8")).get("source", [])
    except FileNotFoundError:
        return set()
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    return {Path(str(entry.get("path", ""))).name for entry in entries}


def unlisted_files(home: Path) -> list[Path]:
    """Copies in `added/files` that the manifest does not list. Only a leftover when no
    ingest is running (one in progress has copied its files and not yet published them)."""
    files = _listing(home / ADDED / "files")
    if not files:
        return []
    listed = listed_files(home)
    return [] if listed is None else [p for p in files if p.name not in listed]


def _maybe_unlisted(home: Path) -> bool:
    """Cheaply: whether some copy's name is not in the manifest's text at all (the names
    listed as `path = "files/NAME"` taken in one pass: a home of the whole archive lists
    148 copies, and each looked for in the whole text cost every command 1-2 ms)."""
    try:
        names = os.listdir(home / ADDED / "files")
    except OSError:
        return False
    if not names:  # (the folder itself a leftover where no manifest was ever published)
        return not (home / ADDED / "sources.toml").exists()
    try:
        text = (home / ADDED / "sources.toml").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return True
    listed = set(_LISTED.findall(text))
    return any(name not in listed and name not in text for name in names)


def remove(paths: list[Path]) -> None:
    """Remove leftover folders and files (what cannot be removed stays for next time)."""
    import shutil  # only when there is something to remove (it loads bz2 and lzma)

    for path in paths:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)


def drop_unpublished_folders(home: Path) -> None:
    """Remove `added/files` and `added` when they hold nothing and no added manifest was
    ever published: what the first ingest into a home makes before its build, and leaves
    when it fails or is killed."""
    added = home / ADDED
    if (added / "sources.toml").exists():
        return
    for folder in (added / "files", added):
        try:
            folder.rmdir()  # (only an empty one)
        except OSError:
            return


def tidy(home: Path) -> None:
    """Under the build lock: remove what builds and ingests that died left behind."""
    remove(dead_temporaries(home) + unlisted_files(home))
    drop_unpublished_folders(home)


def tidy_if_idle(home: Path) -> None:
    """Remove leftovers when there are any and no process is building (never waits)."""
    if not dead_temporaries(home) and not _maybe_unlisted(home):
        return
    try:
        with build_lock(home, wait=False) as held:
            if held:
                tidy(home)
    except OSError:  # a read-only home: leave them
        pass
