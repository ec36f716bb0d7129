"""The evaluation data: clusters of documents about one hidden person, with the person's
entities and Q&A pairs (METHOD section 4, thesis-dev layout clusters/cluster_NN.json)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError


@dataclass(frozen=True)
class Question:
    question: str
    answer: str
    sources: tuple[str, ...]
    kind: str  # "specific" | "general"

    @property
    def category(self) -> str:
        """single|multi (one or several source documents) x specific|general, as the research reports."""
        return f"{'single' if len(self.sources) == 1 else 'multi'}-{self.kind}"


@dataclass(frozen=True)
class Cluster:
    cluster_id: str
    risk: str  # HIGH | MEDIUM | LOW
    person: tuple[tuple[str, str], ...]  # (value, type)
    documents: tuple[str, ...]  # input document ids
    questions: tuple[Question, ...]


def read_clusters(folder: Path) -> list[Cluster]:
    """Every clusters/*.json file; errors name the file and what is missing."""
    folder = Path(folder)
    if not folder.is_dir():
        raise InputError(folder, "clusters folder not found")
    files = sorted(folder.glob("*.json"))
    if not files:
        raise InputError(folder, "no cluster files (*.json)")
    clusters = []
    for path in files:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            meta = data["metadata"]
            person = tuple((str(v), str(t)) for v, t in meta["person"]["entities"])
            questions = tuple(
                Question(str(q["q"]), str(q["a"]), tuple(q["sources"]), str(q.get("type", "specific")))
                for q in meta.get("questions", [])
            )
            documents = tuple(d["id"] for d in data["documents"])
            clusters.append(Cluster(str(meta.get("cluster_id", path.stem)), str(meta.get("cluster_risk", "LOW")),
                                    person, documents, questions))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise InputError(path, f"not valid JSON: {exc}") from None
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(path, f"not a cluster file (documents, metadata.person.entities, "
                                   f"metadata.questions expected): {exc!r}") from None
    return clusters
