"""A killed or failed ingest never wedges the home nor changes it; readers never wait.

Real processes: `mtgkb ingest` is started as a subprocess and killed with SIGKILL at
several moments of its build; every wait has a timeout, so a wedged home fails the test
instead of hanging the suite.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from kb import build as kbbuild
from kb.freshness import read_current
from kb.homelock import LOCK_FILE, build_lock, pid_alive
from kb.paths import claim_home
from tests.conftest import CR_FILES, DATA, ROOT, extra_file

TIMEOUT = 90  # seconds: far above any answer on a loaded machine, far below a hang
_MTGKB = [sys.executable, "-c", "import sys; sys.argv[0] = 'mtgkb'; from kb.cli import run; run()"]


def _mtgkb(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*_MTGKB, "--home", str(home), *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=TIMEOUT)


def _start_ingest(home: Path, path: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([*_MTGKB, "--home", str(home), "ingest", str(path)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def _tmp_build(home: Path, name: str | None) -> bool:
    builds = home / "builds"
    return builds.is_dir() and any(
        p.name.startswith(".tmp-") and (name is None or (p / name).exists())
        for p in builds.iterdir())


def _lock_held_by(home: Path, pid: int) -> bool:
    try:
        return (home / LOCK_FILE).read_text().split() == [str(pid)]
    except OSError:
        return False


def _group_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


def _state(home: Path) -> tuple[object, ...]:
    """What a failed ingest must leave as it was: the current pointer, the added files and
    their manifest, the builds (unfinished ones included: the next command removes them)."""
    added = home / "added"
    return ((home / "current").read_bytes(),
            sorted((str(p.relative_to(added)), p.read_bytes()) for p in added.rglob("*")
                   if p.is_file()) if added.is_dir() else [],
            sorted(p.name for p in (home / "builds").iterdir()),
            sorted(p.name for p in home.iterdir()))


def _copied(home: Path, pid: int) -> bool:
    files = home / "added" / "files"
    return _lock_held_by(home, pid) and files.is_dir() and any(files.iterdir())


MOMENTS: dict[str, Callable[[Path, int], bool]] = {
    "locked": lambda home, pid: _lock_held_by(home, pid),
    "copied": _copied,
    "linking": lambda home, pid: _tmp_build(home, None),
    "storing": lambda home, pid: _tmp_build(home, "kb.sqlite"),
    "indexing": lambda home, pid: _tmp_build(home, "index"),
}


def test_an_ingest_killed_mid_build_leaves_the_home_working(tmp_path: Path) -> None:
    cr = extra_file(CR_FILES["2008-10-01"])
    home = tmp_path / "home"
    kbbuild.add_files(home, [])  # a home with its (empty) added manifest
    before = _state(home)
    for moment, reached in MOMENTS.items():
        _kill_at(home, cr, moment, reached)
        started = time.monotonic()
        found = _mtgkb(home, "search", "exalted", "--json")
        assert found.returncode == 0, found.stderr
        assert time.monotonic() - started < 30, f"search waited on the build killed {moment}"
        results = json.loads(found.stdout)["results"]
        assert results and not any(r["source"] == "cr-2008-10-01" for r in results)
        # nothing was added, and the search removed what the killed ingest left
        assert _state(home) == before, moment
    # the next ingest succeeds and clears what the killed ones left behind
    done = _mtgkb(home, "ingest", str(cr))
    assert done.returncode == 0, done.stderr
    assert not _tmp_build(home, None)
    assert sorted(p.name for p in (home / "added" / "files").iterdir()) == ["cr-2008-10-01.txt"]


def _kill_at(home: Path, path: Path, moment: str, reached: Callable[[Path, int], bool]) -> None:
    """Start `mtgkb ingest path`, SIGKILL it once `reached`; no process of it may remain."""
    ingest = _start_ingest(home, path)
    try:
        deadline = time.monotonic() + TIMEOUT
        while not reached(home, ingest.pid):
            assert ingest.poll() is None, f"the ingest ended before {moment}"
            assert time.monotonic() < deadline, f"never reached {moment}"
            time.sleep(0.01)
        os.killpg(ingest.pid, signal.SIGKILL)
        ingest.wait(timeout=TIMEOUT)
        assert _group_gone(ingest.pid), f"a process of the ingest killed {moment} still runs"
    finally:
        if ingest.poll() is None:
            os.killpg(ingest.pid, signal.SIGKILL)
            ingest.wait()


def test_the_lock_dies_with_its_holder_not_with_its_children(tmp_path: Path) -> None:
    """A holder that forked a child (as Whoosh's index workers were) and was killed leaves
    no lock behind, though the child lives on with the lock file open."""
    home = tmp_path / "home"
    home.mkdir()
    script = ("import os, sys, time; from pathlib import Path; from kb.homelock import build_lock\n"
              "with build_lock(Path(sys.argv[1])):\n"
              "    if os.fork() == 0:\n"
              "        time.sleep(60); os._exit(0)\n"
              "    print('held', flush=True); time.sleep(60)\n")
    holder = subprocess.Popen([sys.executable, "-c", script, str(home)], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with build_lock(home, wait=False) as held:
            assert not held  # a live holder keeps it
        holder.kill()
        holder.wait(timeout=TIMEOUT)
        assert not _group_gone(holder.pid)  # the forked child still runs
        with build_lock(home, wait=False) as held:
            assert held
    finally:
        os.killpg(holder.pid, signal.SIGKILL)
        holder.wait()


def test_a_reader_answers_from_the_current_build_while_another_builds(tmp_path: Path) -> None:
    data, home = tmp_path / "data", tmp_path / "home"
    import shutil

    shutil.copytree(DATA, data, ignore=shutil.ignore_patterns("__init__.py", "__pycache__"))
    first = kbbuild.ensure_built(data, home)
    wiki = data / "sources" / "judge-wiki-keywords-appendix-c.txt"
    wiki.write_text(wiki.read_text(encoding="utf-8") + "\nxyzzy\n", encoding="utf-8")
    with build_lock(home) as held:  # as a long build in another process would
        assert held
        started = time.monotonic()
        found = subprocess.run([*_MTGKB, "--data", str(data), "--home", str(home), "search",
                                "exalted", "--json"], cwd=ROOT, capture_output=True, text=True,
                               timeout=TIMEOUT)
        assert found.returncode == 0, found.stderr
        assert json.loads(found.stdout)["results"]
        assert time.monotonic() - started < 30
        assert (read_current(home) or {})["build"] == first.path.name


def _a_dead_pid() -> int:
    """The pid of a process that has ended (skips the test if it was reused at once)."""
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    dead_pid = int(gone.stdout)
    if pid_alive(dead_pid):
        pytest.skip("the pid was reused at once")
    return dead_pid


def test_a_killed_process_not_yet_reaped_is_not_alive() -> None:
    """A build killed with kill -9 is a zombie until its parent waits for it: what it left
    is already a dead process's."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        assert pid_alive(child.pid)
        child.kill()
        deadline = time.monotonic() + 10
        while pid_alive(child.pid) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not pid_alive(child.pid)
        assert child.poll() is not None  # it was a zombie till now: reaped here
    finally:
        child.kill()
        child.wait()


def test_only_dead_builds_folders_are_pruned(tmp_path: Path) -> None:
    home = claim_home(tmp_path / "home")
    dead_pid = _a_dead_pid()
    dead = home / "builds" / f".tmp-{dead_pid}-1"
    live = home / "builds" / f".tmp-{os.getppid()}-1"
    for folder in (dead, live):
        (folder / "index").mkdir(parents=True)
    (home / "added").mkdir()
    pointers = [home / f".current.{dead_pid}", home / "added" / f".sources.toml.{dead_pid}"]
    for pointer in pointers:
        pointer.write_text("half written")
    kbbuild.reset_added(home)  # any step under the build lock tidies up
    assert not dead.exists() and live.exists()
    assert not any(pointer.exists() for pointer in pointers)


def test_a_posting_cache_a_killed_search_was_writing_is_pruned(tmp_path: Path) -> None:
    """A search writes a build's missing posting cache under a temporary name: killed
    meanwhile, it leaves that file, which the next command removes (a live writer's
    stays)."""
    from kb.postings_cache import CACHE_FILE

    home = claim_home(tmp_path / "home")
    dead_pid = _a_dead_pid()
    index = home / "builds" / "0123abcd" / "index"
    index.mkdir(parents=True)
    dead, live = (index / f".{CACHE_FILE}.{pid}.tmp" for pid in (dead_pid, os.getppid()))
    for path in (dead, live, index / CACHE_FILE):
        path.write_bytes(b"cache")
    kbbuild.reset_added(home)  # any step under the build lock tidies up
    assert not dead.exists() and live.exists() and (index / CACHE_FILE).exists()
