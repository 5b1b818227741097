"""Learn the fused score's weights (`WEIGHTS` of `kb.search_meaning`).

    python train/fusion_weight.py [--questions FILE] [--with FILE...] [--home H]
                                  [--blind SET... --homes DIR]

Search orders its first `FUSED` hits by words, and the shipped records meaning finds
(each at its rank by words), by a weighted sum of what it knows of each hit
(`kb.search_meaning.inputs`: its cosine to the query, ln of its rank by words, its share of
the best score by words, whether meaning alone found it, its versions, the length of its
text). For each training question this tool takes those hits as search describes them
(the sentence model with the shipped adapter, in NumPy), and learns the weights that make
the question's answer most likely among its hits: the likelihood of a softmax over the
hits (the answers against the others; Cao et al. 2007's listwise loss). A hit answers when
it shows the question's record (its own, a version or a subrule it shows) or holds that
record's text (a keyword's entry holding the subrule asked about). The weights are
printed in units of the cosine's (its weight 1), with the training questions' MRR@10
ordered by them, by the cosine less the cost of rank alone (the weight learnt without the
other inputs), by reciprocal rank fusion and by words alone.

The questions must be ones the adapter did not learn from: on its own training questions
the adapter's cosines are surer than on anything a user asks. The default is
`train/questions-full.jsonl` (999 questions about FULL's records: the shipped data and
../shared/corpus-extra's rules and ALA), apart from the adapter's `train/questions.jsonl`.
`--home H` reads a home already built over those files (and its vectors' cache); without
it a home is built in a temporary folder from the shipped data and `--with`. NumPy only
(mtgkb's own); a few minutes where the home's cache holds the hits' vectors, some ten
more where it does not.

`--blind SET...` learns from blind query sets of eval/ too, each over the home it was
written on (`train.homes.blind_home`: kept in `--homes DIR`, built there from the public
archives where missing), a hit answering where it holds one of the query's gold
predicates (the evaluation's own test). Those sets ask as users ask, over homes of many
rules versions and card sets; the training questions ask about FULL's records, a third
of them about its 2008-2012 rules. The two weigh alike in all (each list weighs one over
the number of its kind). A set learnt from is no longer blind: measure on others.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["MTGKB_MEANING"] = "0"  # candidates by words alone, as meaning re-ranks them

# one hit: does it answer?, its tier (`kb.search_meaning.tier`: fused hits rank by it
# first), its inputs (`kb.search_meaning.inputs`); a question's hits: the first `FUSED`
# by words in their order, then those meaning found
Hit = tuple[bool, int, dict[str, float]]
Hits = list[Hit]


def questions_hits(questions: list[dict], home: Path) -> list[Hits]:
    """Each question's hits as search fuses them, over the built home (`fused_hits`), a
    hit answering where it shows the question's record or holds its text."""
    from kb.build import ensure_built
    from kb.store import KnowledgeBase
    from train.homes import answers

    with KnowledgeBase(ensure_built(ROOT / "data", home).store) as kb:
        said = {r.id: r.text for r in kb.get_many({q["id"] for q in questions})}
    return fused_hits([q["q"] for q in questions], home, [
        lambda hit, q=q: answers(hit, q["id"], said.get(q["id"], "")) for q in questions])


def blind_hits(queries: Path, homes: Path) -> list[Hits]:
    """A blind query set's hits as search fuses them over its home (`fused_hits`), a hit
    answering where it holds one of the query's gold predicates."""
    from train.homes import blind_home, read_questions, score_module

    holds = score_module().holds
    asked = read_questions([queries])
    return fused_hits([q["q"] for q in asked], blind_home(queries, homes), [
        lambda hit, q=q: any(holds(p, hit.to_json()) for p in q["gold"]) for q in asked])


def fused_hits(queries: list[str], home: Path, answer: list[Callable[[Any], bool]]
               ) -> list[Hits]:
    """Each query's hits as search fuses them, over the built home: its first `FUSED`
    hits by words and the shipped records meaning finds (`Searcher._fusion_candidates`),
    each with whether it answers (`answer`, one test a query) and the inputs fusion
    reads of it (`Meaning.rerank`)."""
    from kb.build import ensure_built
    from kb.search import Searcher
    from kb.search_meaning import Meaning, inputs, tier

    searcher = Searcher(ensure_built(ROOT / "data", home).index, meaning=False)
    meaning = Meaning(home)
    out: list[Hits] = []
    for query, answers in zip(queries, answer, strict=True):
        head, found = searcher._fusion_candidates(query, None, None, None, meaning)
        # a lone hit is not fused: its place is first whatever it is
        fused = [(answers(h), tier(h), inputs(h.parts))
                 for h in meaning.rerank(query, head.hits, found) if "meaning" in h.parts]
        # in their order by words (ties of other orderings broken by it)
        out.append(sorted(fused, key=lambda hit: hit[2]["words rank"]))
    searcher.close()
    return out


def learn(all_hits: list[Hits], names: list[str] | None = None, steps: int = 2000,
          rate: float = 0.5, weights: list[float] | None = None
          ) -> tuple[dict[str, float], int]:
    """The weights of the inputs `names` (by default all the hits have; "meaning" among
    them) that make each answer likeliest among its question's hits (gradient ascent on
    the mean log-likelihood, each list's weighed by `weights` (by default alike), the
    inputs standardised), in units of the cosine's weight; and how many questions taught
    them (those with an answer among two hits or more)."""
    import numpy as np

    weights = weights or [1.0] * len(all_hits)
    kept = [(hits, weight) for hits, weight in zip(all_hits, weights, strict=True)
            if len(hits) > 1 and any(a for a, *_ in hits)]
    taught = [hits for hits, _ in kept]
    weight = np.array([w for _, w in kept])
    weight *= len(kept) / weight.sum()
    names = names or sorted({name for hits in taught for _, _, x in hits for name in x})
    # the lists padded to the longest: `real` marks each list's own hits
    size = max(map(len, taught))
    x = np.zeros((len(taught), size, len(names)))
    real = np.zeros((len(taught), size), bool)
    answer = np.zeros((len(taught), size), bool)
    for q, hits in enumerate(taught):
        x[q, :len(hits)] = [[features.get(name, 0.0) for name in names]
                            for _, _, features in hits]
        real[q, :len(hits)] = True
        answer[q, :len(hits)] = [a for a, _, _ in hits]
    mean, spread = x[real].mean(0), x[real].std(0)
    spread[spread == 0] = 1.0  # an input every hit has alike teaches nothing
    x = (x - mean) / spread
    w = np.zeros(len(names))
    for _ in range(steps):
        s = np.where(real, x @ w, -np.inf)
        p = np.exp(s - s.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        given = np.where(answer, p, 0.0)
        given /= given.sum(1, keepdims=True)
        # d log P(answers) / dw: the answers' features less the hits' expected features
        gradient = ((given - p)[:, :, None] * x * weight[:, None, None]).sum((0, 1))
        w += rate * gradient / len(taught)
    w /= spread
    w /= w[names.index("meaning")]
    return dict(zip(names, w.tolist(), strict=True)), len(taught)


def mrr(all_hits: list[Hits], key: Callable[[dict[str, float], int], float]) -> float:
    """MRR@10 of the hits ordered by tier (`kb.search_meaning.tier`), then `key(inputs,
    cosine rank)` descending."""
    total = 0.0
    for hits in all_hits:
        by_cos = sorted(range(len(hits)), key=lambda i: -hits[i][2]["meaning"])
        cos_rank = {i: r for r, i in enumerate(by_cos, 1)}
        order = sorted(range(len(hits)), key=lambda i: (hits[i][1], -key(hits[i][2], cos_rank[i])))
        total += next((1 / k for k, i in enumerate(order[:10], 1) if hits[i][0]), 0.0)
    return total / len(all_hits)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--questions", type=Path, default=ROOT / "train/questions-full.jsonl")
    parser.add_argument("--with", dest="files", type=Path, nargs="*", default=[])
    parser.add_argument("--home", type=Path)
    parser.add_argument("--blind", type=Path, nargs="*", default=[])
    parser.add_argument("--homes", type=Path, help="the blind sets' homes (`--blind`)")
    args = parser.parse_args()
    from kb.search_meaning import fuse
    from train.homes import built_home, read_questions

    if args.blind and not args.homes:
        parser.error("--blind needs --homes")
    questions = read_questions([args.questions])
    if args.home:
        all_hits = questions_hits(questions, args.home)
    else:
        with built_home(args.files) as home:
            all_hits = questions_hits(questions, home)
    blind = [hits for path in args.blind for hits in blind_hits(path, args.homes)]
    # the training questions and the blind sets (where given) weigh alike in all
    weights, taught = learn(all_hits + blind, weights=[
        1 / len(kind) for kind in (all_hits, blind) for _ in kind])
    print(f"WEIGHTS (from {taught} of {len(questions) + len(blind)} questions: an answer "
          "among two hits or more):")
    for name, weight in weights.items():
        print(f"    {name!r}: {weight:.4f},")
    if blind:
        print(f"MRR@10 of the blind sets: learnt {mrr(blind, lambda x, _: fuse(x, weights)):.3f}"
              f", as shipped {mrr(blind, lambda x, _: fuse(x)):.3f}")
    rank_only, _ = learn(all_hits, ["meaning", "words rank"])
    learnt = mrr(all_hits, lambda x, _: fuse(x, weights))
    by_rank = mrr(all_hits, lambda x, _: fuse(x, rank_only))
    reciprocal = mrr(all_hits, lambda x, m: 1 / (60 + math.exp(x["words rank"])) + 1 / (60 + m))
    print(f"MRR@10 of the questions: learnt {learnt:.3f}, cosine less the cost of rank alone "
          f"(w = {-rank_only['words rank']:.3f}) {by_rank:.3f}, reciprocal rank fusion "
          f"{reciprocal:.3f}, words alone {mrr(all_hits, lambda x, _: -x['words rank']):.3f}")


if __name__ == "__main__":
    main()
