"""Building the knowledge base: parse every source, link, store, index; never half-written.

A build goes into a fresh folder under `HOME/builds/` and is swapped in by atomically
replacing the `HOME/current` pointer, so a crash mid-build leaves the previous build in
use, and a process searching while another rebuilds keeps reading the build it opened.
Freshness is checked cheaply from file stats; only when a stat changed are the contents
hashed, and only when the contents changed is anything rebuilt (a build of the same
contents still on disk is pointed to again, and each source's parsed records are cached in
the home, so a rebuild parses only the sources that changed).

One process builds at a time (`kb.homelock`: a lock the kernel drops when its holder
dies); a reader that finds the lock taken answers from the current build instead of
waiting. Files given to `ingest` are published (the added-files manifest rewritten) only
after the build that includes them succeeded: a failed or killed ingest leaves the home
as it was.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ingest.source import IngestError, Source, load_manifest
from kb import parsecache
from kb.collector import long_lived
from kb.freshness import BUILDS, CURRENT, Build, fresh_build, load_build, read_current, stat_key
from kb.homelock import build_lock
from kb.leftovers import ADDED, TMP, drop_unpublished_folders, tidy, tidy_if_idle
from kb.model import Record
from kb.paths import claim_home

if TYPE_CHECKING:
    from kb.score_groups import Fresh

FORMAT_VERSION = "1"
# the code whose changes change what a build contains (not the CLI or HTML; the rules model
# for the superseded marks, the index reader's scoring for the posting cache)
_BUILD_CODE = ("ingest/*.py", "kb/model.py", "kb/damage.py", "kb/era.py", "kb/rulenum.py",
               "kb/text.py", "kb/patterns.py", "kb/links/*.py", "kb/store.py", "kb/index.py",
               "kb/index_write.py", "kb/index_read.py", "kb/postings_cache.py",
               "kb/score_groups.py", "kb/build.py", "kb/lemma.py", "kb/derived.py",
               "kb/superseded.py", "kb/rules/*.py", "kb/rules/history.json",
               "kb/rules/keyword_forms.json",
               "kb/rules/keywords/*.py")
_PROGRESS_EVERY = 500

Progress = Callable[[str], None]


class Ingested(NamedTuple):
    """What `add_files` did: the build now current, the sources it added, notes on files
    it skipped (already part of the knowledge base)."""

    build: Build
    added: list[Source]
    skipped: list[str]


def _code_files() -> list[Path]:
    root = Path(__file__).resolve().parent.parent
    return sorted(p for pattern in _BUILD_CODE for p in root.glob(pattern))


def _manifests(data_dir: Path, home: Path) -> list[Path]:
    return [data_dir / "sources.toml", home / ADDED / "sources.toml"]


def added_sources(home: Path, shipped: Sequence[Source] = ()) -> list[Source]:
    """The files added with `ingest PATH` (as published: built successfully), less any
    that is byte for byte a `shipped` source (added before it shipped)."""
    if not (home / ADDED / "sources.toml").exists():
        return []
    by_id = {s.id: s for s in shipped}
    return [s for s in load_manifest(home / ADDED)
            if not (s.id in by_id and _same_bytes(by_id[s.id].path, s.path))]


def all_sources(data_dir: Path, home: Path) -> list[Source]:
    """The shipped (or `--data`) sources followed by the files added with `ingest PATH`."""
    shipped = load_manifest(data_dir)
    return shipped + added_sources(home, shipped)


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise IngestError(f"{path}: cannot read ({exc.strerror or exc})") from exc


def _digests(sources: list[Source]) -> dict[str, str]:
    """The content digest of each source's file, by source id."""
    return {s.id: hashlib.sha256(_read_bytes(s.path)).hexdigest() for s in sources}


def _content_hash(sources: list[Source], digests: dict[str, str]) -> str:
    digest = hashlib.sha256(FORMAT_VERSION.encode())
    for entry in _source_keys(sources, digests):
        digest.update(f"{'|'.join(entry)}|".encode())
    for path in _code_files():
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _source_keys(sources: list[Source], digests: dict[str, str]) -> list[list[str]]:
    """What a build depends on of each source: manifest fields and content digest."""
    return [[s.id, s.format, s.date, s.era, digests[s.id]] for s in sources]


def _code_digest() -> str:
    digest = hashlib.sha256(FORMAT_VERSION.encode())
    for path in _code_files():
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _check_unique(sources: list[Source]) -> None:
    seen: dict[str, Source] = {}
    for source in sources:
        if source.id in seen:
            raise IngestError(f"source id {source.id!r} is used twice ({seen[source.id].path} "
                              f"and {source.path}); `mtgkb ingest --reset` forgets added files")
        seen[source.id] = source


def _watched(data_dir: Path, home: Path, sources: list[Source]) -> list[Path]:
    return [*_manifests(data_dir, home), *(s.path for s in sources), *_code_files()]


def _current(home: Path) -> Build | None:
    pointer = read_current(home)
    return load_build(home, pointer) if pointer else None


def ensure_built(data_dir: Path, home: Path, progress: Progress | None = None,
                 force: bool = False, wait: bool = True) -> Build:
    """The knowledge base for these sources, building it first if needed.

    With `wait=False` (a reader), when another process is building, the current build is
    returned at once (if there is one) instead of waiting for that build to finish.
    """
    data_dir = data_dir.resolve()
    home = claim_home(home)
    if not force and (build := fresh_build(data_dir, home)):
        tidy_if_idle(home)
        return build
    report = progress or (lambda message: None)
    waiting = lambda pid: report(f"waiting for the build of process {pid or '?'}")  # noqa: E731
    with build_lock(home, wait=wait or _current(home) is None, on_wait=waiting) as held:
        if held:
            tidy(home)
            return _ensure_locked(data_dir, home, all_sources(data_dir, home), None, force,
                                  report)
        if current := _current(home):
            report("another process is building; answering from the current build")
            return current
    return ensure_built(data_dir, home, progress, force, wait=True)


def _ensure_locked(data_dir: Path, home: Path, sources: list[Source],
                   publish: list[Source] | None, force: bool, report: Progress) -> Build:
    """Under the build lock: build (or reuse) the build of `sources`, publish the added
    manifest (when `publish` is given), point `current` at it, prune leftovers."""
    _check_unique(sources)
    digests = _digests(sources)
    content_hash = _content_hash(sources, digests)
    previous = read_current(home)
    build = None if force else _existing(home, content_hash)
    if build is None:
        build = _build(sources, digests, home, content_hash, report)
    if publish is not None:
        _write_manifest(home / ADDED / "sources.toml", publish, home / ADDED)
    _point_to(home, build, data_dir, _watched(data_dir, home, sources))
    _prune(home, keep={build.path.name, *([previous["build"]] if previous else [])})
    parsecache.prune(home, {parsecache.key(s, digests[s.id]) for s in sources})
    tidy(home)  # the copies an earlier build listed and this one does not
    return build


def _existing(home: Path, content_hash: str) -> Build | None:
    """A whole build of these contents already on disk (the current or a previous one)."""
    build = load_build(home, {"build": content_hash[:20]})
    return build if build and build.content_hash == content_hash else None


class _Counted(Sequence[Record]):
    """The records, reporting every few hundred read (the index stage's progress)."""

    def __init__(self, records: list[Record], report: Progress, stage: str) -> None:
        self._records, self._report, self._stage = records, report, stage

    def __len__(self) -> int:
        return len(self._records)

    def __getitem__(self, index: Any) -> Any:
        return self._records[index]

    def __iter__(self) -> Iterator[Record]:
        total = len(self._records)
        for number, record in enumerate(self._records, 1):
            if number % _PROGRESS_EVERY == 0 or number == total:
                self._report(f"{self._stage} {number:,}/{total:,} records")
            yield record


def _stage(name: str, action: Callable[[], Any]) -> Any:
    """Run one stage; an unexpected failure becomes one line naming the stage."""
    try:
        return action()
    except IngestError:
        raise
    except Exception as exc:
        detail = " ".join(str(exc).split())[:200]
        raise IngestError(f"the build failed while {name} ({type(exc).__name__}: {detail}); "
                          "the knowledge base is unchanged") from exc


def _parse_all(sources: list[Source], digests: dict[str, str], home: Path,
               report: Progress) -> tuple[list[Record], dict[str, dict[str, int]],
                                          dict[str, list[list[str]]]]:
    """Every source's records (from the parse cache where it has them), counts, damage."""
    records: list[Record] = []
    counts: dict[str, dict[str, int]] = {}
    damage: dict[str, list[list[str]]] = {}
    texts: dict[str, str] = {}
    for number, source in enumerate(sources, 1):
        parsed, notes = parse_cached(home, source, digests[source.id])
        for record in parsed:  # one copy of each text the rules versions repeat
            record.text = texts.setdefault(record.text, record.text)
            record.title = texts.setdefault(record.title, record.title)
        report(f"parse {number}/{len(sources)} {source.id}: {len(parsed):,} records")
        counts[source.id] = dict(sorted(Counter(r.kind for r in parsed).items()))
        damage[source.id] = [[source.id, note] for note in notes] + [
            [r.id, str(note)] for r in parsed for note in r.meta.get("damage", ())]
        records += parsed
    return records, counts, damage


def parse_cached(home: Path, source: Source, digest: str,
                 read: tuple[str, list[str]] | None = None,
                 hand_over: bool = False) -> tuple[list[Record], list[str]]:
    """The records of one source and the notes on reading it, parsed once per content.

    `read`: the source's text and the notes on reading it, when the caller read it whole
    already (`describe_file_with_notes`); `hand_over`: the records are not the caller's,
    the next `parsecache.load` of this process takes them instead of reading them back."""
    entry = parsecache.key(source, digest)
    if (cached := parsecache.load(home, entry)) is not None:
        if hand_over:
            parsecache.hand_over(home, entry, *cached)
        return cached
    from ingest.registry import missing_parts, parse_source, source_text_with_notes

    if read is None:
        text, notes = source_text_with_notes(source.path)
        notes = [*notes, *(f"cut off? no {part} (read as it is)"
                           for part in missing_parts(source.format, text))]
    else:
        text, notes = read
    parsed = _stage(f"parsing {source.id}", lambda: parse_source(source, text))
    parsecache.save(home, entry, parsed, notes)
    if hand_over:
        parsecache.hand_over(home, entry, parsed, notes)
    return parsed, notes


def _build(sources: list[Source], digests: dict[str, str], home: Path, content_hash: str,
           report: Progress) -> Build:
    with long_lived():
        return _build_with(sources, digests, home, content_hash, report)


def _build_with(sources: list[Source], digests: dict[str, str], home: Path, content_hash: str,
                report: Progress) -> Build:
    records, counts, damage = _parse_all(sources, digests, home, report)
    info = {"content_hash": content_hash, "counts": counts, "damage": damage,
            "sources": _source_keys(sources, digests), "code": _code_digest()}
    with _new_folder(home) as tmp:
        previous = _add_to_previous(home, records, sources, info, tmp, report)
        fresh = _build_whole(records, sources, counts, tmp, report) if previous is None \
            else None
        from kb.derived import write_derived

        report("mark the rulings a later rules change overrode")
        _stage("marking", lambda: write_derived(tmp / "kb.sqlite"))
        from kb.index import Engine  # each word's scores, ready for search (kb.postings_cache)

        report("cache each word's scores")
        with contextlib.closing(Engine(tmp / "index")) as engine:
            cached = _stage("caching postings", lambda: engine.write_cache(
                previous / "index" if previous else None, fresh))
        report(f"cached: {cached}")
        final = _finish(home, tmp, info)
    report(f"done: {len(records):,} records from {len(sources)} sources")
    return Build(path=final, content_hash=content_hash, counts=counts, damage=damage)


@contextlib.contextmanager
def _new_folder(home: Path) -> Iterator[Path]:
    """A new build folder, removed again if the build does not finish."""
    tmp = home / BUILDS / f"{TMP}{os.getpid()}-{time.monotonic_ns()}"
    tmp.mkdir(parents=True)
    try:
        yield tmp
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _finish(home: Path, tmp: Path, info: dict[str, Any]) -> Path:
    """Write the build's description and move the folder to its final name."""
    (tmp / "build.json").write_text(json.dumps(info, indent=1), encoding="utf-8")
    final = home / BUILDS / str(info["content_hash"])[:20]
    if final.exists():
        shutil.rmtree(final)
    tmp.rename(final)
    return final


def _build_whole(records: list[Record], sources: list[Source],
                 counts: dict[str, dict[str, int]], tmp: Path, report: Progress) -> Fresh:
    """Link, store and index every record; the index's score groups (for its cache)."""
    from kb.index import build_index
    from kb.links import build_links
    from kb.store import write_store

    report(f"link {len(records):,} records")
    graph = _stage("linking", lambda: build_links(records, report))
    report(f"store {len(records):,} records, {len(graph.links):,} links")
    _stage("storing", lambda: write_store(
        tmp / "kb.sqlite", records, graph.links, graph.unresolved, graph.lineage,
        [_source_entry(s, counts[s.id]) for s in sources]))
    lineage = graph.lineage

    def group(record_id: str) -> object:
        members = lineage.get(record_id)
        return members[0] if members and len(members) > 1 else None

    return _stage("indexing", lambda: build_index(_Counted(records, report, "index"),
                                                  tmp / "index", report, group))


def _add_to_previous(home: Path, records: list[Record], sources: list[Source],
                     info: dict[str, Any], tmp: Path, report: Progress) -> Path | None:
    """Build by adding to the current build when it was built by this code from the first
    of these sources and the rest only add cards, rulings or answers (`kb.links.added`):
    link the new records and the ones they touch, update a copy of the store, index.
    The folder of the build added to; None (nothing done) when the build must be whole."""
    from kb.links.added import addable

    previous = _previous_info(home)
    if previous is None or previous.get("code") != info["code"]:
        return None
    keys = info["sources"]
    start = len(previous.get("sources") or [])
    if not 0 < start < len(keys) or previous["sources"] != keys[:start]:
        return None
    first = sum(sum(previous["counts"][key[0]].values()) for key in keys[:start])
    if len(records) < first or not addable(records[first:]):
        return None
    _add(Path(previous["path"]), records, first, sources[start:], info["counts"], tmp, report)
    return Path(previous["path"])


def _previous_info(home: Path) -> dict[str, Any] | None:
    """The current build's description (with its `path`), if it has one."""
    pointer = read_current(home)
    if not pointer:
        return None
    path = home / BUILDS / str(pointer["build"])
    try:
        info = json.loads((path / "build.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(info, dict) or not (path / "kb.sqlite").is_file():
        return None
    return {**info, "path": str(path)}


def _add(previous: Path, records: list[Record], first: int, added: list[Source],
         counts: dict[str, dict[str, int]], tmp: Path, report: Progress) -> None:
    from kb.index import append_index
    from kb.links.added import link_added
    from kb.store import KnowledgeBase, add_to_store

    with KnowledgeBase(previous / "kb.sqlite") as kb:
        quotes = kb.quotes()
    report(f"link {len(records) - first:,} added records among {len(records):,}")
    linked = _stage("linking", lambda: link_added(records, first, quotes))
    added_ids = {s.id for s in added}
    again = [r for r in linked.records if r.source not in added_ids]
    with KnowledgeBase(previous / "kb.sqlite") as kb:
        changed = kb.differing(again, linked.links, linked.unresolved)
    report(f"store {len(records) - first:,} added records, {len(again):,} linked again "
           f"({len(changed):,} changed)")

    def store() -> None:
        shutil.copyfile(previous / "kb.sqlite", tmp / "kb.sqlite")
        add_to_store(tmp / "kb.sqlite", changed, records[first:], linked.links,
                     linked.unresolved, [_source_entry(s, counts[s.id]) for s in added])

    _stage("storing", store)
    report(f"index {len(changed) + len(records) - first:,} records")
    with KnowledgeBase(tmp / "kb.sqlite") as kb:
        groups = kb.lineage_groups()
    _stage("indexing", lambda: append_index(previous / "index", tmp / "index",
                                            [*changed, *records[first:]], report,
                                            groups.get))


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
        if path.name not in keep and not path.name.startswith(TMP):
            shutil.rmtree(path, ignore_errors=True)


def add_files(home: Path, paths: list[Path], data_dir: Path | None = None,
              progress: Progress | None = None, reset: bool = False) -> Ingested:
    """Add user files to the knowledge base: check each, build with them, and only when
    that build succeeded publish them as added files (kept until `--reset`).

    A file byte-identical to a source already in the knowledge base is skipped; a
    different file with the id of a source already there is refused (IngestError), as is
    any file that does not read. On any failure the home is left as it was.
    """
    if data_dir is None:
        from kb.paths import shipped_data_dir

        data_dir = shipped_data_dir()
    data_dir, home = data_dir.resolve(), claim_home(home)
    report = progress or (lambda message: None)
    with build_lock(home, on_wait=lambda pid: report(
            f"waiting for the build of process {pid or '?'}")):
        tidy(home)
        shipped = load_manifest(data_dir)
        kept = [] if reset else added_sources(home, shipped)
        new, skipped = _check_new(home, paths, shipped, kept, report)
        copies = _copy_in(home, new)
        try:
            build = _ensure_locked(data_dir, home, [*shipped, *kept, *copies], [*kept, *copies],
                                   False, report)
        except BaseException:
            for copy in copies:
                copy.path.unlink(missing_ok=True)
            drop_unpublished_folders(home)
            raise
    return Ingested(build, copies, skipped)


def _check_new(home: Path, paths: list[Path], shipped: list[Source], kept: list[Source],
               report: Progress) -> tuple[list[tuple[Source, Path]], list[str]]:
    """The files to add, each checked to read and parse (the records kept in the parse
    cache for the build); notes on the ones skipped."""
    from ingest.registry import describe_file_with_notes

    present = {s.id: s for s in [*shipped, *kept]}
    new: list[tuple[Source, Path]] = []
    skipped: list[str] = []
    for path in paths:
        report(f"check {path.name}")
        source, text, notes = describe_file_with_notes(path)
        same = present.get(source.id)
        if same is not None:
            if _read_bytes(same.path) == _read_bytes(path):
                skipped.append(f"{path}: already in the knowledge base as {source.id!r}, skipped")
                continue
            where = ("a shipped source" if same in shipped else
                     f"added from {same.title!r}" if same in kept else f"{same.path}, given too")
            raise IngestError(
                f"{path}: source id {source.id!r} is taken by {where} with different "
                "content; not added (`mtgkb ingest --reset` forgets added files)")
        parse_cached(home, source, hashlib.sha256(_read_bytes(path)).hexdigest(),  # parses?
                     (text, notes), hand_over=True)  # (the build takes the records)
        present[source.id] = source
        new.append((source, path))
    return new, skipped


def _copy_in(home: Path, new: list[tuple[Source, Path]]) -> list[Source]:
    """Copy the new files into `HOME/added/files` (unpublished until the manifest lists
    them), each under its source id."""
    folder = home / ADDED / "files"
    folder.mkdir(parents=True, exist_ok=True)
    copies: list[Source] = []
    for source, path in new:
        target = folder / f"{source.id}{path.suffix.lower()}"
        try:
            shutil.copyfile(path, target)
        except OSError as exc:
            for copy in copies:
                copy.path.unlink(missing_ok=True)
            raise IngestError(f"{path}: cannot copy into {folder} ({exc.strerror or exc})") \
                from exc
        copies.append(source.with_(path=target))
    return copies


def _same_bytes(first: Path, second: Path) -> bool:
    try:
        return first.read_bytes() == second.read_bytes()
    except OSError:
        return False


def reset_added(home: Path) -> None:
    """Forget every file added with `ingest PATH` (the next build leaves them out)."""
    home = claim_home(home)
    with build_lock(home):
        manifest = home / ADDED / "sources.toml"
        if manifest.exists():
            _write_manifest(manifest, [], home / ADDED)
        tidy(home)


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
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(tmp, path)
