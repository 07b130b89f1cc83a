# Each target sets up .venv by itself, so a fresh clone needs only Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test lint format bench exe tarball clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-play: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,dev]"
	touch $@

play: $(VENV)/.installed-play
	$(BIN)/python main.py $(ARGS)

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest $(PYTEST_ARGS)

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
