"""Score query sets in one process (for iterating; the shared score.py runs one `mtgkb
search` process per query and is the figure to report).

Usage: MTGKB_HOME=H python eval/quick_score.py FILE [FILE ...] [-v]

The relevance test is score.py's own (imported from $MTGKB_EVAL, default ../shared/eval
beside the repository).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main(argv: list[str]) -> None:
    """Print MRR@10 / S@1 / S@5 per file, and with -v every query not first."""
    from kb.build import ensure_built
    from kb.search import Searcher

    verbose = "-v" in argv
    files = [a for a in argv if not a.startswith("-")]
    from train.homes import score_module

    score = score_module()
    build = ensure_built(ROOT / "data", Path(os.environ["MTGKB_HOME"]))
    searcher = Searcher(build.index)

    def search(q: str) -> list[dict]:
        return [h.to_json() for h in searcher.search(q, limit=10).hits]

    for path in files:
        queries = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
        mrr, s1, s5, misses = score.score(queries, search)
        if verbose:
            for q, k in misses:
                print(f"  rank {k or '>10'}: {q}")
        print(f"{Path(path).name}: MRR@10 {mrr:.3f}  S@1 {s1:.3f}  S@5 {s5:.3f}  "
              f"({len(queries)} queries)")


if __name__ == "__main__":
    main(sys.argv[1:])
