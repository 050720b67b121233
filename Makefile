# hdcfl: two commands. `make demo` sets everything up and runs the main job on the embedded digits data;
# `make test` sets everything up and runs every test. Both reuse the environment on a second call.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.hdcfl-installed

.PHONY: demo test sync-check readme clean-env docs docs-test

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
	$(BIN)/python tools/docs_prep.py $$(mktemp -d)  # every notebook through show_doc, as the site renders it
	IN_TEST=1 $(BIN)/nbdev_test --n_workers 2 --timing
	bash tools/kernel_paths.sh
	$(BIN)/python -m pytest -q tests

DOCS_STAMP := $(VENV)/.docs-installed

$(DOCS_STAMP): $(STAMP) docs/requirements.txt
	$(BIN)/python -m pip install -q -r docs/requirements.txt 2> >(grep -v "is ignored: it is neither a file nor a directory" >&2)
	touch $(DOCS_STAMP)

# the site from the committed notebooks (nothing executed) into docs/_build/html; open docs/_build/html/index.html
docs: $(DOCS_STAMP)
	rm -rf docs/_build
	$(BIN)/python tools/docs_prep.py docs/_build/src
	$(BIN)/sphinx-build -q -w docs/_build/warnings.txt -b html -c docs docs/_build/src docs/_build/html 2> >(grep -v -e MissingIDFieldWarning -e "_validate(nbdict" >&2)
	! grep -F '[docutils]' docs/_build/warnings.txt  # a docstring that reStructuredText cannot parse fails the build

# the site in headless Chromium (Debian's chromium package): pages, figures, formulas, search, links, no request out
docs-test: docs
	$(BIN)/python -m pytest -q tests/test_docs.py

readme: $(STAMP)
	$(BIN)/python tools/readme.py

clean-env:
	rm -rf $(VENV)
