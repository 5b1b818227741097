"""The shipped records' vectors, made once with the package rather than by each search.

A search that fuses meaning in (`kb.search_meaning`) needs the vector of every hit it
re-ranks. Made on first sight, a new query's hits cost it half a second or more on two
cores (twenty texts through the model); on the shipped data every hit is a shipped record,
and on a home of more rules versions most of them are too (a rule whose wording never
changed is the same text in every version). So the vectors of the shipped records' texts
ship with mtgkb, made by `train/ship_vectors.py` whenever the shipped data, the model or
its adapter change (a test fails until they are made again).

They also find candidates the words miss (`ShippedVectors.nearest`): the records whose
texts lie nearest a question, which search ranks with its hits by words
(`kb.search_meaning.Meaning.rerank`).

The file is a NumPy array of rows (the first 8 bytes of the text's SHA-1 as an integer,
its vector as float16), sorted by key and mapped, never read whole; beside it, a JSON list
of each row's record ids (a text may be several records'). Its name carries
`kb.sentence_model.vectors_key()`: a file made with other weights is never read. float16
keeps a cosine within 1e-3 of float32's. Two texts' keys agree by chance once in 2^64:
less than one in 10^15 over the shipped texts.

The questions the adapter learnt from (`train/questions.jsonl`, `questions-players.jsonl`:
2,000 questions, each naming the shipped record that answers it) and 3,437 more written
for this alone (`train/questions-bank.jsonl`: 1,150 in the thirty-first session, 2,287 in
the thirty-second) ship the same way
(`questions_file`: a row a question, its ids the records answering it). A player's
question lies nearer another player's question than the rule answering both: the rules
say "continuously controlled since their most recent turn began", the questions "can I
swing with it right away". Search reads the records of the questions nearest a query as
answers asked before (`kb.search_meaning.Meaning.answered`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

FOLDER = Path(__file__).parent
PREFIX = "meaning-vectors-"
QUESTIONS = "meaning-questions-"  # the shipped questions' vectors


def text_key(text: str) -> bytes:
    """A text's key in the vector caches: its SHA-1 digest (`surrogatepass`: any string)."""
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).digest()


def vectors_file(folder: Path = FOLDER, prefix: str = PREFIX) -> Path:
    """The shipped vectors' file for the installed model and adapter: the records' texts,
    or with `prefix` `QUESTIONS` the questions' (`questions_file`)."""
    from kb.sentence_model import vectors_key

    return folder / f"{prefix}{vectors_key()}.npy"


def questions_file(folder: Path = FOLDER) -> Path:
    """The shipped questions' vectors (a row a question, its ids the records answering
    it)."""
    return vectors_file(folder, QUESTIONS)


def _row() -> np.dtype:
    import numpy as np

    from kb.sentence_model import DIMENSIONS

    return np.dtype([("key", "<u8"), ("vec", "<f2", (DIMENSIONS,))])


def _short(key: bytes) -> int:
    return int.from_bytes(key[:8], "big")


class ShippedVectors:
    """The shipped texts' vectors, looked up by `text_key`."""

    def __init__(self, rows: np.ndarray, ids_path: Path | None = None) -> None:
        self._rows = rows
        self._keys = rows["key"]
        self._ids_path = ids_path
        self._ids: list[list[str]] | None = None
        self._matrix: np.ndarray | None = None

    @classmethod
    def load(cls, path: Path | None = None) -> ShippedVectors | None:
        """The vectors of `path` (by default the installed model's file), or None where
        there is none or it is not a file of vectors (search then makes them)."""
        import numpy as np

        path = path or vectors_file()
        try:
            rows = np.load(path, mmap_mode="r", allow_pickle=False)
        except (OSError, ValueError):
            return None
        if rows.dtype != _row() or rows.ndim != 1:
            return None
        return cls(rows, path.with_suffix(".json"))

    def __len__(self) -> int:
        return len(self._rows)

    def find(self, keys: Sequence[bytes]) -> dict[bytes, np.ndarray]:
        """The vectors (float32, unit length within float16's rounding) of those keys the
        file holds.

        >>> shipped.find([text_key("Trample. 702.19a Trample is a static ability ...")])
        ... # doctest: +SKIP
        {b'...': array([...], dtype=float32)}
        """
        import numpy as np

        if not keys or not len(self._rows):
            return {}
        wanted = np.array([_short(k) for k in keys], dtype="<u8")
        at = np.minimum(np.searchsorted(self._keys, wanted), len(self._keys) - 1)
        hit = self._keys[at] == wanted
        return {key: self._rows["vec"][i].astype(np.float32)
                for key, i, found in zip(keys, at.tolist(), hit.tolist(), strict=True)
                if found}

    def nearest(self, query: np.ndarray, count: int) -> list[tuple[list[str], float]]:
        """The `count` texts nearest a query's unit vector, nearest first: each one's
        record ids and cosine (none where the file has no ids beside it)."""
        import numpy as np

        ids = self._read_ids()
        if not ids or count <= 0:
            return []
        if self._matrix is None:  # (float32 once: 8.7 MB for the shipped data)
            self._matrix = np.asarray(self._rows["vec"], dtype=np.float32)
        # (einsum's own loop, not BLAS: a matrix this size wakes OpenBLAS's threads, whose
        # spinning after each product cost a warm search on two cores 8 ms at the median)
        near = np.einsum("ij,j->i", self._matrix, query.astype(np.float32))
        count = min(count, len(near))
        best = np.argpartition(-near, count - 1)[:count]
        best = best[np.argsort(-near[best], kind="stable")]
        return [(ids[i], float(near[i])) for i in best.tolist()]

    def _read_ids(self) -> list[list[str]]:
        if self._ids is None:
            import json

            try:
                read = json.loads(self._ids_path.read_text(encoding="utf-8")) \
                    if self._ids_path else []
            except (OSError, ValueError):
                read = []
            ok = isinstance(read, list) and len(read) == len(self._rows)
            self._ids = read if ok else []
        return self._ids


def write_vectors(path: Path, keys: Sequence[bytes], vectors: np.ndarray,
                  ids: Sequence[Sequence[str]]) -> None:
    """Write texts' vectors and record ids (one row a key) as `ShippedVectors.load` reads
    them: one row a distinct key, sorted, its ids those of every row of that key."""
    import json

    import numpy as np

    rows = np.zeros(len(keys), dtype=_row())
    rows["key"] = [_short(k) for k in keys]
    rows["vec"] = vectors.astype(np.float16)
    order = np.argsort(rows["key"], kind="stable")
    rows = rows[order]
    _, first = np.unique(rows["key"], return_index=True)
    by_key: dict[int, list[str]] = {}
    for i in order.tolist():
        by_key.setdefault(_short(keys[i]), []).extend(ids[i])
    kept = rows[first]
    tmp = path.with_suffix(".tmp.npy")
    np.save(tmp, kept, allow_pickle=False)
    names = path.with_suffix(".json")
    names.with_suffix(".tmp").write_text(
        json.dumps([by_key[k] for k in kept["key"].tolist()], separators=(",", ":")),
        encoding="utf-8")
    tmp.replace(path)
    names.with_suffix(".tmp").replace(names)
