"""The puzzle menu: Play, the size and level of a pen-and-paper puzzle, how to play and the best
times (puzzle_part makes and runs the puzzle)."""

from mines.flow.menus import Menu

ROWS = (
    ("Play puzzle", None, "puzzle_play"),
    ("Size", "psize", "top"),
    ("Level", "plevel", "top"),
    ("How to play", None, "puzzle_help"),
    ("Best times", None, "puzzle_best"),
)


def make(midend):
    return Menu("puzzle", "Puzzle mode", ROWS)
