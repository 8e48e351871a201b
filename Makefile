# Two commands do all the set-up on a fresh machine:
#   make run   - creates .venv, installs sudoku-sat-lab (with the compiled engines and the
#                second proof checker), runs the demo
#   make test  - creates .venv, installs with every extra (test,all), runs every test
#                (pytest-xdist: one worker per core; the Dask tests share one worker)
# make bench runs every benchmark script (minutes; figures go into README.md by hand).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
EXTRAS ?= test,all
# --no-compile: byte-compiling every installed package doubled the install time of make
# test (83 s -> 42 s measured, warm pip cache); sudoku_sat.bytecode then compiles only the
# package and what its commands import (0.15 s of each command's start-up where Python may
# not write its cache, as under PYTHONDONTWRITEBYTECODE).
PIP := $(BIN)/pip install --quiet --disable-pip-version-check --no-compile
# The installer: uv, the well-kept fast stand-in for pip (it installs the same packages at
# the same versions here, and compiles nothing either), when pip can fetch it; pip itself
# otherwise, or when uv fails. make test's install: 45 s with pip, 6 s with uv (fresh
# venv, empty uv cache), most of pip's time its resolver's CPU.
INSTALL := sh -c 'if $(BIN)/pip install --quiet --disable-pip-version-check uv >/dev/null 2>&1 \
  && $(BIN)/uv pip install --quiet --python $(BIN)/python "$$@"; then :; else $(PIP) "$$@"; fi' install
# The seed report's "tres difficile" grid.
DEMO := 700000400020070080003008009000500300060020090001007006000300900030040060009001005

.PHONY: run test install lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

install: $(BIN)/python
	@echo "== installing sudoku-sat-lab[fast,certify] into $(VENV)"
	@$(INSTALL) -e '.[fast,certify]'
	@$(BIN)/python -m sudoku_sat.bytecode

run: install
	@echo "== compiling the engines into the kernel cache (once after installing)"
	@$(BIN)/python -m sudoku_sat.puzzles.warmup
	@echo "== the seed report's 'tres difficile' grid"
	@echo $(DEMO) | $(BIN)/sudoku-sat show -
	@echo "== encode: cnf_out/demo.cnf"
	@echo $(DEMO) | $(BIN)/sudoku-sat encode - -o cnf_out/demo.cnf
	@grep '^c clauses' cnf_out/demo.cnf; grep '^p cnf' cnf_out/demo.cnf
	@echo "== solved by PySAT (minisat22), rules loaded once, clues as assumptions"
	@echo $(DEMO) | $(BIN)/sudoku-sat solve - --method pysat:m22
	@for b in minisat cadical picosat cryptominisat5; do \
	  if command -v $$b >/dev/null; then \
	    echo "== solved by the $$b binary on the DIMACS file"; \
	    echo $(DEMO) | $(BIN)/sudoku-sat solve - --method bin:$$b --format line; \
	  else echo "== $$b not installed (apt-get install minisat cadical picosat cryptominisat)"; fi; \
	done
	@echo "== the main job: is it unique? (EUP engine and PySAT, which must agree)"
	@echo $(DEMO) | $(BIN)/sudoku-sat unique - --method all
	@echo "== a published killer (docs/data/killer-ukpa.json, f-puzzles JSON): unique, drawn to cnf_out/killer.svg"
	@$(BIN)/sudoku-sat unique docs/data/killer-ukpa.json
	@$(BIN)/sudoku-sat show docs/data/killer-ukpa.json --svg cnf_out/killer.svg
	@echo "== five minimal unique puzzles, each verified by an independent method, then rated"
	@$(BIN)/sudoku-sat generate -k 5 --seed 1 -q | tee cnf_out/generated.txt
	@$(BIN)/sudoku-sat rate cnf_out/generated.txt -q
	@echo "== a certificate of uniqueness for the first one, checked"
	@head -1 cnf_out/generated.txt | $(BIN)/sudoku-sat unique - --certify cnf_out/certs -q
	@$(BIN)/sudoku-sat check-proof cnf_out/certs/puzzle-00001.cnf cnf_out/certs/puzzle-00001.drup

test: $(BIN)/python
	@echo "== installing sudoku-sat-lab[$(EXTRAS)] into $(VENV)"
	@$(INSTALL) -e '.[$(EXTRAS)]'
	@$(BIN)/python -m sudoku_sat.bytecode
	@# Python writes its caches during the run even where PYTHONDONTWRITEBYTECODE is set:
	@# the processes the suite starts (workers, commands, pools) import numba, numpy,
	@# OR-tools, Dask; without the caches each compiles them again (a fresh clone's pytest
	@# 273 s -> 245 s, 9 min 14 s -> 8 min 16 s of CPU, measured one after the other).
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -q -n auto --dist loadgroup --durations=15

lint: $(BIN)/python
	@echo "== installing sudoku-sat-lab[$(EXTRAS)] into $(VENV)"
	@$(INSTALL) -e '.[$(EXTRAS)]'
	$(BIN)/ruff check sudoku_sat tests benchmarks
	$(BIN)/ruff format --check sudoku_sat tests benchmarks
	$(BIN)/mypy

bench: $(BIN)/python
	@$(INSTALL) -e '.[all]'
	for b in encode propagation counting generation annealing batch; do \
	  $(BIN)/python benchmarks/bench_$$b.py || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
