"""What the midend's screens say beyond the status bar's word (``states.status``, the one every
frame needs) and the menu's footer (``menus.footer``): the settings' values as shown, the
end-of-game panel's lines, and times as the panels show them. A feature that has something to
say at the end of a game (hints used, lives lost, the board's code, a new record) adds its line
in ``result_lines``. Loaded while a text screen or an end panel is in front (mines.phases), not
all game long."""

from mines._const import const
from mines.engine.presets import LEVEL_TITLES, PRESETS
from mines.flow.states import WON

_A = const(4)  # keys.A is 1 << 4: its name in a button-name tuple
_B = const(5)
_START = const(6)

_OFF_ON = ("off", "on")
_CUSTOM = ("Custom",)  # the board past the presets (a tuple: a lone short string is a name)
# The names of a choice's values (settings.FIELDS), as the menus and panels show them; the
# board's and the level's are the presets'.
_CHOICES = {
    "quick": ("Classic", "Quick start"),
    "kind": ("No guess", "Random", "Kind"),   # presets.NO_GUESS, RANDOM, KIND
    "lives": ("1", "3", "5"),                 # game.LIVES_CHOICES
    "marks": _OFF_ON,
    "sound": _OFF_ON,
    "psize": ("Small 8x6", "Medium 10x7", "Large 20x15"),   # puzzle.play.SIZES
    "plevel": LEVEL_TITLES,
}


def setting_text(s, name):
    """The value of setting ``name`` of ``s`` (a settings.Settings) as the menus and panels
    show it: the mines with their density, a choice by its name, a number."""
    if name == "mines":
        cells = s.width * s.height
        return "%d (%d%%)" % (s.mines, (s.mines * 100 + cells // 2) // cells)
    value = getattr(s, name)
    if name == "board":
        return (PRESETS[value] if value < len(PRESETS) else _CUSTOM)[0]
    if name == "level":
        return LEVEL_TITLES[value]
    names = _CHOICES.get(name)
    if names is not None:   # (every choice's values start at 0: settings.FIELDS)
        return names[value]
    return str(value)


def clock(ms):
    """``ms`` milliseconds as the panels show a time: "12.3s" below 1000 s, then "16:40" or
    "2:46:40" (7 characters at most, below 10 hours), then "27h"."""
    s = ms // 1000
    if s < 1000:
        return "%d.%ds" % (s, ms % 1000 // 100)
    if s >= 36000:
        return "%dh" % (s // 3600)
    if s >= 3600:
        return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)
    return "%d:%02d" % (s // 60, s % 60)


def bbbv(game):
    """3BV of ``game``'s board (a mines.engine.game.Game): the fewest opens that clear it (zero
    areas plus lone numbers). The game's tiles and flood-fill stack are borrowed, and its tiles
    left as they were."""
    board = game.board
    count = board.count
    mine = board.mine
    inside = board.inside
    offsets = board.offsets
    mark = game.shown  # bit 0x40 marks a counted cell (tile codes are below 16)
    stack = game.fill
    total = 0
    for i in range(board.size):
        if not inside[i] or mine[i] or count[i] or mark[i] & 0x40:
            continue
        total += 1
        mark[i] |= 0x40
        stack[0] = i
        top = 1
        while top:
            top -= 1
            c = stack[top]
            if count[c]:
                continue
            for d in offsets:
                j = c + d
                if inside[j] and not mark[j] & 0x40:
                    mark[j] |= 0x40
                    stack[top] = j
                    top += 1
    for i in range(board.size):
        if inside[i] and not mine[i] and not mark[i] & 0x40:
            total += 1
        mark[i] &= 0x3F
    return total


def result_lines(m):
    """The end-of-game panel's lines (four, at most 26 characters), most important first: the
    time with the best time or the place among the best (New record!), the level, 3BV and
    moves, the board's code with the hints (and lives) used, and the keys (A: a new board,
    START: the same board again, B: the menu). A puzzle's come from puzzle mode."""
    if m.mode:
        return m.puzzle.result_lines(m)
    t = m.elapsed_ms
    st = m.stats
    game = m.game
    used = "%s hint %d" % (board_code(m), m.hints_used)
    if game is not None and game.lives > 1:
        used += " lost %d" % game.lives_lost
    if len(used) > 26:   # (10 hints or more with lives)
        used = used.replace("t ", "t")
    keys = "%s new %s again %s menu" % (m.buttons[_A], m.buttons[_START], m.buttons[_B])
    level = setting_text(m.settings, "level")
    if m.state == WON:
        if m.saves is None:
            best = "best " + clock(st.best.get(m.settings.key(), t))
        else:
            from mines.flow.save_work import best_ms, place_line
            best = place_line(m.saves) if m.saves.place else "best " + clock(best_ms(m, t))
        head = "Won in %s  %s" % (clock(t), best)
        if len(head) > 26:
            head = head[:3] + head[6:]   # "Won 2:46:40  ..."
        lines = [head, "%s 3BV %d moves %d" % (level, bbbv(game), game.moves), used, keys]
    else:
        lines = ["Lost after " + clock(t), "%s  won %d of %d" % (level, st.won, st.played),
                 used, keys]
    m.lean()  # the lines are made once: the save's code, loaded to count the game, goes
    return lines


def board_code(m):
    """The code of the board played last ("" when none)."""
    if m.board_start is None or m.game is None:
        return ""
    from mines.engine.board_code import encode
    s = m.settings
    g = m.game
    return encode(g.width, g.height, g.total, m.seed, m.board_start[0], m.board_start[1],
                  s.level, s.kind)
