# Set-up and entry points. `make serve` and `make test` are the README's two commands;
# each installs what it needs first, so both work on a fresh clone.
PY := .venv/bin/python
SERVE_ADDR ?= 127.0.0.1:8000

.PHONY: serve build test test-fast lint bench setup browser

serve: setup
	.venv/bin/rulesite serve --dev-addr $(SERVE_ADDR)

build: setup
	.venv/bin/rulesite build

test: setup browser
	$(PY) -m pytest $(PYTEST_ARGS)

# No browser, no Pyodide, no whole-site builds: a few minutes, for the edit-test loop.
test-fast: setup
	$(PY) -m pytest -m "not browser and not pyodide and not slow" $(PYTEST_ARGS)

lint: setup
	$(PY) -m ruff check . && $(PY) -m ruff format --check .

# Every benchmark runs whatever the others do, within its time budget (BUDGET_S); the ones
# that missed or ran out of time are named at the end, with the run's total time.
# bench/ finds its benchmarks itself (bench/__init__.py): a new one needs no line here.
bench: setup browser
	$(PY) -m bench

setup: .venv/.installed node_modules/.installed

.venv/.installed: pyproject.toml constraints.txt
	test -x $(PY) || python3 -m venv .venv
	$(PY) -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[test,engines]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Debian's Chromium for the browser tests; Playwright never downloads a browser of its own.
browser:
	@command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }
