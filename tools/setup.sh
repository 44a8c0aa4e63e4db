#!/usr/bin/env bash
# Create .venv (if missing) and install into it what playing and deploying need
# (tools/requirements.txt); with --test, what the tests and measuring tools add as well
# (tools/requirements-test.txt) and, in a git clone, the commit-msg hook (.githooks). Safe to
# run again: it installs only when a list changed.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3}"
lists=(tools/requirements.txt)
case "${1:-}" in
  "") ;;
  --test) lists+=(tools/requirements-test.txt) ;;
  *) echo "usage: bash tools/setup.sh [--test]" >&2; exit 2 ;;
esac
# A contributor's clone (--test, and this folder the top of a git work tree, not a copy inside
# another one): git checks commit subjects with .githooks/commit-msg. Never fails otherwise.
if [ "${1:-}" = --test ] && [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$(pwd -P)" ]; then
  git config core.hooksPath .githooks || true
fi
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
upgraded=
for list in "${lists[@]}"; do
  stamp=.venv/.$(basename "$list" .txt).sha
  want=$(cksum < "$list")   # (cksum: POSIX, on Linux and macOS alike)
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    if [ -z "$upgraded" ]; then
      .venv/bin/python -m pip install -q --upgrade pip
      upgraded=1
    fi
    .venv/bin/python -m pip install -q -r "$list"
    echo "$want" > "$stamp"
  fi
done
