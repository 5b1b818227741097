"""Meaning as a second ranking of search's first hits, fused with the ranking by words.

Search by words finds the records that say what the query says; a player's question often
says something else ("I stole their creature, can I swing with it right away?" is
answered by 302.6, "continuously controlled since their most recent turn began"). The
sentence model (`kb.sentence_model`) places a question near the texts that answer it.
Search ranks its first `FUSED` hits by words as before, and orders them again by a
weighted sum of what it knows of each (`inputs`, `WEIGHTS`): its nearness, less a cost of
its rank by words (cosine(query, hit) - w x ln(rank by words)), and a little for its share
of the best score by words, its versions and its length. The weights are learnt
(`train/fusion_weight.py`) from training questions the adapter never saw
(`train/questions-full.jsonl`) and the blind query sets of earlier sessions
(eval/queries-heldout20-33: measured on later ones), by the likelihood of each question's
answer among its candidates (a listwise learning to rank; the first such weight replaced
reciprocal rank fusion, Cormack et al. 2009, which weighed the two rankings alike and read
a cosine only as a rank: README, twenty-seventh session). Meaning also finds: the `FUSED` shipped
records nearest the query (`Meaning.nearest`, over `kb.meaning_shipped`'s vectors) that
the hits by words don't show join them, each charged its rank by words among all the
candidates the words ranked, by the same formula (the search's `_found_by_meaning`; a
player's words for the legend rule are the copy rules' words, and only meaning reaches
704.5j). The definitions a query
naming a term asks for stay first (`tier`: "scry", "summoning sickness"); meaning orders
the hits after them. (A question's records filed under a card or keyword it doesn't name,
which the words set after the rest, compete with the rest here: kept after them too, two
of the three blind sets lost 0.05 each.) Hits after the first `FUSED` keep their order after
them. Measured on blind query sets no ranking was tuned on.

Questions asked before: a player's question lies nearer another player's question than
the rule that answers both. The 2,000 questions the adapter learnt from and 3,437 more
(`train/questions-bank.jsonl`) ship with their vectors and the records answering them
(`kb.meaning_shipped.questions_file`); the records answering the `FUSED` of them nearest
a query (`Meaning.answered`) are found as the nearest texts are, and a record is also the
questions it answers (as doc2query expands a document by the questions it answers,
Nogueira et al. 2019): a hit is as near the query as the nearer of its text and the
nearest question it answers (`nearness`, beside the cosine of its text, `meaning`: "can I
move my sword over to an unblocked creature after blockers are declared?" lies 0.12
from 702.6a's "Equip [cost]: ... Activate only as a sorcery", 0.74 from a question 702.6a
answers). That question's cosine is one more input of the fused score (`question`,
weighed as the others are learnt; 0 for a hit that answers none of them), and so is
their vote (`question vote`: the nearest questions it answers, each counted by how near
it lies beside the nearest of all, exp((cosine - the nearest's) / `VOTE_SCALE`), a
k-nearest-neighbours vote that a record answering the nearest question and several
others near it wins).

A hit's vector depends only on its text. The shipped records' vectors ship with mtgkb
(`kb.meaning_shipped`); others are kept in the home (`cache/meaning-*.sqlite`, by the
text's digest): the first query that meets such a text pays for it (a search meeting
twenty new texts took 0.7-1.25 s on two cores), later ones read it back. A search that
cannot write the cache
(another process holds it) answers all the same. Without the model installed, or with
`MTGKB_MEANING=0`, search ranks by words alone. The model, the cache's SQLite and NumPy
are imported when a search first fuses, not with search: a rule number or words alone
never load them.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol, TypeVar

if TYPE_CHECKING:
    import sqlite3

    import numpy as np

    from kb.meaning_shipped import ShippedVectors
    from kb.sentence_model import SentenceModel

FUSED = 20  # the first hits ranked again by meaning: two pages
# a question asked before counts in its records' vote by exp((its cosine - the nearest
# question's) / VOTE_SCALE): one 0.1 less near counts 1/e as much
VOTE_SCALE = 0.1
# The fused score of a hit is a weighted sum of what search knows of it (`inputs`), in
# units of cosine: the weights are learnt by `train/fusion_weight.py` on
# train/questions-full.jsonl over FULL and the blind sets eval/queries-heldout20-33 over
# their homes, the two alike in all (the shipped adapter's cosines; a new adapter calls
# for learning them again). The blind sets ask as users do, over homes of many rules
# versions and card sets: learnt on the training questions alone, the weights held the
# questions asked before and an era's versions at a third of what the blind sets show
# them worth (heldout34 and 35, written after, 0.747 / 0.738 -> 0.798 / 0.753 learnt on
# both; then `nearness`, 3.099 -> 3.199 over heldout34-37). Beside nearness and rank by
# words: how close its score by
# words came to the best's (a rank says nothing of the gap), whether meaning alone found
# it, how many versions it stands for, and the length of its text (the model finds a
# long text that answers less near than a short one: with the first adapter, over the
# training questions' hits, an answer's mean cosine fell from 0.64 in the shortest quarter
# of texts to 0.56 in the longest, a text that doesn't answer from 0.36 to 0.33; the
# adapters learnt against mined negatives leave less of it: length weighs 0.008-0.012
# with them, 0.015 with the first), and how near the query lies the nearest question
# asked before that it answers and their vote (`Meaning.answered`; fusion's questions are
# none of them, so their weights are learnt as a new question meets them); for a query
# naming an era, whether
# the hit has no version then (the words halve its score, `Group.apply_era`, but a cosine
# can outweigh that: today's 306.7, "Previously, planeswalkers were subject to a
# redirection effect", came before 2017's 306.7 for "under the 2017 rules, can I
# redirect the damage to their planeswalker"; 94 of fusion's questions name an era).
WEIGHTS: dict[str, float] = {
    "meaning": 1.0,  # x cosine(query, hit)
    # x the nearer of cosine(query, hit) and cosine(query, a question asked before that
    # it answers): a record is its text and the questions it answers
    "nearness": 1.5910,
    "words rank": -0.0584,  # x ln(rank by words)
    "words share": 0.1616,  # x its score by words / the best's (0: found by meaning)
    "found": 0.1153,  # found by meaning, past the hits by words
    "versions share": 0.0031,  # x (1 + its other versions) / (1 + the most of a fused hit's)
    "length": 0.0503,  # x ln(10 + the characters of its text)
    "question": -0.1416,  # x cosine(query, the nearest question it answers), else 0
    "question vote": 0.0669,  # x the vote of the nearest questions it answers, else 0
    "off era": -0.4320,  # a query naming an era: it has no version then (`apply_era`)
}
RANK_WEIGHT = -WEIGHTS["words rank"]  # what a step down the ranking by words costs
SWITCH = "MTGKB_MEANING"  # "0": rank by words alone
CACHE_PREFIX = "meaning-"  # the home's cache of vectors: cache/meaning-<vectors_key>.sqlite
TEXT_CHARS = 1000  # of a hit's text: more than the model reads (`MOST_PIECES`)


class Shown(Protocol):
    """A hit as fusion reads and re-scores it."""

    record: dict
    score: float
    parts: dict[str, float]
    versions: list[dict]

    def shows(self) -> tuple[str, ...]: ...


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


def tier(hit: Shown) -> int:
    """A hit's tier, fused hits ranking by tier first: 0 for a definition the query asks
    for (a term it names), which stays first whatever its nearness; 2 for a hit with no
    version in the era the query names (`Group.apply_era`: a rule made later, or gone by
    then), after those that had one; 1 for the rest. (Heldout20-37, tiered by era or not:
    15.132 -> 15.158, 4 sets up, none down.)"""
    if "defines" in hit.parts and "obsolete" not in hit.parts:
        return 0
    return 2 if hit.parts.get("era", 1.0) < 1.0 else 1


def described(hit: Shown, rank_by_words: int, nearness: float, best_score: float,
              most_versions: int, answered: dict[str, tuple[float, float]]) -> None:
    """Set in a hit's parts what fusion reads of it (and `--explain` shows): its cosine
    (`meaning`), rank by words, share of the best score by words of the fused hits (none
    for a hit meaning found), other versions, their share of the most any fused hit has
    (each counting itself: a share, so that a home of a hundred rules versions weighs
    versions as one of five does), length of text, and the cosine of the nearest question
    asked before that a record it shows answers (`question`, of `answered`: by record
    id) and those questions' vote (`question vote`)."""
    parts = hit.parts
    parts["meaning"] = nearness
    parts["words rank"] = float(rank_by_words)
    parts["words share"] = hit.score / best_score \
        if rank_by_words <= FUSED and best_score > 0 else 0.0
    parts["versions"] = float(len(hit.versions))
    parts["versions share"] = (1 + len(hit.versions)) / (1 + most_versions)
    parts["length"] = float(len(hit.record.get("text") or ""))
    asked = [answered[i] for i in hit.shows() if i in answered]
    parts["question"] = max((cosine for cosine, _ in asked), default=0.0)
    parts["question vote"] = max((vote for _, vote in asked), default=0.0)


def inputs(parts: dict[str, float]) -> dict[str, float]:
    """The fused score's inputs (`WEIGHTS`' names) from a hit's parts (`described`).

    >>> inputs({"meaning": 0.5, "words rank": 1.0, "words share": 1.0,
    ...         "versions share": 0.5, "length": 90.0})["length"] == math.log(100)
    True
    """
    return {"meaning": parts["meaning"],
            "nearness": max(parts["meaning"], parts.get("question", 0.0)),
            "words rank": math.log(parts["words rank"]),
            "words share": parts["words share"], "found": float(parts["words rank"] > FUSED),
            "versions share": parts["versions share"], "length": math.log(10 + parts["length"]),
            "question": parts.get("question", 0.0),
            "question vote": parts.get("question vote", 0.0),
            "off era": float(parts.get("era", 1.0) < 1.0)}


def fuse(features: dict[str, float], weights: dict[str, float] = WEIGHTS) -> float:
    """A hit's fused score: its `inputs` weighted (an input without a weight counts 0).

    >>> round(fuse({"meaning": 0.6, "words rank": math.log(10)}, {"meaning": 1.0}), 2)
    0.6
    """
    return sum(weights.get(name, 0.0) * value for name, value in features.items())


def after_fused(lowest: float, rank: int) -> float:
    """The score of the hit at `rank` (> `FUSED`) by words, after fused hits whose lowest
    score is `lowest`: below it, by the same cost of rank (as if it were as near as the
    last of them)."""
    return lowest - RANK_WEIGHT * math.log(rank / FUSED)


class Meaning:
    """The sentence model and the home's cache of hits' vectors, opened on first use."""

    def __init__(self, home: Path) -> None:
        from kb.sentence_model import vectors_key

        # (a vector depends on the weights, the adapter and how much of a text is read)
        self.cache_path = home / f"cache/{CACHE_PREFIX}{vectors_key()}.sqlite"
        self._model: SentenceModel | None = None
        self._shipped: ShippedVectors | None | Literal[False] = False  # False: not loaded
        self._questions: ShippedVectors | None | Literal[False] = False
        # the last query's `answered`
        self._answered: tuple[str, dict[str, tuple[float, float]]] | None = None
        self._asked: tuple[str, np.ndarray] | None = None  # the last query and its vector

    @property
    def model(self) -> SentenceModel:
        if self._model is None:
            from kb.sentence_model import SentenceModel

            self._model = SentenceModel.load()
        return self._model

    @property
    def shipped(self) -> ShippedVectors | None:
        """The shipped records' vectors (`kb.meaning_shipped`), where installed."""
        if self._shipped is False:
            from kb.meaning_shipped import ShippedVectors

            self._shipped = ShippedVectors.load()
        return self._shipped

    @property
    def questions(self) -> ShippedVectors | None:
        """The shipped questions' vectors, each with the records answering it."""
        if self._questions is False:
            from kb.meaning_shipped import ShippedVectors, questions_file

            self._questions = ShippedVectors.load(questions_file())
        return self._questions

    def answered(self, query: str) -> dict[str, tuple[float, float]]:
        """The records answering the `FUSED` shipped questions nearest the query, each with
        the cosine of the nearest of them it answers and their vote (each counted by
        exp((its cosine - the nearest question's) / `VOTE_SCALE`)), nearest first (none
        without the shipped questions)."""
        if self.questions is None:
            return {}
        if self._answered is None or self._answered[0] != query:
            out: dict[str, tuple[float, float]] = {}
            near = self.questions.nearest(self.query_vector(query), FUSED)
            for ids, cosine in near:
                count = math.exp((cosine - near[0][1]) / VOTE_SCALE)
                for i in ids:
                    first, vote = out.get(i, (cosine, 0.0))
                    out[i] = (first, vote + count)
            self._answered = (query, out)
        return self._answered[1]

    def vectors(self, texts: Sequence[str]) -> np.ndarray:
        """Each text's unit vector: a shipped record's as shipped, another's from the
        home's cache where it is, else computed and kept there."""
        import numpy as np

        from kb.meaning_shipped import text_key

        keys = [text_key(t) for t in texts]
        known = self.shipped.find(keys) if self.shipped is not None else {}
        known.update(self._read(set(keys) - known.keys()))
        # each text the cache lacks, once, by its key
        missing = dict((k, t) for t, k in zip(texts, keys, strict=True) if k not in known)
        if missing:
            fresh = dict(zip(missing, self.model.encode(list(missing.values())), strict=True))
            self._write(fresh)
            known.update(fresh)
        return np.stack([known[k] for k in keys])

    def query_vector(self, query: str) -> np.ndarray:
        """`vectors` of one query, kept for the search's next look at it (the shipped
        texts nearest it, then its hits)."""
        if self._asked is None or self._asked[0] != query:
            self._asked = (query, self.vectors([query])[0])
        return self._asked[1]

    def nearest(self, query: str) -> list[list[str]]:
        """The record ids of the `FUSED` shipped texts nearest the query and of the records
        answering the questions asked before nearest it (`answered`), taken from each in
        turn, nearest first, `FUSED` in all (none without the shipped vectors)."""
        if self.shipped is None:
            return []
        texts = [ids for ids, _ in self.shipped.nearest(self.query_vector(query), FUSED)]
        answers = [[i] for i in self.answered(query)]
        taken = [ids for pair in itertools.zip_longest(texts, answers) for ids in pair if ids]
        return taken[:FUSED]

    def rerank(self, query: str, hits: Sequence[Hit],
               found: Sequence[tuple[Hit, int]] = ()) -> list[Hit]:
        """The first `FUSED` hits, with those meaning `found` (each with its rank by
        words, past theirs), ordered by `tier` then by `fuse`, the
        rest after them as they were; each fused hit's score is its fused score and its
        parts say what it is of (`described`)."""
        head = [*((hit, rank) for rank, hit in enumerate(hits[:FUSED], 1)), *found]
        if len(head) < 2:
            return list(hits)
        near = self.vectors([hit_text(h.record) for h, _ in head]) @ self.query_vector(query)
        best_score = max((hit.score for hit in hits[:FUSED]), default=0.0)  # (by words)
        most_versions = max(len(hit.versions) for hit, _ in head)
        answered = self.answered(query)
        for (hit, rank), cosine in zip(head, near.tolist(), strict=True):
            # (--explain: what the score is of)
            described(hit, rank, cosine, best_score, most_versions, answered)
            hit.score = fuse(inputs(hit.parts))
        lowest = min(hit.score for hit, _ in head)
        out = sorted((hit for hit, _ in head), key=lambda hit: (tier(hit), -hit.score))
        for rank, hit in enumerate(hits[FUSED:], FUSED + 1):
            hit.score = after_fused(lowest, rank)
            out.append(hit)
        return out

    def _connect(self) -> sqlite3.Connection:
        import sqlite3

        self.cache_path.parent.mkdir(parents=True, exist_ok=True)
        made = not self.cache_path.exists()
        db = sqlite3.connect(self.cache_path, timeout=0.2)
        db.execute("create table if not exists vectors (key blob primary key, vec blob)")
        if made:
            self._forget_other_caches()
        return db

    def _forget_other_caches(self) -> None:
        """Remove the caches of vectors other weights or adapters made (an upgraded
        mtgkb's vectors never match them: they would stay in the home for good)."""
        for other in self.cache_path.parent.glob(f"{CACHE_PREFIX}*.sqlite*"):
            if not other.name.startswith(self.cache_path.name):
                other.unlink(missing_ok=True)

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
