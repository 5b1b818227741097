"""The build lock of a KB home: one builder at a time, never held by a dead process.

A POSIX record lock (`fcntl.lockf`) belongs to the process that took it: the kernel drops
it when that process exits or is killed, and a child process never inherits it (nor the
descriptor: it is opened close-on-exec), so a build killed with kill -9, or any process it
started, cannot wedge the home. The lock file holds the builder's pid, for messages and to
tell a dead build's leftovers from a live one's.

One caveat of POSIX locks: closing *any* descriptor of the lock file drops the process's
lock, so only this module opens it, once per lock.
"""

from __future__ import annotations

import errno
import fcntl
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_FILE = ".build.lock"


def pid_alive(pid: int) -> bool:
    """Whether a process with this id exists (ours or another user's) and has not ended:
    a process killed but not yet reaped by its parent (a zombie) writes nothing more, so
    what it left is a dead process's."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    """Whether the process has ended and waits to be reaped (Linux's /proc; False where
    there is none)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return False
    # "PID (COMMAND) STATE ...": the command may hold spaces and parentheses
    return stat[stat.rfind(")") + 1:].split()[:1] == ["Z"]


def _holder(fd: int) -> int | None:
    """The pid the lock file names (the process building, if the lock is held)."""
    try:
        return int(os.pread(fd, 32, 0).split()[0])
    except (OSError, ValueError, IndexError):
        return None


@contextmanager
def build_lock(home: Path, wait: bool = True,
               on_wait: Callable[[int | None], None] | None = None) -> Iterator[bool]:
    """Hold the home's build lock for the `with` block; yields True once held.

    With `wait=False` it yields False at once when another live process holds it. While
    waiting, `on_wait` is told the holder's pid (None when unknown).
    """
    fd = os.open(home / LOCK_FILE, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    try:
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno not in (errno.EACCES, errno.EAGAIN):
                raise
            if not wait:
                yield False
                return
            if on_wait:
                on_wait(_holder(fd))
            fcntl.lockf(fd, fcntl.LOCK_EX)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        try:
            yield True
        finally:
            os.ftruncate(fd, 0)
            fcntl.lockf(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
