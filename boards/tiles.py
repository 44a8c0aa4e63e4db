"""The 8x8 sprite sheet, drawn in code: one Bitmap of 8x8 tiles and one 16-colour Palette.

Tile numbers match mines.game's tile codes (0..8 opened numbers, COVERED, FLAG, MINE, BOOM, WRONG),
followed by the screen-only tiles below. Colours are the classic Minesweeper ones: a raised grey
cover, 1 blue, 2 green, 3 red, 4 navy, 5 maroon, 6 teal, 7 black, 8 grey.
"""

import displayio

# Screen-only tiles after the game's tile codes (0..13).
START = 14  # the quick-start cell, marked
BLANK = 15  # outside the board
CURSOR = 16  # a frame with a see-through middle (drawn in its own TileGrid)
SPIN = 17  # 4 frames: the cursor while a board is being made
# Puzzle mode's tiles (mines.puzzle_game: TILE_CLEAR, TILE_LIT).
CLEAR = 21  # a cell the player marked clear: an opened cell with a dot
LIT = 22  # 22..30: a clue 0..8 a hint comes from, on yellow
TILE_COUNT = 31

# Palette: the letter used in the drawings below, and its colour.
_COLOURS = (
    ("k", 0x000000), ("W", 0xFFFFFF), ("l", 0xC0C0C0), ("d", 0x808080),
    ("b", 0x0000FF), ("g", 0x008000), ("r", 0xFF0000), ("n", 0x000080),
    ("m", 0x800000), ("t", 0x008080), ("y", 0xFFFF00), ("G", 0x00C000),
    ("s", 0x101828), ("o", 0xFF8000), ("p", 0xFFC0C0), (" ", 0xFF00FF),
)
TRANSPARENT = 15
BACKGROUND = 0x101828  # the screen behind small boards

_OPEN = "dddddddd" + "dlllllll" * 7
_LIT = "dddddddd" + "dyyyyyyy" * 7
_DOT = "........ ........ ........ ...dd... ...dd... ........ ........ ........"
_COVER = "WWWWWWWd" + "Wllllldd" * 6 + "dddddddd"

# Digits, 5x6, drawn at column 2, row 1 of an opened cell, in their classic colours.
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
    """The sprite sheet: TILE_COUNT tiles of 8x8 in one row, 16 colours."""
    bitmap = displayio.Bitmap(8 * TILE_COUNT, 8, 16)
    ink = _palette_index()

    def base(tile, art):
        art = art.replace(" ", "")
        for k in range(64):
            bitmap[tile * 8 + k % 8, k // 8] = ink[art[k]]

    def over(tile, art, colour=None):
        rows = art.split()
        for y in range(len(rows)):
            row = rows[y]
            for x in range(len(row)):
                ch = row[x]
                if ch != ".":
                    bitmap[tile * 8 + x, y] = ink[colour or ch]

    def digit(tile, d):
        colour, art = _DIGITS[d - 1]
        rows = art.split()
        for y in range(6):
            for x in range(5):
                if rows[y][x] == "#":
                    bitmap[tile * 8 + 2 + x, 1 + y] = ink[colour]

    for t in range(9):
        base(t, _OPEN)
        base(LIT + t, _LIT)
        if t:
            digit(t, t)
            digit(LIT + t, t)
    base(CLEAR, _OPEN)
    over(CLEAR, _DOT)
    base(9, _COVER)
    base(10, _COVER)
    over(10, _FLAG)
    base(11, _OPEN)
    over(11, _MINE)
    base(12, "dddddddd" + "drrrrrrr" * 7)
    over(12, _MINE)
    base(13, _OPEN)
    over(13, _MINE)
    over(13, _CROSS)
    base(START, _COVER)
    over(START, _START)
    for k in range(64):
        bitmap[BLANK * 8 + k % 8, k // 8] = ink["s"]
        bitmap[CURSOR * 8 + k % 8, k // 8] = TRANSPARENT
    over(CURSOR, _CURSOR.replace(" ", " "))
    for f in range(4):
        base(SPIN + f, _COVER)
        over(SPIN + f, _SPINS[f])
        over(SPIN + f, _CURSOR)
    return bitmap
