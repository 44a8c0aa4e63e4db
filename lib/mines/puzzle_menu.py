"""The puzzle menu: Play, the size and level of a pen-and-paper puzzle, how to play and the best
times (mines.puzzle_mode makes and runs the puzzle)."""

from mines.menus import Menu

ROWS = (
    ("Play puzzle", None, "puzzle_play"),
    ("Size", "psize", "top"),
    ("Level", "plevel", "top"),
    ("How to play", None, "puzzle_help"),
    ("Best times", None, "puzzle_best"),
)


def make(midend):
    return Menu("puzzle", "Puzzle mode", ROWS)
