"""Linkage quality: the chains a run flags against hand-labelled links (METHOD section 4).

A run flags a chain of 2 or 3 documents when its risk is at least the MEDIUM bound (by
default the initial risk, before masking: what the pipeline found). Chain level: a gold
chain is found when a flagged chain has the same set of documents; every gold chain counts
once. Pair level: every pair of documents inside a chain, gold and flagged alike (a 3-document
chain a-b-c says a, b and c belong together). Document ids are the input ids (`source_ids`).
When ids carry a cluster prefix (`cluster_3_doc2`), flagged pairs are counted as intra- or
inter-cluster links: an inter-cluster link is a false link between two people.

A gold link naming a document the run does not have (a labelling slip such as
`cluster_0_doc0` in a set whose documents start at doc1) cannot be found by any run; it is
left out of the scores and listed under `gold_links_unknown_documents`, so the labels can be
fixed rather than silently counted against the tool.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ConfigError, InputError

CLUSTER = re.compile(r"^(.*?)[_-]doc[_-]?\d+$")


@dataclass(frozen=True)
class Score:
    true_positives: int
    false_positives: int
    false_negatives: int

    @property
    def precision(self) -> float:
        found = self.true_positives + self.false_positives
        return self.true_positives / found if found else 0.0

    @property
    def recall(self) -> float:
        wanted = self.true_positives + self.false_negatives
        return self.true_positives / wanted if wanted else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_dict(self) -> dict[str, float | int]:
        return {"precision": self.precision, "recall": self.recall, "f1": self.f1, "tp": self.true_positives,
                "fp": self.false_positives, "fn": self.false_negatives}


def score(found: set, wanted: set) -> Score:
    return Score(len(found & wanted), len(found - wanted), len(wanted - found))


def pairs(chains: set[frozenset[str]]) -> set[frozenset[str]]:
    return {frozenset(p) for chain in chains for p in itertools.combinations(sorted(chain), 2)}


def cluster_of(doc_id: str) -> str | None:
    m = CLUSTER.match(doc_id)
    return m.group(1) if m else None


def linkage_metrics(flagged: list[list[str]], gold: list[list[str]],
                    known_documents: set[str] | None = None) -> dict[str, Any]:
    """Scores of flagged chains against gold; with known_documents, gold links naming other
    documents are reported, not scored."""
    unknown = [link for link in gold if known_documents is not None and not set(link) <= known_documents]
    flagged_chains = {frozenset(c) for c in flagged if 2 <= len(set(c)) <= 3}
    gold_chains = {frozenset(c) for c in gold if c not in unknown}
    flagged_pairs, gold_pairs = pairs(flagged_chains), pairs(gold_chains)
    clusters = [(cluster_of(a), cluster_of(b)) for a, b in (sorted(p) for p in flagged_pairs)]
    labelled = [(x, y) for x, y in clusters if x is not None and y is not None]
    return {
        "chains": score(flagged_chains, gold_chains).as_dict(),
        "pairs": score(flagged_pairs, gold_pairs).as_dict(),
        "flagged_chains": len(flagged_chains),
        "flagged_pairs": len(flagged_pairs),
        "gold_chains": len(gold_chains),
        "intra_cluster_links": sum(1 for x, y in labelled if x == y) if labelled else None,
        "inter_cluster_links": sum(1 for x, y in labelled if x != y) if labelled else None,
        "gold_links_unknown_documents": unknown,
    }


def read_gold(path: Path) -> list[list[str]]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(path, "gold links file not found") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(path, f"not valid JSON: {exc}") from None
    links = data.get("links") if isinstance(data, dict) else data
    if not isinstance(links, list):
        raise InputError(path, 'expected {"links": [[doc_id, doc_id(, doc_id)], ...]}')
    for i, link in enumerate(links):
        if not isinstance(link, list) or not 2 <= len(link) <= 3 or not all(isinstance(d, str) for d in link):
            raise InputError(path, "a link is a list of 2 or 3 document ids", f"links[{i}]")
    return links


def evaluate_run(out_dir: Path, gold_path: Path | None, risk: str = "initial") -> dict[str, Any]:
    """Linkage metrics of an analyze output folder against a gold links file. Without one, the
    scores are left out and only the flagged links and their cluster split are reported."""
    out_dir = Path(out_dir)
    try:
        run = json.loads((out_dir / "run.json").read_text(encoding="utf-8"))
        chain_lines = (out_dir / "chains.jsonl").read_text(encoding="utf-8").split("\n")
    except FileNotFoundError:
        raise ConfigError(f"{out_dir}: not an analyze output folder (run.json and chains.jsonl expected)") from None
    field = {"initial": "risk_initial", "pre_chain": "risk_pre_chain"}.get(risk)
    if field is None:
        raise ConfigError("risk must be 'initial' or 'pre_chain'")
    medium = run["settings"]["policy"]["medium"]
    try:
        known = {json.loads(line)["source_id"]
                 for line in (out_dir / "documents.jsonl").read_text(encoding="utf-8").split("\n") if line.strip()}
    except FileNotFoundError:
        raise ConfigError(f"{out_dir}: not an analyze output folder (documents.jsonl expected)") from None
    chains = [json.loads(line) for line in chain_lines if line.strip()]
    flagged = [c["source_ids"] for c in chains if c[field] >= medium]
    metrics = linkage_metrics(flagged, read_gold(gold_path) if gold_path is not None else [], known)
    if gold_path is None:
        del metrics["chains"], metrics["pairs"]  # nothing to score against
    metrics.update({"run": str(out_dir), "gold": str(gold_path) if gold_path is not None else None,
                    "flagged_by": f"{field} >= {medium}"})
    return metrics
