"""Test-wide setup: the engine (lib/) and the repository root (boards/, code.py) importable as
they are on the device, and the fake hardware modules (host_tests/fakes) kept for the tests that
ask for them."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "lib")
for path in (LIB,):
    if path not in sys.path:
        sys.path.insert(0, path)
