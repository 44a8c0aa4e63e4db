#!/usr/bin/env bash
# Play PyGamer Mines in a window: set up .venv (first run: a minute or two), then open the
# desktop simulator. Extra arguments go to tools/simulator.py (--seed N, ...).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
export PYGAME_HIDE_SUPPORT_PROMPT=1
exec .venv/bin/python tools/simulator.py "$@"
