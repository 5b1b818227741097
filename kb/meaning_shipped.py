"""The shipped records' vectors, made once with the package rather than by each search.

A search that fuses meaning in (`kb.search_meaning`) needs the vector of every hit it
re-ranks. Made on first sight, a new query's hits cost it half a second or more on two
cores (twenty texts through the model); on the shipped data every hit is a shipped record,
and on a home of more rules versions most of them are too (a rule whose wording never
changed is the same text in every version). So the vectors of the shipped records' texts
ship with mtgkb, made by `train/ship_vectors.py` whenever the shipped data, the model or
its adapter change (a test fails until they are made again).

The file is a NumPy array of rows (the first 8 bytes of the text's SHA-1 as an integer,
its vector as float16), sorted by key and mapped, never read whole. Its name carries
`kb.sentence_model.vectors_key()`: a file made with other weights is never read. float16
keeps a cosine within 1e-3 of float32's. Two texts' keys agree by chance once in 2^64:
less than one in 10^15 over the shipped texts.
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


def text_key(text: str) -> bytes:
    """A text's key in the vector caches: its SHA-1 digest (`surrogatepass`: any string)."""
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).digest()


def vectors_file(folder: Path = FOLDER) -> Path:
    """The shipped vectors' file for the installed model and adapter."""
    from kb.sentence_model import vectors_key

    return folder / f"{PREFIX}{vectors_key()}.npy"


def _row() -> np.dtype:
    import numpy as np

    from kb.sentence_model import DIMENSIONS

    return np.dtype([("key", "<u8"), ("vec", "<f2", (DIMENSIONS,))])


def _short(key: bytes) -> int:
    return int.from_bytes(key[:8], "big")


class ShippedVectors:
    """The shipped texts' vectors, looked up by `text_key`."""

    def __init__(self, rows: np.ndarray) -> None:
        self._rows = rows
        self._keys = rows["key"]

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
        return cls(rows) if rows.dtype == _row() and rows.ndim == 1 else None

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


def write_vectors(path: Path, keys: Sequence[bytes], vectors: np.ndarray) -> None:
    """Write texts' vectors (one row a key) as `ShippedVectors.load` reads them: one row
    a distinct key, sorted."""
    import numpy as np

    rows = np.zeros(len(keys), dtype=_row())
    rows["key"] = [_short(k) for k in keys]
    rows["vec"] = vectors.astype(np.float16)
    rows = rows[np.argsort(rows["key"], kind="stable")]
    _, first = np.unique(rows["key"], return_index=True)
    tmp = path.with_suffix(".tmp.npy")
    np.save(tmp, rows[first], allow_pickle=False)
    tmp.replace(path)
