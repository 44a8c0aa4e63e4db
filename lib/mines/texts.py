"""What the midend's screens say: the status bar's word, the menu's footer and the end-of-game
panel's lines. A feature that has something to say at the end of a game (hints used, lives
lost, the board's code, a new record) adds its line in ``result_lines``."""

from mines._const import const
from mines.states import MENU, READY, GENERATING, PLAYING, PAUSED, WON

_A = const(4)  # mines.keys.A is 1 << 4: its name in a button-name tuple
_B = const(5)


def status(m):
    """The middle of the status bar: a message, or the state in a word or two."""
    if m.message:
        return m.message
    state = m.state
    if state == MENU:
        return ""
    if state == READY:
        return "Open a cell"
    if state == GENERATING:
        return "Making %d%%" % m.progress()
    if state == PLAYING:
        return "Go!" if m.start_x >= 0 else ""
    if state == PAUSED:
        return "Paused"
    if state == WON:
        return "Solved!" if m.mode else "You win!"
    return "Boom!"

def footer(m):
    """The menu's bottom line: a message, or what the buttons do here."""
    if m.message:
        return m.message
    screen = m.screen
    a = m.buttons[_A]
    if screen.row < 0:
        return "%s or %s: back" % (a, m.buttons[_B])
    _, name, action = screen.rows[screen.row]
    if name:
        return "<>: change  %s: to %s" % (a, screen.rows[-1][0])
    from mines.menus import SCREENS  # (a text screen is in front: its code is loaded)
    if action in SCREENS:
        return "%s: open" % a
    return "%s: %s" % (a, screen.rows[screen.row][0].lower())

def result_lines(m):
    """The end-of-game panel's lines (four at most, 26 characters), most important first: the
    time, the level and how it was played, the board's code with the hints (and lives) used,
    and the keys (A: a new board, START: the same board again, B: the menu). A puzzle's come
    from puzzle mode."""
    if m.mode:
        return m.puzzle.result_lines(m)
    t = m.elapsed_ms
    st = m.stats
    game = m.game
    from mines.helping import board_code
    used = "%s hint %d" % (board_code(m), m.hints_used)
    if game is not None and game.lives > 1:
        used += " lost %d" % game.lives_lost
    keys = "%s new %s again %s menu" % (m.buttons[_A], m.buttons[6], m.buttons[_B])
    level = m.settings.text("level")
    if m.state == WON:
        best = st.best.get(m.settings.key(), t) if m.saves is None else m.saves.best_ms(m, t)
        lines = ["Won in %d.%ds  best %d.%ds" % (t // 1000, t % 1000 // 100,
                                                 best // 1000, best % 1000 // 100),
                 "%s 3BV %d moves %d" % (level, st.bbbv, st.moves), used, keys]
        if m.saves is not None and m.saves.place:  # "New record!", "2nd best time"...
            lines[1] = m.saves.place_line()
        return lines
    return ["Lost after %ds, won %d/%d" % (t // 1000, st.won, st.played), level, used, keys]
