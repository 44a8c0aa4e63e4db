"""The help pages (the sweeper's, and puzzle mode's How to play), with the keys named as the front
end names them (device buttons, or the simulator's keyboard)."""

from mines.flow.menus import page


def make(midend):
    keys = midend.buttons
    up, down, left, right, a, b, start, select = keys[:8]
    hint = keys[8] if len(keys) > 8 else a + "+" + b   # (the hint's, when named)
    screen = midend.screen
    if screen.row >= 0 and screen.rows[screen.row][2] == "puzzle_help":
        return page("puzzle_help", "How to play", (
            "Every cell without a clue",
            "  is a mine or clear: mark",
            "  each one. A clue counts",
            "  the mines around it.",
            "%s: mark a mine" % a,
            "%s: mark clear" % b,
            "  (again: no mark)",
            "%s: a hint" % hint,
            "%s: undo, redo, check," % start,
            "  hint, new puzzle, help",
            "*: mines left to mark",
            "Solved when every mine is",
            "  marked and none wrongly.",
        ))
    return page("help", "Help", (
        "%s/%s/%s/%s: move" % (up, down, left, right),
        "%s: open a cell" % a,
        "%s: flag or unflag" % b,
        "%s on a number whose flags" % a,
        "  are all placed: opens",
        "  the cells around it",
        "%s: a hint" % hint,
        "%s: pause, help, hint" % start,
        "%s: back to the menu" % select,
        "Numbers count the mines in",
        "  the 8 cells around them.",
        "Open all safe cells to win",
    ))
