"""The code screen: a board code (12 characters) or a puzzle code (10) typed with the joystick (up
and down change the character under the caret, left and right move it; A or START plays it, B
goes back). The first character says which kind it is, and the screen says so. It opens on
dashes, not a code: "000000000000" is a board (5x5, 1 mine) won with one press, so nothing
plays until a character is typed ("no code typed"). A mistyped code is refused with the
reason (mines.engine.board_code, mines.puzzle.play), and nothing else changes."""

from mines.engine.codes import ALPHABET, MAX_CHARS, TYPE_PUZZLE, code_type
from mines.flow.keys import A, B, DOWN, LEFT, RIGHT, SELECT, START, UP
from mines.flow.menus import Menu, play_board

_PUZZLE_CHARS = 10   # mines.puzzle.play.encode_code's length


class CodeEntry(Menu):
    """A Menu whose keys are its own (menus.press hands them to ``press``); ``typed``: a
    character was changed (until then the code shows and plays as dashes)."""

    typed = False

    def __init__(self):
        Menu.__init__(self, "code", "Code", (("", None, None),) * 4, 0, "back")
        self.chars = bytearray(MAX_CHARS)   # indices into ALPHABET
        self.pos = 0

    def length(self):
        """The characters of the code being typed: a puzzle code's 10, else a board code's 12."""
        return _PUZZLE_CHARS if self.chars[0] >> 3 == TYPE_PUZZLE else MAX_CHARS

    def text(self):
        return "".join([ALPHABET[v] if self.typed else "-" for v in self.chars[:self.length()]])

    def lines(self, settings):
        puzzle = self.length() < MAX_CHARS
        return [(self.text(), ""), (" " * self.pos + "^", ""), ("", ""),
                ("10 chars: a puzzle code" if puzzle else "12 chars: a board code", "")]

    def footer(self, keys):
        """What the keys do here (menus.footer asks): two lines."""
        return "%s/%s: letter  <>: move\n%s: play  %s: back" % (keys[0], keys[1], keys[4],
                                                               keys[5])

    def press(self, m, button):
        if button == UP or button == DOWN:
            self.typed = True
            self.chars[self.pos] = (self.chars[self.pos] + (1 if button == UP else -1)) % 32
            self.pos = min(self.pos, self.length() - 1)
        elif button == LEFT and self.pos > 0:
            self.pos -= 1
        elif button == RIGHT and self.pos < self.length() - 1:
            self.pos += 1
        elif button == A or button == START:
            play(m, self.text())
            return
        elif button == B or button == SELECT:
            m.back()
            return
        m.redraw()


def play(m, text):
    """Play the code ``text``: a board code's size, mines, level and kind become the settings and
    the game starts from its start cell; a puzzle code's puzzle is made and played. A bad code
    is refused with its reason."""
    try:
        if code_type(text) == TYPE_PUZZLE:
            from mines.puzzle.play import decode_code
            m.start_puzzle(decode_code(text))
            return
        from mines.engine.board_code import decode
        w, h, mines, seed, sx, sy, level, kind = decode(text)
    except ValueError as e:
        why = str(e)
        if len(why) > 52:   # two lines of the footer: the reason without its details
            why = why[:why.find(":")]
        m.say(why)
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
    play_board(m, seed, (sx, sy))


def make(midend):
    return CodeEntry()
