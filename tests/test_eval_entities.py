"""eval entities: extractor recall against the hidden person's entity list, on a hand-made
cluster and through the CLI."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from sanon_graph_cli.main import cli

from sanon_graph.eval.entities import evaluate_entities

from .conftest import thesis_set, write_json


def test_hand_made_cluster(tmp_path):
    docs = [{"id": "c0_doc1", "content": "Patient Rex Salam was seen at Abilene General Hospital on 11/15/2023."},
            {"id": "c0_doc2", "content": "Rex Salam's claim GP-61473QM was approved."}]
    write_json(tmp_path / "in" / "docs.json", docs)
    write_json(tmp_path / "clusters" / "cluster_00.json", {"documents": docs, "metadata": {"person": {"entities": [
        ["Rex Salam", "NAME"], ["GP-61473QM", "PATIENT_ID"], ["Abilene General Hospital", "LOCATION"],
        ["2023-11-15", "EVENT_DATE"],     # found through the normalised value, but not verbatim: not findable
        ["Jane Roe", "NAME"]]}}})        # not in the text: not findable
    entities = tmp_path / "e.jsonl"
    entities.write_text("\n".join(json.dumps(r) for r in [
        {"source_id": "c0_doc1", "entities": [["Rex Salam", "rex salam", "NAME", 1.0],
                                              ["Abilene General Hospital", "abilene general hospital", "PROVIDER", 0.6],
                                              ["11/15/2023", "2023-11-15", "EVENT_DATE", 0.5]]},
        {"source_id": "c0_doc2", "entities": [["GP-61473QM", "GP-61473QM", "NON_PERSONAL_ID", 0.8]]}]) + "\n")
    runner = CliRunner()
    assert runner.invoke(cli, ["analyze", str(tmp_path / "in"), "--out", str(tmp_path / "out"), "-q",
                               "--extractor", "precomputed", "--entities", str(entities)]).exit_code == 0
    m = evaluate_entities(tmp_path / "out", tmp_path / "clusters")
    assert (m["person_entities"], m["findable"]) == (5, 3)
    assert m["recall"] == pytest.approx(4 / 5)  # all but Jane Roe, the date through its normalised value
    assert m["recall_findable"] == pytest.approx(1.0)
    assert m["recall_findable_typed"] == pytest.approx(1 / 3)  # the hospital and the ID were typed otherwise
    assert m["weighted_recall_findable"] == pytest.approx(1.0)
    assert m["by_type"]["LOCATION"] == {"findable": 1, "found": 1, "found_typed": 0}
    assert m["by_type"]["NAME"] == {"findable": 1, "found": 1, "found_typed": 1}
    result = runner.invoke(cli, ["eval", "entities", str(tmp_path / "out"), "--clusters", str(tmp_path / "clusters"), "--json"])
    assert result.exit_code == 0 and json.loads(result.output)["findable"] == 3
    empty = tmp_path / "none"
    empty.mkdir()
    assert runner.invoke(cli, ["eval", "entities", str(tmp_path / "out"), "--clusters", str(empty)]).exit_code == 2


@pytest.mark.slow
def test_thesis_dev_entity_recall_is_consistent(tmp_path):
    base = thesis_set("debug_3")
    runner = CliRunner()
    assert runner.invoke(cli, ["analyze", str(base / "documents"), "--out", str(tmp_path / "out"), "-q"]).exit_code == 0
    m = evaluate_entities(tmp_path / "out", base / "clusters")
    assert m["findable"] == sum(r["findable"] for r in m["by_type"].values())
    found = sum(r["found"] for r in m["by_type"].values())
    assert m["recall_findable"] == pytest.approx(found / m["findable"])
    assert 0 < m["recall_findable_typed"] <= m["recall_findable"] <= 1
