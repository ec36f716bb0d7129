"""sanon-graph: the click application. Thin: parse, call the library, print."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from sanon_graph import __version__
from sanon_graph.config import CHAIN_LENGTHS, load_settings
from sanon_graph.errors import ConfigError, SanonError
from sanon_graph.pipeline import Progress as PipelineProgress
from sanon_graph.pipeline import analyze as run_analysis
from sanon_graph.presets import preset_help

err = Console(stderr=True)
out = Console()


class BarProgress(PipelineProgress):
    """Rich progress bars on stderr, one per stage; silent when stderr is not a terminal and --quiet."""

    def __init__(self, enabled: bool):
        self.enabled = enabled

    @contextmanager
    def stage(self, name: str, total: int | None = None) -> Iterator[Callable[[int], None]]:
        if not self.enabled:
            yield lambda n, note=None: None
            return
        columns = [SpinnerColumn(), TextColumn("{task.description:<24}")]
        if total:
            columns += [BarColumn(), MofNCompleteColumn()]
        columns += [TimeElapsedColumn(), TextColumn("{task.fields[note]}")]
        with Progress(*columns, console=err, transient=False) as bar:
            task = bar.add_task(name, total=total, note="")

            def advance(n: int, note: str | None = None) -> None:
                bar.update(task, advance=n, **({"note": note} if note is not None else {}))

            yield advance
            if total:
                bar.update(task, completed=total)

    def warn(self, message: str) -> None:
        err.print(f"[yellow]warning:[/yellow] {escape(message)}", highlight=False, markup=True, soft_wrap=True)


def _warn_models_not_run(measures: dict) -> None:
    """An evaluation's extractor that left a model out of its corpus says so, as analyze does."""
    from sanon_graph.pipeline import models_not_run_warnings

    for notice in models_not_run_warnings(measures.get("models_not_run", {}), "these figures are without it"):
        BarProgress(False).warn(notice)


def fail(exc: SanonError) -> None:
    err.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False, soft_wrap=True)  # "[policy]" is text, not markup
    sys.exit(exc.exit_code)


class Commands(click.Group):
    """The command group. A library error becomes one clear line and its exit code here, in
    one place for every command."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except SanonError as exc:
            fail(exc)


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="sanon-graph")
def cli() -> None:
    """sanon-graph: make a document corpus safe to put behind a RAG system.

    It extracts potentially identifying entities from every document, loads documents and
    entities into a graph database, scores how unique each entity is, how strongly documents
    are linked and how risky chains of linked documents are, and masks the smallest set of
    values that brings document and chain risk under the policy targets.

    Start with:  sanon-graph analyze INPUT --out DIR
    """



def report_options(command):
    """Options of report.md and report.html, shared by analyze and report."""
    command = click.option("--report-chains", type=click.IntRange(1, 1000),
                           help="How many of the riskiest chains report.html draws (default 50).")(command)
    return click.option("--redact-report/--no-redact-report", default=None,
                        help="Leave every masked value out of report.html (and, with analyze, report.md): a "
                             "report that can circulate (default: off; the reports are confidential audit "
                             "documents).")(command)


def llm_options(command):
    """Options of the LLM extractor, shared by analyze and extract."""
    for option in reversed([
        click.option("--model", help="Model name for --extractor llm (e.g. gpt-4o-mini, or your vLLM/Ollama model)."),
        click.option("--llm-cache", type=click.Path(path_type=Path),
                     help="Answer cache (SQLite); default ~/.cache/sanon-graph/llm-cache.sqlite3. Re-runs resume from it."),
        click.option("--concurrency", type=click.IntRange(1, 256), help="Requests in flight at once (default 8)."),
        click.option("--max-requests", type=click.IntRange(0), help="Hard budget: stop cleanly after this many requests."),
        click.option("--max-tokens", type=click.IntRange(0), help="Hard budget: stop cleanly after this many tokens."),
        click.option("--temperature", type=click.FloatRange(0, 2), help="Sampling temperature (default 0)."),
        click.option("--llm-timeout", type=click.FloatRange(0, min_open=True), help="Per-request timeout in seconds (default 60)."),
        click.option("--llm-retries", type=click.IntRange(0, 20),
                     help="Retries with exponential backoff on 429, 5xx and timeouts (default 4)."),
    ]):
        command = option(command)
    return command

@cli.command()
@click.argument("input_path", metavar="INPUT", type=click.Path(path_type=Path))
@click.option("--out", "out_dir", required=True, type=click.Path(path_type=Path),
              help="Output folder (created; must not exist or be empty unless --force).")
@click.option("--config", "config_file", type=click.Path(path_type=Path),
              help="TOML config file: [policy], [entity_types], [extraction], [selection], [redaction].")
@click.option("--preset", metavar="NAME", help=preset_help())
@click.option("--extractor", type=click.Choice(["rules", "precomputed", "llm", "none"]),
              help="Entity extractor. rules (default): offline regexes and gazetteers, and the preset's local "
                   "entity model (health-insurance: on corpora of up to 10 million characters). "
                   "precomputed: read --entities FILE. llm: two passes over an OpenAI-compatible API "
                   "(OPENAI_API_KEY, OPENAI_BASE_URL). none: no typed entities (with --ngrams).")
@click.option("--cross-document/--no-cross-document", default=None,
              help="Cross-document pass: one type per value, and every value looked up in all documents "
                   "(\"Participant Rex Salam\", \"Brookvale\" for Brookvale Clinic, \"Dr. Bastien\"). "
                   "Default on for rules and llm, off for precomputed.")
@click.option("--ngrams/--no-ngrams", default=None,
              help="Add rare N-grams shared by 2..k documents as PHRASE entities (default off).")
@click.option("--ngram-max-df", type=click.IntRange(2), help="k: the most documents a rare N-gram may be in (default 2; raise it for large corpora).")
@click.option("--ngram-weight", type=click.FloatRange(0, 1), help="Weight of the PHRASE type (default 0.35).")
@click.option("--ngram-max-n", type=click.IntRange(1, 12), help="Longest N-gram in words (default 7).")
@click.option("--entities", "entities_file", type=click.Path(path_type=Path),
              help="Precomputed entities (JSON/JSONL of per-document [original, normalized, type, relevance]).")
@click.option("--chain-length", type=click.IntRange(min(CHAIN_LENGTHS), max(CHAIN_LENGTHS)),
              help="Longest chain in documents (2 = single links; default 2).")
@click.option("--edge-threshold", "edge_strength_threshold", type=click.FloatRange(0, 1),
              help="Drop links weaker than this (default 0.5).")
@click.option("--theta-doc", type=click.FloatRange(0, 1, min_open=True),
              help="Document risk target: mask until R(d) < theta_doc (default 0.95).")
@click.option("--theta-chain", type=click.FloatRange(0, 1, min_open=True),
              help="Chain risk target: mask until R_chain <= theta_chain (default 0.5).")
@click.option("--selection", type=click.Choice(["greedy", "knapsack", "exact"]),
              help="What to mask. greedy (default): highest impact first. knapsack: cheapest set per chain "
                   "by dynamic programming. exact: the cheapest set meeting every target (integer programme, HiGHS).")
@click.option("--mask-cost", type=click.Choice(["unit", "documents"]),
              help="What knapsack and exact minimise: unit = number of masked values (default), "
                   "documents = a value costs the number of documents it is in.")
@click.option("--time-limit", "time_limit_seconds", type=click.FloatRange(0, min_open=True),
              help="exact: seconds before the best verified solution is used (default 60).")
@click.option("--redaction", type=click.Choice(["value", "complete", "pseudonym"]),
              help="Replacement: value -> [NAME] (default), complete -> [REDACTED], pseudonym -> NAME_<keyed hash> (HMAC-SHA256 with SANON_GRAPH_PSEUDONYM_KEY; a random key per run when unset).")
@click.option("--direct-floor/--no-direct-floor", default=None,
              help="Mask every direct identifier (types with direct = true: names, IDs, addresses, phone "
                   "numbers, e-mail addresses) before the risk stages, whatever the risks (default on). "
                   "--no-direct-floor reproduces METHOD's selection exactly.")
@click.option("--document-stage/--no-document-stage", default=None, help="Run the document stage (default on).")
@click.option("--chain-stage/--no-chain-stage", default=None, help="Run the chain stage (default on).")
@click.option("--backend", type=click.Choice(["ladybug", "neo4j"]),
              help="Graph database. ladybug (default): embedded, DIR/graph.lbug, no server. neo4j: a Neo4j "
                   "5.26+ server from NEO4J_URI (bolt://, neo4j://, +s, +ssc), NEO4J_USERNAME, NEO4J_PASSWORD, "
                   "NEO4J_DATABASE, or [neo4j] in the config (never the password).")
@click.option("--dataset", help="neo4j: the dataset this analysis is stored as (default: DIR's name). Every node "
                                "and relationship carries it; a re-run replaces it; nothing else is touched.")
@click.option("--memory-limit", metavar="SIZE",
              help="Memory budget of the run: 4GB, 3500MB (units B, KB, MB, GB, TB, powers of 1024) or 50% "
                   "(of the machine's memory). The embedded engine's buffer pool gets 60% of it at most, less "
                   "when the process already holds more than the rest; a corpus "
                   "estimated not to fit stops before the graph is built (exit code 4). Default: half of the "
                   "machine's memory (physical, or the cgroup limit when smaller). Also [resources] memory_limit.")
@click.option("--force", is_flag=True, help="Replace a non-empty output folder (only once the new one is complete).")
@report_options
@click.option("--json", "as_json", is_flag=True, help="Print a machine-readable summary on stdout.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bars.")
@llm_options
def analyze(input_path: Path, out_dir: Path, config_file: Path | None, as_json: bool, quiet: bool,
            force: bool, **options: object) -> None:
    """Analyse INPUT (a folder of .json/.jsonl documents, or one file) and write DIR.

    \b
    DIR receives:
      masked/           the masked corpus, same paths and schema as INPUT: index this
      documents.jsonl   document risk before/after and mentions
      entities.jsonl    every entity: uniqueness, importance, masked, stage, replacement
      links.jsonl       kept links between documents, with the shared entities (via)
      chains.jsonl      chains of linked documents, risk before/after, category, target met
      replacements.json the replacement dictionary (a re-identification key: keep private)
      run.json          effective configuration, versions, counts, timings
      report.md         a readable summary: what was risky, what was masked and why
      report.html       the same, interactive and self-contained: the riskiest chains as a
                        graph, each document's values and masked text (`report DIR`
                        renders it again)
      graph.lbug        the LadybugDB graph, for exploration with Cypher (with
                        --backend neo4j the graph is the dataset on the server instead)

    `explore`, `cypher` and `export` reopen the graph from DIR (on Neo4j with the
    credentials from the environment). The input is never modified. A failed run leaves
    no output folder behind, and on Neo4j no half-written dataset.
    """
    settings = load_settings(config_file, options)
    analysis = run_analysis(input_path, out_dir, settings, BarProgress(not quiet and not as_json), force)
    summary = analysis.summary()
    if as_json:
        click.echo(json.dumps({"out": str(out_dir), **summary, "timings_seconds": analysis.timings,
                               "resources": analysis.resources(), "warnings": analysis.warnings,
                               "models_not_run": analysis.models_not_run}))
        return
    _print_summary(summary, out_dir)


@cli.command()
@click.argument("analysis_dir", metavar="DIR", type=click.Path(path_type=Path))
@report_options
def report(analysis_dir: Path, redact_report: bool | None, report_chains: int | None) -> None:
    """Render DIR/report.html again from the files of the analyze output folder DIR.

    Only report.html: report.md is written by analyze from the run itself. Without
    --redact-report/--no-redact-report the run's own choice (run.json) holds.
    """
    from sanon_graph.report_html import write_report_html

    target = write_report_html(analysis_dir, redact=redact_report, top_chains=report_chains)
    out.print(f"Report: {target} ({target.stat().st_size / 2**20:.1f} MB)")


@cli.command()
@click.argument("input_path", metavar="INPUT", type=click.Path(path_type=Path))
@click.option("--out", "out_file", required=True, type=click.Path(path_type=Path),
              help="The entities file to write (JSONL), for `analyze --extractor precomputed --entities FILE`.")
@click.option("--config", "config_file", type=click.Path(path_type=Path), help="TOML settings ([llm], [entity_types]).")
@click.option("--preset", metavar="NAME", help=preset_help())
@click.option("--extractor", type=click.Choice(["llm", "rules"]), default="llm", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print a machine-readable summary on stdout.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bars.")
@llm_options
def extract(input_path: Path, out_file: Path, config_file: Path | None, as_json: bool, quiet: bool, **options: object) -> None:
    """Extract entities from INPUT once and write them to FILE.

    Every analysis variation (thresholds, chain length, strategies) can then be re-run on the
    same extraction with `analyze --extractor precomputed --entities FILE`, giving exactly the
    result `analyze --extractor llm` gives.
    """
    from sanon_graph.pipeline import extract_to_file

    settings = load_settings(config_file, options)
    summary = extract_to_file(input_path, out_file, settings, BarProgress(not quiet and not as_json))
    if as_json:
        click.echo(json.dumps(summary))
    else:
        out.print(f"{summary['documents']} documents, {summary['findings']} findings -> {out_file}"
                  + (f"  (LLM: {summary['llm']['requests']} requests, {summary['llm']['cached']} cached, "
                     f"{summary['llm']['prompt_tokens'] + summary['llm']['completion_tokens']} tokens)" if summary.get("llm") else ""))


def _print_summary(summary: dict, out_dir: Path) -> None:
    table = Table(title="sanon-graph analyze", show_header=True, header_style="bold")
    table.add_column("")
    table.add_column("before", justify="right")
    table.add_column("after", justify="right")
    table.add_row("documents", str(summary["documents"]), f"{summary['documents_changed']} changed")
    table.add_row("entities", str(summary["entities"]),
                  f"{summary['masked_entities']} masked ({summary['masked_direct']} direct, "
                  f"{summary['masked_document_stage']} document, "
                  f"{summary['masked_chain_stage']} chain)")
    table.add_row("links kept", str(summary["links"]), "")
    for cat in ("HIGH", "MEDIUM", "LOW"):
        table.add_row(f"chains {cat}", str(summary["chains_by_category_initial"][cat]),
                      str(summary["chains_by_category_after"][cat]))
    table.add_row("max document risk", f"{summary['max_document_risk_before']:.3f}",
                  f"{summary['max_document_risk_after']:.3f}")
    table.add_row("max chain risk", f"{summary['max_chain_risk_before']:.3f}", f"{summary['max_chain_risk_after']:.3f}")
    if summary.get("llm"):
        llm = summary["llm"]
        table.add_row("LLM requests", f"{llm['requests']} ({llm['cached']} cached)",
                      f"{llm['prompt_tokens'] + llm['completion_tokens']} tokens, {llm['failures']} failed")
    out.print(table)
    unmet = summary["documents_over_target_after"] + summary["chains_target_unmet"]
    if unmet:
        out.print(f"[yellow]{summary['documents_over_target_after']} document(s) and "
                  f"{summary['chains_target_unmet']} chain(s) could not be brought under target: see report.md[/yellow]")
    out.print(f"Masked corpus: {out_dir / 'masked'}   Report: {out_dir / 'report.html'} (and report.md)")


def _params(values: tuple[str, ...]) -> dict[str, str]:
    params = {}
    for item in values:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"{item!r}: expected NAME=VALUE", param_hint="--param")
        params[key] = value
    return params


def _print_frame(frame, fmt: str) -> None:
    if fmt == "json":
        click.echo(frame.to_json(orient="records", force_ascii=False))
    elif fmt == "csv":
        click.echo(frame.to_csv(index=False), nl=False)
    else:
        table = Table(show_header=True, header_style="bold")
        for column in frame.columns:
            table.add_column(str(column))
        for row in frame.itertuples(index=False):
            table.add_row(*(f"{v:.4f}" if isinstance(v, float) else str(v) for v in row))
        out.print(table)
        out.print(f"{len(frame)} row(s)")


FORMAT = click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
                      show_default=True, help="Output format.")
PARAM = click.option("--param", "-p", "param", multiple=True, metavar="NAME=VALUE",
                     help="A query parameter (repeatable); numbers are passed as numbers.")


@cli.command()
@click.argument("analysis_dir", metavar="DIR", type=click.Path(path_type=Path))
@click.argument("query", required=False)
@PARAM
@FORMAT
def explore(analysis_dir: Path, query: str | None, param: tuple[str, ...], fmt: str) -> None:
    """Run a curated exploration query on the graph of an analysis (DIR from `analyze`).

    Without QUERY, lists the queries and their parameters. Example:

    \b
      sanon-graph explore demo-out riskiest_chains -p limit=5
      sanon-graph explore demo-out document_links -p a=memo-3001 -p b=note-2001
      sanon-graph explore demo-out value -p value=MBR-55821 --format json
    """
    from sanon_graph.explore import curated_queries, run_curated

    if query is None:
        # the list in the format asked for: a script that asks for JSON gets JSON
        import pandas as pd

        rows = [{"query": q.name, "parameters": ", ".join(k if v is None else f"{k}={v}" for k, v in q.params.items()),
                 "what it shows": q.description} for q in curated_queries().values()]
        _print_frame(pd.DataFrame(rows, columns=["query", "parameters", "what it shows"]), fmt)
        return
    _print_frame(run_curated(analysis_dir, query, _params(param)), fmt)


@cli.command()
@click.argument("analysis_dir", metavar="DIR", type=click.Path(path_type=Path))
@click.argument("query")
@PARAM
@FORMAT
def cypher(analysis_dir: Path, query: str, param: tuple[str, ...], fmt: str) -> None:
    """Run an ad-hoc read-only Cypher QUERY on the graph of an analysis (DIR from `analyze`).

    The graph is opened read-only, so a query cannot change it. Pass values as parameters:

    \b
      sanon-graph cypher demo-out "MATCH (e:Entity) WHERE e.freq >= \\$n RETURN e.type, e.value" -p n=3
    """
    from sanon_graph.explore import run_cypher

    _print_frame(run_cypher(analysis_dir, query, _params(param)), fmt)


@cli.command()
@click.argument("analysis_dir", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["neo4j-admin", "graphml"]), required=True,
              help="neo4j-admin: CSVs for `neo4j-admin database import full`; graphml: one .graphml file.")
@click.option("--to", "target", required=True, type=click.Path(path_type=Path),
              help="A folder (neo4j-admin) or a .graphml file.")
def export(analysis_dir: Path, fmt: str, target: Path) -> None:
    """Export the graph of an analysis (DIR from `analyze`) to existing graph infrastructure.

    \b
      sanon-graph export demo-out --format neo4j-admin --to demo-export/
      sanon-graph export demo-out --format graphml --to demo.graphml
    """
    from sanon_graph.export import export_graphml, export_neo4j_admin

    counts = export_neo4j_admin(analysis_dir, target) if fmt == "neo4j-admin" else export_graphml(analysis_dir, target)
    out.print(", ".join(f"{k}: {v}" for k, v in counts.items()) + f"  ->  {target}")


@cli.command()
@click.option("--reset", "reset", metavar="NAME", help="Remove the dataset NAME (in batches) and everything of it.")
@click.option("--config", "config_file", type=click.Path(path_type=Path), help="TOML config with [neo4j].")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def datasets(reset: str | None, config_file: Path | None, as_json: bool) -> None:
    """List the analyses stored on the Neo4j server (NEO4J_URI, NEO4J_USERNAME, NEO4J_PASSWORD,
    NEO4J_DATABASE), or remove one with --reset NAME. Only the nodes and relationships an analysis
    wrote (those carrying its dataset) are read or removed; the rest of the database is untouched.
    """
    from sanon_graph.graph.neo4j import list_datasets, reset_dataset
    from sanon_graph.graph.store import resolve_location

    settings = load_settings(config_file, {})
    location = resolve_location("neo4j", settings.neo4j, reset or "any", Path("."), run_id="")
    if reset:
        nodes = reset_dataset(location)
        if as_json:
            click.echo(json.dumps({"dataset": reset, "removed_nodes": nodes}))
        else:
            out.print(f"dataset {escape(reset)}: {nodes} node(s) removed from {location.uri}")
        return
    frame = list_datasets(location)
    if as_json:
        click.echo(frame.to_json(orient="records", force_ascii=False))
        return
    _print_frame(frame, "table")


@cli.group(name="eval")
def eval_group() -> None:
    """Measure: linkage quality, extractor recall, and privacy and utility against baselines."""


@eval_group.command()
@click.argument("analysis_dir", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--gold", "gold_file", type=click.Path(path_type=Path),
              help='Hand-labelled links: {"links": [[doc_id, doc_id(, doc_id)], ...]} with input ids. Without '
                   "it, only the flagged links are counted, split into intra- and inter-cluster links when "
                   "ids carry a cluster prefix (cluster_3_doc2): a precision check that needs no labels.")
@click.option("--risk", type=click.Choice(["initial", "pre_chain"]), default="initial", show_default=True,
              help="Which chain risk decides whether the run flags a chain (>= the MEDIUM bound).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def linkage(analysis_dir: Path, gold_file: Path | None, risk: str, as_json: bool) -> None:
    """Precision, recall and F1 of the chains DIR flags against gold links, at chain and pair level."""
    from sanon_graph.eval.linkage import evaluate_run

    metrics = evaluate_run(analysis_dir, gold_file, risk)
    if as_json:
        click.echo(json.dumps(metrics))
        return
    if gold_file is not None:
        table = Table(title=f"linkage: {analysis_dir} vs {gold_file}", header_style="bold")
        for column in ("level", "precision", "recall", "F1", "TP", "FP", "FN"):
            table.add_column(column, justify="right" if column != "level" else "left")
        for level in ("chains", "pairs"):
            m = metrics[level]
            table.add_row(level, f"{m['precision']:.3f}", f"{m['recall']:.3f}", f"{m['f1']:.3f}",
                          str(m["tp"]), str(m["fp"]), str(m["fn"]))
        out.print(table)
    else:
        out.print(f"{analysis_dir}: {metrics['flagged_chains']} flagged chain(s), {metrics['flagged_pairs']} "
                  "linked pair(s); no gold links given, so no precision or recall")
    if metrics["inter_cluster_links"] is not None:
        out.print(f"flagged links inside one cluster: {metrics['intra_cluster_links']}, "
                  f"between clusters (false links): {metrics['inter_cluster_links']}")
    unknown = metrics["gold_links_unknown_documents"]
    if unknown:
        out.print(f"[yellow]{len(unknown)} gold link(s) name documents not in this run and were not scored: "
                  + "; ".join(" - ".join(link) for link in unknown) + "[/yellow]")


@eval_group.command(name="entities")
@click.argument("analysis_dir", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--clusters", "clusters_dir", required=True, type=click.Path(path_type=Path),
              help="Folder of cluster files with metadata.person.entities (thesis-dev layout).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def eval_entities(analysis_dir: Path, clusters_dir: Path, as_json: bool) -> None:
    """Extractor recall of DIR against the hidden persons' entities of the clusters."""
    from sanon_graph.eval.entities import evaluate_entities

    m = evaluate_entities(analysis_dir, clusters_dir)
    if as_json:
        click.echo(json.dumps(m))
        return
    out.print(f"person entities {m['person_entities']}, findable in the text {m['findable']}")
    out.print(f"recall {m['recall']:.3f}; on findable: {m['recall_findable']:.3f} "
              f"(same type {m['recall_findable_typed']:.3f}, weighted {m['weighted_recall_findable']:.3f})")
    table = Table(header_style="bold")
    for column in ("type", "findable", "found", "found, same type"):
        table.add_column(column, justify="left" if column == "type" else "right")
    for etype, r in m["by_type"].items():
        table.add_row(etype, str(r["findable"]), str(r["found"]), str(r["found_typed"]))
    out.print(table)


@eval_group.command(name="spans")
@click.argument("input_path", metavar="INPUT", type=click.Path(path_type=Path))
@click.option("--gold", "gold_file", required=True, type=click.Path(path_type=Path),
              help='Gold spans (JSONL): {"id", "spans": [{"start", "end", "type", "text", "direct"?, "role"?}]} '
                   "per document, offsets into its content (examples/legal/gold_spans.jsonl).")
@click.option("--extractor", type=click.Choice(["rules", "none"]), default="rules", show_default=True)
@click.option("--ner", is_flag=True, help="Run the NER recognizer after the rules (needs the ner extra), as analyze runs it.")
@click.option("--ner-labels", help="With --ner: only these labels, comma-separated (e.g. PERSON,ORG,MONEY).")
@click.option("--config", "config_file", type=click.Path(path_type=Path), help="TOML config (schema, extraction).")
@click.option("--preset", metavar="NAME", help="Domain preset (health-insurance, legal, hr) or a preset file.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def eval_spans(input_path: Path, gold_file: Path, extractor: str, ner: bool, ner_labels: str | None,
               config_file: Path | None, preset: str | None, as_json: bool) -> None:
    """Recall and precision per type of the extractor on INPUT against gold spans, with
    everything it finds masked (every occurrence of every extracted value)."""
    from sanon_graph.eval.spans import evaluate_spans

    settings = load_settings(config_file, {"extractor": "rules" if extractor == "none" else extractor,
                                           "preset": preset})
    labels = [x.strip().upper() for x in ner_labels.split(",") if x.strip()] if ner_labels else None
    m = evaluate_spans(input_path, gold_file, settings, ner=ner, extract=extractor != "none", ner_labels=labels)
    _warn_models_not_run(m)
    if as_json:
        click.echo(json.dumps(m))
        return
    out.print(f"{m['extractor']}: {m['gold_spans']} gold spans in {m['documents']} documents, "
              f"{m['predicted_spans']} predicted spans")
    out.print(f"recall {m['recall']:.3f} (same type {m['recall_typed']:.3f}; direct identifiers "
              f"{m['recall_direct']:.3f}, quasi-identifiers {m['recall_quasi']:.3f}); precision "
              f"{m['precision']:.3f} (same type {m['precision_typed']:.3f}); tokens: recall "
              f"{m['token_recall']:.3f}, precision {m['token_precision']:.3f}")
    table = Table(header_style="bold")
    for column in ("gold type", "gold", "found", "recall", "same type", "recall typed"):
        table.add_column(column, justify="left" if column == "gold type" else "right")
    for etype, r in m["by_gold_type"].items():
        table.add_row(etype, str(r["gold"]), str(r["found"]), f"{r['recall']:.3f}", str(r["found_typed"]),
                      f"{r['recall_typed']:.3f}")
    out.print(table)
    table = Table(header_style="bold")
    for column in ("predicted type", "predicted", "on gold", "precision", "right type", "precision typed"):
        table.add_column(column, justify="left" if column == "predicted type" else "right")
    for etype, r in m["by_predicted_type"].items():
        table.add_row(etype, str(r["predicted"]), str(r["overlapping_gold"]), f"{r['precision']:.3f}",
                      str(r["typed_match"]), f"{r['precision_typed']:.3f}")
    out.print(table)


@eval_group.command(name="tab")
@click.argument("tab_file", metavar="FILE", type=click.Path(path_type=Path))
@click.option("--split", help="Only the documents of this dataset_type (train, dev, test).")
@click.option("--preset", metavar="NAME",
              help="Domain preset (health-insurance, legal, hr) or a preset file. Default: legal, or with "
                   "--config the config file's own preset.")
@click.option("--config", "config_file", type=click.Path(path_type=Path), help="TOML config (schema, extraction).")
@click.option("--ner", is_flag=True, help="Run the NER recognizer after the rules even where the preset does not.")
@click.option("--masks", "masks_file", type=click.Path(path_type=Path),
              help="Also write the masked spans, {doc_id: [[start, end], ...]}: the input of the benchmark's own "
                   "evaluation script.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def eval_tab(tab_file: Path, split: str | None, preset: str | None, config_file: Path | None, ner: bool,
             masks_file: Path | None, as_json: bool) -> None:
    """Score the extractor on a corpus in the Text Anonymization Benchmark's format (TAB: court
    decisions annotated for masking by several annotators) with the benchmark's measures, with
    everything it finds masked: entity recall of direct and quasi-identifiers (an entity counts
    only when all its mentions are masked), token recall per entity type, and token precision
    (uniform token weights)."""
    from sanon_graph.eval.tab import evaluate_tab

    # court decisions: the legal preset unless the user's config file says which
    preset = preset or (None if config_file else "legal")
    settings = load_settings(config_file, {"extractor": "rules", "preset": preset})
    m = evaluate_tab(tab_file, settings, split=split, ner=ner, masks_out=masks_file)
    _warn_models_not_run(m)
    if as_json:
        click.echo(json.dumps(m))
        return
    out.print(f"{m['extractor']}: {m['documents']} documents{f' ({split})' if split else ''}, "
              f"{len(m['annotators'])} annotator{'s' if len(m['annotators']) != 1 else ''}")
    out.print(f"entity recall: direct identifiers {m['entity_recall_direct']:.3f} of {m['direct_entities']}, "
              f"quasi-identifiers {m['entity_recall_quasi']:.3f} of {m['quasi_entities']}; "
              f"token recall {m['token_recall']:.3f}; token precision {m['token_precision']:.3f} "
              f"({m['masked_tokens']} masked tokens, uniform weights)")
    table = Table(header_style="bold")
    for column in ("entity type", "tokens to mask", "masked", "token recall"):
        table.add_column(column, justify="left" if column == "entity type" else "right")
    for etype, r in m["token_recall_by_type"].items():
        table.add_row(etype, str(r["tokens"]), str(r["masked"]), f"{r['recall']:.3f}")
    out.print(table)
    if masks_file:
        out.print(f"masked spans: {masks_file}")


def _evaluation_options(command):
    for option in reversed([
        click.argument("input_path", metavar="INPUT", type=click.Path(path_type=Path)),
        click.option("--clusters", "clusters_dir", required=True, type=click.Path(path_type=Path),
                     help="Cluster files: documents, metadata.person.entities, metadata.questions (METHOD 4)."),
        click.option("--out", "out_dir", required=True, type=click.Path(path_type=Path),
                     help="Report folder: eval.json, report.md, report.html, plots/, runs/ (each baseline)."),
        click.option("--config", "config_file", type=click.Path(path_type=Path), help="TOML config: the base settings."),
        click.option("--extractor", type=click.Choice(["rules", "precomputed", "llm"]),
                     help="Extractor of the one extraction every baseline shares (default rules)."),
        click.option("--entities", "entities_file", type=click.Path(path_type=Path),
                     help="Precomputed entities file (with --extractor precomputed)."),
        click.option("--strategies", default="greedy,knapsack,exact", show_default=True,
                     help="Selection strategies to evaluate as full-pipeline baselines."),
        click.option("--retrieval/--no-retrieval", default=True, show_default=True,
                     help="Run the MiniLM retriever (needs the eval extra): retrieval leak and retrieved-context utility."),
        click.option("--force", is_flag=True, help="Replace a non-empty output folder (only once the new one is complete)."),
        click.option("--json", "as_json", is_flag=True, help="Print eval.json's content on stdout."),
        click.option("-q", "--quiet", is_flag=True, help="No progress bars."),
    ]):
        command = option(command)
    return command


def _run_evaluation(parts: tuple[str, ...], input_path: Path, clusters_dir: Path, out_dir: Path,
                    config_file: Path | None, strategies: str, retrieval: bool, force: bool, as_json: bool,
                    quiet: bool, **options: object) -> None:
    from sanon_graph.eval.privacy_utility import evaluate
    from sanon_graph.eval.render import summary_rows

    chosen = [x.strip() for x in strategies.split(",") if x.strip()]
    bad = [x for x in chosen if x not in ("greedy", "knapsack", "exact")]
    if bad:
        raise click.BadParameter(f"unknown strategy {bad[0]!r} (greedy, knapsack, exact)", param_hint="--strategies")
    base = load_settings(config_file, options)
    report = evaluate(input_path, clusters_dir, out_dir, base, chosen, retrieval, parts,
                      BarProgress(not quiet and not as_json), force)
    if as_json:
        click.echo(json.dumps(report))
        return
    rows = summary_rows(report)
    table = Table(title=f"evaluation of {input_path}", header_style="bold")
    for column in rows[0]:
        table.add_column(column, justify="left" if column == "baseline" else "right")
    for row in rows:
        table.add_row(*(f"{v:.3f}" if isinstance(v, float) else str(v) for v in row.values()))
    out.print(table)
    out.print(f"report: {Path(out_dir) / 'report.html'} (and report.md, eval.json, plots/)")
    if not retrieval:
        out.print("retriever off (--no-retrieval): no retrieval leak, utility against the source documents only")
    out.print(f"LLM protocol: {escape(str(report['llm_protocol']))}")  # "[llm] model" is text, not markup


@eval_group.command(name="report")
@_evaluation_options
@llm_options
def eval_report(**kwargs) -> None:
    """Privacy and utility of every baseline (original, blanket, document-only, full pipeline
    per strategy) on INPUT, from one extraction, with a readable report.

    \b
    Privacy: weighted corpus leak rate of each hidden person (and of the direct identifiers),
    leaked clusters (HIGH > 0.6, MEDIUM > 0.8), and the retrieval leak rate of the research's
    attack prompts against a MiniLM retriever (top-3, L2).
    Search-based linkage: the share of masked documents an attacker with the originals traces
    back to their source by searching rare phrases.
    Utility: ROUGE-1 recall of each gold answer against its masked source documents and the
    top-3 retrieved masked contexts, per single|multi x specific|general.
    With --model (any OpenAI-compatible server): RAG answers scored by an LLM judge, and attack
    answers checked for leaks by regex and judge. Skipped, and said so, without a model.
    """
    _run_evaluation(("privacy", "utility"), **kwargs)


@eval_group.command(name="privacy")
@_evaluation_options
@llm_options
def eval_privacy(**kwargs) -> None:
    """What each baseline still leaks about the hidden persons (see `eval report`)."""
    _run_evaluation(("privacy",), **kwargs)


@eval_group.command(name="utility")
@_evaluation_options
@llm_options
def eval_utility(**kwargs) -> None:
    """How much answer quality each baseline keeps on the Q&A pairs (see `eval report`)."""
    _run_evaluation(("utility",), **kwargs)


def _floats(text: str) -> list[float]:
    return [float(x) for x in text.split(",") if x.strip()]


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def _list_option(parse, name: str):
    def convert(ctx, param, value):
        try:
            return parse(value)
        except ValueError:
            raise click.BadParameter(f"expected a comma-separated list, got {value!r}", param_hint=name) from None
    return convert


@cli.command()
@click.argument("input_path", metavar="INPUT", type=click.Path(path_type=Path))
@click.option("--out", "out_dir", required=True, type=click.Path(path_type=Path),
              help="Output folder: ablation.csv, ablation.md, ablation.json, entities.jsonl (and extraction.json: what extracted it), runs/ (and ablation.png).")
@click.option("--config", "config_file", type=click.Path(path_type=Path), help="TOML config: the base settings.")
@click.option("--extractor", type=click.Choice(["rules", "precomputed", "llm", "none"]),
              help="Extractor of the one extraction every setting shares (default rules).")
@click.option("--entities", "entities_file", type=click.Path(path_type=Path),
              help="Precomputed entities file (with --extractor precomputed).")
@click.option("--ngrams/--no-ngrams", default=None, help="Add rare shared N-grams as PHRASE entities.")
@click.option("--strategies", default="greedy,knapsack,exact", show_default=True,
              callback=_list_option(lambda v: [x.strip() for x in v.split(",") if x.strip()], "--strategies"),
              help="Selection strategies to compare.")
@click.option("--chain-lengths", default="2,3,4", show_default=True, callback=_list_option(_ints, "--chain-lengths"))
@click.option("--theta-docs", default="0.95", show_default=True, callback=_list_option(_floats, "--theta-docs"),
              help="Document risk targets (crossed with everything else).")
@click.option("--theta-chains", default="0.5", show_default=True, callback=_list_option(_floats, "--theta-chains"))
@click.option("--document-only", default="0.8,0.85,0.9,0.95", show_default=True,
              callback=_list_option(_floats, "--document-only"),
              help="theta_doc values for document-stage-only rows ('' for none).")
@click.option("--mask-cost", type=click.Choice(["unit", "documents"]), help="What knapsack and exact minimise.")
@click.option("--time-limit", "time_limit_seconds", type=click.FloatRange(0, min_open=True),
              help="exact: seconds per run before the best verified solution is used (default 60).")
@click.option("--plot", is_flag=True, help="Also write ablation.png: masked entities against residual risk.")
@click.option("--keep-runs", is_flag=True, help="Keep every run's full output folder under runs/ (default: run.json only).")
@click.option("--force", is_flag=True, help="Replace a non-empty output folder (only once the new one is complete).")
@click.option("--json", "as_json", is_flag=True, help="Print the rows as JSON on stdout.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bars.")
@llm_options
def ablate(input_path: Path, out_dir: Path, config_file: Path | None, strategies: list[str], chain_lengths: list[int],
           theta_docs: list[float], theta_chains: list[float], document_only: list[float], plot: bool,
           keep_runs: bool, force: bool, as_json: bool, quiet: bool, **options: object) -> None:
    """Run one extraction of INPUT through a grid of selection settings and write one table.

    \b
    Rows: every strategy x chain length x theta_doc x theta_chain, plus document-stage-only
    rows. Columns: masked entities, masked weight, masked characters, documents changed,
    chains by category before/after, residual maximum document and chain risk, targets not
    met, the exact solver's status, runtime. Each row is a full analyze run on the shared
    extraction (DIR/entities.jsonl), so it is exactly what those settings give.
    """
    from sanon_graph.ablate import COLUMNS, grid, run_ablation
    from sanon_graph.ablate import plot as draw

    bad = [s for s in strategies if s not in ("greedy", "knapsack", "exact")]
    if bad:
        raise click.BadParameter(f"unknown strategy {bad[0]!r} (greedy, knapsack, exact)", param_hint="--strategies")
    base = load_settings(config_file, options)
    if any(not 2 <= cl <= 4 for cl in chain_lengths):
        raise ConfigError("--chain-lengths: chain lengths are 2, 3 or 4")
    if any(not 0 < t <= 1 for t in [*theta_docs, *theta_chains, *document_only]):
        raise ConfigError("--theta-docs/--theta-chains/--document-only: targets are in (0, 1]")
    points = grid(strategies, chain_lengths, theta_docs, theta_chains, document_only)
    rows = run_ablation(input_path, out_dir, base, points, BarProgress(not quiet and not as_json),
                        keep_runs=keep_runs, force=force)
    if plot:
        draw(rows, Path(out_dir) / "ablation.png")
    if as_json:
        click.echo(json.dumps(rows))
        return
    shown = ["setting", "masked_entities", "masked_weight", "masked_characters", "documents_changed",
             "max_document_risk_after", "max_chain_risk_after", "chains_target_unmet", "solver_status",
             "runtime_seconds"]
    assert set(shown) <= set(COLUMNS)
    table = Table(title=f"ablation of {input_path} ({len(rows)} settings)", header_style="bold")
    for column in shown:
        table.add_column(column.replace("_", " "), justify="left" if column == "setting" else "right")
    for row in rows:
        table.add_row(*(str(row[c]) for c in shown))
    out.print(table)
    out.print(f"full table: {Path(out_dir) / 'ablation.md'} (and .csv, .json)"
              + (f"; plot: {Path(out_dir) / 'ablation.png'}" if plot else ""))


def main() -> None:  # pragma: no cover - console entry point convenience
    cli()


if __name__ == "__main__":  # pragma: no cover
    main()
