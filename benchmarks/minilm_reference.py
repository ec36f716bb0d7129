"""Reference all-MiniLM-L6-v2 vectors from sentence-transformers, for tests/test_minilm.py.

The suite holds the torch-free encoder (sanon_graph/eval/minilm.py) to the vectors this script
wrote once with sentence-transformers itself. It is NOT part of the suite: besides the eval extra
(the model files, the encoder under test) it needs what that extra deliberately leaves out,
sentence-transformers >= 6 (for `preprocess`) and torch; the versions that made the committed
file are recorded in it. The model folder is the one the encoder finds, so both read the same
files.

    python benchmarks/minilm_reference.py           # writes tests/data/minilm_reference.json
    python benchmarks/minilm_reference.py --speed   # texts/s of both encoders, 500 short documents
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks.synthetic import generate  # noqa: E402
from sanon_graph.eval.minilm import FILE_SHA256, MiniLM, check_files, find_model_dir  # noqa: E402

OUT = ROOT / "tests" / "data" / "minilm_reference.json"

# a long text of varied sentences: well past 256 tokens, so truncation decides what is embedded
_VISITS = " ".join(
    f"Visit {i}: the patient reported {s} and was seen by Dr. {d} at the {c} clinic on "
    f"{i + 1:02d}/{(i * 7) % 28 + 1:02d}/2023."
    for i, (s, d, c) in enumerate([
        ("headaches", "Okafor", "Seabrook"), ("fatigue", "Lindqvist", "Coastal Neurology"),
        ("blurred vision", "Nakamura", "Harbor Eye"), ("knee pain", "Moreau", "Bayview Ortho"),
        ("insomnia", "Castillo", "Pinecrest Sleep"), ("a persistent cough", "Adeyemi", "Northside"),
        ("dizziness", "Kowalski", "Lakeshore"), ("palpitations", "Haddad", "Riverside Cardio"),
    ] * 3))

# the retrieval check's corpus: varied on purpose (lengths, scripts, punctuation, near-empty)
DOCUMENTS = [
    "Patient Arlo Wrenn visited Coastal Neurology for palsy.",
    "The weather in Seabrook was mild.",
    "Claims for infusion therapy rose in 2024.",
    "A recipe for lemon cake.",
    "Neurology appeals take 18 days.",
    "",
    "?!",
    "  Leading and trailing spaces,\ttabs\tand\nnewlines.  \n",
    "Café déjà vu: naïve résumé, Zürich, São Paulo, Ærøskøbing.",
    "東京都の病院で診察を受けました。北京大学第一医院。",
    "Ελληνικά κείμενα, русский текст, עברית и العربية.",
    "Emoji 🙂👍🏽 and symbols ©®™ €£¥ ∑∫√ → ←",
    "ID H31902, DOB 07/22/2024, phone +1 (912) 555-0000, arlo.wrenn@example.com, "
    "https://example.org/a?b=c&d=e",
    "Don't re-use e-mail addresses; it's 50% off—really!? (Yes...) [NAME] saw [PATIENT_ID].",
    "UPPER CASE SHOUTING WITH MiXeD CaSe",
    "Pneumonoultramicroscopicsilicovolcanoconiosis" + "x" * 120,  # > 100 chars: one [UNK]
    "\x00\x07 control characters \u200b zero-width \ufeff byte-order mark",
    "def f(x): return x ** 2  # {\"json\": [1, 2.5e-3]}",
    _VISITS,
    "the " * 400,
]
QUERIES = [
    "Which neurology clinic did Arlo Wrenn visit?",
    "lemon dessert",
    "appeal times",
    "Wie war das Wetter?",
    "sleep problems and heart palpitations at several clinics",
]


def reference_model() -> Any:
    """sentence-transformers on the same model folder the encoder reads, on the CPU."""
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(str(find_model_dir()), device="cpu")


def write_reference() -> None:
    import sentence_transformers
    import torch

    folder = find_model_dir()
    check_files(folder)
    model = reference_model()
    texts = DOCUMENTS + QUERIES
    vectors = model.encode(texts, batch_size=8, show_progress_bar=False)
    features = model.preprocess(texts)
    ids = [row[mask.bool()].tolist() for row, mask in zip(features["input_ids"],
                                                          features["attention_mask"], strict=True)]
    meta = {
        "model": "sentence-transformers/all-MiniLM-L6-v2",
        "files_sha256": FILE_SHA256,
        "made_with": {"sentence_transformers": sentence_transformers.__version__,
                      "torch": torch.__version__, "python": platform.python_version()},
        "max_seq_length": model.max_seq_length,
        "roles": ["document"] * len(DOCUMENTS) + ["query"] * len(QUERIES),
        "texts": texts,
    }
    # one row of ids or floats a line; 8 decimals are far below the test's 1e-4 tolerance
    rows = {"input_ids": ids, "vectors": [[round(float(v), 8) for v in row] for row in vectors]}
    body = [json.dumps(meta, ensure_ascii=False, indent=1)[1:-2]]
    body += [f'\n "{key}": [\n' + ",\n".join(json.dumps(r) for r in value) + "\n ]"
             for key, value in rows.items()]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("{" + ",".join(body) + "\n}\n", encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(texts)} texts, token counts {[len(i) for i in ids]}")


def speed(n_docs: int, batch_size: int, repeats: int) -> None:
    records, _ = generate(n_docs, seed=11)
    texts = [r["content"] for r in records]
    encoders = {"numpy MiniLM": MiniLM(find_model_dir())}
    try:
        encoders["sentence-transformers"] = reference_model()
    except ImportError:
        print("sentence-transformers is not installed: timing the numpy encoder only")
    tokens = sum(len(i) for i in encoders["numpy MiniLM"].tokenize(texts)) / len(texts)
    print(f"{len(texts)} documents, {tokens:.0f} tokens on average, batch size {batch_size}")
    for name, encoder in encoders.items():
        encoder.encode(texts[:batch_size], batch_size=batch_size, show_progress_bar=False)  # warm
        wall, cpu = min(_timed(encoder, texts, batch_size) for _ in range(repeats))
        # CPU seconds too: on a shared machine wall time also measures the neighbours
        print(f"{name:>22}: {len(texts) / wall:6.1f} texts/s ({wall:.1f} s wall, {cpu:.1f} s CPU, "
              f"best of {repeats})")


def _timed(encoder: Any, texts: list[str], batch_size: int) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    encoder.encode(texts, batch_size=batch_size, show_progress_bar=False)
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--speed", action="store_true",
                        help="time both encoders instead of writing the reference")
    parser.add_argument("--docs", type=int, default=500)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if args.speed:
        speed(args.docs, args.batch_size, args.repeats)
    else:
        write_reference()


if __name__ == "__main__":
    main()
