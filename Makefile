# `make test` and `make app` set up .venv themselves on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

APP_STAMP := $(VENV)/.installed-app
PORT ?= 8866
# Idle visitor kernels are shut down, so a classroom of tabs does not pile up kernels
# (nor do reloads: Voilà's own shutdown request on page unload is refused, voila#1458).
VOILA_FLAGS := --no-browser --port=$(PORT) \
	--MappingKernelManager.cull_interval=60 \
	--MappingKernelManager.cull_idle_timeout=900 \
	--MappingKernelManager.cull_connected=False

.PHONY: app test lint typecheck unit bench screenshots catalogs clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

$(APP_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[app]'
	touch $@

# Serve the Voilà app on http://localhost:$(PORT)
app: $(APP_STAMP)
	$(BIN)/voila $(VOILA_FLAGS) notebooks/app.ipynb

test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python -m skipbo_widgets.bench

# The README's screenshots, taken in headless Chromium (needs /usr/bin/chromium).
screenshots: $(STAMP)
	$(BIN)/python tools/screenshots.py en fr

# Rebuild the compiled message catalogs after editing a .po file.
catalogs: $(STAMP)
	$(BIN)/python -m skipbo_widgets.i18n.build

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
