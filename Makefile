# Each target sets up .venv by itself, so a fresh clone needs only Python 3.11+ with its venv
# module (on Debian and Ubuntu the python3-venv package) and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test test-fast test-pure-solver test-lowest lint format bench lock exe tarball clean catalogs

# Installing builds the solver's compiled tree where a compiler is there (and goes on quietly
# without it) and compiles the catalogs: a change to either, or to the build, installs again.
LOCALE := game/text/locale
CATALOGS := $(wildcard $(LOCALE)/*/LC_MESSAGES/*.po)
BUILT_FROM := pyproject.toml setup.py game/solver/_kernel.c $(CATALOGS)

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

# The tests run a worker a core (PARALLEL= runs them one after another, in one process).
PARALLEL ?= -n auto
test: $(VENV)/.installed-test
	$(BIN)/python -m pytest $(PARALLEL) $(PYTEST_ARGS)

# The edit-test loop: every test but those of half a second or more and those that build,
# install or pack the game (make test, and CI, run them all).
test-fast: $(VENV)/.installed-test
	$(BIN)/python -m pytest $(PARALLEL) -m "not slow and not packaging" $(PYTEST_ARGS)

# The solver's tests once more with the compiled tree turned off: the Python tree, the
# fallback of an install without a compiler, answers them all alike.
SOLVER_TESTS := tests/solver/test_solver.py tests/solver/test_solver_biggest_tiles.py \
	tests/solver/test_solver_failures.py tests/solver/test_solver_worker.py \
	tests/solver/test_analysis.py
test-pure-solver: $(VENV)/.installed-test
	GAME2048_PURE_SOLVER=1 $(BIN)/python -m pytest $(SOLVER_TESTS) $(PYTEST_ARGS)

# The lower bounds, tested once: a throwaway venv with every direct requirement at the lowest
# version its range allows (uv's lowest-direct resolution; what they need in turn comes at its
# newest), the game built there by the lowest setuptools, then the whole suite run with it,
# the lint with the lowest ruff, the lock remade by the lowest uv (it must come out the same,
# which also shows the lock in step with the ranges), and the executable built by the lowest
# PyInstaller and started with every part. A bound that fails here is raised, not kept.
LOWEST := build/.work/lowest
LOWEST_BIN := $(LOWEST)/venv/bin
LOWEST_SHOWN := pygame-ce|platformdirs|filelock|pytest|hypothesis|pytest-xdist|ruff|uv|import-linter|pyinstaller|setuptools
test-lowest: $(VENV)/.installed-dev
	@rm -rf $(LOWEST)
	@$(PYTHON) -m venv $(LOWEST)/venv
	@$(BIN)/uv pip install --quiet --python $(LOWEST_BIN)/python --resolution lowest-direct \
		-r pyproject.toml --extra test --extra dev -r build/requirements.in
	@$(BIN)/uv pip install --quiet --python $(LOWEST_BIN)/python --no-deps --no-build-isolation -e .
	@echo "The lowest versions allowed:"; $(LOWEST_BIN)/python -m pip list --format freeze \
		2>/dev/null | grep -iE "^($(LOWEST_SHOWN))=" | sed 's/^/    /'
	$(LOWEST_BIN)/python -m pytest $(PARALLEL) $(PYTEST_ARGS)
	$(LOWEST_BIN)/ruff check .
	$(LOWEST_BIN)/ruff format --check .
	$(LOWEST_BIN)/lint-imports --no-cache
	@cp $(LOCK) $(LOWEST)/lock.txt
	$(LOWEST_BIN)/uv pip compile $(LOCK_FROM) $(LOCK_OPTIONS) --no-header --quiet -o $(LOWEST)/lock.txt
	@grep -v '^#' $(LOCK) | diff - $(LOWEST)/lock.txt || { \
		echo "$(LOCK) is not what its ranges make now: run make lock" >&2; exit 1; }
	$(LOWEST_BIN)/pyinstaller build/2048.spec --workpath $(LOWEST)/work --distpath $(LOWEST)/dist \
		--noconfirm --log-level ERROR
	GAME2048_EXE=$(LOWEST)/dist/$$($(LOWEST_BIN)/python build/bundle_files.py) \
		$(LOWEST_BIN)/python -m pytest tests/packaging/test_packaging.py -k frozen_game

# The catalogs (docs/translating.md): `make catalogs` extracts the sentences into the template
# and brings every language's .po in step with it; an install compiles them (setup.py). A
# changed sentence's translation is kept, marked fuzzy for a translator to review (the tests
# fail until then); a removed one's goes (git keeps it).
catalogs: $(VENV)/.installed-dev
	$(BIN)/pybabel -q extract -F $(LOCALE)/babel.cfg --no-location --project=2048 \
		-o $(LOCALE)/game2048.pot game/text
	$(BIN)/pybabel -q update -D game2048 -i $(LOCALE)/game2048.pot -d $(LOCALE) \
		--ignore-obsolete

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache

format: $(VENV)/.installed-dev
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(VENV)/.installed-test
	$(BIN)/python bench/engine.py

# The lock, build/requirements.txt: the exact version of every package the executable is built
# and tested with, each with the hashes of its files, so that a release is built from what was
# tested, not from whatever is newest that day. `make lock` refreshes it to the newest versions
# the ranges allow (pyproject.toml; build/requirements.in for the build's own tools), resolved
# once for Windows, macOS and Linux alike: uv's universal resolution writes each system's own
# packages with their markers, where pip-compile would pin only the system it runs on.
LOCK := build/requirements.txt
LOCK_FROM := pyproject.toml build/requirements.in
LOCK_OPTIONS := --extra test --extra dev --universal --python-version 3.11 --generate-hashes
lock: $(VENV)/.installed-dev
	@{ echo "# The lock the executable is built from (make exe, the release workflow): every"; \
		echo "# runtime, build and test dependency, pinned with the hashes of its files, for Windows,"; \
		echo "# macOS and Linux alike. Made by \`make lock\` with uv, from pyproject.toml and"; \
		echo "# build/requirements.in:"; \
		echo "#     uv pip compile $(LOCK_FROM)"; \
		echo "#         $(LOCK_OPTIONS) --upgrade"; \
		echo "# Installed with \`pip install --require-hashes -r $(LOCK)\`; not edited by hand."; \
		$(BIN)/uv pip compile $(LOCK_FROM) $(LOCK_OPTIONS) --upgrade --no-header --quiet; \
	} > $(LOCK).new || { rm -f $(LOCK).new; exit 1; }
	@mv $(LOCK).new $(LOCK)
	@echo "$(LOCK): $$(grep -c '^[a-z]' $(LOCK)) packages, each pinned with its hashes"

# The executable is built in a venv of its own, .venv-build, that holds the lock and nothing
# else: pip installs exactly its versions and refuses a file whose hash differs. .venv keeps the
# ranges of pyproject.toml, for playing and testing with what a player's pip would install.
# The game goes in as a built wheel, not editable: PyInstaller takes it, its compiled solver
# included, from there, built by the lock's setuptools (no build isolation, which would fetch
# an unpinned one). It is made by the Python that made .venv, checked there; a failed setup
# leaves no .venv-build behind, and a change of the lock makes it afresh.
BUILD_VENV := .venv-build
BUILD_BIN := $(BUILD_VENV)/bin
BUILD_LOG = > $(BUILD_VENV)/setup.log 2>&1 || { cat $(BUILD_VENV)/setup.log >&2; exit 1; }

# pip resolves the lock's own requirements among its pins: with hashes required, a dependency
# the lock lacks is an error here, not a quiet download.
$(BUILD_VENV)/.ready: $(LOCK) | $(VENV)/.ready
	@echo "Setting up $(BUILD_VENV) from $(LOCK)..."
	@rm -rf $(BUILD_VENV)
	@$(PYTHON) -m venv $(BUILD_VENV) && $(BUILD_BIN)/python -m pip --version >/dev/null 2>&1 \
		|| { rm -rf $(BUILD_VENV); echo "Could not make $(BUILD_VENV) with pip in it." >&2; exit 1; }
	@$(BUILD_BIN)/python -m pip install --require-hashes -r $(LOCK) > $(BUILD_VENV)/setup.log 2>&1 \
		|| { cat $(BUILD_VENV)/setup.log >&2; rm -rf $(BUILD_VENV); exit 1; }
	@touch $@

# The game with the assets inside, as the system expects it: one windowed file dist/2048 on
# Linux (dist/2048.exe on Windows), the app bundle dist/2048.app on macOS. The game is built
# into .venv-build afresh each time, so the executable holds this checkout as it is now.
# PYTHONHASHSEED fixed: PyInstaller packs the standard library in the order of a set, so with
# a random seed two builds of one checkout differ; with it they are the same bytes.
exe: $(BUILD_VENV)/.ready
	@rm -rf build/.work/setuptools # so no file renamed or removed since the last build lingers
	@$(BUILD_BIN)/python -m pip install --no-deps --no-build-isolation --force-reinstall . \
		$(BUILD_LOG)
	PYTHONHASHSEED=0 $(BUILD_BIN)/pyinstaller build/2048.spec --workpath build/.work \
		--distpath dist --noconfirm --log-level WARN

# The Linux release: dist/2048-linux-x86_64.tar.gz, the executable with its install.sh, dated
# by the last commit (SOURCE_DATE_EPOCH, unless set already): packed twice, the same bytes.
tarball: exe
	SOURCE_DATE_EPOCH=$${SOURCE_DATE_EPOCH:-$$(git log -1 --format=%ct)} \
		$(BIN)/python build/make_linux_tarball.py

clean:
	rm -rf $(VENV) $(BUILD_VENV) dist build/.work
