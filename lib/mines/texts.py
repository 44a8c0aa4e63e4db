"""What the midend's screens say: the status bar's word, the menu's footer and the end-of-game
panel's lines. A feature that has something to say at the end of a game (hints used, lives
lost, the board's code, a new record) adds its line in ``result_lines``."""

from mines.menus import SCREENS
from mines.states import MENU, READY, GENERATING, PLAYING, PAUSED, WON

_A = 4  # mines.keys.A is 1 << 4: its name in a button-name tuple
_B = 5


def status(m):
    """The middle of the status bar: a message, or the state in a word or two."""
    if m.message:
        return m.message
    state = m.state
    if state == MENU:
        return "Ready!" if m.settings.quick and m.prepared() else ""
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
    if (screen.name == "main" and screen.rows[screen.row][2] == "play"
            and m.settings.quick and m.prepared()):
        return "Board ready: %s to play" % m.buttons[_A]
    a = m.buttons[_A]
    if screen.row < 0:
        return "%s or %s: back" % (a, m.buttons[_B])
    _, name, action = screen.rows[screen.row]
    if name:
        return "<>: change  %s: to %s" % (a, screen.rows[-1][0])
    if action in SCREENS:
        return "%s: open" % a
    return "%s: %s" % (a, screen.rows[screen.row][0].lower())

def result_lines(m):
    """The end-of-game panel's lines, most important first (a feature adds its line here)."""
    if m.mode:
        return m.puzzle.result_lines(m)
    t = m.elapsed_ms
    st = m.stats
    if m.state == WON:
        best = st.best.get(m.settings.key(), t) if m.saves is None else m.saves.best_ms(m, t)
        lines = ["Won in %d.%ds  best %d.%ds" % (t // 1000, t % 1000 // 100,
                                                 best // 1000, best % 1000 // 100),
                 "3BV %d  moves %d  won %d/%d" % (st.bbbv, st.moves, st.won, st.played),
                 "%s: again  %s: menu" % (m.buttons[_A], m.buttons[_B])]
        if m.saves is not None and m.saves.place:  # "New record!", "2nd best time"...
            lines.insert(1, m.saves.place_line())
        return lines
    return ["Lost after %ds, won %d/%d" % (t // 1000, st.won, st.played),
            "%s: again  %s: menu" % (m.buttons[_A], m.buttons[_B])]

