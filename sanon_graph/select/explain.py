"""Why an extracted value was left readable: one reason per unmasked entity, for the
reviewer who signs the corpus off (entities.jsonl `kept_because`, report.md).

The reasons follow the selection's order: the direct-identifier floor (was the type direct,
was the floor on), then the targets the value took part in (a document over theta_doc, a
chain over its target) and whether they were met without it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..risk import MaskingState
from . import SelectionResult

if TYPE_CHECKING:
    from ..chain_table import ChainTable

UNDER_TARGET = "under target"
MET_WITHOUT = "target met without it"
NOT_MET = "target not met"


def kept_reasons(
    state: MaskingState,
    selection: SelectionResult,
    chains: ChainTable,
    is_direct: Sequence[bool],
    floor_on: bool,
) -> dict[int, str]:
    """entity index -> why it is unmasked, for every unmasked entity."""
    over_docs = set(selection.documents)  # documents over theta_doc when the document stage began
    unmet_docs = {d for d, o in selection.documents.items() if not o.target_met}
    over = chains.risk_pre_chain > chains.target
    over_chain_docs = chains.docs_where(over)
    unmet_chain_docs = chains.docs_where(over & ~chains.target_met)
    reasons: dict[int, str] = {}
    for e, docs in enumerate(state.docs_of):
        if e in selection.masked:
            continue
        if is_direct[e]:
            floor = "direct identifier, floor off (--no-direct-floor)" if not floor_on else "direct identifier"
        else:
            floor = "not a direct-identifier type"
        in_docs = set(docs)
        if in_docs & (unmet_docs | unmet_chain_docs):
            why = f"{NOT_MET}: a document or chain it is in stayed over target"
        elif in_docs & over_docs or in_docs & over_chain_docs:
            parts = []
            if in_docs & over_docs:
                parts.append("its document went under theta_doc by masking more important values")
            if in_docs & over_chain_docs:
                parts.append("its chain met the chain target by masking other values")
            why = f"{MET_WITHOUT}: {'; '.join(parts)}"
        else:
            why = f"{UNDER_TARGET}: every document it is in is under theta_doc and no chain through it is over target"
        reasons[e] = f"{why}; {floor}"
    return reasons
