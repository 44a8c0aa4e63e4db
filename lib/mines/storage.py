"""Where the save's bytes live: a window of the device's NVM, or a file on a computer.

Both look like a bytearray of ``len`` bytes to mines.save (slice reads and slice writes).

  NvmStorage(microcontroller.nvm)   the SAMD51's 8192 bytes of NVM (or a window of them). Each
                                    write erases and rewrites flash: mines.save writes seldom,
                                    and only the bytes of the slot it fills.
  FileStorage(path)                 the same 8192 bytes in a file, replaced whole and atomically
                                    on every write (a temporary file, flushed and synced, then
                                    renamed over the old one), so a crash never leaves half a
                                    file. It never overwrites a file that is not a save.

The CIRCUITPY drive is read-only to the game while a computer has it mounted, so on the device
the NVM is the save medium; files are for the simulator and tools/save.py.
"""

from mines.save import MAGIC, STORE_SIZE

APP_FOLDER = "pygamer-mines"
FILE_NAME = "save.bin"


class NvmStorage:
    """``size`` bytes of ``nvm`` from ``offset`` (all of it by default), as a store."""

    def __init__(self, nvm, offset=0, size=None):
        self.nvm = nvm
        self.offset = offset
        self.size = len(nvm) - offset if size is None else size
        if offset < 0 or self.size <= 0 or offset + self.size > len(nvm):
            raise ValueError("NVM window %d+%d is outside its %d bytes" % (
                offset, self.size, len(nvm)))

    def __len__(self):
        return self.size

    def _span(self, index):
        start, stop, _ = index.indices(self.size)
        return self.offset + start, self.offset + max(start, stop)

    def __getitem__(self, index):
        a, b = self._span(index)
        return self.nvm[a:b]

    def __setitem__(self, index, data):
        a, b = self._span(index)
        if b - a != len(data):
            raise ValueError("an NVM write keeps its length")
        self.nvm[a:b] = data


def default_path(environ=None):
    """The save file of the simulator and tools/save.py: $XDG_DATA_HOME/pygamer-mines/save.bin,
    or ~/.local/share/pygamer-mines/save.bin when XDG_DATA_HOME is unset or empty."""
    import os
    env = os.environ if environ is None else environ
    base = env.get("XDG_DATA_HOME") or ""
    if not os.path.isabs(base):  # the XDG spec: a relative path is invalid, ignore it
        base = os.path.join(env.get("HOME") or os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, APP_FOLDER, FILE_NAME)


def looks_like_save(data, size=STORE_SIZE):
    """True if ``data`` (a file's bytes) may be overwritten as a save: empty, blank, or holding
    the save magic at the start of a slot, or a file cut short inside the first magic."""
    if len(data) > size:
        return False
    if not data or data == bytes(len(data)) or data == b"\xff" * len(data):
        return True
    half = size // 2
    if data[:4] == MAGIC or data[half:half + 4] == MAGIC:
        return True
    return len(data) < 4 and MAGIC.startswith(bytes(data))


class FileStorage:
    """A store in the file ``path`` (missing: an empty store, the file made on the first write).

    ``foreign`` is True when the file exists and is not a save: its bytes read as a damaged
    save, every write raises OSError and the file stays as it is. ``short`` is True when the
    file was cut short (mines.save then reports the save damaged). ``exists`` tells whether
    the file was there."""

    def __init__(self, path, size=STORE_SIZE):
        self.path = path
        self.image = bytearray(size)
        self.exists = False
        self.foreign = False
        self.short = False
        try:
            with open(path, "rb") as f:
                data = f.read(size + 1)
        except FileNotFoundError:
            return
        self.take(data)

    def take(self, data):
        """Hold ``data``, the bytes of the file (at most one more than the store's size)."""
        size = len(self.image)
        self.exists = True
        self.foreign = not looks_like_save(data, size)
        data = data[:size]
        self.short = 0 < len(data) < size
        self.image[:len(data)] = data

    def __len__(self):
        return len(self.image)

    def __getitem__(self, index):
        return bytes(self.image[index])

    def __setitem__(self, index, data):
        if self.foreign:
            raise OSError("%s is not a save file: left as it is" % self.path)
        image = bytearray(self.image)
        image[index] = data
        if len(image) != len(self.image):
            raise ValueError("a store write keeps its length")
        self._replace(bytes(image))
        self.image = image
        self.short = False

    def _replace(self, data):
        import os
        folder = os.path.dirname(os.path.abspath(self.path))
        os.makedirs(folder, exist_ok=True)
        temp = self.path + ".tmp"
        with open(temp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, self.path)
        self.exists = True
        try:  # the rename itself survives a crash once the folder is synced (POSIX)
            fd = os.open(folder, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)
