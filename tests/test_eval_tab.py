"""`eval tab`: the extractor scored on a corpus in the Text Anonymization Benchmark's format with
the benchmark's measures (entity recall of direct and quasi-identifiers with every mention
masked, token recall per type, token precision over the annotators). The corpus here is
invented; the figures are worked out by hand from the definitions."""

from __future__ import annotations

import json

import pytest

from sanon_graph.errors import InputError
from sanon_graph.eval.tab import mention_masked, read_tab, score_tab

from .conftest import write_json

TEXT = ("Mr Tadeusz Wrzosek was born in 1958 and lives in Gdańsk with his two children. "
        "On 5 and 19 March 2005 Mr Wrzosek was questioned. The Government disagreed.")


def span(text: str, occurrence: int = 0) -> tuple[int, int]:
    start = -1
    for _ in range(occurrence + 1):
        start = TEXT.index(text, start + 1)
    return start, start + len(text)


def mention(entity_id: str, entity_type: str, identifier: str, text: str, occurrence: int = 0) -> dict:
    start, end = span(text, occurrence)
    return {"entity_id": entity_id, "entity_type": entity_type, "identifier_type": identifier,
            "start_offset": start, "end_offset": end, "span_text": text}


def corpus() -> list[dict]:
    first = [
        mention("a1_e1", "PERSON", "DIRECT", "Mr Tadeusz Wrzosek"),
        mention("a1_e1", "PERSON", "DIRECT", "Mr Wrzosek"),
        mention("a1_e2", "DATETIME", "QUASI", "1958"),
        mention("a1_e3", "LOC", "QUASI", "Gdańsk"),
        mention("a1_e4", "DEM", "QUASI", "two children"),
        mention("a1_e5", "DATETIME", "QUASI", "5 and 19 March 2005"),
        mention("a1_e6", "ORG", "NO_MASK", "Government"),
    ]
    second = [
        mention("a2_e1", "PERSON", "DIRECT", "Mr Tadeusz Wrzosek"),
        mention("a2_e1", "PERSON", "DIRECT", "Mr Wrzosek"),
        mention("a2_e2", "DATETIME", "QUASI", "1958"),
        mention("a2_e3", "LOC", "NO_MASK", "Gdańsk"),  # this annotator would leave the city
        mention("a2_e5", "DATETIME", "QUASI", "5 and 19 March 2005"),
    ]
    return [{"doc_id": "001-1", "text": TEXT, "dataset_type": "test",
             "annotations": {"annotator1": {"entity_mentions": first}, "annotator2": {"entity_mentions": second}}},
            {"doc_id": "001-2", "text": "The applicant lives in Riga.", "dataset_type": "train",
             "annotations": {"annotator1": {"entity_mentions": []}}}]


def test_a_mention_is_masked_when_all_but_titles_function_words_and_punctuation_is():
    start, end = span("Mr Tadeusz Wrzosek")
    name_only = set(range(*span("Tadeusz Wrzosek")))
    assert mention_masked(TEXT, start, end, name_only)  # "Mr" needs no mask
    assert not mention_masked(TEXT, start, end, set(range(*span("Tadeusz"))))
    start, end = span("5 and 19 March 2005")
    days = set(range(*span("5 and 19 March 2005"))) - set(range(*span(" and ")))
    assert mention_masked(TEXT, start, end, days)  # "and" between the masked days
    assert not mention_masked(TEXT, start, end, set(range(*span("19 March 2005"))))  # "5" left


def test_the_benchmarks_measures_by_hand(tmp_path):
    documents = read_tab(write_json(tmp_path / "tab.json", corpus()), split="test")
    assert [d.doc_id for d in documents] == ["001-1"]
    masks = {"001-1": [span("Tadeusz Wrzosek"), span("Wrzosek", 1), span("1958"), span("Gdańsk"),
                       span("19 March 2005"), span("Government")]}
    m = score_tab(documents, masks)
    # direct: each annotator's name entity, both mentions masked ("Mr" skipped): 2 of 2
    assert (m["direct_entities"], m["entity_recall_direct"]) == (2, 1.0)
    # quasi: annotator1 1958, Gdańsk, two children, the days; annotator2 1958, the days: the
    # children and the days ("5" unmasked) missed by both -> 1958 x2 + Gdańsk = 3 of 6
    assert (m["quasi_entities"], m["entity_recall_quasi"]) == (6, 0.5)
    # masked tokens: Tadeusz Wrzosek Wrzosek 1958 Gdańsk 19 March 2005 Government = 9; agreeing
    # annotators: 2 each for the name (3 tokens), 1958 and the dates (3), 1 for Gdańsk, 0 for Government
    assert m["masked_tokens"] == 9
    assert m["token_precision"] == pytest.approx((2 * 3 + 2 + 1 + 2 * 3) / (2 * 9))
    # token recall per type: PERSON tokens Mr Tadeusz Wrzosek Mr Wrzosek, x2 annotators, all masked ("mr" skipped)
    assert m["token_recall_by_type"]["PERSON"] == {"tokens": 10, "masked": 10, "recall": 1.0}
    # DATETIME: 1958 (x2) masked; "5 and 19 March 2005" (x2): 19 March 2005 masked, "5" not, "and" skipped
    assert m["token_recall_by_type"]["DATETIME"] == {"tokens": 12, "masked": 10, "recall": pytest.approx(10 / 12)}


def test_the_cli_masks_what_the_rules_find_and_writes_the_benchmarks_format(tmp_path, run_cli):
    tab = write_json(tmp_path / "tab.json", corpus())
    masks_file = tmp_path / "masks.json"
    result = run_cli("eval", "tab", tab, "--split", "test", "--masks", masks_file, "--json")
    assert result.exit_code == 0, result.output
    m = json.loads(result.output)
    assert m["documents"] == 1 and m["extractor"].startswith("rules")
    assert m["entity_recall_direct"] == 1.0  # the name in both forms
    # the legal rules find 1958 (born in), Gdańsk and both listed days; "two children" is no value
    assert m["entity_recall_quasi"] == pytest.approx(5 / 6)
    masks = json.loads(masks_file.read_text(encoding="utf-8"))
    assert set(masks) == {"001-1"}
    masked_text = {TEXT[s:e] for s, e in masks["001-1"]}
    assert {"1958", "Gdańsk", "5", "19 March 2005"} <= masked_text
    assert "Government" not in masked_text
    human = run_cli("eval", "tab", tab, "--split", "test")
    assert "quasi-identifiers 0.833 of 6" in human.output


@pytest.mark.parametrize(("break_it", "reason"), [
    (lambda c: c[0].pop("annotations"), 'missing "annotations"'),
    (lambda c: c[0]["annotations"]["annotator1"]["entity_mentions"][2].update(end_offset=10_000), "outside the text"),
    (lambda c: c[0]["annotations"]["annotator1"]["entity_mentions"][2].update(identifier_type="MAYBE"), "identifier_type"),
    (lambda c: c[1].update(doc_id="001-1"), "doc_id repeated"),
])
def test_bad_tab_input_names_the_file_the_document_and_the_reason(tmp_path, run_cli, break_it, reason):
    records = corpus()
    break_it(records)
    tab = write_json(tmp_path / "tab.json", records)
    with pytest.raises(InputError) as error:
        read_tab(tab)
    assert reason in str(error.value) and "tab.json" in str(error.value) and "document" in str(error.value)
    result = run_cli("eval", "tab", tab, "--masks", tmp_path / "masks.json")
    assert result.exit_code == 2 and reason in result.output
    assert not (tmp_path / "masks.json").exists()


def test_a_split_with_no_document_is_an_error(tmp_path):
    with pytest.raises(InputError, match="no document of split 'dev'"):
        read_tab(write_json(tmp_path / "tab.json", corpus()), split="dev")


def test_the_legal_preset_by_default_and_the_configs_own_with_config(tmp_path, run_cli):
    tab = write_json(tmp_path / "tab.json", corpus())
    default = json.loads(run_cli("eval", "tab", tab, "--split", "test", "--json").output)
    config = tmp_path / "insurance.toml"
    config.write_text('[preset]\nextends = "health-insurance"\n', encoding="utf-8")
    insured = json.loads(run_cli("eval", "tab", tab, "--split", "test", "--config", config, "--json").output)
    # the config's preset, not legal: the two mask different tokens of this document (the same
    # number of them since health-insurance masks "Mr" with the name: mask_honorifics)
    assert default["entity_recall_quasi"] == pytest.approx(5 / 6)  # "Gdańsk" is a place in both
    # "two children" is a household value in health-insurance (stop 46), not in legal
    assert insured["entity_recall_quasi"] == pytest.approx(1.0)
    assert insured["token_precision"] != default["token_precision"]
