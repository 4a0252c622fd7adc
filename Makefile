# Tilewise: every command a developer, translator or CI needs.
# Fresh machine:  make run   (install and open the app)
#                 make test  (install and run every check)
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
SHARED ?= ../shared
export QT_QPA_PLATFORM ?= offscreen

.PHONY: run test lint typecheck imports referee packs pytest bench bench-quick i18n release clean
.PHONY: i18n-update i18n-check
.PHONY: fuzz a11y

$(STAMP): pyproject.toml
	bash packaging/system-deps.sh
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

## install what is needed and open the app (on a desktop, not offscreen)
run: $(STAMP)
	bash packaging/system-deps.sh gui
	$(MAKE) --no-print-directory i18n
	QT_QPA_PLATFORM= $(BIN)/tilewise

## install what is needed and run every check; on success, build/tested/<tree> records that
## this commit (and its uncommitted changes) passed, so `make release` need not run it again
test: $(STAMP)
	@tree=$$($(PY) packaging/build.py tested) && \
	$(MAKE) --no-print-directory i18n && \
	$(MAKE) --no-print-directory release-deps && \
	$(MAKE) --no-print-directory lint typecheck imports referee packs i18n-check pytest && \
	if [ -n "$$tree" ]; then $(PY) packaging/build.py tested --mark "$$tree" >/dev/null; fi

lint: $(STAMP)
	$(BIN)/ruff check desktop tests packaging resources/tiles/tileart.py

typecheck: $(STAMP)
	$(BIN)/mypy desktop/tilewise resources/tiles/tileart.py

imports: $(STAMP)
	$(BIN)/lint-imports

referee: $(STAMP)
	$(BIN)/tilewise referee $(SHARED)/referee/cases/*.json --check
	$(BIN)/tilewise referee tests/referee/cases/*.json --check

## validate every lesson pack (schema, tiles, every task played through the rules core)
packs: $(STAMP)
	for pack in lessons/*/pack.toml; do $(BIN)/tilewise pack check --strict "$${pack%/pack.toml}" || exit 1; done

## the test suite with coverage; the end-to-end release test (freeze, self-test, sign, verify,
## tamper) runs too, about 2.5 min (TILEWISE_RELEASE_TEST=0 skips it while working); and the
## AT-SPI probe (see a11y) after the widget tests, in their process's turn
A11Y_LANGS := en es de hi
pytest: $(STAMP)
	bash packaging/system-deps.sh a11y
	$(BIN)/coverage erase
	@# Two pytest processes side by side, one per core: the widget tests (the whole layout
	@# contract matrix among them), then the AT-SPI probe; and everything else (so Qt objects
	@# left by hundreds of GUI tests cannot reach into the fault, hardening and release
	@# tests). The first branch ends minutes before the second; its output is shown at the end.
	@# Each prints its 12 slowest tests and its seconds, to see where the time goes.
	@mkdir -p build && rm -f build/pytest-gui.rc build/a11y.rc
	@export TILEWISE_RELEASE_TEST=$${TILEWISE_RELEASE_TEST-1}; \
	echo "pytest tests/gui, then tests/a11y/atspi_probe.py (beside the rest; their output follows at the end) and pytest --ignore=tests/gui"; \
	{ start=$$(date +%s); $(BIN)/coverage run -p -m pytest --durations=12 tests/gui > build/pytest-gui.log 2>&1; \
	  echo $$? > build/pytest-gui.rc; echo "pytest tests/gui: $$(( $$(date +%s) - start )) s" >> build/pytest-gui.log; \
	  start=$$(date +%s); /usr/bin/python3 tests/a11y/atspi_probe.py $(A11Y_LANGS) > build/a11y.log 2>&1; \
	  echo $$? > build/a11y.rc; echo "atspi_probe.py: $$(( $$(date +%s) - start )) s" >> build/a11y.log; } & side=$$!; \
	start=$$(date +%s); $(BIN)/coverage run -p -m pytest --durations=12 --ignore=tests/gui; rest=$$?; \
	echo "pytest --ignore=tests/gui: $$(( $$(date +%s) - start )) s"; \
	wait $$side; guirc=$$(cat build/pytest-gui.rc); a11yrc=$$(cat build/a11y.rc); \
	echo "--- pytest tests/gui ---"; cat build/pytest-gui.log; \
	echo "--- tests/a11y/atspi_probe.py $(A11Y_LANGS) (the real AT-SPI bus) ---"; cat build/a11y.log; \
	echo "pytest tests/gui: exit $$guirc; atspi_probe.py: exit $$a11yrc; pytest --ignore=tests/gui: exit $$rest"; \
	test "$$guirc" = 0 && test "$$a11yrc" = 0 && test $$rest = 0
	$(BIN)/coverage combine -q
	$(BIN)/coverage report --include='desktop/tilewise/rules/*' --fail-under=100
	$(BIN)/coverage report --include='desktop/tilewise/lessons/*' --fail-under=100

## long hardening runs: 10,000 mutated packs, 3,000 whole hands per ruleset, 100 SIGKILLs,
## 20,000 GUI monkey events, each printing its counts ("fuzz counts"). Two processes, one per
## core (packs and the monkey; the rest), so it ends within 20 minutes on 2 cores. (The layout
## contract on every step in every language and mode runs in make test.)
FUZZ_ONE := tests/hardening/test_pack_fuzz.py tests/hardening/test_gui_monkey.py
fuzz: $(STAMP)
	$(MAKE) --no-print-directory i18n
	@start=$$(date +%s); log=$$(mktemp); \
	TILEWISE_FULL=1 $(BIN)/python -m pytest $(FUZZ_ONE) > $$log 2>&1 & one=$$!; \
	TILEWISE_FULL=1 $(BIN)/python -m pytest tests/hardening \
	  $(addprefix --ignore=,$(FUZZ_ONE)); rest=$$?; \
	wait $$one; first=$$?; echo; echo "== $(FUZZ_ONE)"; cat $$log; rm -f $$log; \
	echo "make fuzz: $$(( $$(date +%s) - start )) s"; \
	test $$rest -eq 0 && test $$first -eq 0

## the lesson player read through the real AT-SPI bus, as a screen reader sees it (make test
## runs it too): Xvfb, the AT-SPI bus and the app inside dbus-run-session, read by pyatspi
## (Debian's python3-pyatspi, so the system python3); one PASS/FAIL line per check, in
## en, es, de and hi (LANGS="en es" for fewer)
a11y: $(STAMP)
	bash packaging/system-deps.sh a11y
	$(MAKE) --no-print-directory i18n
	/usr/bin/python3 tests/a11y/atspi_probe.py $(or $(LANGS),$(A11Y_LANGS))

## benchmarks: ratios against a baseline measured in the same run (not part of make test)
bench: $(STAMP)
	$(MAKE) --no-print-directory i18n
	$(PY) tests/benchmarks/run.py

## the same with few repetitions (a smoke check: noisier figures, same goals and exit code)
bench-quick: $(STAMP)
	$(MAKE) --no-print-directory i18n
	$(PY) tests/benchmarks/run.py --quick

## compile message catalogs (.po -> .mo); see i18n/README.md
i18n: $(STAMP)
	@if [ -f i18n/catalogs.py ]; then $(PY) i18n/catalogs.py compile; fi

## re-extract UI strings to i18n/tilewise.pot and merge them into every language's .po
i18n-update: $(STAMP)
	$(PY) i18n/catalogs.py extract
	$(PY) i18n/catalogs.py update

## the .pot matches the code; every UI catalog complete, no fuzzy, placeholders and plurals right
i18n-check: $(STAMP)
	$(PY) i18n/catalogs.py check

## Linux release (packaging/README.md): catalogs, freeze, --self-test, .deb + .tar.xz in dist/,
## lintian. It runs `make test` first only if this tree has not passed it yet (build/tested/);
## SKIP_CHECKS=1 skips that (CI, right after its own `make test` on the same commit).
.PHONY: release-deps release-signed release-test release-measure
RELEASE_FLAGS := $(if $(filter 1,$(SKIP_CHECKS)),--skip-checks)
release-deps: $(STAMP)
	bash packaging/release-deps.sh
	$(PY) -c 'import PyInstaller' 2>/dev/null || $(PY) -m pip install -q -e '.[release]'

release: release-deps
	$(PY) packaging/build.py release $(RELEASE_FLAGS)

## the same, signed with the key in $$TILEWISE_SIGNING_KEY (fails fast without it), and the
## signed apt repository in dist/apt/ (packaging/VERIFY.md)
## (the key stays out of every step but build.py: release-deps runs without it, and build.py
## takes it out of its own environment before it starts any child)
release-signed:
	env -u TILEWISE_SIGNING_KEY -u TILEWISE_SIGNING_PASSPHRASE $(MAKE) --no-print-directory release-deps
	exec $(PY) packaging/build.py release --sign $(RELEASE_FLAGS)

## the packaging tests alone with the end-to-end release, apt and lintian tests (throwaway
## key; make test runs them too)
release-test: release-deps
	TILEWISE_RELEASE_TEST=1 $(PY) -m pytest tests/packaging -q -rs

## installer sizes and frozen start-up against a bare frozen QMainWindow
release-measure: release-deps
	$(PY) packaging/build.py measure

clean:
	rm -rf $(VENV) build dist .coverage .mypy_cache .ruff_cache .hypothesis
