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

.PHONY: help setup play web mcu-flash-long test-long-micropython test-web-long test-heap-long test-web node-setup test test-cpython test-cpython-long test-cpython-rest test-cpython-flash test-long test-hil-inproc hil-board test-micropython test-heap mpy lint typecheck sim bench bench-smoke soak mcu mcu-small mcu-stock mcu-romfs test-mcu clean

help:
	@echo "make sim    - the simulated board plays a full bot game over the serial protocol"
	@echo "make play   - play a game yourself against the rule bot on the simulated board"
	@echo "make web    - the virtual board in a browser at http://127.0.0.1:8000/ (docs/web.md)"
	@echo "make test   - set up .venv and run every test (CPython, MicroPython unix port, mpy-cross, lint, types)"
	@echo "make test-long - the conformance suite's long volume: the seeds make test leaves out (docs/testing.md; CI runs it)"
	@echo "make soak   - 1,000 checked random games of every Module Chart combination, going on from its record (docs/testing.md)"
	@echo "make bench  - latency, memory, footprint, throughput and link figures (build/bench.json)"
	@echo "make setup  - only create .venv and install the tools"

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	@# Ray for `pomme tournament --ray` and its test (docs/tournaments.md), where a Ray wheel
	@# exists for this Python and platform; without it that test skips and says why.
	$(BIN)/pip install --quiet -e '.[cluster]' || echo "make setup: Ray (the cluster extra) could not be installed here; tests/host/test_tournament_ray.py will skip"
	touch $(STAMP)

setup: $(STAMP)

# Two chains run side by side (each is one process at a time; the machines here have 2 cores),
# make -k in each (a part runs even if one before it failed). In the foreground pytest: its
# longest files first (LONG_TESTS: the conformance suite's playouts, state API and narration of
# every game form, in its quick volume: docs/testing.md), its other files, then the virtual board
# in the browser. In the background, into build/test-micropython.log (shown when it ends): the
# MicroPython chain (test-micropython test-heap mpy lint typecheck), the HIL suite in-process,
# pytest's flash and power-cut files (FLASH_TESTS) and the emulated board (the benchmark's smoke
# run: make test-long, since stop 62). Each chain prints each part's time (docs/testing.md has the figures: in a clean clone
# 1,133 s, the chains 1,087 s and 1,133 s). `make test-cpython` is the whole pytest run
# in one process; `make test-long` the conformance suite's long volume (CI runs it after this).
# Runs each target in $(1) in turn, every one even after a failure (as make -k), printing how
# long each took; fails if any failed.
TIMED = rc=0; for t in $(1); do s=$$(date +%s); $(MAKE) --no-print-directory $$t || rc=1; \
	echo "make test: $$t took $$(( $$(date +%s) - s )) s"; done; exit $$rc
test: $(STAMP)
	@mkdir -p build && date +%s > build/.test-start
	@echo "make test: pytest and the browser here; beside them the MicroPython suite, heap games, mpy-cross, lint, types, the HIL suite in-process, pytest's flash files and the emulated board, whose output goes to build/test-micropython.log"
	@( $(call TIMED,test-micropython test-heap mpy lint typecheck test-hil-inproc test-cpython-flash test-mcu) ) > build/test-micropython.log 2>&1 & bg=$$!; \
	( $(call TIMED,test-cpython-long test-cpython-rest test-web) ); fg=$$?; \
	wait $$bg; rc=$$?; \
	echo "---- build/test-micropython.log (the background suites) ----"; \
	if [ $$rc = 0 ]; then grep -v "^SKIP\|^make test: " build/test-micropython.log | tail -n 40; else cat build/test-micropython.log; fi; \
	grep "^make test: .* took " build/test-micropython.log; \
	echo "----"; \
	if [ $$fg != 0 ] || [ $$rc != 0 ]; then echo "make test: FAILED: the foreground exit $$fg, the background suites exit $$rc (above)"; exit 1; fi
	@echo "make test: all suites passed in $$(( $$(date +%s) - $$(cat build/.test-start) )) s"

# Benchmarks: every figure side by side in one run; JSON in build/bench.json (docs/performance.md).
bench: $(STAMP)
	$(PY) tools/bench/run.py --out build/bench.json

# The conformance suite's long volume (docs/testing.md): the seeds and forms make test leaves out,
# on CPython in the foreground and on the unix port beside it (its output in
# build/test-long-micropython.log). CI runs it after make test.
LONG_VOLUME = $(LONG_TESTS) tests/host/test_conformance_forms.py
# Its information sets and flash-level power cuts (LONG_BESIDE) ran in the background chain at
# stop 61; back in the foreground since stop 62, whose moves into make test-long made the
# background the longer chain (3,587 s against 3,212 at 7b97529, LONG_BESIDE 261 s of it).
LONG_BESIDE = tests/conformance/test_information_sets.py tests/conformance/test_flash_cuts.py
test-long: $(STAMP)
	@mkdir -p build
	@echo "make test-long: the conformance suite's long volume, CPython here; the unix port's, the page's games by clicks to their end, the heap games' seeds 2 and 3, pomme flash of the .mpy files on the emulated board and the benchmark's smoke run beside it (build/test-long-micropython.log)"
	@( $(call TIMED,test-long-micropython test-web-long test-heap-long mcu-flash-long bench-smoke) ) > build/test-long-micropython.log 2>&1 & bg=$$!; \
	POMME_LONG=1 $(BIN)/pytest -p no:cacheprovider $(LONG_VOLUME) $(LONG_BESIDE); fg=$$?; \
	wait $$bg; rc=$$?; \
	echo "---- build/test-long-micropython.log ----"; \
	if [ $$rc = 0 ]; then grep -v "^SKIP\|^make test: " build/test-long-micropython.log | tail -n 12; else cat build/test-long-micropython.log; fi; \
	grep "^make test: .* took " build/test-long-micropython.log; \
	echo "----"; \
	if [ $$fg != 0 ] || [ $$rc != 0 ]; then echo "make test-long: FAILED: pytest exit $$fg, the background chain exit $$rc (above)"; exit 1; fi
	@echo "make test-long: all passed"

# The conformance suite's random playouts in volume (tools/soak.py, docs/testing.md "Soak"): goes
# on from tests/conformance/soak_chart.json; SOAK_ARGS="--ray auto" for a cluster.
soak: $(STAMP)
	$(PY) tools/soak.py $(SOAK_ARGS)

# The parts of make test-long's background chain.
test-long-micropython: $(STAMP)
	POMME_LONG=1 $(PY) tools/mp_run_tests.py --micropython $(MPY) tests/conformance $(MP_LONG_MODULES)
test-web-long: $(STAMP)
	@POMME_LONG=1 $(MAKE) --no-print-directory test-web WEB_TESTS="$(WEB_LONG)"
# (and the module games' gate: the three largest sets of The Rise of Fenris, 5 players, with 66 KB
# free: 2 KB above the 64 KB they finish in, docs/performance.md "Within 64 KB", so a boot at the
# edge never fails CI; make bench bisects the figure itself)
test-heap-long: $(STAMP)
	@$(MAKE) --no-print-directory test-heap HEAP_SEEDS="2 3"
	$(PY) tools/mcu/heap_gate.py --scythe modules,mad,des --free 66 --players 5 --seeds 1

# A short run of the same (75 s at stop 61), inside make test-long (make test until stop 62), so
# the benchmark never rots.
bench-smoke: $(STAMP)
	$(PY) tools/bench/run.py --smoke --out build/bench-smoke.json

# pytest runs everything, the hardware-in-the-loop suite against the simulated board
# (firmware under the MicroPython unix port behind a pty: the CI default).
test-cpython: $(STAMP)
	$(BIN)/pytest

# The same run in three parts (LONG_TESTS, the rest, FLASH_TESTS below; the last two without
# pytest's cache file, which the first writes). A test file added anywhere else is in the rest.
LONG_TESTS = tests/conformance/test_playouts.py tests/conformance/test_state_api.py tests/conformance/test_narration.py
test-cpython-long: $(STAMP)
	$(BIN)/pytest $(LONG_TESTS)

test-cpython-rest: $(STAMP)
	$(BIN)/pytest -p no:cacheprovider $(addprefix --ignore=,$(LONG_TESTS) $(FLASH_TESTS))

# pytest's files that cut the power of simulated boards and deploy a ROMFS image to one (about 2.5
# minutes), which make test runs in its background chain to even the two chains out (since stop 62
# the flash and installed-package files run in the foreground: the chains took 1,103 and 1,224 s).
FLASH_TESTS = tests/host/test_power_cut.py tests/host/test_romfs_deploy.py
test-cpython-flash: $(STAMP)
	$(BIN)/pytest -p no:cacheprovider $(FLASH_TESTS)

# The same HIL suite against the firmware in this process, and against a real board.
test-hil-inproc: $(STAMP)
	$(BIN)/pytest -q tests/hil --target inproc
	$(BIN)/pytest -q tests/hil --target inproc --game scythe

hil-board: $(STAMP)
	@test -n "$(PORT)" || (echo "usage: make hil-board PORT=/dev/ttyACM0"; exit 2)
	$(BIN)/pytest tests/hil --target port --port $(PORT)

# The rules suite again, unchanged, under the real MicroPython interpreter: make test runs every
# module but MP_LONG_MODULES, the slowest Scythe and campaign ones on the unix port (about 340 s of
# its 845 at stop 61), which make test-long's background chain runs there; CPython runs them in
# make test (docs/testing.md).
MP_LONG_MODULES = tests/board/test_scythe_gestures.py tests/board/test_scythe_presence_only.py \
	tests/board/test_campaign_from_the_menu.py tests/board/test_campaign_on_the_link.py \
	tests/web/device/test_web_campaign.py tests/web/device/test_web_log.py tests/rules/test_scythe_rule_bot.py
test-micropython: $(STAMP)
	PLAYOUTS=$(MP_PLAYOUTS) $(PY) tools/mp_run_tests.py --micropython $(MPY) --skip $(subst $(space),$(comma),$(strip $(MP_LONG_MODULES))) tests/rules tests/board tests/link tests/web/device tests/conformance

comma := ,
empty :=
space := $(empty) $(empty)
# A full 6-player bot game inside a 64 KB heap, device modules loaded as .mpy (unix port).
# Then Pie in the Sky, 6 players, on the emulated board (docs/mcu.md, "The heap gate"): the
# firmware frozen, the full stack, 64 KB of free heap; it needs the emulated board's toolchain
# and FAILS (does not skip) without it. Last, the expansion on the unix port: a figure, not a gate.
# Seed 1 of each gate in make test, seeds 2 and 3 in make test-long's background (HEAP_SEEDS).
HEAP_SEEDS = 1
test-heap: $(STAMP)
	for seed in $(HEAP_SEEDS); do $(PY) tools/mp_heap_game.py --micropython $(MPY) --heap 64k --players 6 --seed $$seed || exit 1; done
	for seed in $(HEAP_SEEDS); do $(PY) tools/mp_heap_scythe.py --micropython $(MPY) --heap 96k --players 5 --seed $$seed || exit 1; done
	@$(MAKE) --no-print-directory mcu || { echo "make test-heap: FAILED: the Pie in the Sky heap gate runs on the emulated board, and make mcu could not build it (what is missing is said above; .ci/run installs the toolchain when run as root)"; exit 1; }
	$(PY) tools/mcu/heap_gate.py --pits --players 6 --free 64 --seeds $(subst $(space),$(comma),$(strip $(HEAP_SEEDS)))
	@echo "Pie in the Sky on the unix port, .mpy in the heap (a figure, not a gate; docs/pie-in-the-sky.md):"
	-@$(PY) tools/mp_heap_game.py --micropython $(MPY) --heap 96k --players 6 --seed 1 --pits | head -1

# Every device module must compile exactly as the board would compile it.
mpy: $(STAMP)
	$(PY) tools/compile_mpy.py --out build/mpy $(DEVICE_SRC)

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(PY) tools/typecheck.py device host

# A game at the laptop: you in seat 1, the rule bot in seat 2, on the simulated board (docs/play.md).
play: $(STAMP)
	$(BIN)/pomme play --seat 2=bot

# The virtual board in a browser (docs/web.md): MicroPython's WebAssembly module from npm
# (package-lock.json), the firmware compiled as `pomme flash` compiles it.
NODE_STAMP := node_modules/.package-lock.json
$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { echo "make web: npm is missing: install Node.js and npm (apt-get install nodejs npm)"; exit 2; }
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

node-setup: $(NODE_STAMP)

web: $(STAMP) $(NODE_STAMP)
	$(BIN)/pomme web

# Inside make test: the page's protocol client in Node against the simulated board, and the page
# in headless Chromium (tests/web), when Node.js/npm and Chromium with its driver are here (.ci/run
# installs Chromium when it runs as root); otherwise make test says what it skipped.
WEB_APT := apt-get install chromium chromium-driver
# make test-long's browser games: every game with seat 1 by clicks to its end (make test: 30
# decisions), and since stop 62 the campaign carried from the simulated board to the page and its
# episode played there to the end (about 90 s of make test's browser time at stop 61)
WEB_LONG = tests/web/test_every_game.py tests/web/test_campaign_page.py
WEB_TESTS = tests/web --ignore=tests/web/test_campaign_page.py
test-web: $(STAMP)
	@if ! command -v npm >/dev/null; then \
		echo "make test: SKIPPED the virtual board's tests (tests/web): they need Node.js with npm, and Chromium: '$(WEB_APT)' (as root)"; \
	else \
		$(MAKE) --no-print-directory node-setup && POMME_WEB_TESTS=1 $(BIN)/pytest -q $(WEB_TESTS) || exit 1; \
		command -v chromium >/dev/null && command -v chromedriver >/dev/null || \
		echo "make test: SKIPPED the virtual board's browser tests (tests/web/test_virtual_board.py): they need Chromium: '$(WEB_APT)' (as root)"; \
	fi

# The simulated board (firmware under the MicroPython unix port, behind a pseudo-terminal)
# plays a full 4-player bot game through the serial protocol and shows the winner.
sim: $(STAMP)
	$(BIN)/pomme sim --bots 4 --seed 1

# The emulated board (docs/mcu.md): MicroPython's qemu port for a Cortex-M3 (QEMU mps2-an385)
# with firmware/manifest.py frozen in, built from MICROPY_DIR into build/mcu (never into the
# MicroPython tree: mpy-cross is built from the same tree into build/mcu/mpy-cross).
MICROPY_DIR ?= $(wildcard ../shared/vendor/micropython)
MCU_BOARD   ?= MPS2_AN385
MCU_BUILD   := $(CURDIR)/build/mcu
MCU_MPYCROSS := $(MCU_BUILD)/mpy-cross/mpy-cross
# littlefs for the saves (a RAM flash, firmware/hal/ramflash.py). The board has no clock: files
# get the milliseconds since power-up as their time (littlefs asks mp_hal_time_ns(), which the
# qemu port does not define).
MCU_CFLAGS := -Dmp_hal_time_ns=mp_hal_ticks_ms
MCU_APT     := apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm

# Inside make test: the emulated board is built and booted, the frozen firmware imported on it,
# power cut at every flash operation of its saves, the HIL suite run against it, `pomme flash`
# on the stock images (tests/mcu: the ROMFS image; the .mpy path in make test-long), and a bot game
# played on it with `pomme sim --target qemu`, when its tools are here (.ci/run installs them when it runs as root); otherwise
# make test says what it skipped and why.
# make test leaves `pomme flash` of the .mpy files over the stock board's emulated serial line
# (about 100 s: 160 files through mpremote) to make test-long's background (mcu-flash-long).
MCU_TESTS = -k "not mpy_files"
test-mcu: $(STAMP)
	@if command -v arm-none-eabi-gcc >/dev/null && command -v qemu-system-arm >/dev/null && test -n "$(MICROPY_DIR)"; then \
		$(MAKE) --no-print-directory mcu mcu-stock mcu-romfs && $(PY) tools/mcu/smoke.py && $(PY) tools/mcu/flash_cut.py \
		&& $(BIN)/pytest -q tests/hil --target qemu \
		&& POMME_MCU_TESTS=1 $(BIN)/pytest -q tests/mcu $(MCU_TESTS) \
		&& $(BIN)/pomme sim --target qemu --bots 2 --seed 3; \
	else \
		echo "make test: SKIPPED the emulated board (make mcu): it needs MICROPY_DIR and '$(MCU_APT)'"; \
	fi

# make test-long's part of the emulated board: pomme flash of the .mpy files to the stock board.
mcu-flash-long: $(STAMP)
	@if command -v arm-none-eabi-gcc >/dev/null && command -v qemu-system-arm >/dev/null && test -n "$(MICROPY_DIR)"; then \
		$(MAKE) --no-print-directory mcu-stock && POMME_MCU_TESTS=1 $(BIN)/pytest -q tests/mcu -k mpy_files; \
	else \
		echo "make test-long: SKIPPED pomme flash on the emulated board (make mcu): it needs MICROPY_DIR and '$(MCU_APT)'"; \
	fi

mcu:
	@test -n "$(MICROPY_DIR)" -a -f "$(MICROPY_DIR)/ports/qemu/Makefile" || { echo "make mcu: no MicroPython source tree at '$(MICROPY_DIR)': pass MICROPY_DIR=<checkout> (default ../shared/vendor/micropython)"; exit 2; }
	@for t in arm-none-eabi-gcc arm-none-eabi-size qemu-system-arm; do command -v $$t >/dev/null || { echo "make mcu: $$t is missing: install it with '$(MCU_APT)' (as root)"; exit 2; }; done
	@echo 'int main(void){return 0;}' | arm-none-eabi-gcc -mcpu=cortex-m3 -mthumb -x c - -o /dev/null --specs=nosys.specs 2>/dev/null || { echo "make mcu: newlib for arm-none-eabi is missing: install it with '$(MCU_APT)' (as root)"; exit 2; }
	$(MAKE) -C $(MICROPY_DIR)/mpy-cross BUILD=$(MCU_BUILD)/mpy-cross -j2
	MICROPY_MPYCROSS=$(MCU_MPYCROSS) $(MAKE) -C $(MICROPY_DIR)/ports/qemu BOARD=$(MCU_BOARD) \
		BUILD=$(MCU_BUILD) MICROPY_MPYCROSS=$(MCU_MPYCROSS) MICROPY_VFS_LFS2=1 \
		CFLAGS_EXTRA="$(MCU_CFLAGS)" \
		FROZEN_MANIFEST=$(CURDIR)/firmware/manifest.py -j2
	@arm-none-eabi-size $(MCU_BUILD)/firmware.elf
	@echo "make mcu: $(MCU_BUILD)/firmware.elf; run it: qemu-system-arm -machine mps2-an385 -nographic -monitor null -semihosting -serial mon:stdio -kernel build/mcu/firmware.elf"

# The same image with a small heap (docs/mcu.md, "A small heap"): MICROPY_HEAP_SIZE is the qemu
# port's make variable. 56 KB = the 32 KB budget + the bench script's own code, map text and
# records (about 22 KB, allocated before its filler), so a collection sweeps a heap near a
# board's 32 KB instead of 140 KB.
MCU_SMALL_HEAP ?= 57344
mcu-small: mcu
	rm -f $(CURDIR)/build/mcu-small/main.o   # MICROPY_HEAP_SIZE is compiled into main.o only
	MICROPY_MPYCROSS=$(MCU_MPYCROSS) $(MAKE) -C $(MICROPY_DIR)/ports/qemu BOARD=$(MCU_BOARD) \
		BUILD=$(CURDIR)/build/mcu-small MICROPY_MPYCROSS=$(MCU_MPYCROSS) MICROPY_VFS_LFS2=1 \
		MICROPY_HEAP_SIZE=$(MCU_SMALL_HEAP) CFLAGS_EXTRA="$(MCU_CFLAGS)" \
		FROZEN_MANIFEST=$(CURDIR)/firmware/manifest.py -j2
	@arm-none-eabi-size $(CURDIR)/build/mcu-small/firmware.elf

# The emulated board as a maker gets a board (docs/mcu.md, "Three deployment paths"): stock
# MicroPython without the game frozen in (tools/mcu/stock_manifest.py: asyncio, the RAM flash
# standing in for a port's C flash driver, the start-up of a port's _boot.py), a 384 KB heap
# so that the .mpy path fits to be measured. mcu-stock has no ROMFS partition (a stock Pico:
# MICROPY_HW_ROMFS_PART0_* emptied, so vfs.rom_ioctl is absent); mcu-romfs keeps the
# MPS2_AN385 board's 4 MB partition at 0x21000000, which QEMU fills from a file at start.
MCU_STOCK_HEAP ?= 393216
MCU_STOCK = MICROPY_MPYCROSS=$(MCU_MPYCROSS) $(MAKE) -C $(MICROPY_DIR)/ports/qemu BOARD=$(MCU_BOARD) \
	MICROPY_MPYCROSS=$(MCU_MPYCROSS) MICROPY_VFS_LFS2=1 MICROPY_HEAP_SIZE=$(MCU_STOCK_HEAP) \
	CFLAGS_EXTRA="$(MCU_CFLAGS)" FROZEN_MANIFEST=$(CURDIR)/tools/mcu/stock_manifest.py -j2
mcu-stock: mcu
	$(MCU_STOCK) BUILD=$(CURDIR)/build/mcu-stock MICROPY_HW_ROMFS_PART0_START= MICROPY_HW_ROMFS_PART0_SIZE=
	@arm-none-eabi-size $(CURDIR)/build/mcu-stock/firmware.elf

mcu-romfs: mcu
	$(MCU_STOCK) BUILD=$(CURDIR)/build/mcu-romfs
	@arm-none-eabi-size $(CURDIR)/build/mcu-romfs/firmware.elf

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache
