"""Make the shipped records' vectors (`kb.meaning_shipped`): the text of every record of the
shipped data, as search's fusion reads a hit (`kb.search_meaning.hit_text`), through the
sentence model with the shipped adapter; and the vectors of the questions asked before
(the adapter's and `train/questions-bank.jsonl`'s), each with the record answering it
(`kb.meaning_shipped.questions_file`). Run it again whenever the shipped data, the
questions, the model or the adapter change (tests/test_meaning_shipped.py fails until
then); it replaces the files of any other model or adapter.

Usage: python train/ship_vectors.py    (about 2 minutes on two cores)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def shipped_texts() -> dict[str, list[str]]:
    """The distinct texts of the shipped records, as fusion reads them, in record order,
    each with its records' ids."""
    from kb.build import ensure_built
    from kb.search_meaning import hit_text
    from kb.store import KnowledgeBase
    from train.homes import built_home

    with built_home([]) as home:
        build = ensure_built(ROOT / "data", home)
        texts: dict[str, list[str]] = {}
        with KnowledgeBase(build.store) as kb:
            for record in kb.records():
                texts.setdefault(hit_text(record.export()), []).append(record.id)
    return texts


def asked() -> dict[str, list[str]]:
    """The distinct questions shipped as asked before (`ASKED_QUESTIONS`), each with the
    records answering it."""
    from train.homes import ASKED_QUESTIONS, read_questions

    out: dict[str, list[str]] = {}
    for question in read_questions(ASKED_QUESTIONS):
        ids = out.setdefault(question["q"], [])
        if question["id"] not in ids:
            ids.append(question["id"])
    return out


def main() -> None:
    import numpy as np

    from kb.meaning_shipped import FOLDER, PREFIX, QUESTIONS, text_key, vectors_file, write_vectors
    from kb.sentence_model import SentenceModel

    model = SentenceModel.load()
    for prefix, ids in ((PREFIX, shipped_texts()), (QUESTIONS, asked())):
        path, texts, started = vectors_file(prefix=prefix), list(ids), time.monotonic()
        step = 256
        vectors = np.concatenate([model.encode(texts[at:at + step])
                                  for at in range(0, len(texts), step)])
        write_vectors(path, [text_key(t) for t in texts], vectors, [ids[t] for t in texts])
        for stale in FOLDER.glob(f"{prefix}*"):
            if stale.stem != path.stem:
                stale.unlink()
        print(f"{path.name}: {len(texts)} texts in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
