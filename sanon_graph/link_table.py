"""The kept links of an analysis as arrays: what links.jsonl and the report are written from.

A 1,000,000-document corpus has millions of links. As a DataFrame of document-id strings and a
Python list of entity ids per link they took ~120 bytes a link after the graph's rows were
read, and the rows themselves several times that while they were read; here a link is two
document indexes, two strengths and its shared entities' indexes (~40 bytes), and the graph's
rows are read one partition at a time.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from .errors import GraphError
from .graph import GraphStore

PAIRS_AT_ONCE = 100_000


@dataclass
class LinkTable:
    """Links in (doc_a, doc_b) id order (doc_a < doc_b by id), with their via entities in id
    order: the order every engine's links() gives, so the outputs are the same bytes."""

    a: np.ndarray  # int32 document index of doc_a
    b: np.ndarray  # int32 document index of doc_b
    via_start: np.ndarray  # int64, len(self) + 1: link i's via entities are via[via_start[i]:via_start[i + 1]]
    via: np.ndarray  # int32 entity indexes (entity ids sorted, so index order is id order)
    strength_before: np.ndarray
    strength_after: np.ndarray

    def __len__(self) -> int:
        return len(self.a)

    def pairs(self) -> Iterator[tuple[int, int]]:
        """(a, b) per link, in order; made PAIRS_AT_ONCE at a time (two lists of every link's
        documents as Python ints were 600 MB at 1,000,000 documents, and the allocator kept them)."""
        for start in range(0, len(self.a), PAIRS_AT_ONCE):
            yield from zip(self.a[start:start + PAIRS_AT_ONCE].tolist(), self.b[start:start + PAIRS_AT_ONCE].tolist(),
                           strict=True)

    def via_between(self, x: int, y: int) -> list[int]:
        """The via entities of the link between documents x and y (either way round), or []."""
        at = np.flatnonzero(((self.a == x) & (self.b == y)) | ((self.a == y) & (self.b == x)))
        if not len(at):
            return []
        return self.via[self.via_start[at[0]]:self.via_start[at[0] + 1]].tolist()

    def rows(self, doc_ids: Sequence[str], entity_ids: Sequence[str]) -> Iterator[tuple[str, str, list[str], float, float]]:
        """(doc_a, doc_b, via ids, strength before, strength after) per link, in order."""
        starts = self.via_start.tolist()
        via = self.via.tolist()
        for i, (a, b, before, after) in enumerate(zip(self.a.tolist(), self.b.tolist(), self.strength_before.tolist(),
                                                      self.strength_after.tolist(), strict=True)):
            yield doc_ids[a], doc_ids[b], [entity_ids[e] for e in via[starts[i]:starts[i + 1]]], before, after


def read_links(store: GraphStore, doc_index: dict[str, int], entity_index: dict[str, int],
               doc_rank: np.ndarray) -> LinkTable:
    """The graph's links (with their strength before masking, as strength_before and
    strength_after), read partition by partition into a LinkTable. doc_rank: each document's
    rank in id order."""
    a_parts, b_parts, counts, via_parts, strength_parts = [], [], [], [], []
    for frame in store.link_parts(with_via=True):
        if frame.empty:
            continue
        a_parts.append(np.fromiter((doc_index[d] for d in frame["doc_a"].tolist()), np.int32, len(frame)))
        b_parts.append(np.fromiter((doc_index[d] for d in frame["doc_b"].tolist()), np.int32, len(frame)))
        vias = frame["via"].tolist()
        counts.append(np.fromiter(map(len, vias), np.int64, len(vias)))
        via_parts.append(np.fromiter((entity_index[e] for v in vias for e in v), np.int32))
        strength_parts.append(frame["strength_before"].to_numpy(float))
        del frame, vias
    if not a_parts:
        empty = np.zeros(0, dtype=np.int32)
        return LinkTable(empty, empty, np.zeros(1, dtype=np.int64), empty, np.zeros(0), np.zeros(0))
    a, b = np.concatenate(a_parts), np.concatenate(b_parts)
    count = np.concatenate(counts)
    via = np.concatenate(via_parts)
    strength = np.concatenate(strength_parts)
    order = np.lexsort((doc_rank[b], doc_rank[a]))  # links in (doc_a, doc_b) id order
    position = np.empty(len(order), dtype=np.int64)
    position[order] = np.arange(len(order))
    via = via[np.lexsort((via, np.repeat(position, count)))]  # then each link's via in id order
    start = np.zeros(len(count) + 1, dtype=np.int64)
    np.cumsum(count[order], out=start[1:])
    return LinkTable(a[order], b[order], start, via, strength[order], strength[order].copy())


def read_strengths(store: GraphStore, table: LinkTable, doc_index: dict[str, int], n_docs: int) -> np.ndarray:
    """Every link's current strength in the graph, in the table's order; the graph must hold
    exactly the table's links."""
    keys, strengths = [], []
    for frame in store.link_parts(with_via=False):
        if frame.empty:
            continue
        a = np.fromiter((doc_index[d] for d in frame["doc_a"].tolist()), np.int64, len(frame))
        b = np.fromiter((doc_index[d] for d in frame["doc_b"].tolist()), np.int64, len(frame))
        keys.append(a * n_docs + b)
        strengths.append(frame["strength"].to_numpy(float))
    key = np.concatenate(keys) if keys else np.zeros(0, dtype=np.int64)
    strength = np.concatenate(strengths) if strengths else np.zeros(0)
    wanted = table.a.astype(np.int64) * n_docs + table.b
    order = np.argsort(key, kind="stable")
    key, strength = key[order], strength[order]
    at = np.searchsorted(key, wanted)
    if len(key) != len(wanted) or (len(wanted) and not np.array_equal(key[np.minimum(at, len(key) - 1)], wanted)):
        raise GraphError(f"the graph's links changed while rescoring ({len(key)} links, {len(wanted)} expected)")
    return strength[at]
