"""Move an offline analysis into other graph infrastructure.

neo4j-admin: CSV files with the headers `neo4j-admin database import full` reads (typed
properties, ID spaces per label, `;` as the array delimiter), plus the exact import command.
graphml: one GraphML file (documents, entities and chains as nodes; MENTIONS, LINKED and
INCLUDES as edges) for Gephi, yEd, NetworkX and the like.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import pandas as pd

from .errors import ConfigError
from .explore import open_analysis_graph
from .graph import GraphStore

ARRAY_DELIMITER = ";"


@dataclass(frozen=True)
class Table:
    query: str
    file: str
    kind: str  # "node" | "relationship"
    label: str  # node label or relationship type
    columns: dict[str, str]  # column -> neo4j-admin type ("" = string)
    start: str = ""  # relationships: ID space of the start and end nodes
    end: str = ""


TABLES = (
    Table("export_documents", "documents.csv", "node", "Document",
          {"id": "ID", "source_id": "", "path": "", "risk_before": "double", "risk_after": "double"}),
    Table("export_entities", "entities.csv", "node", "Entity",
          {"id": "ID", "type": "", "value": "", "weight": "double", "freq": "long", "uniqueness": "double",
           "importance": "double", "masked": "boolean", "stage": "", "replacement": ""}),
    Table("export_chains", "chains.csv", "node", "Chain",
          {"id": "ID", "length": "long", "risk_initial": "double", "risk_pre_chain": "double",
           "risk_after": "double", "category": "", "target_met": "boolean"}),
    Table("export_mentions", "mentions.csv", "relationship", "MENTIONS", {"relevance": "double"},
          "Document", "Entity"),
    Table("export_linked", "linked.csv", "relationship", "LINKED",
          {"strength_before": "double", "strength_after": "double", "hop_risk": "double", "via": "string[]"},
          "Document", "Document"),
    Table("export_includes", "includes.csv", "relationship", "INCLUDES", {"position": "long"},
          "Chain", "Document"),
)


def _frame(store: GraphStore, table: Table) -> pd.DataFrame:
    keys = ("id",) if table.kind == "node" else ("start_id", "end_id")
    return store.rows(table.query, columns=(*keys, *(c for c in table.columns if c != "id")))


def _cell(value: object) -> object:
    if isinstance(value, list | tuple):
        return ARRAY_DELIMITER.join(str(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


# Extra labels for Neo4j Browser styling (cypher/neo4j/style.grass): Browser styles by label,
# so documents get their risk band and entities their type (type names are validated identifiers).
RISK_BANDS = ((0.95, "RiskHigh"), (0.5, "RiskMedium"), (0.0, "RiskLow"))


def _risk_band(risk: float) -> str:
    return next(label for bound, label in RISK_BANDS if risk >= bound)


def _labels(table: Table, frame: pd.DataFrame) -> pd.Series | str:
    if table.label == "Document":
        return frame["risk_before"].map(lambda r: f"Document;{_risk_band(r)}")
    if table.label == "Entity":
        return frame["type"].map(lambda t: f"Entity;{t}")
    return table.label


def export_neo4j_admin(analysis_dir: Path, target: Path) -> dict[str, int]:
    """Write the CSV files and import-command.txt into target; returns rows per file."""
    store = open_analysis_graph(analysis_dir)
    try:
        frames = {table.file: _frame(store, table) for table in TABLES}
    finally:
        store.close()
    target.mkdir(parents=True, exist_ok=True)
    counts = {}
    for table in TABLES:
        frame = frames[table.file]
        header = []
        for column in frame.columns:
            if table.kind == "node" and column == "id":
                header.append(f"id:ID({table.label})")
            elif table.kind == "relationship" and column == "start_id":
                header.append(f":START_ID({table.start})")
            elif table.kind == "relationship" and column == "end_id":
                header.append(f":END_ID({table.end})")
            else:
                kind = table.columns[column]
                header.append(f"{column}:{kind}" if kind else column)
        out = frame.map(_cell)
        out.columns = header
        out[":LABEL" if table.kind == "node" else ":TYPE"] = _labels(table, frame)
        out.to_csv(target / table.file, index=False)
        counts[table.file] = len(frame)
    nodes = " ".join(f"--nodes={t.file}" for t in TABLES if t.kind == "node")
    rels = " ".join(f"--relationships={t.file}" for t in TABLES if t.kind == "relationship")
    style = resources.files("sanon_graph_cypher").joinpath("neo4j", "style.grass")
    (target / "style.grass").write_text(style.read_text(encoding="utf-8"), encoding="utf-8")
    (target / "import-command.txt").write_text(
        "# Run in this folder with the target database stopped (Neo4j 5); then load style.grass\n"
        "# in Neo4j Browser (:style, drop the file) to colour documents by risk and entities by type.\n"
        f'neo4j-admin database import full {nodes} {rels} --array-delimiter="{ARRAY_DELIMITER}" neo4j\n',
        encoding="utf-8",
    )
    return counts


_GRAPHML_TYPES = {"double": "double", "long": "long", "boolean": "boolean", "": "string", "string[]": "string"}


def export_graphml(analysis_dir: Path, target: Path) -> dict[str, int]:
    """Write one GraphML file; node ids are <label>:<id>. Lists are joined with ';'."""
    if target.suffix.lower() != ".graphml":
        raise ConfigError(f"{target}: the GraphML export is one file ending in .graphml")
    store = open_analysis_graph(analysis_dir)
    try:
        frames = {table.file: _frame(store, table) for table in TABLES}
    finally:
        store.close()
    ns = "http://graphml.graphdrawing.org/xmlns"
    root = ET.Element("graphml", xmlns=ns)
    keys: dict[tuple[str, str], str] = {}

    def key(domain: str, name: str, kind: str) -> str:
        if (domain, name) not in keys:
            keys[(domain, name)] = f"{domain[0]}_{name}"
            ET.SubElement(root, "key", id=keys[(domain, name)], attrib={
                "for": domain, "attr.name": name, "attr.type": _GRAPHML_TYPES[kind]})
        return keys[(domain, name)]

    key("node", "label", "")
    key("edge", "type", "")
    graph = ET.SubElement(root, "graph", id="sanon-graph", edgedefault="directed")
    counts = {"nodes": 0, "edges": 0}
    for table in TABLES:
        frame = frames[table.file]
        for row in frame.to_dict("records"):
            if table.kind == "node":
                element = ET.SubElement(graph, "node", id=f"{table.label}:{row.pop('id')}")
                ET.SubElement(element, "data", key=keys[("node", "label")]).text = table.label
                counts["nodes"] += 1
            else:
                element = ET.SubElement(graph, "edge", source=f"{table.start}:{row.pop('start_id')}",
                                        target=f"{table.end}:{row.pop('end_id')}")
                ET.SubElement(element, "data", key=keys[("edge", "type")]).text = table.label
                counts["edges"] += 1
            for name, value in row.items():
                if value is None or (isinstance(value, float) and pd.isna(value)):
                    continue
                k = key(element.tag, name, table.columns[name])
                ET.SubElement(element, "data", key=k).text = str(_cell(value))
    # <key> elements must come before <graph>
    root.remove(graph)
    root.append(graph)
    target.parent.mkdir(parents=True, exist_ok=True)
    ET.ElementTree(root).write(target, encoding="utf-8", xml_declaration=True)
    return counts
