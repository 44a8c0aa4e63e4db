"""The puzzle menu: size and level of a pen-and-paper puzzle, best times, how to play, and Play
(mines.puzzle_mode makes and runs the puzzle)."""

from mines.menus import Menu

ROWS = (
    ("Size", "psize", "top"),
    ("Level", "plevel", "top"),
    ("Best times", None, "puzzle_best"),
    ("Play puzzle", None, "puzzle_play"),
)


def make(midend):
    return Menu("puzzle", "Puzzle mode", ROWS, len(ROWS) - 1)
