# hdcfl: two commands. `make demo` sets everything up and runs the main job on the embedded digits data;
# `make test` sets everything up and runs every test. Both reuse the environment on a second call.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.hdcfl-installed

.PHONY: demo test sync-check readme clean-env

$(STAMP): requirements.txt setup.py settings.ini
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -r requirements.txt 2> >(grep -v "is ignored: it is neither a file nor a directory" >&2)
	$(BIN)/python -m pip install -q --no-deps --no-build-isolation -e .
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/hdcfl demo --out runs/demo

test: $(STAMP)
	bash tools/sync_check.sh
	$(BIN)/python tools/readme.py --check
	IN_TEST=1 $(BIN)/nbdev_test --n_workers 2 --timing
	bash tools/kernel_paths.sh
	$(BIN)/python -m pytest -q tests

readme: $(STAMP)
	$(BIN)/python tools/readme.py

clean-env:
	rm -rf $(VENV)
