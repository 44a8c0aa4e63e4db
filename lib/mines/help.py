"""The help screen: the controls, named as the front end names its buttons (device buttons, or
keyboard keys in the simulator), and the rules in three lines."""

from mines.menus import page


def make(midend):
    up, down, left, right, a, b, start, select = midend.buttons
    # lines of at most 26 characters (the screen's width in terminalio's 6-pixel cells)
    return page("help", "Help", (
        "%s/%s/%s/%s: move" % (up, down, left, right),
        "%s: open, or open around" % a,
        "  a number with its flags",
        "%s: flag or unflag" % b,
        "%s+%s together: a hint" % (a, b),
        "%s: pause (hint, again)" % start,
        "%s: back to the menu" % select,
        "Numbers count the mines",
        "next to them.",
    ))
