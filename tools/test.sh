#!/usr/bin/env bash
# Set up .venv and run every test (host_tests/). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --test
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
# .venv/bin/pytest, not "python -m pytest": the latter puts the repo root on sys.path, where
# code.py (the device entry point) would hide the standard library's code module.
exec .venv/bin/pytest -q host_tests "$@"
