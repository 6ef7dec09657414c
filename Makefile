# Pomme Board. Every target does its own setup: a fresh machine needs only python3 and make.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
MPY    := $(BIN)/micropython
STAMP  := $(VENV)/.installed
# Device code: everything that runs on the board.
DEVICE_SRC := $(shell find firmware -name '*.py') $(wildcard boot.py main.py)
MP_PLAYOUTS ?= 40

.PHONY: help setup test test-cpython test-hil-inproc hil-board test-micropython test-heap mpy lint typecheck sim bench bench-smoke clean

help:
	@echo "make sim    - the simulated board plays a full bot game over the serial protocol"
	@echo "make test   - set up .venv and run every test (CPython, MicroPython unix port, mpy-cross, lint, types)"
	@echo "make bench  - latency, memory, footprint, throughput and link figures (build/bench.json)"
	@echo "make setup  - only create .venv and install the tools"

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

test: $(STAMP) test-cpython test-hil-inproc test-micropython test-heap mpy lint typecheck bench-smoke
	@echo "make test: all suites passed"

# Benchmarks: every figure side by side in one run; JSON in build/bench.json (docs/performance.md).
bench: $(STAMP)
	$(PY) tools/bench/run.py --out build/bench.json

# A few seconds of the same, inside make test, so the benchmark never rots.
bench-smoke: $(STAMP)
	$(PY) tools/bench/run.py --smoke --out build/bench-smoke.json

# pytest runs everything, the hardware-in-the-loop suite against the simulated board
# (firmware under the MicroPython unix port behind a pty: the CI default).
test-cpython: $(STAMP)
	$(BIN)/pytest

# The same HIL suite against the firmware in this process, and against a real board.
test-hil-inproc: $(STAMP)
	$(BIN)/pytest -q tests/hil --target inproc

hil-board: $(STAMP)
	@test -n "$(PORT)" || (echo "usage: make hil-board PORT=/dev/ttyACM0"; exit 2)
	$(BIN)/pytest tests/hil --target port --port $(PORT)

# The rules suite again, unchanged, under the real MicroPython interpreter.
test-micropython: $(STAMP)
	PLAYOUTS=$(MP_PLAYOUTS) $(PY) tools/mp_run_tests.py --micropython $(MPY) tests/rules tests/board tests/link

# A full 6-player bot game inside a 64 KB heap, device modules loaded as .mpy.
test-heap: $(STAMP)
	for seed in 1 2 3; do $(PY) tools/mp_heap_game.py --micropython $(MPY) --heap 64k --players 6 --seed $$seed || exit 1; done

# Every device module must compile exactly as the board would compile it.
mpy: $(STAMP)
	$(PY) tools/compile_mpy.py --out build/mpy $(DEVICE_SRC)

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(PY) tools/typecheck.py device host

# The simulated board (firmware under the MicroPython unix port, behind a pseudo-terminal)
# plays a full 4-player bot game through the serial protocol and shows the winner.
sim: $(STAMP)
	$(BIN)/pomme sim --bots 4 --seed 1

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache
