#!/usr/bin/env bash
# Set up .venv and run every test (host_tests/). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
exec .venv/bin/python -m pytest -q host_tests "$@"
