"""report.html: written by analyze, rendered again by `sanon-graph report`, self-contained,
redactable, within its size budget, and working in a real browser (tests/browser.py)."""

from __future__ import annotations

import heapq
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from sanon_graph_cli.main import cli

from sanon_graph.report_html import Limits, render_html
from sanon_graph.report_html.page import CSP, json_block

from .browser import LOCAL_SCHEMES, browser_session, open_report, requested_urls
from .conftest import EXAMPLES, read_jsonl

HOSTILE = [
    {"id": "evil-1</script><b>x", "metadata": {"author": "Dr. Tomasz Zawadowski"},
     "content": "Patient Imogen Reyes, member ID MBR-55821, seen at Brackenridge Clinic for Erdheim-Chester disease "
                "on 03/14/2024. </script><script>window.__pwned=1</script><img src=x onerror=\"window.__pwned=2\"> "
                "<!-- <script>"},
    {"id": "evil-2", "content": "Member MBR-55821 (Imogen Reyes) was treated at Brackenridge Clinic for "
                                "Erdheim-Chester disease. <svg onload=\"window.__pwned=3\"></svg> ]]>"},
    {"id": "plain-3", "content": "A routine visit at St. Brigid Hospital."},
]


def _analyze(input_path: Path, out: Path, *extra: str) -> Path:
    result = CliRunner().invoke(cli, ["analyze", str(input_path), "--out", str(out), "--force", "-q", *extra],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    yield from browser_session(tmp_path_factory)


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    return _analyze(EXAMPLES, tmp_path_factory.mktemp("demo") / "out")


@pytest.fixture(scope="module")
def demo_redacted(tmp_path_factory) -> Path:
    return _analyze(EXAMPLES, tmp_path_factory.mktemp("demo-redacted") / "out", "--redact-report")


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "in").mkdir()
    (folder / "in" / "docs.jsonl").write_text("".join(json.dumps(d) + "\n" for d in HOSTILE), encoding="utf-8")
    return _analyze(folder / "in", folder / "out")


def report_data(html: str) -> dict:
    match = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', html, re.S)
    assert match, "no data block"
    return json.loads(match.group(1))


def masked_values(out: Path) -> set[str]:
    """Every spelling of every masked value, lower-cased."""
    values = set()
    for e in read_jsonl(out / "entities.jsonl"):
        if e["masked"]:
            values.add(e["normalized_value"].lower())
            values.update(v.lower() for v in e["original_values"])
    return values


def expected_graph(out: Path, top: int, min_risk: float = 0.0, risk: str = "risk_before") -> tuple[int, int]:
    """(documents, links) the graph must draw, computed here from the files on their own: the
    top chains' documents, every document linked to one of them, the links among all those,
    then the documents under min_risk and their links dropped."""
    chains = heapq.nlargest(top, read_jsonl(out / "chains.jsonl"), key=lambda c: c["risk_initial"])
    core = {d for c in chains for d in c["doc_ids"]}
    links = read_jsonl(out / "links.jsonl")
    drawn = core | {x for link in links for x, y in ((link["doc_a"], link["doc_b"]), (link["doc_b"], link["doc_a"]))
                    if y in core}
    docs = {d["doc_id"]: d for d in read_jsonl(out / "documents.jsonl")}
    shown = {d for d in drawn if docs[d][risk] >= min_risk}
    return len(shown), sum(1 for link in links if link["doc_a"] in shown and link["doc_b"] in shown)


# ---- without a browser


def test_analyze_writes_a_self_contained_report_html(demo):
    html = (demo / "report.html").read_text(encoding="utf-8")
    assert "report.html" in json.loads((demo / "run.json").read_text())["outputs"]
    assert f'<meta http-equiv="Content-Security-Policy" content="{CSP}">' in html
    # Nothing loads from anywhere: no external script, stylesheet, image or font.
    assert not re.search(r"<(script|img|link|iframe)[^>]*\s(src|href)=", html, re.I)
    assert "@import" not in html and "url(" not in (html.split("<style>")[1].split("</style>")[0])
    assert "cytoscape" in html and "The Cytoscape Consortium" in html  # inlined, with its licence notice
    data = report_data(html)
    docs = {d["doc_id"] for d in read_jsonl(demo / "documents.jsonl")}
    assert {n["id"] for n in data["nodes"]} <= docs
    assert (len(data["nodes"]), len(data["edges"])) == expected_graph(demo, 50)
    # Not redacted: the confidential sections show the masked values, and say so.
    assert '<span class="badge">CONFIDENTIAL</span>' in html and not data["meta"]["redacted"]
    assert any(v in html.lower() for v in masked_values(demo))


def test_report_command_renders_the_same_page_from_the_files_alone(demo, tmp_path, run_cli):
    # No graph database: the report is rendered from the output folder's files only.
    copy = tmp_path / "copy"
    shutil.copytree(demo, copy, ignore=shutil.ignore_patterns("graph.lbug", "report.html"))
    result = run_cli("report", copy)
    assert result.exit_code == 0, result.output
    assert (copy / "report.html").read_bytes() == (demo / "report.html").read_bytes()

    result = run_cli("report", copy, "--report-chains", 2)
    assert result.exit_code == 0
    data = report_data((copy / "report.html").read_text(encoding="utf-8"))
    assert len(data["chains"]) == 2
    assert (len(data["nodes"]), len(data["edges"])) == expected_graph(copy, 2)
    assert expected_graph(copy, 2) != expected_graph(copy, 50)  # the cut is a real one


def test_report_command_rejects_a_folder_that_is_not_an_analysis(tmp_path, run_cli):
    (tmp_path / "run.json").write_text("{}")
    result = CliRunner().invoke(cli, ["report", str(tmp_path)])
    assert result.exit_code == 2
    assert "documents.jsonl is missing" in result.output


def test_redact_report_leaves_every_masked_value_out(demo_redacted, tmp_path, run_cli):
    out = demo_redacted
    values = masked_values(out)
    assert values
    html = (out / "report.html").read_text(encoding="utf-8").lower()
    md = (out / "report.md").read_text(encoding="utf-8").lower()
    for value in values:
        assert value not in html, value
        assert value not in md, value
    assert report_data((out / "report.html").read_text(encoding="utf-8"))["meta"]["redacted"]
    assert "[name]" in html and "[name]" in md
    assert 'class="banner redacted"' in html and '<span class="badge">confidential</span>' not in html
    assert json.loads((out / "run.json").read_text())["settings"]["report"]["redact"] is True
    # Rendering again keeps the run's choice; --no-redact-report is an explicit decision.
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)
    assert run_cli("report", copy).exit_code == 0
    assert not any(v in (copy / "report.html").read_text(encoding="utf-8").lower() for v in values)
    assert run_cli("report", copy, "--no-redact-report").exit_code == 0
    assert any(v in (copy / "report.html").read_text(encoding="utf-8").lower() for v in values)


def test_json_block_cannot_be_closed_by_document_text():
    hostile = {"text": "</script><script>alert(1)</script><!-- <script> \u2028 \u2029 & ' \""}
    block = json_block("x", hostile)
    assert block.count("</script>") == 1 and block.endswith("</script>") and "<!--" not in block
    inner = block[len('<script type="application/json" id="x">'):-len("</script>")]
    assert json.loads(inner) == hostile


def test_caps_and_size_budget_are_kept_and_stated(demo):
    small = render_html(demo, limits=Limits(max_nodes=4, max_table_rows=3, budget_bytes=700_000 + 40_000))
    data = report_data(small)
    assert len(data["nodes"]) <= 4 and len(data["masked_table"]["rows"]) == 3
    assert len(small.encode()) <= 740_000
    notes = " ".join(data["notes"])
    assert "riskiest chains" in notes and "most important" in notes
    # The budget leaves the texts of the least risky drawn documents out, and says so.
    none = report_data(render_html(demo, limits=Limits(budget_bytes=700_000)))
    assert not any("text" in n for n in none["nodes"])
    # Room for the data without texts and about three texts.
    room = len(json.dumps(none, ensure_ascii=False).encode()) + 900
    tight = report_data(render_html(demo, limits=Limits(budget_bytes=700_000 + room)))
    with_text = [n for n in tight["nodes"] if "text" in n]
    without = [n for n in tight["nodes"] if "text" not in n]
    assert with_text and without
    assert min(n["rb"] for n in with_text) >= max(n["rb"] for n in without)
    assert any("is left out to keep the file under" in n for n in tight["notes"])


# ---- in a real browser


def _assert_stayed_offline(driver):
    urls = requested_urls(driver)
    assert urls and all(u.startswith(LOCAL_SCHEMES) for u in urls), urls
    resources = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert all(u.startswith(LOCAL_SCHEMES) for u in resources), resources
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors  # a CSP violation or a script error would be here


def _graph_counts(driver) -> tuple[int, int]:
    from selenium.webdriver.common.by import By

    graph = driver.find_element(By.ID, "graph")
    return int(graph.get_attribute("data-nodes")), int(graph.get_attribute("data-edges"))


def test_browser_draws_the_graph_and_shows_a_documents_masked_text(browser, demo):
    from selenium.webdriver.common.by import By

    driver = browser
    open_report(driver, demo / "report.html")
    assert _graph_counts(driver) == expected_graph(demo, 50)

    # A real click on the documents table: the document with the most masked values.
    entities = {e["entity_id"]: e for e in read_jsonl(demo / "entities.jsonl")}
    doc = max(read_jsonl(demo / "documents.jsonl"),
              key=lambda d: sum(entities[m["entity_id"]]["masked"] for m in d["mentions"]))
    drawn = report_data((demo / "report.html").read_text(encoding="utf-8"))["nodes"]
    index = next(i for i, n in enumerate(drawn) if n["id"] == doc["doc_id"])
    driver.find_element(By.CSS_SELECTOR, f'#documents-table tr[data-node="{index}"]').click()
    panel = driver.find_element(By.ID, "panel")
    assert panel.get_attribute("data-doc") == doc["doc_id"]
    text = panel.find_element(By.CSS_SELECTOR, "pre.masked-text").text
    masked = [entities[m["entity_id"]] for m in doc["mentions"] if entities[m["entity_id"]]["masked"]]
    assert all(e["replacement"] in text for e in masked)
    assert not any(v in text.lower() for e in masked for v in [*e["original_values"], e["normalized_value"]])
    marks = {m.text for m in panel.find_elements(By.CSS_SELECTOR, "pre.masked-text mark.replacement")}
    assert marks == {e["replacement"] for e in masked}
    # Not redacted: the panel's values table shows the masked values, struck through.
    struck = {s.text.lower() for s in panel.find_elements(By.CSS_SELECTOR, "s.masked-value")}
    assert struck == {e["normalized_value"].lower() for e in masked}

    # Tapping a node in the graph (cytoscape's own event) opens that document.
    other = next(i for i, n in enumerate(drawn) if n["id"] != doc["doc_id"])
    driver.execute_script("window.sanonReport.cy.$id(arguments[0]).emit('tap')", f"n{other}")
    assert panel.get_attribute("data-doc") == drawn[other]["id"]
    _assert_stayed_offline(driver)


def test_browser_filters_and_sorting(browser, demo):
    from selenium.webdriver.common.by import By

    driver = browser
    open_report(driver, demo / "report.html")
    driver.execute_script("const r = document.getElementById('min-risk'); r.value = '0.9';"
                          "r.dispatchEvent(new Event('input'));")
    assert _graph_counts(driver) == expected_graph(demo, 50, 0.9, "risk_before")
    driver.find_element(By.CSS_SELECTOR, 'input[name="mode"][value="after"]').click()
    assert _graph_counts(driver) == expected_graph(demo, 50, 0.9, "risk_after")
    assert _graph_counts(driver) != expected_graph(demo, 50, 0.9, "risk_before")
    driver.find_element(By.CSS_SELECTOR, 'input[name="mode"][value="before"]').click()
    driver.execute_script("const r = document.getElementById('min-risk'); r.value = '0';"
                          "r.dispatchEvent(new Event('input'));")
    # Unticking every chain category leaves no document drawn.
    for box in driver.find_elements(By.CSS_SELECTOR, 'input[name="cat"]'):
        box.click()
    assert _graph_counts(driver) == (0, 0)

    header = driver.find_element(By.XPATH, '//table[@id="masked-table"]//th[text()="documents"]')
    column = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "#masked-table th")].index("documents")
    header.click()
    cells = [int(td.text) for td in driver.find_elements(By.CSS_SELECTOR, f"#masked-table td:nth-child({column + 1})")]
    assert cells == sorted(cells) and len(set(cells)) > 1
    header.click()
    cells = [int(td.text) for td in driver.find_elements(By.CSS_SELECTOR, f"#masked-table td:nth-child({column + 1})")]
    assert cells == sorted(cells, reverse=True)
    _assert_stayed_offline(driver)


def test_browser_redacted_report_shows_no_masked_value(browser, demo_redacted):
    from selenium.webdriver.common.by import By

    driver = browser
    open_report(driver, demo_redacted / "report.html")
    for row in driver.find_elements(By.CSS_SELECTOR, "#documents-table tr[data-node]"):
        row.click()
        page = driver.execute_script("return document.body.innerText").lower()
        assert not any(v in page for v in masked_values(demo_redacted))
    assert driver.find_elements(By.CSS_SELECTOR, "#panel mark.replacement")
    _assert_stayed_offline(driver)


def test_browser_shows_hostile_document_text_as_text(browser, hostile):
    from selenium.webdriver.common.by import By

    driver = browser
    open_report(driver, hostile / "report.html")
    assert _graph_counts(driver) == expected_graph(hostile, 50) == (2, 1)
    driver.find_element(By.XPATH, '//table[@id="documents-table"]//td[text()="evil-1</script><b>x"]').click()
    text = driver.find_element(By.CSS_SELECTOR, "#panel pre.masked-text").text
    assert "</script><script>window.__pwned=1</script><img src=x" in text
    assert driver.execute_script("return window.__pwned === undefined")
    assert not driver.find_elements(By.CSS_SELECTOR, "#panel img, #panel script, #panel svg, #panel b")
    _assert_stayed_offline(driver)


def test_wheel_ships_the_vendored_library_its_licence_and_the_page_code(tmp_path):
    import subprocess
    import sys
    import zipfile

    from .conftest import ROOT

    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True)
    (wheel,) = tmp_path.glob("sanon_graph-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"sanon_graph/data/vendor/cytoscape.min.js", "sanon_graph/data/vendor/cytoscape.LICENSE",
            "sanon_graph/report_html/static/report.js", "sanon_graph/report_html/static/report.css",
            "sanon_graph/report_html/page.py"} <= names
