"""The shipped records' vectors (`kb.meaning_shipped`): every shipped record's text has its
vector, made by the installed model and adapter, and search reads them instead of running
the model."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.meaning_shipped import (
    ShippedVectors,
    questions_file,
    text_key,
    vectors_file,
    write_vectors,
)
from kb.search_meaning import Meaning, hit_text

np = pytest.importorskip("numpy")

REMAKE = "the shipped data or the model changed: run python train/ship_vectors.py"


@pytest.fixture(scope="module")
def shipped_texts(shipped_build) -> list[str]:
    from kb.store import KnowledgeBase

    with KnowledgeBase(shipped_build.store) as kb:
        return list(dict.fromkeys(hit_text(r.export()) for r in kb.records()))


@pytest.fixture(scope="module")
def shipped() -> ShippedVectors:
    loaded = ShippedVectors.load()
    assert loaded is not None, f"{vectors_file().name} is missing: {REMAKE}"
    return loaded


def test_every_shipped_record_has_its_vector(shipped, shipped_texts) -> None:
    found = shipped.find([text_key(t) for t in shipped_texts])
    missing = [t[:60] for t in shipped_texts if text_key(t) not in found]
    assert not missing, f"{len(missing)} texts without a vector ({missing[:3]}): {REMAKE}"
    assert len(shipped) == len(shipped_texts), REMAKE  # and none of texts gone
    for vector in list(found.values())[:50]:
        assert np.linalg.norm(vector) == pytest.approx(1.0, abs=2e-3)


def test_shipped_vectors_are_the_models(shipped, shipped_texts) -> None:
    from kb.sentence_model import ModelMissing, SentenceModel

    try:
        model = SentenceModel.load()
    except ModelMissing as missing:
        pytest.skip(str(missing))
    # a spread of texts: short and long, each kind of record
    sample = shipped_texts[:: max(1, len(shipped_texts) // 12)]
    made = model.encode(sample)
    found = shipped.find([text_key(t) for t in sample])
    for text, vector in zip(sample, made, strict=True):
        assert float(found[text_key(text)] @ vector) > 0.9999, text[:60]
        assert np.abs(found[text_key(text)] - vector).max() < 2e-3


def test_every_adapter_question_has_its_vector_and_records(shipped_build) -> None:
    """The questions asked before (`questions_file`) are the shipped questions,
    each with the records it names, made by the installed model and adapter."""
    from kb.sentence_model import ModelMissing, SentenceModel
    from kb.store import KnowledgeBase
    from train.homes import ASKED_QUESTIONS, read_questions

    questions = ShippedVectors.load(questions_file())
    assert questions is not None, f"{questions_file().name} is missing: {REMAKE}"
    named: dict[str, set[str]] = {}
    for question in read_questions(ASKED_QUESTIONS):
        named.setdefault(question["q"], set()).add(question["id"])
    assert len(questions) == len(named), REMAKE
    found = questions.find([text_key(q) for q in named])
    assert len(found) == len(named), REMAKE
    with KnowledgeBase(shipped_build.store) as kb:
        for asked, ids in list(named.items())[::97]:
            [(answering, cosine)] = questions.nearest(found[text_key(asked)], 1)
            assert set(answering) == ids and cosine == pytest.approx(1.0, abs=2e-3)
            assert all(kb.get(i) is not None for i in answering)
    try:
        model = SentenceModel.load()
    except ModelMissing as missing:
        pytest.skip(str(missing))
    sample = list(named)[::200]
    for text, vector in zip(sample, model.encode(sample), strict=True):
        assert float(found[text_key(text)] @ vector) > 0.9999, text[:60]


def test_search_reads_shipped_vectors_without_the_model(tmp_path: Path, shipped,
                                                        shipped_texts) -> None:
    meaning = Meaning(tmp_path)
    texts = shipped_texts[100:120]
    vectors = meaning.vectors(texts)
    assert vectors.shape == (20, len(vectors[0]))
    assert meaning._model is None  # the model never loaded
    assert not meaning.cache_path.exists()  # nothing to keep in the home
    found = shipped.find([text_key(t) for t in texts])
    assert np.array_equal(vectors, np.stack([found[text_key(t)] for t in texts]))


def test_vectors_written_are_read_back_by_key(tmp_path: Path) -> None:
    rng = np.random.default_rng(7)
    texts = ["Trample.", "Flying.", "Trample.", "Reach.", "Haste."]
    vectors = rng.standard_normal((5, 384)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    path = tmp_path / "vectors.npy"
    ids = [["a:trample"], ["a:flying"], ["b:trample"], ["a:reach"], ["a:haste"]]
    write_vectors(path, [text_key(t) for t in texts], vectors, ids)
    loaded = ShippedVectors.load(path)
    assert loaded is not None and len(loaded) == 4  # one row a distinct text
    found = loaded.find([text_key(t) for t in ("Haste.", "Menace.", "Flying.")])
    assert set(found) == {text_key("Haste."), text_key("Flying.")}
    assert np.abs(found[text_key("Haste.")] - vectors[4]).max() < 1e-3
    assert np.abs(found[text_key("Flying.")] - vectors[1]).max() < 1e-3
    # nearest a vector: its own text first, with every record of that text
    near = loaded.nearest(vectors[0], 2)
    assert near[0][0] == ["a:trample", "b:trample"]
    assert near[0][1] == pytest.approx(1.0, abs=2e-3)
    assert near[1][1] == pytest.approx(max(float(vectors[0] @ v) for v in vectors[[1, 3, 4]]),
                                       abs=2e-3)
    # without the ids beside it, the vectors still serve, nothing is found by them
    path.with_suffix(".json").unlink()
    alone = ShippedVectors.load(path)
    assert alone is not None and alone.find([text_key("Reach.")]) and \
        alone.nearest(vectors[0], 2) == []


def test_a_damaged_or_foreign_file_is_not_read(tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.npy"
    damaged.write_bytes(b"\x93NUMPY not really")
    foreign = tmp_path / "foreign.npy"
    np.save(foreign, np.zeros((3, 384), dtype=np.float32))
    assert ShippedVectors.load(damaged) is None
    assert ShippedVectors.load(foreign) is None
    assert ShippedVectors.load(tmp_path / "absent.npy") is None


def test_nearest_shipped_records_are_their_records(shipped, shipped_build) -> None:
    from kb.store import KnowledgeBase

    with KnowledgeBase(shipped_build.store) as kb:
        record = kb.get("cr-2026-01-16:704.5j")
        assert record is not None
        own = hit_text(record.export())
        [vector] = shipped.find([text_key(own)]).values()
        ids, cosine = shipped.nearest(vector, 3)[0]
        assert ids == ["cr-2026-01-16:704.5j"] and cosine == pytest.approx(1.0, abs=2e-3)
        for ids, _ in shipped.nearest(vector, 20):
            assert all(kb.get(i) is not None for i in ids)
