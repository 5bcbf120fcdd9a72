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

.PHONY: install run migrate seed test lint typecheck contracts pytest soak bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev,serve]"
	touch $(STAMP)

install: $(STAMP)

migrate: install
	$(BIN)/shiai migrate

seed: migrate
	$(BIN)/shiai seed-demo

run: seed
	$(BIN)/shiai run --host $(HOST) --port $(PORT)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

contracts: install
	$(BIN)/lint-imports

# Store tests run on the in-memory store, SQLite and PostgreSQL
# (SHIAI_TEST_POSTGRES_URL, default postgres@127.0.0.1:5432; under CI an
# unreachable PostgreSQL fails the run instead of skipping).
pytest: install
	$(BIN)/python -m pytest

test: lint typecheck contracts pytest

# A thousand Kensei bot games, each replayed with equal state hashes at every step.
soak: install
	$(BIN)/python -m tests.support.soak --games 1000 --jobs 2

bench: install
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) instance .pytest_cache .mypy_cache .ruff_cache
