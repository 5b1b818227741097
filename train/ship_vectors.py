"""Make the shipped records' vectors (`kb.meaning_shipped`): the text of every record of the
shipped data, as search's fusion reads a hit (`kb.search_meaning.hit_text`), through the
sentence model with the shipped adapter. Run it again whenever the shipped data, the
model or the adapter change (tests/test_meaning_shipped.py fails until then); it replaces
the file of any other model or adapter.

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


def main() -> None:
    import numpy as np

    from kb.meaning_shipped import FOLDER, PREFIX, text_key, vectors_file, write_vectors
    from kb.sentence_model import SentenceModel

    ids = shipped_texts()
    texts = list(ids)
    model, started = SentenceModel.load(), time.monotonic()
    step = 256
    vectors = np.concatenate([model.encode(texts[at:at + step])
                              for at in range(0, len(texts), step)])
    path = vectors_file()
    write_vectors(path, [text_key(t) for t in texts], vectors, [ids[t] for t in texts])
    for stale in FOLDER.glob(f"{PREFIX}*"):
        if stale.stem != path.stem:
            stale.unlink()
    print(f"{path.name}: {len(texts)} texts in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
