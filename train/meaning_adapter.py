"""Learn the rules' adapter of the sentence model (`kb/sentence_adapter.safetensors`).

    python train/meaning_adapter.py [--questions FILE...] [--with FILE...] [--epochs 2]
                                    [--out kb/sentence_adapter.safetensors]

all-MiniLM-L6-v2 was trained on general question-answer pairs; it places "can I swing with
it right away?" near texts about swinging, not near 302.6's "continuously controlled since
their most recent turn began". This tool adapts it to the rules with low-rank additions
(LoRA, Hu et al. 2021: rank 8 on every linear layer of the six blocks, the model's own
weights frozen) learnt from `train/questions.jsonl` and `train/questions-players.jsonl`:
2,000 questions about the shipped records, each naming the record that answers it (nine
short or common ones are word for word queries of evaluation sets, found after the
training: tests/test_training_questions.py names them). The first 1,000 were written by
four helper sessions reading only the records, never running a search (players'
situations, search-box words, judges' questions); the other 1,000 (2026-11-29, thirtieth
session) the same way by four more, each over its own part of the rules (sections 100-208;
300-514; 600-905 but 702; 702 and the shipped FAQ, thread, blog and rulings), in players'
words and situations first: half of them as a player types into a rules chat ("swing",
"chump", "mana dork", named cards), a fifth board situations, the rest short lookups and
judges' questions. Each question is paired with its record's text against the records
search ranks highest for it that don't answer it (search as it ranks now, meaning fused
with the shipped adapter: the first `MINED` hits that neither show the question's record,
nor hold its text, nor are held in it), and against the other questions' records of its
batch, by the contrastive loss Sentence-Transformers calls MultipleNegativesRankingLoss
(scale 20). Negatives mined from the model's own ranking (Xiong et al. 2021, ANCE) teach
it the records it confuses with the answer; the first adapter learnt against the hits by
words alone (README, twenty-ninth session: blind sets 5.731 -> 5.786). The shipped adapter
learnt from both files against negatives mined by search with the adapter before it
(26188217..., itself learnt from the first file against negatives mined with d3c54054...):
the second file brought the blind sets 20-27 from 5.786 to 6.090 (README, thirtieth
session). The same questions ship with their vectors as questions asked before
(`train/ship_vectors.py`, `kb.search_meaning.Meaning.answered`).

`train/questions-full.jsonl` holds 999 more, written the same way (2026-11-29) about the
records FULL adds to the shipped data (../shared/corpus-extra: the Comprehensive Rules of
2008, 2009 and 2012, often in their era's words, and MTGJSON ALA's cards and rulings) and
about shipped records the first file leaves out (the 2012 keyword FAQ thread, the
glossary). Trained on both files for one epoch (the shipped adapter's number of steps;
`--questions train/questions.jsonl train/questions-full.jsonl --with CR... ALA.json
--epochs 1`; that run also kept a question's answer out of the negatives of any other
question of its batch sharing it, a change not kept), the
adapter did not beat the shipped one: five blind sets on their own homes 3.175 -> 3.203,
sums over 29 sets shipped 14.973 -> 15.038 and FULL 17.365 -> 17.374, 15 of FULL's sets
down (README, twenty-sixth session). It stays apart from the adapter's questions: the
fused score's weights are learnt on it (`train/fusion_weight.py`), and must be learnt on
questions the adapter never saw.

Needs PyTorch and sentence-transformers beside mtgkb and the model package (neither is a
dependency of mtgkb, which runs the adapted model in NumPy); takes about 75 minutes on two
cores (2,000 questions, two epochs) and 12 GB of memory. Writes the adapter (float16) and
prints its SHA-256 for `kb.sentence_model`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["HF_HUB_OFFLINE"] = "1"

RANK = 8
TARGETS = ("query", "key", "value", "dense")  # every linear layer of the blocks
SCALE = 20.0  # MultipleNegativesRankingLoss's
BATCH = 16
NEGATIVES = 3  # drawn each epoch from a question's mined hits, beside the batch's records
MINED = 10  # of the hits search ranks first for a question, those not answering it
SEED = 0


def candidates(questions: list[dict], files: list[Path]) -> list[tuple[str, str, list[str]]]:
    """(question, its record's text, the texts of the first `MINED` hits search gives it
    that don't answer it) for each question, over a home of the shipped data and `files`:
    search as it ranks now, meaning fused; a hit answers when it shows the question's
    record, holds its text or is held in it (a keyword's entry, a rule's subrule)."""
    from kb.build import ensure_built
    from kb.search import Searcher
    from kb.search_meaning import FUSED, hit_text
    from kb.store import KnowledgeBase
    from train.homes import answers, built_home, holds

    with built_home(files) as home:
        built = ensure_built(ROOT / "data", home)
        searcher = Searcher(built.index, meaning=True)
        with KnowledgeBase(built.store) as kb:
            records = {r.id: r.export() for r in kb.records()}
        out = []
        for q in questions:
            record = records[q["id"]]
            answer, said = hit_text(record), record["text"]
            hits = searcher.search(q["q"], limit=FUSED).hits
            others = [hit_text(h.record) for h in hits
                      if not answers(h, q["id"], said) and not holds(said, h.record["text"])]
            out.append((q["q"], answer, [t for t in others if t != answer][:MINED]))
        searcher.close()
    return out


def train(examples: list[tuple[str, str, list[str]]], epochs: int, rate: float) -> dict:
    """The low-rank pairs learnt, by layer name: {"lora_a", "lora_b" (scale multiplied in)}."""
    import torch
    from sentence_transformers import SentenceTransformer
    from torch import nn

    from kb.sentence_model import MOST_PIECES, model_dir

    torch.manual_seed(SEED)
    random.seed(SEED)
    model = SentenceTransformer(str(model_dir()), device="cpu")
    model.max_seq_length = MOST_PIECES

    class LowRank(nn.Module):
        def __init__(self, base: nn.Linear) -> None:
            super().__init__()
            self.base, self.scale = base, 2.0  # alpha = 2 x rank
            self.a = nn.Parameter(torch.randn(RANK, base.in_features) / math.sqrt(base.in_features))
            self.b = nn.Parameter(torch.zeros(base.out_features, RANK))

        def forward(self, x):  # type: ignore[no-untyped-def]
            return self.base(x) + (x @ self.a.T @ self.b.T) * self.scale

    bert = model[0].auto_model
    for p in bert.parameters():
        p.requires_grad = False
    adapted = {}
    for name, module in list(bert.encoder.named_modules()):
        for child_name, child in list(module.named_children()):
            if isinstance(child, nn.Linear) and child_name in TARGETS:
                low = LowRank(child)
                setattr(module, child_name, low)
                adapted[f"encoder.{name}.{child_name}"] = low

    def encode(texts: list[str]):  # type: ignore[no-untyped-def]
        out = model(model.tokenize(texts))["sentence_embedding"]
        return nn.functional.normalize(out, dim=-1)

    params = [p for low in adapted.values() for p in (low.a, low.b)]
    optimiser = torch.optim.AdamW(params, lr=rate, weight_decay=0.01)
    steps = epochs * math.ceil(len(examples) / BATCH)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min(1.0, (s + 1) / max(1, steps // 10)) * max(0.0, 1 - s / steps))
    model.train()
    for epoch in range(epochs):
        random.shuffle(examples)
        total = 0.0
        for at in range(0, len(examples), BATCH):
            batch = examples[at:at + BATCH]
            docs = [answer for _, answer, _ in batch]
            for _, _, others in batch:
                docs += random.sample(others, min(NEGATIVES, len(others)))
            logits = encode([q for q, _, _ in batch]) @ encode(docs).T * SCALE
            loss = nn.functional.cross_entropy(logits, torch.arange(len(batch)))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item()
        print(f"epoch {epoch + 1}: loss {total / math.ceil(len(examples) / BATCH):.3f}",
              file=sys.stderr)
    return {name: {"lora_a": low.a.detach().numpy(),
                   "lora_b": (low.b.detach() * low.scale).numpy()}
            for name, low in adapted.items()}


def write_safetensors(path: Path, pairs: dict) -> str:
    """The pairs as float16 safetensors; the file's SHA-256."""
    import numpy as np

    header: dict = {}
    blobs = []
    at = 0
    for name in sorted(pairs):
        for part in ("lora_a", "lora_b"):
            data = np.ascontiguousarray(pairs[name][part], dtype="<f2").tobytes()
            header[f"{name}.{part}"] = {"dtype": "F16", "shape": list(pairs[name][part].shape),
                                        "data_offsets": [at, at + len(data)]}
            blobs.append(data)
            at += len(data)
    head = json.dumps(header, separators=(",", ":")).encode()
    head += b" " * (-len(head) % 8)
    body = struct.pack("<Q", len(head)) + head + b"".join(blobs)
    path.write_bytes(body)
    return hashlib.sha256(body).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    from train.homes import ADAPTER_QUESTIONS, read_questions

    parser.add_argument("--questions", type=Path, nargs="+", default=list(ADAPTER_QUESTIONS))
    parser.add_argument("--with", dest="files", type=Path, nargs="*", default=[],
                        help="files beside the shipped data that questions' records come from")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--rate", type=float, default=5e-4)
    parser.add_argument("--out", type=Path, default=ROOT / "kb/sentence_adapter.safetensors")
    args = parser.parse_args()
    questions = read_questions(args.questions)
    examples = candidates(questions, args.files)
    print(f"{len(examples)} questions", file=sys.stderr)
    digest = write_safetensors(args.out, train(examples, args.epochs, args.rate))
    print(f"{args.out}: SHA-256 {digest}")


if __name__ == "__main__":
    main()
