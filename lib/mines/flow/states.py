"""The midend's states (what is in front) and cue bits (what the lights and speaker should
say), in a module of their own so that the midend's helpers (texts) can read them."""

# What is in front: the game's flow.
MENU = 0  # the main menu, or a screen opened from it
READY = 1  # classic: a hidden board, waiting for the first open
GENERATING = 2
PLAYING = 3
PAUSED = 4  # the pause menu (or a screen opened from it) over a hidden board
WON = 5
LOST = 6

# Cue bits for the lights and the speaker, collected by ``take_cues``.
CUE_OPEN = 1
CUE_FLAG = 2
CUE_WIN = 4
CUE_LOSE = 8
CUE_REFUSED = 16
