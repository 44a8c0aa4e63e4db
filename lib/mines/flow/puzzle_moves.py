"""Puzzle mode's play, the midend's side: A and B on a cell, the pause menu's rows and what
they do (undo, redo, check, hint), the end of a puzzle with its best time, and the end panel's
lines. Apart from ``puzzle_part`` (which makes the puzzle and holds the mode), so that none of
this is loaded while a puzzle is made: imported at the first press, once the maker's code has
gone. The functions take the ``PuzzleMode`` and the midend as their first arguments, as
methods would."""

import gc

from mines._const import const
from mines.flow.keys import A, B, START
from mines.engine.presets import LEVEL_WORDS
from mines.flow.states import CUE_FLAG, CUE_OPEN, CUE_REFUSED, PLAYING, WON
from mines.puzzle import play as P

PAUSE_ROWS = (
    ("Resume", None, "resume"),
    ("Undo", None, "undo"),
    ("Redo", None, "redo"),
    ("Check marks", None, "check"),
    ("Hint", None, "hint"),
    ("New puzzle", None, "new"),
    ("How to play", None, "puzzle_help"),
    ("Menu", None, "menu"),
)

_A = const(4)  # keys.A is 1 << 4: its name in a button-name tuple
_B = const(5)
_START = const(6)


def record_best(times, size, level, ms):
    """A puzzle of ``size`` (index in play.SIZES; -1: a size not in the menu's, a code's)
    and ``level`` was solved in ``ms`` milliseconds; True when that is a new best in ``times``
    (``puzzle_part.best_times``)."""
    if size < 0:
        return False
    k = size * 3 + level
    if times[k] and times[k] <= ms:
        return False
    times[k] = ms
    return True


def press(mode, m, button):
    """A, B and START while a puzzle is on screen (the midend moves the cursor)."""
    game = mode.game
    if m.state == WON:
        if button == A or button == START:
            m.start_puzzle()
        elif button == B:
            m.to_menu()
        return
    if button == START:
        from mines.flow.menus import Menu   # (text code: not held while a puzzle is made)
        m.show_paused(Menu("pause", "Puzzle paused", PAUSE_ROWS, 0, "resume"))
        # This code goes while paused: the pause's save write (its code, 11K) finds the room;
        # a row chosen loads it again.
        from mines.phases import UNLOAD, forget
        if UNLOAD:
            forget("mines.flow.puzzle_moves")
        return
    if button != A and button != B:
        return
    move = game.decide(P.PRIMARY if button == A else P.SECONDARY, m.cx, m.cy)
    if move == P.NO_MOVE:
        m.say("A clue: no mark")
        m.cue(CUE_REFUSED)
        return
    game.execute(move)
    m.cue(CUE_FLAG if button == A else CUE_OPEN)
    _after(mode, m)


def action(mode, m, word):
    """A pause-menu row: "undo", "redo", "check" or "hint"; back to the puzzle."""
    game = mode.game
    m.resume()
    if word == "undo" or word == "redo":
        if not (game.undo() if word == "undo" else game.redo()):
            m.say("Nothing to %s" % word)
    elif word == "check":
        wrong = game.check()
        m.say("%d wrong mark%s" % (wrong, "" if wrong == 1 else "s") if wrong
              else "No wrong mark")
    elif word == "hint":
        c = game.hint()
        if c >= 0:
            m.point(game.board.x_of(c), game.board.y_of(c))
            m.say("Hint: a mine here" if game.hint_mine else "Hint: clear here")
    _after(mode, m)


def status(mode, m):
    """The status bar while a puzzle is played and no message is due: its keys, how to mark
    until the first mark, then the pause menu's (undo, check, hint, How to play), as the
    sweeper's "open the dot" and then its pause key (states.status)."""
    keys = m.buttons
    if mode.game.moves:
        return "%s: pause/help" % keys[_START]
    return "%s: mine  %s: clear" % (keys[_A], keys[_B])


def _after(mode, m):
    game = mode.game
    if game.state == P.SOLVED and m.state == PLAYING:
        mode.new_best = record_best(mode.best, mode.size_index, mode.level, m.elapsed_ms)
        m.end(True)
        m.unsay()   # "Solved!" in the bar at once
        # (solved: no hint, undo or move is left, so its deductions and history go: 3.7K at
        # 20x15, free for the end panel)
        game.order = game.why = game.src = game.src2 = game.history = None
        gc.collect()   # a quiet moment between puzzles


def result_lines(mode, m):
    """The end panel's four lines: the time and the best, the size, level and help used, the
    puzzle's code, the keys."""
    from mines.flow.texts import clock
    best = mode.best[mode.size_index * 3 + mode.level] if mode.size_index >= 0 else 0
    game = mode.game
    head = "Solved in %s  %s" % (clock(m.elapsed_ms), "new best!" if mode.new_best else
                                 "best " + clock(best) if best else "")
    if len(head) > 26:
        head = head[:6] + head[9:]   # "Solved 2:46:40  ..."
    return [head.rstrip(),
            "%dx%d %s  help used %d" % (game.width, game.height,
                                        LEVEL_WORDS[mode.level], game.helps),
            "Code %s" % game.code(),
            "%s: next  %s: menu" % (m.buttons[_A], m.buttons[_B])]
