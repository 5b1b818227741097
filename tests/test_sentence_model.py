"""The sentence model run in NumPy gives what Sentence-Transformers gives (reference values
computed with sentence-transformers 6.2 and transformers' BertTokenizer on the same
weights, and with the rules' adapter added to its linear layers in PyTorch); its
tokenizer splits as BERT's."""

from __future__ import annotations

import pytest

from kb.wordpiece import WordPiece, basic_words

pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def model():
    """The model as published."""
    from kb.sentence_model import ModelMissing, SentenceModel

    try:
        return SentenceModel.load(adapted=False)
    except ModelMissing as missing:
        pytest.skip(str(missing))


@pytest.fixture(scope="module")
def adapted():
    """The model with the rules' adapter, as search runs it."""
    from kb.sentence_model import ModelMissing, SentenceModel

    try:
        return SentenceModel.load()
    except ModelMissing as missing:
        pytest.skip(str(missing))


def test_basic_words_split_punctuation_and_strip_accents() -> None:
    assert basic_words("Æther Vial's “unearthed” ½-counter") == [
        "æther", "vial", "'", "s", "“", "unearthed", "”", "½", "-", "counter"]
    assert basic_words("naïve\tcafé\u200b") == ["naive", "cafe"]


def test_word_pieces_are_longest_first() -> None:
    vocab = {w: i for i, w in enumerate(["[UNK]", "un", "une", "##arth", "##ed", "##earth"])}
    assert WordPiece(vocab).word_pieces("unearthed") == ["une", "##arth", "##ed"]
    assert WordPiece(vocab).word_pieces("unx") == ["[UNK]"]


def test_pieces_match_berts_tokenizer(model) -> None:
    assert model.pieces.pieces("Æther Vial's “unearthed” ½-counter (see rule 702.84a)") == [
        "æ", "##ther", "vial", "'", "s", "“", "unearthed", "”", "½", "-", "counter", "(",
        "see", "rule", "70", "##2", ".", "84", "##a", ")"]
    assert model.pieces.pieces(
        "Can't attack unless it's been under its controller's control continuously") == [
        "can", "'", "t", "attack", "unless", "it", "'", "s", "been", "under", "its",
        "controller", "'", "s", "control", "continuously"]


QUESTION = "I just stole my opponent's creature. Can I swing with it right away?"
ANSWER = ("302.6. A creature's activated ability with the tap symbol or the untap symbol in "
          "its activation cost can't be activated unless the creature has been under its "
          "controller's control continuously since their most recent turn began. A creature "
          "can't attack unless it has been under its controller's control continuously since "
          "their most recent turn began. This rule is informally called the \"summoning "
          "sickness\" rule.")
OTHER = ("104.3a A player can concede the game at any time. A player who concedes leaves the "
         "game immediately. That player loses the game.")


ADAPTED_FIRST = [0.004291, 0.093715, -0.016425, -0.010219, 0.044296]
ADAPTED_NEAR = (0.369079, 0.3505)  # the question's cosine with ANSWER and with OTHER


def test_vectors_match_sentence_transformers(model) -> None:
    import numpy as np

    q, a, b = model.encode([QUESTION, ANSWER, OTHER])
    assert np.linalg.norm(q) == pytest.approx(1.0, abs=1e-5)
    assert [float(x) for x in q[:5]] == pytest.approx(
        [0.034878, 0.080275, -0.025622, 0.02073, 0.021232], abs=2e-5)
    assert float(q @ a) == pytest.approx(0.309992, abs=2e-5)
    assert float(q @ b) == pytest.approx(0.257567, abs=2e-5)


def test_the_adapted_model_matches_pytorch(adapted) -> None:
    import numpy as np

    q, a, b = adapted.encode([QUESTION, ANSWER, OTHER])
    assert np.linalg.norm(q) == pytest.approx(1.0, abs=1e-5)
    assert [float(x) for x in q[:5]] == pytest.approx(ADAPTED_FIRST, abs=2e-5)
    assert float(q @ a) == pytest.approx(ADAPTED_NEAR[0], abs=2e-5)
    assert float(q @ b) == pytest.approx(ADAPTED_NEAR[1], abs=2e-5)


def test_the_adapter_places_questions_nearer_the_records_that_answer_them(
        model, adapted, shipped_build) -> None:
    """Over questions of `train/questions.jsonl` (every 25th), each record named as the
    answer stands nearer its question, and above more of the other questions' records,
    with the adapter than without it."""
    import json

    import numpy as np

    from kb.search_meaning import hit_text
    from kb.store import KnowledgeBase
    from tests.conftest import ROOT

    with (ROOT / "train/questions.jsonl").open(encoding="utf-8") as lines:
        asked = [json.loads(line) for line in lines][::25]
    with KnowledgeBase(shipped_build.store) as kb:
        texts = {r.id: hit_text(r.export()) for r in kb.records()}
    answers = [texts[q["id"]] for q in asked]

    def measured(m) -> tuple[float, float]:
        near = m.encode([q["q"] for q in asked]) @ m.encode(answers).T
        own = np.diag(near)
        # the share of (question, other question's record) pairs its own record beats
        beaten = (near < own[:, None]).sum() / (len(asked) * (len(asked) - 1))
        return float(own.mean()), float(beaten)

    (base_near, base_beaten), (near, beaten) = measured(model), measured(adapted)
    # (measured: 0.575 -> 0.606 and 0.9962 -> 1.0; an adapter of zeros changes neither)
    assert near > base_near
    assert beaten > base_beaten


def test_the_shipped_adapter_is_the_one_its_vectors_are_kept_under() -> None:
    import hashlib

    from kb.sentence_model import ADAPTER_FILE, ADAPTER_SHA256, read_adapter

    assert hashlib.sha256(ADAPTER_FILE.read_bytes()).hexdigest() == ADAPTER_SHA256
    pairs = read_adapter(ADAPTER_FILE)
    assert len(pairs) == 6 * 6  # every linear layer of the six blocks
    down, up = pairs["encoder.layer.0.intermediate.dense"]
    assert down.shape == (384, 8) and up.shape == (8, 1536)


def test_a_text_encodes_alike_alone_and_batched(model) -> None:
    import numpy as np

    alone = model.encode([OTHER])[0]
    batched = model.encode([ANSWER, OTHER, QUESTION])[1]  # padded beside longer texts
    assert np.allclose(alone, batched, atol=1e-5)


def test_missing_model_is_named(monkeypatch, tmp_path) -> None:
    from kb.sentence_model import ModelMissing, model_dir

    monkeypatch.setenv("MTGKB_MODEL", str(tmp_path))
    with pytest.raises(ModelMissing, match="no sentence model"):
        model_dir()
