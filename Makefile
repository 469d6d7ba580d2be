# The two commands a newcomer needs: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
HOST   ?= 127.0.0.1

.PHONY: run test install install-dev serve catalogue bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $(VENV)/.installed $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

# DEBUG defaults to on here as for `run`: production settings need a SECRET_KEY (see README).
catalogue: install
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py migrate --noinput
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py load_catalogue
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py build_documents

# Install, migrate, load the catalogue (idempotent) and serve on http://$(HOST):$(PORT), with a
# local worker beside the server that plays simulation runs (games/jobs.py; with no
# CELERY_BROKER_URL its queue is a folder, var/simulation-queue). LOCAL_WORKER=0 starts none.
LOCAL_WORKER ?= 1
run: catalogue
	@if [ "$(LOCAL_WORKER)" = 1 ]; then \
		mkdir -p var/simulation-queue; \
		DEBUG=$${DEBUG:-1} $(BIN)/celery -A config worker -Q simulations -c 1 --loglevel=warning & worker=$$!; \
		trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
		DEBUG=$${DEBUG:-1} $(BIN)/python manage.py runserver $(HOST):$(PORT); \
	else DEBUG=$${DEBUG:-1} $(BIN)/python manage.py runserver $(HOST):$(PORT); fi

# The whole suite: Python (engines, archive, API, browser) and the board scripts' unit tests.
test: install-dev
	$(BIN)/python -m pytest $(PYTEST_ARGS)
	@if command -v node >/dev/null 2>&1; then \
		node --test tests/js/; \
	elif [ -n "$$CI" ]; then echo "node is required for the board scripts' tests" >&2; exit 1; \
	else echo "node not found: skipping the board scripts' unit tests (tests/js)"; fi

# Every benchmark; bench/export.py and bench/load.py need PostgreSQL (DATABASE_URL or its --db flag).
BENCHMARKS = bench/tables.py bench/mancala.py bench/race.py bench/rules.py bench/review.py bench/citations.py bench/pages.py bench/api.py bench/points.py bench/play.py bench/record.py bench/backup.py bench/export.py bench/load.py
bench: install-dev
	for b in $(BENCHMARKS); do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) staticfiles test-artifacts .pytest_cache
