# Each target sets up .venv by itself, so a fresh clone needs only Python 3.11+ with its venv
# module (on Debian and Ubuntu the python3-venv package) and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test test-pure-solver lint format bench exe tarball clean

# Installing builds the solver's compiled tree where a compiler is there (and goes on quietly
# without it): a change to it, or to the build, installs again.
BUILT_FROM := pyproject.toml setup.py game/solver/_kernel.c

# Setting up prints nothing unless it fails: pip's notes and build warnings are not for a
# player. Its whole output goes to .venv/setup.log and is shown when a step fails.
QUIET = > $(VENV)/setup.log 2>&1 || { cat $(VENV)/setup.log >&2; exit 1; }

# .venv is made once, by a Python new enough, with pip in it; .ready says so. A .venv that is
# not (an older Python's, or one without pip) is made again, and one that cannot be made is
# removed: a failed start never leaves a .venv behind that the next one would trust.
NEW_ENOUGH := -c 'import sys; sys.exit(sys.version_info < (3, 11))'
VERSION := -c 'import sys; print(sys.version.split()[0])'
WORKS = $(BIN)/python $(NEW_ENOUGH) && $(BIN)/python -m pip --version

$(VENV)/.ready:
	@$(PYTHON) $(NEW_ENOUGH) 2>/dev/null || { \
		echo "The game needs Python 3.11 or newer, and $(PYTHON) is $$($(PYTHON) $(VERSION) 2>/dev/null || echo missing)." \
			"Install a newer Python and name it: make PYTHON=python3.12 $(MAKECMDGOALS)" >&2; \
		exit 1; }
	@if ! { $(WORKS); } >/dev/null 2>&1; then \
		rm -rf $(VENV); \
		$(PYTHON) -m venv $(VENV) && { $(WORKS); } >/dev/null 2>&1 || { \
			rm -rf $(VENV); \
			echo "Could not make $(VENV) with pip in it: $(PYTHON) has no working venv module." \
				"On Debian and Ubuntu, install python3-venv (or python3.X-venv for python3.X)." >&2; \
			exit 1; }; \
		$(BIN)/python -m pip install --upgrade pip $(QUIET); \
	fi
	@touch $@

$(VENV)/.installed-play: $(BUILT_FROM) | $(VENV)/.ready
	@echo "Setting up $(VENV) (once)..."
	@$(BIN)/python -m pip install -e . $(QUIET)
	@touch $@

$(VENV)/.installed-test: $(BUILT_FROM) | $(VENV)/.ready
	@echo "Setting up $(VENV) for the tests (once)..."
	@$(BIN)/python -m pip install -e ".[test]" $(QUIET)
	@touch $@

$(VENV)/.installed-dev: $(BUILT_FROM) | $(VENV)/.ready
	@echo "Setting up $(VENV) for the tools (once)..."
	@$(BIN)/python -m pip install -e ".[test,dev]" $(QUIET)
	@touch $@

play: $(VENV)/.installed-play
	$(BIN)/python main.py $(ARGS)

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The solver's tests once more with the compiled tree turned off: the Python tree, the
# fallback of an install without a compiler, answers them all alike.
SOLVER_TESTS := tests/test_solver.py tests/test_solver_biggest_tiles.py \
	tests/test_solver_failures.py tests/test_solver_worker.py tests/test_analysis.py
test-pure-solver: $(VENV)/.installed-test
	GAME2048_PURE_SOLVER=1 $(BIN)/python -m pytest $(SOLVER_TESTS) $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.installed-dev
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(VENV)/.installed-test
	$(BIN)/python bench/engine.py

# The game with the assets inside, as the system expects it: one windowed file dist/2048 on
# Linux (dist/2048.exe on Windows), the app bundle dist/2048.app on macOS.
exe: $(VENV)/.installed-dev
	$(BIN)/pyinstaller build/2048.spec --workpath build/.work --distpath dist --noconfirm --log-level WARN

# The Linux release: dist/2048-linux-x86_64.tar.gz, the executable with its install.sh.
tarball: exe
	$(BIN)/python build/make_linux_tarball.py

clean:
	rm -rf $(VENV) dist build/.work
