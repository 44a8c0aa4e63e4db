"""The sweeper game's part of the midend: a press on the board decided into a move and checked
before the midend makes it, and the end of a game (counted, the end panel). Functions of the
midend ``m``, as its methods would be, asking it through its verbs; they live apart so that the
midend stays small enough to compile on the device."""

import gc

from mines.phases import END
from mines.engine.game import NEED_FLAGS, OPEN, WON as G_WON, move_cell, move_kind
from mines.engine.presets import KIND
from mines.flow.states import CUE_REFUSED


def play(m, which):
    """Button ``which`` (game.PRIMARY or SECONDARY) on the cell under the cursor: refused with
    a reason, held for a Kind board's rescue (hint_part), or made (``m.make``)."""
    game = m.game
    move = game.decide(which, m.cx, m.cy)
    if move == NEED_FLAGS:
        m.say("Flag mines first")
        m.cue(CUE_REFUSED)
        return
    if move < 0:
        return
    if (m.start_x >= 0 and not game.started and move_kind(move) == OPEN
            and move_cell(move) != game.board.index(m.start_x, m.start_y)):
        m.say("Start at the dot")
        m.cue(CUE_REFUSED)
        return
    if m.assist is not None or m.settings.kind == KIND:
        h = hints(m)  # hint lights off; a Kind board's mercy
        if h is not None and h.play(m, move):
            return  # (waits for a rescue)
    m.make(move)


def hints(m):
    """mines.flow.hint_part, or None when the heap has no room for its code (said; the game
    goes on without help)."""
    try:
        from mines.flow import hint_part
    except MemoryError:
        m.say("No memory for hints")
        return None
    return hint_part


def hint(m):
    """The hint key in a sweeper game."""
    h = hints(m)
    if h is not None:
        h.hint(m)


def finish(m):
    """The game in front has just ended: counted (the session's statistics, the save), the end
    panel shown, and the buffers of the hints and the generator let go - before the save's code
    loads to count it, so that it never shares the heap with them."""
    game = m.game
    won = game.state == G_WON
    m.stats.record(m.settings.key(), won, m.elapsed_ms)
    m.end(won)
    m.drop_help()  # the hint buffers go before the next board is made
    m.boards.release()  # (the generator, if any: the next board makes its own)
    m.enter(END)
    gc.collect()  # a quiet moment between games
    if m.saves is not None:
        from mines.flow.save_work import result
        result(m, won, m.hints_used, game.lives_lost)
