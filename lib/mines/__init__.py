"""PyGamer Mines: a no-guess Minesweeper that runs unchanged under CircuitPython, MicroPython
and CPython. Five packages, lowest layer first (docs/ARCHITECTURE.md): engine (the rules, the
solver, the generator), help and puzzle and saves (built on the engine alone), flow (the midend,
its parts and screens). Import only the module you need: each costs RAM on the device."""
