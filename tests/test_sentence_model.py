"""The sentence model run in NumPy gives what Sentence-Transformers gives (reference values
computed with sentence-transformers 6.2 and transformers' BertTokenizer on the same
weights); its tokenizer splits as BERT's."""

from __future__ import annotations

import pytest

from kb.wordpiece import WordPiece, basic_words

pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def model():
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


def test_vectors_match_sentence_transformers(model) -> None:
    import numpy as np

    q, a, b = model.encode([QUESTION, ANSWER, OTHER])
    assert np.linalg.norm(q) == pytest.approx(1.0, abs=1e-5)
    assert [float(x) for x in q[:5]] == pytest.approx(
        [0.034878, 0.080275, -0.025622, 0.02073, 0.021232], abs=2e-5)
    assert float(q @ a) == pytest.approx(0.309992, abs=2e-5)
    assert float(q @ b) == pytest.approx(0.257567, abs=2e-5)


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
