"""Play PyGamer Mines in a window on a computer: the device's code.py, boards/ and lib/mines run
unchanged on Blinka's displayio, drawn by blinka_displayio_pygamedisplay into a pygame window.

  python tools/simulator.py [--seed N] [--frames N] [--screenshot FILE.png] [--scale K]
                            [--save PATH | --no-save]

With SDL_VIDEODRIVER=dummy it runs headless (--frames then stops it; --screenshot saves the
last frame). Keys are listed in the README ("Controls") and in boards/desktop.py.
"""

import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from cli import argparser, summary  # noqa: E402


def setup_path():
    """sys.path as on the device ('', '/', '/lib'): the repo root for code.py and boards/,
    and repo/lib for mines/."""
    for p in (os.path.join(ROOT, "lib"), ROOT):
        if p not in sys.path:
            sys.path.insert(0, p)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def load_code():
    """code.py as a module (named so it does not shadow the standard library's ``code``)."""
    setup_path()
    spec = importlib.util.spec_from_file_location("mines_code", os.path.join(ROOT, "code.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv=None):
    ap = argparser("simulator.py", description=summary(__doc__))
    ap.add_argument("--seed", type=int, default=None, help="board seed source (default: random)")
    ap.add_argument("--frames", type=int, default=-1, help="stop after N frames")
    ap.add_argument("--screenshot", help="save the last frame to this PNG")
    ap.add_argument("--scale", type=int, default=1, help="screenshot scale factor")
    ap.add_argument("--save", metavar="PATH", default=None,
                    help="keep settings, records and the game in progress in this file "
                         "(default: $XDG_DATA_HOME/pygamer-mines/save.bin)")
    ap.add_argument("--no-save", action="store_true",
                    help="keep nothing: read no save and write none")
    args = ap.parse_args(argv)
    if args.frames == 0 or args.frames < -1:
        ap.error("--frames must be a positive number of frames")
    if args.no_save and args.save:
        ap.error("--save and --no-save do not go together")
    storage = None
    if not args.no_save:
        setup_path()
        from mines.saves.storage import FileStorage, default_path
        path = args.save or default_path()
        folder = os.path.dirname(os.path.abspath(path))
        if args.save and not os.path.isdir(folder):  # (the default's folders are made)
            ap.error("--save %s: there is no folder %s" % (path, folder))
        try:
            storage = FileStorage(path, folders=not args.save)
        except OSError as exc:
            ap.error("--save %s: %s" % (path, exc.strerror or exc))
        if storage.foreign:
            ap.error("--save %s is not a save file: choose another, or --no-save" % path)
    code = load_code()
    from boards import desktop
    desktop.SAVES = storage is not None
    desktop.storage = storage
    try:
        code.main(seed=args.seed, frames=args.frames)
    finally:  # this process may run the game again (tests): no saves unless asked again
        desktop.SAVES = False
        desktop.storage = None
    if args.screenshot:
        desktop.refresh()
        desktop.screenshot(args.screenshot, args.scale)
        print("saved", args.screenshot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
