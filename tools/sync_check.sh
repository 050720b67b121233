#!/usr/bin/env bash
# Fails when nbdev_export or nbdev_clean would change a file: the notebooks are the source of truth and must be
# exported and cleaned before they are committed. Works on a dirty tree too: it compares before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.venv/bin
snap() { find nbs hdcfl -type f \( -name '*.ipynb' -o -name '*.py' \) -not -path '*/.ipynb_checkpoints/*' -print0 | sort -z | xargs -0 sha256sum; }
before=$(snap)
$bin/nbdev_export >/dev/null
$bin/nbdev_clean >/dev/null
after=$(snap)
if [ "$before" != "$after" ]; then
  echo "nbdev_export / nbdev_clean changed these files; run both and commit the result:" >&2
  diff <(echo "$before") <(echo "$after") | grep '^[<>]' | awk '{print "  " $3}' | sort -u >&2
  exit 1
fi
echo "sync check: notebooks and library agree"
