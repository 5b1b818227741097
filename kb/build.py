"""Building the knowledge base: parse every source, link, store, index; never half-written.

A build goes into a fresh folder under `HOME/builds/` and is swapped in by atomically
replacing the `HOME/current` pointer, so a crash mid-build leaves the previous build in
use, and a process searching while another rebuilds keeps reading the build it opened.
Freshness is checked cheaply from file stats; only when a stat changed are the contents
hashed, and only when the contents changed is anything rebuilt.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from ingest.source import IngestError, Source, load_manifest
from kb.freshness import BUILDS, CURRENT, Build, fresh_build, load_build, read_current, stat_key
from kb.paths import claim_home

ADDED = "added"
FORMAT_VERSION = "1"
# the code whose changes change what a build contains (not the CLI, rules model or HTML)
_BUILD_CODE = ("ingest/*.py", "kb/model.py", "kb/era.py", "kb/rulenum.py", "kb/text.py",
               "kb/links/*.py", "kb/store.py", "kb/index.py", "kb/build.py")

Progress = Callable[[str], None]


def _code_files() -> list[Path]:
    root = Path(__file__).resolve().parent.parent
    return sorted(p for pattern in _BUILD_CODE for p in root.glob(pattern))


def _manifests(data_dir: Path, home: Path) -> list[Path]:
    return [data_dir / "sources.toml", home / ADDED / "sources.toml"]


def all_sources(data_dir: Path, home: Path) -> list[Source]:
    """The shipped (or `--data`) sources followed by the files added with `ingest PATH`."""
    sources = load_manifest(data_dir)
    if (home / ADDED / "sources.toml").exists():
        shipped = {s.id: s for s in sources}
        sources += [s for s in load_manifest(home / ADDED)
                    if not (s.id in shipped and _same_bytes(shipped[s.id].path, s.path))]
    return sources


def _content_hash(sources: list[Source]) -> str:
    digest = hashlib.sha256(FORMAT_VERSION.encode())
    for source in sources:
        digest.update(f"{source.id}|{source.format}|{source.date}|{source.era}|".encode())
        try:
            digest.update(source.path.read_bytes())
        except OSError as exc:
            raise IngestError(f"{source.path}: cannot read ({exc.strerror or exc})") from exc
    for path in _code_files():
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _watched(data_dir: Path, home: Path, sources: list[Source]) -> list[Path]:
    return [*_manifests(data_dir, home), *(s.path for s in sources), *_code_files()]


@contextmanager
def _build_lock(home: Path) -> Iterator[None]:
    with open(home / ".build.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def ensure_built(data_dir: Path, home: Path, progress: Progress | None = None,
                 force: bool = False) -> Build:
    """The knowledge base for these sources, building it first if needed."""
    data_dir = data_dir.resolve()
    home = claim_home(home)
    if not force and (build := fresh_build(data_dir, home)):
        return build
    with _build_lock(home):
        if not force and (build := fresh_build(data_dir, home)):
            return build  # another process built it while we waited
        sources = all_sources(data_dir, home)
        content_hash = _content_hash(sources)
        pointer = read_current(home)
        build = load_build(home, pointer) if pointer else None
        if force or not build or build.content_hash != content_hash:
            build = _build(sources, home, content_hash, progress)
        _point_to(home, build, data_dir, _watched(data_dir, home, sources))
        _prune(home, keep={build.path.name, *(
            [pointer["build"]] if pointer else [])})
        return build


def _build(sources: list[Source], home: Path, content_hash: str,
           progress: Progress | None) -> Build:
    from ingest.registry import parse_source
    from kb.index import build_index
    from kb.links import build_links
    from kb.store import write_store

    report = progress or (lambda message: None)
    records = []
    counts: dict[str, dict[str, int]] = {}
    damage: dict[str, list[list[str]]] = {}
    for number, source in enumerate(sources, 1):
        report(f"[{number}/{len(sources)}] parse {source.id}")
        parsed = parse_source(source)
        counts[source.id] = dict(sorted(Counter(r.kind for r in parsed).items()))
        damage[source.id] = [[r.id, str(note)] for r in parsed for note in r.meta.get("damage", ())]
        records += parsed
    report("link")
    graph = build_links(records)
    tmp = home / BUILDS / f".tmp-{os.getpid()}-{time.monotonic_ns()}"
    tmp.mkdir(parents=True)
    try:
        report("store")
        write_store(tmp / "kb.sqlite", records, graph.links, graph.unresolved, graph.lineage,
                    [_source_entry(s, counts[s.id]) for s in sources])
        report("index")
        build_index(records, tmp / "index")
        (tmp / "build.json").write_text(json.dumps(
            {"content_hash": content_hash, "counts": counts, "damage": damage}, indent=1),
            encoding="utf-8")
        final = home / BUILDS / content_hash[:20]
        if final.exists():
            shutil.rmtree(final)
        tmp.rename(final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return Build(path=final, content_hash=content_hash, counts=counts, damage=damage)


def _source_entry(source: Source, counts: dict[str, int]) -> dict:
    return {"id": source.id, "title": source.title, "path": str(source.path),
            "format": source.format, "date": source.date, "era": source.era, "counts": counts}


def _point_to(home: Path, build: Build, data_dir: Path, watched: list[Path]) -> None:
    pointer = {"build": build.path.name, "data_dir": str(data_dir),
               "watched": [str(p) for p in watched], "stat_key": stat_key(watched)}
    tmp = home / f".{CURRENT}.{os.getpid()}"
    tmp.write_text(json.dumps(pointer), encoding="utf-8")
    os.replace(tmp, home / CURRENT)


def _prune(home: Path, keep: set[str]) -> None:
    """Remove builds other than the current and the previous one (still open elsewhere)."""
    for path in (home / BUILDS).iterdir():
        if path.name not in keep and not path.name.startswith(".tmp-"):
            shutil.rmtree(path, ignore_errors=True)


def add_files(home: Path, paths: list[Path],
              shipped: Sequence[Source] = ()) -> list[Source]:
    """Copy user files into `HOME/added` (after checking each one parses) and list them.

    A file that is byte for byte a `shipped` source (the current Comprehensive Rules a user
    downloaded too, say) is already in the knowledge base and is skipped; a different file
    with a shipped source's id is refused.
    """
    from ingest.registry import describe_file, parse_source

    home = claim_home(home)
    added_dir = home / ADDED
    existing = load_manifest(added_dir) if (added_dir / "sources.toml").exists() else []
    shipped_by_id = {s.id: s for s in shipped}
    new: list[Source] = []
    kept: list[Path] = []
    for path in paths:
        source, text = describe_file(path)
        if (twin := shipped_by_id.get(source.id)) is not None:
            if _same_bytes(twin.path, path):
                continue
            raise IngestError(f"{path}: source id {source.id!r} is a shipped source with "
                              "different content")
        parse_source(source, text)  # refuse a file that does not parse before keeping it
        new.append(source)
        kept.append(path)
    paths = kept
    added_dir.mkdir(exist_ok=True)
    by_id = {s.id: s for s in existing}
    for source, path in zip(new, paths, strict=True):
        target = added_dir / "files" / f"{source.id}{path.suffix}"
        target.parent.mkdir(exist_ok=True)
        shutil.copyfile(path, target)
        by_id[source.id] = source.with_(path=target)
    _write_manifest(added_dir / "sources.toml", list(by_id.values()), added_dir)
    return new


def _same_bytes(first: Path, second: Path) -> bool:
    try:
        return first.read_bytes() == second.read_bytes()
    except OSError:
        return False


def reset_added(home: Path) -> None:
    """Forget every file added with `ingest PATH`."""
    shutil.rmtree(claim_home(home) / ADDED, ignore_errors=True)


def _toml_string(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a valid TOML basic string


def _write_manifest(path: Path, sources: list[Source], base: Path) -> None:
    lines = ["# Files added with `mtgkb ingest PATH` (removed by `mtgkb ingest --reset`)."]
    for source in sources:
        lines += ["", "[[source]]"]
        rel = source.path.relative_to(base)
        for key, value in (("id", source.id), ("title", source.title), ("path", str(rel)),
                           ("format", source.format), ("date", source.date),
                           ("era", source.era)):
            lines.append(f"{key} = {_toml_string(value)}")
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(tmp, path)
