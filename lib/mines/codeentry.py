"""The board-code screen: a code typed with the joystick (up and down change the character under
the caret, left and right move it; A or START plays the board, B goes back). A mistyped code is
refused with the reason (mines.boardcode), and nothing else changes."""

from mines.codes import ALPHABET, MAX_CHARS
from mines.keys import A, B, DOWN, LEFT, RIGHT, SELECT, START, UP
from mines.menus import Menu


class CodeEntry(Menu):
    """A Menu whose keys are its own (mines.menus.press hands them to ``press``)."""

    def __init__(self):
        Menu.__init__(self, "code", "Board code", (("Play this code", None, None),
                                                   ("", None, None)), 0, "back")
        self.chars = bytearray(MAX_CHARS)   # indices into ALPHABET
        self.pos = 0

    def text(self):
        return "".join([ALPHABET[v] for v in self.chars])

    def lines(self, settings):
        return [(self.text(), ""), (" " * self.pos + "^", "")]

    def press(self, m, button):
        if button == UP or button == DOWN:
            self.chars[self.pos] = (self.chars[self.pos] + (1 if button == UP else -1)) % 32
        elif button == LEFT and self.pos > 0:
            self.pos -= 1
        elif button == RIGHT and self.pos < MAX_CHARS - 1:
            self.pos += 1
        elif button == A or button == START:
            play(m, self.text())
            return
        elif button == B or button == SELECT:
            m.back()
            return
        m.screen_version += 1


def play(m, text):
    """Play the board code ``text`` names: its size, mines, level and kind become the settings
    and the game starts from its start cell; a bad code is refused with its reason."""
    from mines.boardcode import decode
    try:
        w, h, mines, seed, sx, sy, level, kind = decode(text)
    except ValueError as e:
        m.say(str(e))
        return
    s = m.settings
    s.set("width", w)
    s.set("height", h)
    s.set("mines", mines)
    s.set("level", level)
    s.set("kind", kind)
    if m.mode:  # a board code leaves puzzle mode, as Play does
        m.runner.stop()
        m.puzzle.drop(m)
    from mines import helping
    helping.play_board(m, seed, (sx, sy))


def make(midend):
    return CodeEntry()
