"""PyGamer Mines: a no-guess Minesweeper engine that runs unchanged under CircuitPython,
MicroPython and CPython.

Modules (import only what you need; each costs RAM on the device):
  presets   - board sizes, reasoning levels, parameter checks
  rng       - a small deterministic PRNG (identical on every interpreter)
  board     - the padded bytearray board: mines and neighbour counts
  solver    - the incremental solver that plays from what a player sees
  groups    - the solver's exact case analysis over frontier groups (level "full")
  generator - the sliced no-guess generator
"""
