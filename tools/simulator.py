"""Play PyGamer Mines in a window on a computer: the device's code.py, boards/ and lib/mines run
unchanged on Blinka's displayio, drawn by blinka_displayio_pygamedisplay into a pygame window.

  python tools/simulator.py [--seed N] [--frames N] [--screenshot FILE.png] [--scale K]

With SDL_VIDEODRIVER=dummy it runs headless (--frames then stops it; --screenshot saves the
last frame). Keys are listed in the README ("Play it") and in boards/desktop.py.
"""

import argparse
import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


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
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=None, help="board seed source (default: random)")
    ap.add_argument("--frames", type=int, default=-1, help="stop after N frames")
    ap.add_argument("--screenshot", help="save the last frame to this PNG")
    ap.add_argument("--scale", type=int, default=1, help="screenshot scale factor")
    args = ap.parse_args(argv)
    if args.frames == 0 or args.frames < -1:
        ap.error("--frames must be a positive number of frames")
    code = load_code()
    code.main(seed=args.seed, frames=args.frames)
    if args.screenshot:
        from boards import desktop
        desktop.refresh()
        desktop.screenshot(args.screenshot, args.scale)
        print("saved", args.screenshot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
