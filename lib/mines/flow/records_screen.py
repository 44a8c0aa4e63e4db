"""The records screens (menus SCREENS): a menu of them, the statistics and the best times
of the board the menu is set to, and the confirmation before the statistics are reset. One
module makes all four (``make`` reads which from the Records menu's row).

Lines fit a page's 26 characters (host_tests/test_texts.py renders them with the largest
numbers a save holds). The numbers come from the midend's save part (save_work);
a midend without one gets one kept in memory only, so the screens always work."""

from mines import phases
from mines.flow.menus import Menu, page
from mines.engine.presets import KIND_NAMES, board_key
from mines.flow.texts import clock as panel_clock, setting_text


def _records(m):
    from mines.flow.save_work import current
    if m.saves is None:  # a midend made without saves (tests): records from now on
        from mines.flow.save_part import attach
        attach(m, None, quiet=True)
    return current(m.saves)


def _board(m):
    """(key, name) of the board the menu is set to, e.g. "9x9/10 full no-guess"."""
    from mines.flow.save_work import kind_of
    s = m.settings
    kind = kind_of(s)
    name = "%dx%d/%d %s" % (s.width, s.height, s.mines, setting_text(s, "level"))
    if kind:
        name += " " + KIND_NAMES[kind]
    return board_key(s.width, s.height, s.mines, s.level, kind), name


def clock(seconds):
    """``seconds`` as m:ss, or h:mm:ss from an hour on."""
    if seconds >= 3600:
        return "%d:%02d:%02d" % (seconds // 3600, seconds // 60 % 60, seconds % 60)
    return "%d:%02d" % (seconds // 60, seconds % 60)


def make(m):
    """The screen a row of the Records menu opens (its action names it), or that menu. The
    save's code, loaded to read the numbers, goes once the screen is made (mines.phases)."""
    screen = m.screen
    action = screen.rows[screen.row][2] if screen.name == "records" else "records"
    if action == "stats":
        screen = statistics(m)
    elif action == "best":
        screen = best_times(m)
    elif action == "reset":
        screen = confirm_reset(m)
    elif action == "system":
        screen = system()
    else:
        screen = records_menu(m)
    m.enter(phases.MENU)
    return screen


def records_menu(m):
    _records(m)  # the screens below it (and the reset) have a save part to read
    return Menu("records", "Records", (
        ("Statistics", None, "stats"),
        ("Best times", None, "best"),
        ("Reset statistics", None, "reset"),
        ("System", None, "system"),
        ("Back", None, "back"),
    ))


def system():
    """The interpreter, the board and its heap (code.py measures it: mines.phases.HEAP), for a
    player to tell us how the game fits the device."""
    from mines.phases import HEAP
    name, board, start, low = HEAP
    return page("system", "System", (
        name or "?",
        "Board " + (board or "?"),
        "Free at start %s" % (start if start >= 0 else "-"),
        "Fewest free %s" % (low if low >= 0 else "-"),
        "(bytes of heap)",
    ))


def statistics(m):
    records = _records(m)
    key, name = _board(m)
    played, won, streak, best_streak, hints, seconds = records.stats_for(key)
    all_played = all_won = 0
    for k in records.stats_keys():
        entry = records.stats_for(k)
        all_played += entry[0]
        all_won += entry[1]
    return page("stats", "Statistics", (
        name,
        "Played %d" % played,
        "Won %d (%d%%)" % (won, won * 100 // played if played else 0),
        "Streak %d  best %d" % (streak, best_streak),
        "Hints used %d" % hints,
        "Time played %s" % clock(seconds),
        "All boards:",
        "  won %d of %d" % (all_won, all_played),
    ))


def best_times(m):
    from mines.flow.save_work import PLACES
    records = _records(m)
    key, name = _board(m)
    lines = [name]
    for k, (ms, hints, lives_used) in enumerate(records.best_times(key)):
        if len(lines) == 1:
            lines.append("%-4s%7s%6s%5s" % ("", "time", "hints", "lost"))
        lines.append("%-4s%7s%6s%5s" % (PLACES[k], panel_clock(ms), hints or "-",
                                         lives_used or "-"))
    if len(lines) == 1:
        lines.append("No wins on this board yet")
    return page("best", "Best times", lines)


def confirm_reset(m):
    return Menu("reset", "Reset statistics?", (
        ("No, keep them", None, "back"),
        ("Yes, reset", None, "reset stats"),
    ))

