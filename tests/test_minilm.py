"""The torch-free all-MiniLM-L6-v2 encoder against sentence-transformers' own output.

tests/data/minilm_reference.json holds vectors that benchmarks/minilm_reference.py computed once
with sentence-transformers (torch) on varied texts: short, near-empty, > 256 tokens (truncated),
accented, CJK, Greek/Cyrillic/Hebrew/Arabic, emoji, control characters, code.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

REFERENCE_FILE = Path(__file__).parent / "data" / "minilm_reference.json"
REFERENCE = json.loads(REFERENCE_FILE.read_text(encoding="utf-8"))
TOLERANCE = 1e-4  # max abs difference per component; float32 reorderings are ~1e-7


@pytest.fixture(scope="module")
def model():
    pytest.importorskip("tokenizers", reason="the eval extra is not installed")
    from sanon_graph.eval.retriever import load_model

    return load_model()


@pytest.fixture(scope="module")
def vectors(model) -> np.ndarray:
    return model.encode(REFERENCE["texts"], batch_size=8, show_progress_bar=False)


def test_tokens_are_sentence_transformers_tokens(model):
    assert model.max_seq_length == REFERENCE["max_seq_length"] == 256
    ids = model.tokenize(REFERENCE["texts"])
    for text, mine, theirs in zip(REFERENCE["texts"], ids, REFERENCE["input_ids"], strict=True):
        assert mine == theirs, text[:60]
    assert max(len(i) for i in ids) == 256  # the long texts were truncated, [SEP] kept last
    assert all(i[0] == 101 and i[-1] == 102 for i in ids)


def test_embeddings_match_sentence_transformers(vectors):
    reference = np.asarray(REFERENCE["vectors"], dtype=np.float32)
    assert vectors.shape == reference.shape == (len(REFERENCE["texts"]), 384)
    assert vectors.dtype == np.float32
    worst = np.abs(vectors - reference).max(axis=1)
    assert worst.max() <= TOLERANCE, dict(zip(REFERENCE["texts"], worst.tolist(), strict=True))
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)


def test_batching_and_order_do_not_change_a_text_vector(model, vectors):
    texts = REFERENCE["texts"]
    shuffled = np.random.default_rng(3).permutation(len(texts))
    again = model.encode([texts[i] for i in shuffled], batch_size=3)
    np.testing.assert_allclose(again, vectors[shuffled], atol=1e-6)
    alone = model.encode([texts[0]], batch_size=1)
    np.testing.assert_allclose(alone[0], vectors[0], atol=1e-6)
    assert model.encode([]).shape == (0, 384)


def test_retriever_top3_is_the_reference_top3(model):
    from sanon_graph.eval.retriever import Retriever

    roles = REFERENCE["roles"]
    docs = [i for i, r in enumerate(roles) if r == "document"]
    queries = [i for i, r in enumerate(roles) if r == "query"]
    texts, reference = REFERENCE["texts"], np.asarray(REFERENCE["vectors"], dtype=np.float64)
    retriever = Retriever([f"d{i}" for i in docs], [texts[i] for i in docs], model)
    for q in queries:
        d = ((reference[docs] - reference[q]) ** 2).sum(1)
        order = np.argsort(d, kind="stable")
        # a near-tie could flip with ~1e-7 noise and make this test flaky, not informative
        assert np.diff(d[order[:4]]).min() > 1e-4, texts[q]
        assert retriever.search(texts[q], 3) == [f"d{docs[j]}" for j in order[:3]], texts[q]


def test_gelu_is_the_erf_gelu():
    from sanon_graph.eval.minilm import gelu

    x = np.linspace(-10, 10, 40001, dtype=np.float32)
    exact = np.array([0.5 * v * (1 + math.erf(v / math.sqrt(2))) for v in x.astype(float)])
    assert np.abs(gelu(x) - exact).max() < 1e-6
    assert gelu(x).dtype == np.float32


def test_files_that_are_not_the_published_model_are_refused(tmp_path, monkeypatch):
    from sanon_graph.errors import ConfigError
    from sanon_graph.eval import minilm, retriever

    (tmp_path / "model.safetensors").write_bytes(b"not the weights")
    (tmp_path / "tokenizer.json").write_text("{}")
    with pytest.raises(ValueError, match="model.safetensors is not"):
        minilm.check_files(tmp_path)
    monkeypatch.setattr(minilm, "WEIGHT_PACKAGES", (lambda: tmp_path,))
    with pytest.raises(ConfigError, match="is not sentence-transformers/all-MiniLM-L6-v2's"):
        retriever.load_model()
    monkeypatch.setattr(minilm, "WEIGHT_PACKAGES", ())
    with pytest.raises(ConfigError, match=r"pip install 'sanon-graph\[eval\]'"):
        retriever.load_model()
