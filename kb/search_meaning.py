"""Meaning as a second ranking of search's first hits, fused with the ranking by words.

Search by words finds the records that say what the query says; a player's question often
says something else ("I stole their creature, can I swing with it right away?" is
answered by 302.6, "continuously controlled since their most recent turn began"). The
sentence model (`kb.sentence_model`) places a question near the texts that answer it.
Search ranks its first `FUSED` hits by words as before, ranks the same hits again by how
near each hit's title and text stand to the query, and orders them by reciprocal rank
fusion of the two rankings (Cormack, Clarke and Buettcher 2009: each ranking gives a hit
1 / (K + its rank), with their K of 60; no weight is fitted). The definitions a query
naming a term asks for stay first (`tier`: "scry", "summoning sickness"); meaning orders
the hits after them. (A question's records filed under a card or keyword it doesn't name,
which the words set after the rest, compete with the rest here: kept after them too, two
of the three blind sets lost 0.05 each.) Hits after the first `FUSED` keep their order after
them. Measured on blind query sets no ranking was tuned on
(README, twenty-fourth session).

A hit's vector depends only on its text, so vectors are kept in the home
(`cache/meaning-*.sqlite`, by the text's digest): the first query that meets a text pays
for it (a search meeting twenty new texts took 0.7-1.25 s on two cores), later ones read
it back. A search that cannot write the cache
(another process holds it) answers all the same. Without the model installed, or with
`MTGKB_MEANING=0`, search ranks by words alone. The model, the cache's SQLite and NumPy
are imported when a search first fuses, not with search: a rule number or words alone
never load them.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    import sqlite3

    import numpy as np

    from kb.sentence_model import SentenceModel

FUSED = 20  # the first hits ranked again by meaning: two pages
RRF_K = 60  # reciprocal rank fusion's constant, as its authors give it
SWITCH = "MTGKB_MEANING"  # "0": rank by words alone
TEXT_CHARS = 1000  # of a hit's text: more than the model reads (`MOST_PIECES`)


class Shown(Protocol):
    """A hit as fusion reads and re-scores it."""

    record: dict
    score: float
    parts: dict[str, float]


Hit = TypeVar("Hit", bound=Shown)


def enabled() -> bool:
    """Whether search fuses meaning in (not switched off, the model installed)."""
    if os.environ.get(SWITCH, "1") == "0":
        return False
    from kb.sentence_model import ModelMissing, model_dir

    try:
        model_dir()
    except ModelMissing:
        return False
    return True


def hit_text(record: dict) -> str:
    """What of a hit the model reads: its title and the start of its text."""
    return f"{record.get('title', '')}. {record.get('text', '')}"[:TEXT_CHARS]


def tier(hit: Shown) -> bool:
    """Whether search by words set a hit after the definitions the query asks for (a
    term it names): those stay first whatever their nearness."""
    return "defines" not in hit.parts or "obsolete" in hit.parts


def fuse(ranks_by_words: int, ranks_by_meaning: int) -> float:
    """Reciprocal rank fusion of a hit's two ranks (1 the first)."""
    return 1 / (RRF_K + ranks_by_words) + 1 / (RRF_K + ranks_by_meaning)


class Meaning:
    """The sentence model and the home's cache of hits' vectors, opened on first use."""

    def __init__(self, home: Path) -> None:
        from kb.sentence_model import vectors_key

        # (a vector depends on the weights, the adapter and how much of a text is read)
        self.cache_path = home / f"cache/meaning-{vectors_key()}.sqlite"
        self._model: SentenceModel | None = None

    @property
    def model(self) -> SentenceModel:
        if self._model is None:
            from kb.sentence_model import SentenceModel

            self._model = SentenceModel.load()
        return self._model

    def vectors(self, texts: Sequence[str]) -> np.ndarray:
        """Each text's unit vector: from the cache where it is, else computed and kept."""
        import hashlib

        import numpy as np

        keys = [hashlib.sha1(t.encode("utf-8", "surrogatepass")).digest() for t in texts]
        known = self._read(set(keys))
        # each text the cache lacks, once, by its key
        missing = dict((k, t) for t, k in zip(texts, keys, strict=True) if k not in known)
        if missing:
            fresh = dict(zip(missing, self.model.encode(list(missing.values())), strict=True))
            self._write(fresh)
            known.update(fresh)
        return np.stack([known[k] for k in keys])

    def rerank(self, query: str, hits: Sequence[Hit]) -> list[Hit]:
        """The first `FUSED` hits ordered by the fusion of their rank by words and their
        rank by nearness to the query (definitions asked for first: `tier`), the rest
        after them as they were; each fused hit's score is its fused score and its parts
        say its cosine (`meaning`)."""
        head = list(hits[:FUSED])
        if len(head) < 2:
            return list(hits)
        vectors = self.vectors([query, *(hit_text(h.record) for h in head)])
        near = vectors[1:] @ vectors[0]
        by_meaning = sorted(range(len(head)), key=lambda i: -float(near[i]))
        meaning_rank = {i: r for r, i in enumerate(by_meaning, 1)}
        # the definitions asked for first (`tier`), meaning orders the rest
        fused = sorted(range(len(head)), key=lambda i: (tier(head[i]),
                                                        -fuse(i + 1, meaning_rank[i])))
        out = []
        for i in fused:
            hit = head[i]
            hit.parts["meaning"] = float(near[i])
            hit.score = fuse(i + 1, meaning_rank[i])
            out.append(hit)
        # the rest by words alone: each below every fused hit (1 / (K + rank) only)
        for rank, hit in enumerate(hits[FUSED:], FUSED + 1):
            hit.score = 1 / (RRF_K + rank)
            out.append(hit)
        return out

    def _connect(self) -> sqlite3.Connection:
        import sqlite3

        self.cache_path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.cache_path, timeout=0.2)
        db.execute("create table if not exists vectors (key blob primary key, vec blob)")
        return db

    def _read(self, keys: set[bytes]) -> dict[bytes, np.ndarray]:
        import sqlite3

        import numpy as np

        from kb.sentence_model import DIMENSIONS

        if not keys or not self.cache_path.exists():
            return {}
        try:
            db = self._connect()
            try:
                wanted = list(keys)
                rows = []
                for at in range(0, len(wanted), 500):
                    part = wanted[at:at + 500]
                    marks = ",".join("?" * len(part))
                    rows += db.execute(f"select key, vec from vectors where key in ({marks})",
                                       part).fetchall()
            finally:
                db.close()
        except sqlite3.Error:
            return {}  # a damaged or busy cache is recomputed, never an error
        return {k: np.frombuffer(v, dtype=np.float32) for k, v in rows
                if len(v) == DIMENSIONS * 4}

    def _write(self, fresh: dict[bytes, np.ndarray]) -> None:
        import sqlite3

        try:
            db = self._connect()
            try:
                with db:
                    db.executemany("insert or replace into vectors values (?, ?)",
                                   [(k, v.astype("<f4").tobytes()) for k, v in fresh.items()])
            finally:
                db.close()
        except sqlite3.Error:
            pass  # another search holds the cache: these vectors are computed again later
