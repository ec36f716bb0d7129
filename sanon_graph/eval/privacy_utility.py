"""`eval privacy` / `eval utility` / `eval report`: every baseline measured the same way.

One extraction, the baselines built from it (baselines.py), then per baseline: the corpus
leak rates, the retrieval leak rates (the attack prompts against a real retriever over the
whole masked corpus) and the Q&A utility, written as eval.json, report.md, report.html and
PNG plots (render.py).
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..config import Settings
from ..errors import InputError
from ..pipeline import Progress, check_output_location, move_into_place
from ..redact import occurs_in
from .baselines import ExtractedValue, build_baselines
from .clusters import Cluster, read_clusters
from .metrics import TextIndex, attack_prompts, leak_rates, utility_scores
from .phrase_search import phrase_search_linkage

TOP_K = 3


def evaluate(
    input_path: Path,
    clusters_dir: Path,
    out_dir: Path,
    base: Settings,
    strategies: Sequence[str] = ("greedy", "knapsack", "exact"),
    retrieval: bool = True,
    parts: Sequence[str] = ("privacy", "utility"),
    progress: Progress | None = None,
    force: bool = False,
) -> dict[str, Any]:
    """Build the baselines, measure them, and write the report folder out_dir."""
    from .render import write_report

    progress = progress or Progress()
    input_path, out_dir = Path(input_path).resolve(), Path(out_dir).resolve()
    check_output_location(input_path, out_dir, force)
    clusters = read_clusters(clusters_dir)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.partial-", dir=out_dir.parent))
    try:
        baselines, direct = build_baselines(input_path, work, base, strategies, progress)
        _check_cluster_documents(clusters, baselines["original"], Path(clusters_dir))
        model = None
        if retrieval:
            from .retriever import load_model

            model = load_model()
        runner, llm_note = None, None
        if not base.llm.model:
            llm_note = "skipped: no model configured (--model NAME or [llm] model)"
        elif not retrieval:
            llm_note = "skipped: the LLM protocol answers from retrieved contexts (drop --no-retrieval)"
        else:
            from ..pipeline import default_llm_cache
            from .llm_protocol import ChatRunner

            runner = ChatRunner(base.llm, base.llm.cache or default_llm_cache())
            llm_note = f"model {base.llm.model}"
        results: dict[str, Any] = {}
        with progress.stage("measure", len(baselines)) as advance:
            for name, contents in baselines.items():
                results[name] = measure(clusters, contents, base, model, retrieval, parts, baselines["original"],
                                        runner)
                if "privacy" in parts:
                    results[name]["direct_extracted_unmasked"] = direct_left(direct, contents)
                advance(1, name)
        report = {"input": str(input_path), "clusters": str(clusters_dir), "retrieval": retrieval,
                  "top_k": TOP_K, "parts": list(parts), "llm_protocol": llm_note, "baselines": results}
        write_report(report, work)
    except BaseException:
        import shutil

        shutil.rmtree(work, ignore_errors=True)
        raise
    move_into_place(work, out_dir, force)
    return report


def measure(clusters: Sequence[Cluster], contents: dict[str, str], base: Settings, model: Any,
            retrieval: bool, parts: Sequence[str], original: dict[str, str], runner: Any = None) -> dict[str, Any]:
    index = TextIndex(contents)
    schema = base.entity_schema
    result: dict[str, Any] = {}
    retriever = None
    if retrieval:
        from .retriever import Retriever

        ids = sorted(contents)
        retriever = Retriever(ids, [contents[i] for i in ids], model)
    if "privacy" in parts:
        result["corpus_leak"] = leak_rates(clusters, index, schema, lambda c: c.documents)
        if retriever is not None:
            retrieved: dict[str, set[str]] = {}
            for cluster in clusters:
                hits = retriever.search_many(attack_prompts(cluster), TOP_K)
                retrieved[cluster.cluster_id] = {d for row in hits for d in row}
            result["retrieval_leak"] = leak_rates(clusters, index, schema, lambda c: sorted(retrieved[c.cluster_id]))
        result["phrase_search"] = phrase_search_linkage(original, contents)
    if "utility" in parts:
        result["utility"] = utility_scores(
            clusters, contents, (lambda q: retriever.search(q, TOP_K)) if retriever is not None else None)
    if runner is not None and retriever is not None:
        from .llm_protocol import llm_protocol

        result["llm"] = llm_protocol(clusters, contents, lambda q: retriever.search(q, TOP_K), runner, schema)
    return result


def direct_left(direct: Sequence[ExtractedValue], contents: dict[str, str]) -> dict[str, Any]:
    """Extracted direct identifiers still readable in a baseline's texts (any spelling, in any
    document it was found in): with the direct-identifier floor this is 0."""
    left = [v for v in direct if any(occurs_in(contents.get(d, ""), x) for d in v.documents for x in v.variants)]
    by_type: dict[str, int] = {}
    for v in left:
        by_type[v.entity_type] = by_type.get(v.entity_type, 0) + 1
    return {"count": len(left), "extracted": len(direct), "by_type": dict(sorted(by_type.items()))}


def _check_cluster_documents(clusters: Sequence[Cluster], original: dict[str, str], folder: Path) -> None:
    for cluster in clusters:
        missing = [d for d in cluster.documents if d not in original]
        if missing:
            raise InputError(folder, f"cluster {cluster.cluster_id} names documents not in the input: "
                                     f"{', '.join(missing[:5])}")
