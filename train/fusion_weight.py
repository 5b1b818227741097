"""Learn how much a step down the ranking by words costs against meaning (`RANK_WEIGHT`
of `kb.search_meaning`).

    python train/fusion_weight.py [--questions FILE] [--with FILE...] [--home H]

Search orders its first `FUSED` hits by words, and the shipped records meaning finds
(each at its rank by words), by cosine(query, hit) - w x ln(rank by words). For each
training question this tool takes those hits and each one's cosine to the question (the
sentence model with the shipped adapter, in NumPy), and learns the two weights of a =
ln(rank) and b = cosine that make the question's own record most likely among its hits:
the likelihood of a softmax over the hits (one answer, the others its competitors; Cao
et al. 2007's listwise loss with one relevant item). w is their ratio. It prints w, and
the training questions' MRR@10 ordered by it, by reciprocal rank fusion and by words
alone.

The questions must be ones the adapter did not learn from: on its own training questions
the adapter's cosines are surer than on anything a user asks. The default is
`train/questions-full.jsonl` (999 questions about FULL's records: the shipped data and
../shared/corpus-extra's rules and ALA), apart from the adapter's `train/questions.jsonl`.
`--home H` reads a home already built over those files (and its vectors' cache); without
it a home is built in a temporary folder from the shipped data and `--with`. NumPy only
(mtgkb's own); a few minutes where the home's cache holds the hits' vectors, some ten
more where it does not.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["MTGKB_MEANING"] = "0"  # candidates by words alone, as meaning re-ranks them

# one question's hits: (answer?, is after the definitions asked for?, cosine, rank by
# words), the first `FUSED` by words in their order, then those meaning found
Hits = list[tuple[bool, bool, float, int]]


def questions_hits(questions: list[dict], home: Path) -> list[Hits]:
    """Each question's hits as search fuses them, over the built home: its first `FUSED`
    hits by words and the shipped records meaning finds (`Searcher._fusion_candidates`),
    each with the cosine and rank by words fusion gives it (`Meaning.rerank`)."""
    from kb.build import ensure_built
    from kb.search import Searcher
    from kb.search_meaning import Meaning, tier

    built = ensure_built(ROOT / "data", home)
    searcher = Searcher(built.index, meaning=False)
    meaning = Meaning(home)
    out: list[Hits] = []
    for q in questions:
        head, found = searcher._fusion_candidates(q["q"], None, None, None, meaning)
        # in their order by words (ties of other orderings broken by it); a lone hit is
        # not fused: its place is first whatever its cosine
        fused = [(q["id"] in h.shows(), tier(h), h.parts.get("meaning", 0.0),
                  int(h.parts.get("words rank", 1)))
                 for h in meaning.rerank(q["q"], head.hits, found)]
        out.append(sorted(fused, key=lambda hit: hit[3]))
    searcher.close()
    return out


def learn(all_hits: list[Hits], steps: int = 2000, rate: float = 0.5) -> tuple[float, int]:
    """The weight of ln(rank) against the cosine that makes each answer likeliest among
    its question's hits (gradient ascent on the mean log-likelihood, both features
    standardised), and how many questions taught it (those with their answer among
    two hits or more)."""
    import numpy as np

    taught = [hits for hits in all_hits if len(hits) > 1 and any(a for a, *_ in hits)]
    # the lists padded to the longest: `real` marks each list's own hits
    size = max(map(len, taught))
    x = np.zeros((len(taught), size, 2))
    real = np.zeros((len(taught), size), bool)
    answer = np.zeros((len(taught), size), bool)
    for q, hits in enumerate(taught):
        x[q, :len(hits)] = [[math.log(r), c] for _, _, c, r in hits]
        real[q, :len(hits)] = True
        answer[q, :len(hits)] = [a for a, _, _, _ in hits]
    mean, spread = x[real].mean(0), x[real].std(0)
    x = (x - mean) / spread
    w = np.zeros(2)
    for _ in range(steps):
        s = np.where(real, x @ w, -np.inf)
        p = np.exp(s - s.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        given = np.where(answer, p, 0.0)
        given /= given.sum(1, keepdims=True)
        # d log P(answer) / dw: the answers' features less the hits' expected features
        gradient = ((given - p)[:, :, None] * x).sum((0, 1))
        w += rate * gradient / len(taught)
    w /= spread
    return float(-w[0] / w[1]), len(taught)


def mrr(all_hits: list[Hits], key: Callable[[int, float, int], float]) -> float:
    """MRR@10 of the hits ordered by definitions asked for first, then `key(rank, cos,
    cosine ranks)` descending."""
    total = 0.0
    for hits in all_hits:
        by_cos = sorted(range(len(hits)), key=lambda i: -hits[i][2])
        cos_rank = {i: r for r, i in enumerate(by_cos, 1)}
        order = sorted(range(len(hits)),
                       key=lambda i: (hits[i][1], -key(hits[i][3], hits[i][2], cos_rank[i])))
        total += next((1 / k for k, i in enumerate(order[:10], 1) if hits[i][0]), 0.0)
    return total / len(all_hits)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--questions", type=Path, default=ROOT / "train/questions-full.jsonl")
    parser.add_argument("--with", dest="files", type=Path, nargs="*", default=[])
    parser.add_argument("--home", type=Path)
    args = parser.parse_args()
    from train.homes import built_home, read_questions

    questions = read_questions([args.questions])
    if args.home:
        all_hits = questions_hits(questions, args.home)
    else:
        with built_home(args.files) as home:
            all_hits = questions_hits(questions, home)
    weight, taught = learn(all_hits)
    print(f"RANK_WEIGHT = {weight:.3f}  (from {taught} of {len(questions)} questions: "
          "answer among two hits or more)")
    learnt = mrr(all_hits, lambda r, c, _: c - weight * math.log(r))
    reciprocal = mrr(all_hits, lambda r, _, m: 1 / (60 + r) + 1 / (60 + m))
    print(f"MRR@10 of the questions: learnt {learnt:.3f}, reciprocal rank fusion "
          f"{reciprocal:.3f}, words alone {mrr(all_hits, lambda r, _, __: -r):.3f}")


if __name__ == "__main__":
    main()
