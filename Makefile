# Each target works on a fresh machine with only python3: it makes its own venv.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
DEMO_OUT ?= demo-out

.PHONY: demo test bench lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install -q -e '.[test,eval]'
	touch $@

demo: $(VENV)/.installed
	$(BIN)/sanon-graph analyze examples/corpus --out $(DEMO_OUT) --force

test: $(VENV)/.installed
	$(BIN)/python -m pytest -q

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/bench_llm.py
	$(BIN)/python benchmarks/bench_ngrams.py
	$(BIN)/python benchmarks/bench_analyze.py

lint: $(VENV)/.installed
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) $(DEMO_OUT) build *.egg-info
