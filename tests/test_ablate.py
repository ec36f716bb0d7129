"""sanon-graph ablate: one extraction through a grid of settings, one table."""

from __future__ import annotations

import csv
import json

from click.testing import CliRunner
from sanon_graph_cli.main import cli

from sanon_graph.ablate import COLUMNS

from .conftest import EXAMPLES


def test_one_row_per_grid_point_with_every_column(tmp_path):
    out = tmp_path / "abl"
    result = CliRunner().invoke(cli, [
        "ablate", str(EXAMPLES), "--out", str(out), "-q", "--strategies", "greedy,exact", "--chain-lengths", "2,3",
        "--theta-chains", "0.5", "--document-only", "0.9", "--plot"])
    assert result.exit_code == 0, result.output
    with (out / "ablation.csv").open() as fh:
        reader = csv.DictReader(fh)
        assert reader.fieldnames == COLUMNS
        rows = list(reader)
    assert [r["setting"] for r in rows] == ["greedy_cl2_td0.95_tc0.5", "greedy_cl3_td0.95_tc0.5",
                                            "exact_cl2_td0.95_tc0.5", "exact_cl3_td0.95_tc0.5", "document-only_td0.9"]
    md = (out / "ablation.md").read_text().splitlines()
    assert md[0] == "| " + " | ".join(COLUMNS) + " |" and len(md) == 2 + len(rows)
    assert json.loads((out / "ablation.json").read_text())[0]["setting"] == rows[0]["setting"]
    assert (out / "ablation.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (out / "entities.jsonl").stat().st_size > 0  # the one shared extraction
    for row in rows:  # each row is what that run reported
        run = json.loads((out / "runs" / f"{row['setting']}.json").read_text())
        assert int(row["masked_entities"]) == run["counts"]["masked_entities"]
        assert int(row["chain_length"]) == run["settings"]["policy"]["chain_length"]
        assert run["settings"]["extractor"] == "precomputed"
    exact, greedy_ = rows[2], rows[0]
    assert int(exact["masked_entities"]) <= int(greedy_["masked_entities"])
    assert exact["solver_status"] == "optimal" and greedy_["solver_status"] == "-"
    assert rows[4]["chain_stage"] == "False" and float(rows[4]["theta_doc"]) == 0.9


def test_bad_grids_and_locations_are_refused(tmp_path):
    runner = CliRunner()
    result = runner.invoke(cli, ["ablate", str(EXAMPLES), "--out", str(tmp_path / "a"), "--strategies", "fastest"])
    assert result.exit_code == 2 and "fastest" in result.output
    result = runner.invoke(cli, ["ablate", str(EXAMPLES), "--out", str(tmp_path / "a"), "--chain-lengths", "2,x"])
    assert result.exit_code == 2 and "comma-separated" in result.output
    result = runner.invoke(cli, ["ablate", str(EXAMPLES), "--out", str(tmp_path / "a"), "--chain-lengths", "5"])
    assert result.exit_code != 0 and "2, 3 or 4" in result.output
    result = runner.invoke(cli, ["ablate", str(EXAMPLES), "--out", str(EXAMPLES / "abl")])
    assert result.exit_code != 0 and "must not be inside the input" in result.output
    assert not (EXAMPLES / "abl").exists() and not (tmp_path / "a").exists()
