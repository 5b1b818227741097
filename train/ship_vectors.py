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


def shipped_texts() -> list[str]:
    """The distinct texts of the shipped records, as fusion reads them, in record order."""
    from kb.build import ensure_built
    from kb.search_meaning import hit_text
    from kb.store import KnowledgeBase
    from train.homes import built_home

    with built_home([]) as home:
        build = ensure_built(ROOT / "data", home)
        with KnowledgeBase(build.store) as kb:
            texts = [hit_text(record.export()) for record in kb.records()]
    return list(dict.fromkeys(texts))


def main() -> None:
    import numpy as np

    from kb.meaning_shipped import FOLDER, PREFIX, text_key, vectors_file, write_vectors
    from kb.sentence_model import SentenceModel

    texts = shipped_texts()
    model, started = SentenceModel.load(), time.monotonic()
    step = 256
    vectors = np.concatenate([model.encode(texts[at:at + step])
                              for at in range(0, len(texts), step)])
    path = vectors_file()
    write_vectors(path, [text_key(t) for t in texts], vectors)
    for stale in FOLDER.glob(f"{PREFIX}*.npy"):
        if stale != path:
            stale.unlink()
    print(f"{path.name}: {len(texts)} texts in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
