# Shiai: `make run` serves the platform on SQLite with demo data; `make test` runs everything CI runs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 5000
# The repository root on the path, so SHIAI_RULESETS may name modules in it
# (Kensei ships built in; e.g. SHIAI_RULESETS=tests.support.dice_race:DiceRace adds
# the kernel's reference ruleset).
export PYTHONPATH := $(CURDIR)

# The compiled engine: engine/kensei and engine/tabletop compiled to C extensions by
# mypyc, beside a copy of the engine's sources in build/compiled (never in the source
# tree, where an extension would shadow the .py files edited after it was built). ENGINE=compiled
# puts it first on the path (PYTHONSAFEPATH keeps the current directory from coming
# before it); the interpreted engine stays the reference and the default.
COMPILED := build/compiled
ENGINE_SOURCES := $(shell find engine -name '*.py' -o -name '*.json' | sort)
ENGINE ?= interpreted
COMPILED_ENV := PYTHONSAFEPATH=1 PYTHONPATH=$(CURDIR)/$(COMPILED):$(CURDIR) SHIAI_ENGINE=compiled
ifeq ($(ENGINE),compiled)
ENGINE_ENV := $(COMPILED_ENV)
ENGINE_BUILD := $(COMPILED)/.built
else ifeq ($(ENGINE),interpreted)
ENGINE_ENV :=
ENGINE_BUILD :=
else
$(error ENGINE must be interpreted or compiled, not $(ENGINE))
endif

.PHONY: install compile run migrate seed test lint typecheck contracts pytest pytest-compiled soak bench screenshots clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev,serve]"
	touch $(STAMP)

install: $(STAMP)

$(COMPILED)/.built: $(STAMP) $(ENGINE_SOURCES) pyproject.toml
	rm -rf $(COMPILED)
	mkdir -p $(COMPILED)
	cp -r engine pyproject.toml $(COMPILED)/
	find $(COMPILED)/engine -name __pycache__ -prune -exec rm -rf {} +
	cd $(COMPILED) && PYTHONSAFEPATH=1 PYTHONPATH=. $(CURDIR)/$(BIN)/mypyc engine/kensei engine/tabletop > mypyc.log 2>&1 \
		|| (tail -n 40 mypyc.log; exit 1)
	touch $@

compile: $(COMPILED)/.built

migrate: install
	$(BIN)/shiai migrate

seed: migrate
	$(BIN)/shiai seed-demo

run: seed $(ENGINE_BUILD)
	$(ENGINE_ENV) $(BIN)/shiai run --host $(HOST) --port $(PORT)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

contracts: install
	$(BIN)/lint-imports

# Store tests run on the in-memory store, SQLite and PostgreSQL
# (SHIAI_TEST_POSTGRES_URL, default postgres@127.0.0.1:5432; under CI an
# unreachable PostgreSQL fails the run instead of skipping). The tests run on every
# core (pytest-xdist; JOBS=0 runs them in this one process, e.g. to debug).
JOBS ?= auto
pytest: install
	$(BIN)/python -m pytest -n $(JOBS)

# The compiled engine must decide exactly as the interpreted one: Kensei's unit tests,
# the conformance suite, the golden records and a cross-check of recorded bot games run
# on it (the platform's unit tests, which meet the engine only in passing, are not run
# again)
# (--import-mode=append: pytest would put the sources before the compiled engine).
# Senjutsu is not compiled (mypyc gained it 1.5x: docs/benchmarks.md), so its tests,
# already run by `pytest`, are not run again here.
pytest-compiled: $(COMPILED)/.built
	$(COMPILED_ENV) $(BIN)/python -m pytest -n $(JOBS) --import-mode=append -k "not senjutsu" \
		tests/unit/kensei tests/integration/test_golden_records.py \
		tests/integration/test_compiled_engine.py tests/integration/test_engine_isolation.py \
		tests/conformance

test: lint typecheck contracts pytest pytest-compiled

# A thousand Kensei, a thousand Senjutsu, a thousand Samurai Battles and a thousand
# skirmish bot games, each replayed with equal state hashes at every step; the API fuzzed
# 20 times deeper than the suite does.
soak: install
	$(BIN)/python -m tests.support.soak --games 1000 --jobs 2
	$(BIN)/python -m tests.support.senjutsu_soak --games 1000 --jobs 2
	$(BIN)/python -m tests.support.samurai_battles_soak --games 1000 --jobs 2
	$(BIN)/python -m tests.support.skirmish_soak --games 1000 --jobs 2
	SHIAI_FUZZ_EXAMPLES=500 $(BIN)/python -m pytest -n $(JOBS) tests/integration/test_api_fuzzing.py

# PNGs of the main pages over the demo data, at desktop and phone sizes, into
# docs/screenshots (SCREENSHOTS=dir writes them elsewhere; CI does, as a smoke test).
SCREENSHOTS ?= docs/screenshots
screenshots: install
	$(BIN)/python scripts/screenshots.py --out $(SCREENSHOTS)

# Benchmarks run the compiled engine, as a deployment would (`.venv/bin/python -m
# bench` runs them on the interpreted one). Every bench/<name>.py runs, among them
# bench/skirmish.py (skirmish.bot_game: whole random skirmish games a second, target 50).
bench: install $(COMPILED)/.built
	$(COMPILED_ENV) $(BIN)/python -m bench

clean:
	rm -rf $(VENV) instance build .pytest_cache .mypy_cache .ruff_cache
