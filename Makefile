# Two commands matter: `make app` serves the tutor, `make test` sets up and runs every test.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOME_DIR := $(CURDIR)/.jupyter-home

# Keep Jupyter, IPython and caches out of $HOME.
export JUPYTER_CONFIG_DIR := $(HOME_DIR)/config
export JUPYTER_DATA_DIR := $(HOME_DIR)/data
export JUPYTER_RUNTIME_DIR := $(HOME_DIR)/runtime
export IPYTHONDIR := $(HOME_DIR)/ipython
export XDG_CACHE_HOME := $(HOME_DIR)/cache
export MPLCONFIGDIR := $(HOME_DIR)/matplotlib
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: app lab test venv chromium postgresql haproxy hub bench clean frontend node

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	$(PY) -m widgets.language.i18n compile && $(PY) -m widgets.language.prose compile
	touch $(STAMP)

# The pages' front-end (widgets/frontend: ipywidgets' controls and anywidget, bundled with
# esbuild from the exact versions in its package-lock.json) is built into the page template's
# static folder. Node.js and npm come from Debian when missing; npm's registry is reached only
# here, never when the tutor runs. Rebuilt when its sources or its lock file change.
FRONTEND_DIR := widgets/frontend
FRONTEND := share/jupyter/voila/templates/tutor/static/tutor-frontend.js
frontend: $(FRONTEND)

node:
	@command -v npm >/dev/null || (apt-get update && apt-get install -y --no-install-recommends nodejs npm)

$(FRONTEND): $(FRONTEND_DIR)/package.json $(FRONTEND_DIR)/package-lock.json $(wildcard $(FRONTEND_DIR)/src/*.js)
	@$(MAKE) --no-print-directory node
	cd $(FRONTEND_DIR) && npm ci --no-audit --no-fund --loglevel=error && npm run --silent build

chromium:
	@test -x /usr/bin/chromium || (apt-get update && apt-get install -y --no-install-recommends chromium)
	@# A Thai font, so Thai pages (and their screenshots) are readable on a bare Debian machine.
	@fc-list :lang=th | grep -q . || apt-get install -y --no-install-recommends fonts-thai-tlwg \
	  || (apt-get update && apt-get install -y --no-install-recommends fonts-thai-tlwg)

# The classroom tests run on SQLite and on a throwaway PostgreSQL server that the tests start
# themselves (tests/classroom/conftest.py); only Debian's package is installed here.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || (apt-get update && apt-get install -y --no-install-recommends postgresql)

# The replicas' tests (tests/deploy) put Debian's HAProxy in front of tutor servers.
haproxy:
	@command -v haproxy >/dev/null || (apt-get update && apt-get install -y --no-install-recommends haproxy)

# JupyterHub's proxy (npm's configurable-http-proxy, at the version in the root package-lock.json)
# for deploy/jupyterhub: node_modules/.bin/configurable-http-proxy. The hub itself
# (pyproject's [hub] extra: jupyterhub, its idle culler, the sign-ins) comes with `make venv`.
HUB_PROXY := node_modules/.bin/configurable-http-proxy
hub: venv $(HUB_PROXY)

$(HUB_PROXY): package.json package-lock.json
	@$(MAKE) --no-print-directory node
	npm ci --no-audit --no-fund --loglevel=error
	touch $(HUB_PROXY)

test: venv frontend chromium postgresql haproxy $(HUB_PROXY)
	$(PY) -m widgets.language.i18n compile && $(PY) -m widgets.language.prose compile
	$(PY) -m ruff check truco && $(PY) -m mypy truco
	# Python's bytecode caches (__pycache__, ignored by git) even where the machine turns them
	# off (PYTHONDONTWRITEBYTECODE=1): every kernel, server and worker of the suite otherwise
	# compiles the project's modules again, each time it starts
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -q -n 2 --dist loadfile

# Serve the whole tree from the repository root: voila.json (read from the
# current directory) applies, `python -m` puts the root on sys.path so
# tutor_server is importable, JUPYTER_PATH finds the offline "tutor" page
# template in share/jupyter, JUPYTER_CONFIG_PATH finds share/jupyter/config/voila.py
# (the hook that shows the lessons' prose in the learner's language), and lessons link as
# /voila/render/lessons/<name>.ipynb.  Loopback only, no browser, offline.  voila.json's
# TutorKernelManager renders notebooks of lessons/ only, bounds the kernels and keeps a few
# warm ones ready so that a lesson opens at once (README, "Opening a lesson" and "Kernel
# limits": TRUCO_MAX_KERNELS, TRUCO_KERNEL_POOL and the other settings pass through the
# environment); share/jupyter/config/voila.py adds the loading screen in the learner's language.
# PORT and IP choose where it listens (`make app PORT=8867`: a second server on the same host,
# e.g. behind deploy/haproxy/); everything else is the same for every server.
PORT ?= 8866
IP ?= 127.0.0.1
# $(HUB_PROXY): the set-up installs the hub's proxy too, so that a hub can run from this
# checkout (docs/operators.md, "JupyterHub"); `make app` itself never starts it.
app: venv frontend $(HUB_PROXY)
	$(PY) -m widgets.language.i18n compile && $(PY) -m widgets.language.prose compile
	$(PY) -m widgets.charts.odds warm
	@echo "Open http://$(IP):$(PORT)/voila/render/lessons/index.ipynb in your browser (Ctrl+C stops the tutor)."
	JUPYTER_PATH="$(CURDIR)/share/jupyter$${JUPYTER_PATH:+:$$JUPYTER_PATH}" \
	JUPYTER_CONFIG_PATH="$(CURDIR)/share/jupyter/config$${JUPYTER_CONFIG_PATH:+:$$JUPYTER_CONFIG_PATH}" \
	  $(PY) -m voila --no-browser --port=$(PORT) --Voila.port_retries=0 --Voila.ip=$(IP)

# JupyterLab for writing lessons, rooted at the repository so paths match the app.
# As root (a container, a classroom server) Jupyter refuses to start without --allow-root.
LAB_PORT ?= 8888
LAB_ARGS ?=
lab: venv
	$(VENV)/bin/jupyter lab --no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port=$(LAB_PORT) \
	  --ServerApp.root_dir=$(CURDIR) --LabApp.default_url=/lab/tree/lessons \
	  $$(test "$$(id -u)" = 0 && echo --allow-root) $(LAB_ARGS)

# Time to first widget, click latency and kernel memory in headless Chromium, each lesson
# against a bare page that Voilà serves its default way, in the same round (see bench/app.py).
.PHONY: bench-app
bench-app: venv frontend chromium
	$(PY) -m widgets.charts.odds warm
	$(PY) bench/app.py

bench: venv
	$(PY) -m pip install --quiet -e '.[bench]'  # pytruco, measured in the same rounds as ours
	$(PY) bench/engine.py

# 30 simulated learners answer 10 questions each on one server (see bench/classroom.py); then
# on two servers behind HAProxy, and with one of them killed half-way.
.PHONY: bench-classroom
bench-classroom: venv haproxy postgresql
	$(PY) bench/classroom.py
	$(PY) bench/classroom.py --servers 2
	$(PY) bench/classroom.py --servers 2 --kill

# JupyterHub: sign-in to first widget (cold, all at once, warm), memory per learner, capacity.
.PHONY: bench-hub
bench-hub: venv frontend chromium postgresql $(HUB_PROXY)
	$(PY) bench/hub.py

# The review of a hand: every decision of the learner graded (2 and 4 players, each variant).
# A live lesson: 30 learners' pages and the projector on one server (Next -> question drawn,
# answer -> counted on the projector).
.PHONY: bench-live
bench-live: venv
	$(PY) bench/live.py

.PHONY: bench-review
bench-review: venv
	$(PY) bench/review.py

# Computer players against each other (win rates, 95% intervals) and the coach's answer times.
.PHONY: bench-players
bench-players: venv
	$(PY) bench/tournament.py
	$(PY) bench/coach.py

clean:
	rm -rf $(VENV) $(HOME_DIR) test-artifacts $(FRONTEND_DIR)/node_modules node_modules .hub \
	  share/jupyter/voila/templates/tutor/static

# Every page's screenshots (test-artifacts/pages/), at 1280 and 390 px, English and Persian,
# light and dark, before and after a first answer: the axe test's states, to look at.
.PHONY: page-shots
page-shots: venv frontend chromium
	TRUCO_PAGE_SHOTS=1 $(PY) -m pytest -q -n 2 tests/browser/test_axe_pages.py

# The README's screenshots (docs/img/), made by the browser suite's test_readme_shots.py.
.PHONY: readme-shots
readme-shots: venv frontend chromium
	TRUCO_README_SHOTS=update $(PY) -m pytest -q tests/browser/test_readme_shots.py
