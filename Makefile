# `make test`, `make app` and `make lab` set up .venv themselves on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
APP_STAMP := $(VENV)/.installed-app
LAB_STAMP := $(VENV)/.installed-lab
# Every install takes the app's dependencies at the versions the tests ran with,
# as Binder does (`make pins` rewrites the file from .venv; see tools/pins.py).
CONSTRAINTS := binder/constraints.txt
INSTALL = $(PYTHON) -m venv $(VENV) && $(BIN)/python -m pip install -q --upgrade pip && \
	$(BIN)/python -m pip install -q -c $(CONSTRAINTS) -e

PORT ?= 8866
# Idle visitor kernels are shut down, so a classroom of tabs does not pile up kernels
# (nor do reloads: Voilà's own shutdown request on page unload is refused, voila#1458).
# A burst of first visits starves a small machine's cores: Voilà's default 4 s wait
# for a kernel's output left pages blank (defect 15; docs/benchmarks.md, "first visits").
# The app's own Voilà template (share/jupyter/voila/templates/skipbo-widgets): Voilà's page
# without its Font Awesome links to a CDN, so nothing a page asks for leaves this machine.
export JUPYTER_PATH := $(CURDIR)/share/jupyter$(if $(JUPYTER_PATH),:$(JUPYTER_PATH))
# The kernel's websocket without Nagle's algorithm (skipbo_widgets/server.py): with it, a
# click's answer waited about 40 ms for the browser to acknowledge the message before it.
VOILA_FLAGS := \
	--template=skipbo-widgets \
	--Voila.kernel_websocket_connection_class=skipbo_widgets.server.NoDelayConnection \
	--MappingKernelManager.cull_interval=60 \
	--MappingKernelManager.cull_idle_timeout=900 \
	--MappingKernelManager.cull_connected=False \
	--VoilaExecutor.iopub_timeout=60 \
	--VoilaExecutor.startup_timeout=180 \
	--VoilaExecutor.timeout=300
# A class of pupils arriving within a minute (docs/deploy.md): POOL kernels are started
# and the app executed in them before anyone comes, so a visitor only takes one. The pool
# is refilled FILL_DELAY s after each visitor, so the refills do not compete with the
# class's first screens. Pupils' machines reach it on http://<this machine>:$(PORT)/.
POOL ?= 30
FILL_DELAY ?= 30
HOST ?= 0.0.0.0
# Kernels talk to the server over Unix sockets: thirty kernels picking TCP ports at
# once sometimes picked a taken one, and that pupil's kernel died at its start.
CLASSROOM_FLAGS := $(VOILA_FLAGS) --preheat_kernel=True --pool_size=$(POOL) \
	--VoilaKernelManager.fill_delay=$(FILL_DELAY) --KernelManager.transport=ipc
# JupyterLab refuses to run as root without this flag (as on the project's machines).
LAB_FLAGS ?= $(if $(filter 0,$(shell id -u)),--allow-root)
# The fast layers alone (`make test-fast`): no browser, no wheel, no long play-outs.
FAST := not slow and not browser

.PHONY: app classroom lab test test-fast lint typecheck unit bench screenshots catalogs pins \
	voila-flags classroom-flags clean

$(STAMP): pyproject.toml $(CONSTRAINTS)
	$(INSTALL) '.[test]'
	touch $@

$(APP_STAMP): pyproject.toml $(CONSTRAINTS)
	$(INSTALL) '.[app]'
	touch $@

$(LAB_STAMP): pyproject.toml $(CONSTRAINTS)
	$(INSTALL) '.[lab]'
	touch $@

# Serve the Voilà app on http://localhost:$(PORT)
app: $(APP_STAMP)
	$(BIN)/voila --no-browser --port=$(PORT) $(VOILA_FLAGS) notebooks/app.ipynb

# Serve the app to a classroom on every network interface of this machine.
classroom: $(APP_STAMP)
	$(BIN)/voila --no-browser --port=$(PORT) --Voila.ip=$(HOST) $(CLASSROOM_FLAGS) \
		notebooks/app.ipynb

# JupyterLab on the notebooks: `play()` and `tutorial()` run inline there.
lab: $(LAB_STAMP)
	$(BIN)/jupyter lab $(LAB_FLAGS) notebooks

test: lint typecheck unit

test-fast: lint typecheck $(STAMP)
	$(BIN)/pytest -m '$(FAST)'

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

# Rewrite binder/constraints.txt from the versions installed in .venv.
pins: $(STAMP)
	$(BIN)/python tools/pins.py

# The options `make app` gives Voilà (tools/burst.py takes them after --).
voila-flags:
	@echo $(VOILA_FLAGS)
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
	rm -rf $(SITE_VENV) .site-build site tools/site/node_modules tools/a11y/node_modules

# axe-core, the accessibility checker the browser tests run on every screen
# (tests/browser/test_axe.py runs `make axe`), pinned by tools/a11y/package-lock.json.
.PHONY: axe
AXE_STAMP := tools/a11y/node_modules/.installed

$(AXE_STAMP): tools/a11y/package-lock.json
	cd tools/a11y && npm ci --no-audit --no-fund
	touch $@

axe: $(AXE_STAMP)

# The options `make classroom` gives Voilà (the `classroom` benchmark starts it with them).
classroom-flags:
	@echo $(CLASSROOM_FLAGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
