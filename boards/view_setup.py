"""The screen's displayio objects, made once at start: ``build`` gives a ``boards.view.View``
its groups, grids, bitmaps and palettes (over the sprite sheet of ``boards.tiles`` and the font
of ``boards.font``). Only start-up uses this module: View lets it go once it has run
(``boards.forget``), so its code is not kept all game long. Functions of the ``View``
(``view``), as its methods would be: they set its fields, its private ones too.
"""

from mines._const import const
import displayio

from boards.font import CELL_H, CELL_W, TextLine
from boards.tiles import BACKGROUND, BLANK, CURSOR, TILE
from boards.view import BAR, COLS, PANEL_LINES, PANEL_PAD, ROWS

_MINES_CHARS = const(5)  # status bar fields, characters: "*045", the state, "123"
_TIME_CHARS = const(3)
_BAND_SCALE = const(4)  # the panel's band drawn 4 times larger
_LINE_H = const(12)  # the panel's lines: terminalio.FONT's (boards.text_screen.LINE_H)

_RED = const(0xFF2020)
_YELLOW = const(0xFFFF00)
_WHITE = const(0xFFFFFF)
_BLACK = const(0x000000)
_PROGRESS = const(0x006000)


def _line(font, size, colour, x, align):
    """A boards.font.TextLine of ``size`` characters in ``colour`` on a see-through ground,
    aligned (0 left, 1 centre, 2 right) on ``x`` pixels, in the status bar's top row."""
    palette = displayio.Palette(2)
    palette.make_transparent(0)
    palette[1] = colour
    grid = displayio.TileGrid(font[0], pixel_shader=palette, width=size, height=1,
                              tile_width=CELL_W, tile_height=CELL_H, default_tile=0)
    group = displayio.Group(x=x)
    group.append(grid)
    return TextLine(font[1], palette, grid, group, colour, x, align)


def build(view, display, width, height):
    """Make ``view``'s objects for ``display`` (``width`` x ``height`` pixels) and show them."""
    view.width = width  # (the display itself is the profile's: not kept twice)
    view.height = height
    from boards import forget, glyphs, tiles
    font = glyphs.draw()  # (the font's bitmap, its index)
    del glyphs
    forget("boards.glyphs")  # the drawings (and the code that reads them) made the bitmap
    palette = tiles.make_palette()
    sheet = tiles.make_sheet()
    del tiles
    forget("boards.tiles")  # its drawings and code are needed only to make the sheet
    view.root = root = displayio.Group()

    # background: one pixel scaled up to the whole screen
    bg_bitmap = displayio.Bitmap(1, 1, 1)
    bg_palette = displayio.Palette(1)
    bg_palette[0] = BACKGROUND
    bg = displayio.TileGrid(bg_bitmap, pixel_shader=bg_palette, width=1, height=1,
                            tile_width=1, tile_height=1)
    bg_group = displayio.Group(scale=max(width, height))
    bg_group.append(bg)
    root.append(bg_group)

    # board and cursor, in a Group whose scale is 2 for a small puzzle (``zoom``): 16-pixel
    # tiles drawn from the same 8-pixel sheet, no other bitmap
    view.board_group = board_group = displayio.Group()
    view.zoom = zoom = displayio.Group()
    view.grid = displayio.TileGrid(sheet, pixel_shader=palette, width=COLS, height=ROWS,
                                   tile_width=TILE, tile_height=TILE, default_tile=BLANK)
    view.cursor = displayio.TileGrid(sheet, pixel_shader=palette, width=1, height=1,
                                     tile_width=TILE, tile_height=TILE, default_tile=CURSOR)
    zoom.append(view.grid)
    zoom.append(view.cursor)
    board_group.append(zoom)
    # where the view is on a board larger than the screen: a line along the bottom edge
    # (columns in view) and one along the right edge (rows in view)
    # (the column is a TileGrid of one-pixel tiles over a two-pixel bitmap: a bitmap one
    # pixel wide would take a 32-bit word a row)
    view._across = displayio.Bitmap(width, 1, 2)
    dots = displayio.Bitmap(2, 1, 2)
    dots[1] = 1
    marks = displayio.Palette(2)
    marks[1] = _YELLOW
    marks.make_transparent(0)
    board_group.append(displayio.TileGrid(view._across, pixel_shader=marks, y=height - 1))
    view._down = displayio.TileGrid(dots, pixel_shader=marks, width=1, height=ROWS * TILE,
                                    tile_width=1, tile_height=1, x=width - 1, y=BAR)
    board_group.append(view._down)
    view._a0 = view._a1 = view._d0 = view._d1 = 0  # the lines as drawn, pixels
    root.append(board_group)
    view.ox = 0  # first board column and row in view
    view.oy = 0
    view._board_where = view._board_what = view._board_mark = -2
    view._board_game = None

    # status bar; its background doubles as the progress bar while a board is being made
    # (one row of pixels, shown BAR times: a TileGrid of one-row tiles, every one tile 0)
    view._progress_bitmap = displayio.Bitmap(width, 1, 2)
    progress_palette = displayio.Palette(2)
    progress_palette[0] = _BLACK
    progress_palette[1] = _PROGRESS
    view._bar = bar = displayio.Group()
    bar.append(displayio.TileGrid(view._progress_bitmap, pixel_shader=progress_palette,
                                  width=1, height=BAR, tile_width=width, tile_height=1))
    view._progress_drawn = 0
    view.mines_label = _line(font, _MINES_CHARS, _RED, 1, 0)
    view.state_label = _line(font, width // CELL_W, _WHITE, width // 2, 1)
    view.time_label = _line(font, _TIME_CHARS, _RED, width - 1, 2)
    for lab in (view.mines_label, view.state_label, view.time_label):
        bar.append(lab.group)
    root.append(bar)

    # end-of-game panel: lines on a black band at the bottom, over the board
    view.panel = displayio.Group()
    # (a sixteenth of the pixels in a Group of scale 4: 12 pixels a line, 2 above and
    # below, are multiples of 4)
    band = displayio.Bitmap(width // _BAND_SCALE,
                            (PANEL_LINES * _LINE_H + 2 * PANEL_PAD) // _BAND_SCALE, 1)
    band_palette = displayio.Palette(1)
    band_palette[0] = _BLACK
    view._band = displayio.Group(scale=_BAND_SCALE, y=height)
    view._band.append(displayio.TileGrid(band, pixel_shader=band_palette))
    view.panel.append(view._band)
    # while it shows, a boards.text_screen.Text of the first line (green or red) and one of
    # the rest
    view.panel_lines = ()
    view._panel_h = 0
    root.append(view.panel)

    # menus and pages: a boards.text_screen.TextScreen while one is in front (None while the
    # board is)
    view.text = None

    view._bar_state = view._bar_left = view._bar_sec = view._bar_progress = -1000
    view._bar_start = -1000
    view._bar_message = None
    view._panel_key = -1
    display.root_group = root
