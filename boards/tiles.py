"""The 8x8 sprite sheet, drawn in code: one Bitmap of 8x8 tiles and one 16-colour Palette.

Tile numbers match mines.engine.game's tile codes (0..8 opened numbers, COVERED, FLAG, MINE, BOOM,
WRONG, BAD_FLAG, BLOWN), followed by the screen-only tiles below. Colours are the classic
Minesweeper ones: a raised grey cover, 1 blue, 2 green, 3 red, 4 navy, 5 maroon, 6 teal, 7 black,
8 grey.
"""

import displayio

from mines._const import const
from mines.engine.game import BAD_FLAG, BLOWN, BOOM, COVERED, FLAG, MINE, TILE_CODES, WRONG

TILE = 8  # pixels, square
SPIN_FRAMES = 4  # the spinning cursor's pictures

# Screen-only tiles after the game's tile codes (0..TILE_CODES - 1).
START = TILE_CODES  # the quick-start cell, marked
BLANK = START + 1  # outside the board
CURSOR = BLANK + 1  # a frame with a see-through middle (drawn in its own TileGrid)
SPIN = CURSOR + 1  # SPIN_FRAMES pictures: the cursor while a board is being made
LIT = SPIN + SPIN_FRAMES  # 9 tiles: a number 0..8 on yellow, LIT + n: it proves the hint shown
CLEAR = LIT + COVERED  # puzzle mode: a cell the player marked clear, an opened cell with a dot
OVER = CLEAR + 1  # OVER + n: a number n with more flags around it than n, framed in red
TILE_COUNT = OVER + COVERED

# Palette: the letter used in the drawings below, and its colour.
_COLOURS = (
    ("k", 0x000000), ("W", 0xFFFFFF), ("l", 0xC0C0C0), ("d", 0x808080),
    ("b", 0x0000FF), ("g", 0x008000), ("r", 0xFF0000), ("n", 0x000080),
    ("m", 0x800000), ("t", 0x008080), ("y", 0xFFFF00), ("G", 0x00C000),
    ("s", 0x101828), ("o", 0xFF8000), ("p", 0xFFC0C0), (" ", 0xFF00FF),
)
TRANSPARENT = 15
BACKGROUND = 0x101828  # the screen behind small boards

_OPEN = "dddddddd dlllllll dlllllll dlllllll dlllllll dlllllll dlllllll dlllllll"
_BOOM_GROUND = "dddddddd drrrrrrr drrrrrrr drrrrrrr drrrrrrr drrrrrrr drrrrrrr drrrrrrr"
_LIT_GROUND = "dddddddd dyyyyyyy dyyyyyyy dyyyyyyy dyyyyyyy dyyyyyyy dyyyyyyy dyyyyyyy"
_OVER_GROUND = "rrrrrrrr rllllllr rllllllr rllllllr rllllllr rllllllr rllllllr rrrrrrrr"
_DOT = "........ ........ ........ ...dd... ...dd... ........ ........ ........"
_COVER = "WWWWWWWd Wllllldd Wllllldd Wllllldd Wllllldd Wllllldd Wllllldd dddddddd"

# Digits, 5x6, drawn at column _DIGIT_X, row _DIGIT_Y of an opened cell, in their classic colours.
_DIGIT_X = const(2)
_DIGIT_Y = const(1)
_DIGIT_W = const(5)
_DIGIT_H = const(6)
_DIGITS = (
    ("b", ".##.. ###.. .##.. .##.. .##.. ####."),
    ("g", ".###. ##.## ...## ..##. .##.. #####"),
    ("r", "####. ...## .###. ...## ...## ####."),
    ("n", "##.##  ##.## ##### ...## ...## ...##"),
    ("m", "##### ##... ####. ...## ...## ####."),
    ("t", ".###. ##... ####. ##.## ##.## .###."),
    ("k", "##### ...## ..##. ..##. .##.. .##.."),
    ("d", ".###. ##.## .###. ##.## ##.## .###."),
)

# Whole tiles, 8 rows of 8; '.' keeps the base tile's pixel.
_MINE = ("........ ....k... ..kkkkk. ..kWkkk. .kkkkkkk ..kkkkk. ..kkkkk. ....k...")
_FLAG = ("........ ...rrk.. ..rrrk.. ...rrk.. .....k.. ...kkk.. ..kkkkk. ........")
_CROSS = ("........ .r....r. ..r..r.. ...rr... ...rr... ..r..r.. .r....r. ........")
_BADMARK = ("........ ........ ........ ........ ........ .....r.r ......r. .....r.r")
_SMALLFLAG = ("rrk..... rrk..... ..k..... kkk..... ........ ........ ........ ........")
_START = ("........ ........ ...GG... ..GGGG.. ..GGGG.. ...GG... ........ ........")
_CURSOR = "kkyyyykk k......k y......y y......y y......y y......y k......k kkyyyykk"
_SPINS = (
    "........ ........ ........ ...kk... ...kk... ........ ........ ........",
    "........ ........ ..k..k.. ........ ........ ..k..k.. ........ ........",
    "........ ...kk... ........ .k....k. .k....k. ........ ...kk... ........",
    "..k..k.. ........ k......k ........ ........ k......k ........ ..k..k..",
)


def _palette_index():
    return {_COLOURS[i][0]: i for i in range(len(_COLOURS))}


def make_palette():
    palette = displayio.Palette(len(_COLOURS))
    for i in range(len(_COLOURS)):
        palette[i] = _COLOURS[i][1]
    palette.make_transparent(TRANSPARENT)
    return palette


def make_sheet():
    """The sprite sheet: TILE_COUNT tiles of TILE x TILE pixels in one row, 16 colours."""
    bitmap = displayio.Bitmap(TILE * TILE_COUNT, TILE, len(_COLOURS))
    ink = _palette_index()

    def base(tile, art):
        art = art.replace(" ", "")
        for k in range(TILE * TILE):
            bitmap[tile * TILE + k % TILE, k // TILE] = ink[art[k]]

    def over(tile, art, colour=None):
        rows = art.split()
        for y in range(len(rows)):
            row = rows[y]
            for x in range(len(row)):
                ch = row[x]
                if ch != ".":
                    bitmap[tile * TILE + x, y] = ink[colour or ch]

    for t in range(COVERED):  # opened cells, 0..8, the same lit for a hint, and overfilled
        base(t, _OPEN)
        base(LIT + t, _LIT_GROUND)
        base(OVER + t, _OVER_GROUND)
    for d in range(len(_DIGITS)):
        colour, art = _DIGITS[d]
        rows = art.split()
        for y in range(_DIGIT_H):
            for x in range(_DIGIT_W):
                if rows[y][x] == "#":
                    bitmap[(d + 1) * TILE + _DIGIT_X + x, _DIGIT_Y + y] = ink[colour]
                    bitmap[(LIT + d + 1) * TILE + _DIGIT_X + x, _DIGIT_Y + y] = ink[colour]
                    bitmap[(OVER + d + 1) * TILE + _DIGIT_X + x, _DIGIT_Y + y] = ink[colour]
    base(CLEAR, _OPEN)
    over(CLEAR, _DOT)
    base(COVERED, _COVER)
    base(FLAG, _COVER)
    over(FLAG, _FLAG)
    base(MINE, _OPEN)
    over(MINE, _MINE)
    base(BOOM, _BOOM_GROUND)
    over(BOOM, _MINE)
    base(WRONG, _OPEN)
    over(WRONG, _MINE)
    over(WRONG, _CROSS)
    base(BAD_FLAG, _COVER)  # the flag in orange, a red cross in the corner
    over(BAD_FLAG, _FLAG.replace("r", "o"))
    over(BAD_FLAG, _BADMARK)
    base(BLOWN, _BOOM_GROUND)  # the exploded mine that cost a life, and a flag on it
    over(BLOWN, _MINE)
    over(BLOWN, _SMALLFLAG.replace("r", "y"))
    base(START, _COVER)
    over(START, _START)
    for k in range(TILE * TILE):
        bitmap[BLANK * TILE + k % TILE, k // TILE] = ink["s"]
        bitmap[CURSOR * TILE + k % TILE, k // TILE] = TRANSPARENT
    over(CURSOR, _CURSOR)
    for f in range(SPIN_FRAMES):
        base(SPIN + f, _COVER)
        over(SPIN + f, _SPINS[f])
        over(SPIN + f, _CURSOR)
    return bitmap
