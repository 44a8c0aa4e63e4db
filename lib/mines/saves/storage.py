"""Where the save's bytes live: a window of the device's NVM, or a file on a computer.

Both look like a bytearray of ``len`` bytes to slots (slice reads and slice writes).

  NvmStorage(microcontroller.nvm)   the SAMD51's 8192 bytes of NVM (or a window of them). Each
                                    write erases and rewrites flash: slots writes seldom,
                                    and only the bytes of the slot it fills.
  FileStorage(path)                 the same 8192 bytes in a file, replaced whole and atomically
                                    on every write (a temporary file, flushed and synced, then
                                    renamed over the old one), so a crash never leaves half a
                                    file, nor the temporary one after an error. It never
                                    overwrites a file that is not a save, nor one another
                                    program wrote since it was read (read before write:
                                    ``reread``), and makes no folder unless told to.

The CIRCUITPY drive is read-only to the game while a computer has it mounted, so on the device
the NVM is the save medium; files are for the simulator and tools/save.py.
"""

from mines.saves.slots import MAGIC, STORE_SIZE

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


CHANGED = "another program wrote the save meanwhile: not written"


class Changed(OSError):
    """A write refused because the file changed since it was read (``CHANGED``)."""


class FileStorage:
    """A store in the file ``path`` (missing: an empty store, the file made on the first write;
    its folders too when ``folders``, as for the default save's place, else a missing folder
    fails the write).

    ``foreign`` is True when the file exists and is not a save: its bytes read as a damaged
    save, every write raises OSError and the file stays as it is. ``short`` is True when the
    file was cut short (slots then reports the save damaged). ``exists`` tells whether
    the file was there. A write raises ``Changed`` when the file is not as it was last read or
    written here: ``reread`` takes in what it holds now."""

    def __init__(self, path, size=STORE_SIZE, folders=False):
        self.path = path
        self.folders = folders
        self.image = bytearray(size)
        self.exists = False
        self.foreign = False
        self.short = False
        self.seen = None  # the file's bytes when last read or written (None: no file)
        data = self._read()
        if data is not None:
            self.take(data)

    def _read(self):
        try:
            with open(self.path, "rb") as f:
                return f.read(len(self.image) + 1)
        except FileNotFoundError:
            return None

    def take(self, data):
        """Hold ``data``, the bytes of the file (at most one more than the store's size)."""
        size = len(self.image)
        self.seen = bytes(data)
        self.exists = True
        self.foreign = not looks_like_save(data, size)
        data = data[:size]
        self.short = 0 < len(data) < size
        self.image = bytearray(size)
        self.image[:len(data)] = data

    def reread(self):
        """Read the file again: True (and what it holds now taken in) when another program
        changed it since it was read or written here; False when it is as it was."""
        data = self._read()
        if data == self.seen:
            return False
        if data is None:  # removed: an empty store again
            self.__init__(self.path, len(self.image), self.folders)
        else:
            self.take(data)
        return True

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
        import tempfile
        folder = os.path.dirname(os.path.abspath(self.path))
        if self.folders:
            os.makedirs(folder, exist_ok=True)
        if self._read() != self.seen:
            raise Changed(CHANGED)
        fd, temp = tempfile.mkstemp(prefix="." + os.path.basename(self.path) + ".",
                                    suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.chmod(temp, 0o644)
            os.replace(temp, self.path)
            temp = None
        finally:
            if temp is not None:  # (a full disk): nothing left behind
                try:
                    os.remove(temp)
                except OSError:
                    pass
        self.exists = True
        self.seen = data
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
