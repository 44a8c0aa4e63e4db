"""The midend's states (what is in front) and the status bar's word for each (``status``), its
runner's job tags, the save events and the cue bits (what the lights and speaker should say), in
a module of their own so that the midend's parts (texts, hint_part, save_part, save_work,
puzzle_part) read them from their one home."""

from mines._const import const

# What is in front: the game's flow.
MENU = 0  # the main menu, or a screen opened from it
READY = 1  # classic: a hidden board, waiting for the first open
GENERATING = 2
PLAYING = 3
PAUSED = 4  # the pause menu (or a screen opened from it) over a hidden board
WON = 5
LOST = 6

# Runner tags: what the running job is for (the midend's and its parts').
JOB_QUICK = 1  # a board whose start the generator picks (quick start), made when Play is chosen
JOB_CLASSIC = 2  # a board from the cell the player opened first
JOB_RESUME = 3  # a saved game put back (save_work)
JOB_HINT = 4  # a hint (hint_part)
JOB_CHECK = 5  # after a move: the flags the numbers disprove
JOB_PUZZLE = 6  # a pen-and-paper puzzle (made in puzzle_part)
JOB_MERCY = 7  # a Kind board's rescue (hint_part)

# Save events: what save_part.WritePolicy is told (by save_part and save_work).
PROGRESS = 0   # a move in a game
RESULT = 1     # a game ended
RECORD = 2     # a game ended with a new best time
SETTINGS = 3   # the player left the menu after changing something
PAUSE = 4      # the game was paused
RESET = 5      # the statistics were reset

# Cue bits for the lights and the speaker, collected by ``take_cues``.
CUE_OPEN = 1
CUE_FLAG = 2
CUE_WIN = 4
CUE_LOSE = 8
CUE_REFUSED = 16

_A = const(4)  # keys.A is 1 << 4: its name in a button-name tuple
_B = const(5)
_START = const(6)


def status(m):
    """The middle of the status bar: a message, or the state and its keys in a few words (more
    than 17 characters take the whole bar: boards.view)."""
    runner = m.runner
    if runner.tag == JOB_MERCY and runner.job is not None:
        return runner.job.spin()   # a Kind board's rescue runs
    if m.message:
        return m.message
    state = m.state
    keys = m.buttons
    if state == MENU or state == PAUSED:   # (a menu's title says it)
        return ""
    if state == READY:
        return "%s: open a cell" % keys[_A]
    if state == GENERATING:
        return "Making %d%%  %s: stop" % (m.progress(), keys[_B])
    if state == PLAYING:
        if m.start_x >= 0:
            return "%s: open the dot" % keys[_A]
        if m.mode:   # a puzzle's keys (puzzle_moves)
            return m.puzzle.status(m)
        game = m.game
        if game.lives > 1:   # a heart (boards.glyphs: "\x7f") and the lives left
            return "\x7f%d  %s: pause" % (game.lives_left(), keys[_START])
        return "%s: pause/help" % keys[_START]
    if state == WON:
        return "Solved! Move to look" if m.mode else "You win! Move to look"
    return "Boom! Move to look"
