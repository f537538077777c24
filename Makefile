# Two commands a new user needs: `make run` and `make test`. Both do all the set-up.
PYTHON ?= python3
PORT   ?= 5000
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Every catalog (de, fr, ...): each .po compiles to the .mo beside it.
PO     := $(wildcard scorepad/translations/*/LC_MESSAGES/messages.po)
MO     := $(PO:.po=.mo)
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Debian packages for the tests: PostgreSQL, of which the tests start a throw-away server
# of their own (tests/support/postgres.py), and the browser for the browser tests.
DB_TEST_PACKAGES := postgresql
TEST_PACKAGES    := $(DB_TEST_PACKAGES) chromium
# The benchmarks: a browser (bench_taps, bench_live), wrk, a load generator in C (bench_serve),
# and valgrind, which counts the instructions of a start (bench_start).
BENCH_PACKAGES   := chromium wrk valgrind
# Debian packages the app needs to run: Pango and HarfBuzz for WeasyPrint's score sheets,
# fontconfig with a font set (the sheets themselves use the font in static/fonts).
RUN_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fontconfig fonts-dejavu-core fonts-symbola

# Install those of the Debian packages $(1) that are missing (CI and a fresh machine).
apt_install = missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

.PHONY: run test test-fast bench model lock system-run-packages system-test-packages system-db-test-packages \
	system-bench-packages \
	translations clean

# The exact versions of requirements.lock, each checked against its hash; then Scorepad itself.
$(STAMP): pyproject.toml requirements.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q --require-hashes -r requirements.lock
	# setuptools explains what an editable install is on every install; nothing to act on.
	PYTHONWARNINGS="ignore:Editable installation" \
	  $(BIN)/python -m pip install -q --no-deps --no-build-isolation -e .
	# Byte-code now, as pip does for an installed wheel: a start then compiles nothing, even
	# where PYTHONDONTWRITEBYTECODE is set (0.1 s of a one-second cold start).
	$(BIN)/python -m compileall -q scorepad >/dev/null
	touch $(STAMP)

# After a change of the dependencies in pyproject.toml: pin them again (every platform, hashes).
lock: $(STAMP)
	$(BIN)/uv pip compile pyproject.toml --extra test --universal --python-version 3.11 \
	  --generate-hashes --quiet -o requirements.lock

scorepad/translations/%/LC_MESSAGES/messages.mo: scorepad/translations/%/LC_MESSAGES/messages.po $(STAMP)
	$(BIN)/pybabel compile -l $* -i $< -o $@

translations: $(MO)

system-run-packages:
	@$(call apt_install,$(RUN_PACKAGES))

system-test-packages:
	@$(call apt_install,$(TEST_PACKAGES))

system-db-test-packages:
	@$(call apt_install,$(DB_TEST_PACKAGES))

system-bench-packages:
	@$(call apt_install,$(BENCH_PACKAGES))

run: $(STAMP) $(MO) system-run-packages
	PORT=$(PORT) $(BIN)/scorepad serve

# The suite in parallel (pytest-xdist; each worker has its own databases, servers and
# browser: docs/testing.md). Much of a test's time is waiting (for a PostgreSQL database, a
# server's start, a sheet), so the tests without a browser run on two workers a core
# (tests/game: 162 s wall on 2 workers, 119 s on 4, busy 2-core machine); the browser tests on
# one a core, as two Chromiums already fill two cores. `make test WORKERS=0` runs it all in
# one process, `WORKERS=3` on three.
CORES          := $(shell nproc 2>/dev/null || echo 2)
WORKERS        ?= $(shell echo $$(( $(CORES) * 2 )))
BROWSERWORKERS ?= $(if $(filter 0,$(WORKERS)),0,$(CORES))
# pytest keeps the assertion-rewritten tests and plugins (every module of Hypothesis and
# Schemathesis) in __pycache__ unless PYTHONDONTWRITEBYTECODE is set; where it is, every
# worker rewrote them again: 10.6 s of CPU to collect the suite, 4.8 s with the cache.
PYTEST         := env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest --dist worksteal

# Both parts run even when the first fails; make fails if either did.
test: $(STAMP) $(MO) system-run-packages system-test-packages
	$(BIN)/ruff check .
	failed=0; \
	$(PYTEST) -n $(WORKERS) -m "not browser" || failed=1; \
	$(PYTEST) -n $(BROWSERWORKERS) -m browser || failed=1; \
	exit $$failed

# Everything but the browser tests and the API fuzzer (PostgreSQL included): quicker, and
# needs no Chromium.
test-fast: $(STAMP) $(MO) system-run-packages system-db-test-packages
	$(PYTEST) -n $(WORKERS) -m "not browser and not fuzz"

bench: $(STAMP) $(MO) system-run-packages system-bench-packages
	for f in bench/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

# The card reader's model (docs/reader.md), not part of `make test`: the optional extra `train`
# (PyTorch, ONNX), then training from ../shared/cards in two timed stages as the shipped model was
# (on one H100: 440 s, then 200 s more from those weights), the model copied into the package,
# and the held-out photos measured through the reader. On a CPU the same recipe runs, with far
# fewer steps in the time. Fonts: fonts-dejavu-core, fonts-dejavu-extra, fonts-liberation.
MODEL_DATA    ?= ../shared/cards
MODEL_OUT     ?= build/model
MODEL_SECONDS ?= 440
MODEL_MORE    ?= 200
model: $(STAMP)
	$(BIN)/python -m pip install -q 'torch>=2.4' 'onnx>=1.16'
	$(BIN)/python training/train.py --data $(MODEL_DATA) --out $(MODEL_OUT)/1 --seconds $(MODEL_SECONDS) --seed 30
	$(BIN)/python training/train.py --data $(MODEL_DATA) --out $(MODEL_OUT)/2 --init $(MODEL_OUT)/1/model.pt \
	  --seconds $(MODEL_MORE) --lr 0.0015 --warmup 50 --real 0.6 --seed 31
	cp $(MODEL_OUT)/2/cards.onnx scorepad/reader/cards.onnx
	$(BIN)/python training/evaluate.py --data $(MODEL_DATA) --json $(MODEL_OUT)/heldout.json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis $(MO) build *.egg-info
