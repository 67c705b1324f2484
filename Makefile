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

# The static site (JupyterLite/Voici, Python in the visitor's browser) in site/, from the
# versions pinned in tools/site; `make serve-site` serves it on http://localhost:$(SITE_PORT).
.PHONY: site serve-site clean-site
SITE_VENV := .venv-site
SITE_STAMP := $(SITE_VENV)/.installed
PYODIDE_STAMP := tools/site/node_modules/.installed
SITE_PORT ?= 8000

$(SITE_STAMP): tools/site/requirements.txt
	$(PYTHON) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install -q --upgrade pip
	$(SITE_VENV)/bin/python -m pip install -q -r tools/site/requirements.txt
	touch $@

$(PYODIDE_STAMP): tools/site/package-lock.json
	cd tools/site && npm ci --no-audit --no-fund
	touch $@

site: $(SITE_STAMP) $(PYODIDE_STAMP)
	$(SITE_VENV)/bin/python tools/site/build.py

serve-site:
	@test -f site/index.html || $(MAKE) site
	$(PYTHON) -m http.server --bind 127.0.0.1 --directory site $(SITE_PORT)

clean-site:
	rm -rf $(SITE_VENV) .site-build site tools/site/node_modules

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
