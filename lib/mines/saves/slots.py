"""Saves that survive power-off: two slots in a small store, bytes in and bytes out.

A store is any bytearray-like object (``len``, slice read, slice write): the NVM on the device,
a file on the desktop (storage). Its two halves are two slots, written in turn, so that a
write cut short leaves the other slot whole. A slot:

    offset  bytes  field
    0       4      magic b"MNSV"
    4       1      format version (VERSION)
    5       1      0
    6       2      payload length, little-endian
    8       4      sequence number: one more than the highest in the store when written
    12      4      CRC-32 of bytes 0..11 and of the payload
    16      n      payload: records.encode_payload

Reading: of the slots whose CRC holds and whose payload decodes, the one with the highest
sequence number wins. A foreign, damaged or truncated store never raises: ``Store.load`` returns
defaults or the other slot and says so once in ``message`` (damage to the older slot, whose
header still says it is the older, costs nothing and is not reported). Writing: always into the
slot the records were NOT read from, so the save they came from stays whole until a newer one is.

Older versions: every version so far reads with the same code (records.py keeps the format
self-describing; what an older save lacks takes its default). A newer format keeps these 16
header bytes as they are: a slot with a higher version than VERSION whose CRC holds was written
by a newer game, and such a store is never written (``newer``): the game plays with defaults.

When to write is the save part's (``flow.save_part.WritePolicy``): it sees events and the
clock, never the store.
"""

from mines._const import const
import struct

from mines.saves.records import Records, decode_payload, encode_payload

MAGIC = b"MNSV"
VERSION = 1
HEADER = 16
STORE_SIZE = 8192  # microcontroller.nvm on the SAMD51; the desktop file is the same image

DAMAGED_DEFAULTS = "Save damaged: using defaults"
DAMAGED_PREVIOUS = "Save damaged: using the previous save"
NEWER = "Save from a newer version: not changed"
NO_STORE = "No save memory: nothing is kept"

_WHOLE = const(0)
_BLANK = const(1)
_DAMAGED = const(2)
_NEWER = const(3)

try:
    from binascii import crc32 as _binascii_crc32
    _FAST = True
except ImportError:  # a build without binascii.crc32: the same CRC, four bits at a time
    _FAST = False

_NIBBLE = (0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC, 0x76DC4190, 0x6B6B51F4,
           0x4DB26158, 0x5005713C, 0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C,
           0x9B64C2B0, 0x86D3D2D4, 0xA00AE278, 0xBDBDF21C)


def crc32_slow(data, crc=0):
    """CRC-32 as zip and binascii compute it, in Python (for builds without binascii.crc32)."""
    crc ^= 0xFFFFFFFF
    for b in data:
        crc ^= b
        crc = (crc >> 4) ^ _NIBBLE[crc & 15]
        crc = (crc >> 4) ^ _NIBBLE[crc & 15]
    return crc ^ 0xFFFFFFFF


def crc32(data, crc=0):
    if _FAST:
        return _binascii_crc32(data, crc) & 0xFFFFFFFF
    return crc32_slow(data, crc)


def slot_bytes(payload, sequence):
    """A whole slot (header and payload) holding ``payload`` with ``sequence``."""
    head = MAGIC + struct.pack("<BBHI", VERSION, 0, len(payload), sequence)
    return head + struct.pack("<I", crc32(payload, crc32(head))) + payload


def read_slot(store, at, size):
    """(state, sequence, payload) of the slot of ``size`` bytes at ``at`` in ``store``: state
    _WHOLE (the CRC holds), _NEWER (it holds, for a newer format: payload None), _BLANK (never
    written: a header of all 0x00 or of erased flash's 0xFF) or _DAMAGED (anything else;
    sequence -1 unless the header is readable). Reads only the header and the payload it
    announces, never the whole slot."""
    head = bytes(store[at:at + HEADER])
    if len(head) < HEADER or head[:4] != MAGIC:
        if head and (head == bytes(len(head)) or head == b"\xff" * len(head)):
            return _BLANK, -1, None
        return _DAMAGED, -1, None
    version, _, length, sequence = struct.unpack("<BBHI", head[4:12])
    check = struct.unpack("<I", head[12:16])[0]
    if version < VERSION or HEADER + length > size:
        return _DAMAGED, sequence, None
    payload = bytes(store[at + HEADER:at + HEADER + length])
    if len(payload) != length or crc32(payload, crc32(head[:12])) != check:
        return _DAMAGED, sequence, None
    return (_WHOLE if version == VERSION else _NEWER), sequence, payload


class Store:
    """The save of one store (None: a board without one). ``load()`` once, then ``save()``.

    After ``load``: ``message`` is the one line to show the player (None when all is well),
    ``empty`` is True when the store held no save at all, ``slot`` is the slot the records came
    from (-1: none), ``newer`` the format version of a newer game's save (0: none; the store is
    then never written). ``writes`` counts the writes."""

    def __init__(self, store):
        self.store = store
        self.slot = -1
        self.sequence = 0
        self.message = None
        self.empty = True
        self.newer = 0
        self.writes = 0
        self._size = len(store) // 2 if store is not None else 0

    def _read(self, k):
        """(state, sequence, payload) of slot ``k``, whatever the store holds."""
        return read_slot(self.store, k * self._size, self._size)

    def load(self):
        """The saved Records, or defaults (Records()) when there is no usable save."""
        if self.store is None:
            self.message = NO_STORE
            return Records()
        slots = [self._read(0), self._read(1)]
        newest = 0
        self.slot = -1
        self.message = None
        self.newer = 0
        for k in (0, 1):
            state, sequence, _ = slots[k]
            if state == _WHOLE and sequence > newest:
                newest = sequence
            if state == _NEWER:  # a newer game's: this one neither reads nor writes it
                at = k * self._size + 4
                self.newer = self.store[at:at + 1][0]
        self.sequence = newest
        if self.newer:
            self.empty = False
            self.message = NEWER
            return Records()
        order = (0, 1) if slots[0][1] >= slots[1][1] else (1, 0)
        records = None
        for k in order:
            state, sequence, payload = slots[k]
            if state != _WHOLE:
                continue
            try:
                records = decode_payload(payload)
            except Exception:  # a whole slot whose payload this game cannot read: the other
                slots[k] = (_DAMAGED, sequence, None)
                continue
            self.slot = k
            break
        # A file cut short (see storage) may have lost a slot that now reads as blank.
        short = getattr(self.store, "short", False)
        foreign = getattr(self.store, "foreign", False)
        self.empty = (slots[0][0] == _BLANK and slots[1][0] == _BLANK and not short
                      and not foreign)
        if records is None:
            self.message = None if self.empty else DAMAGED_DEFAULTS
            return Records()
        # The other slot damaged: a write cut short unless its header still says it is the
        # older one (a write puts its header first, with the next sequence number), and then
        # the save in use is the newest: nothing to tell.
        state, sequence, _ = slots[1 - self.slot]
        if short or (state == _DAMAGED and not 0 < sequence < self.sequence):
            self.message = DAMAGED_PREVIOUS
        return records

    def take_message(self):
        """The message of ``load``, once; None after that."""
        message = self.message
        self.message = None
        return message

    def save(self, records):
        """Write ``records`` into the slot they were not read from. Returns the bytes written
        (0 without a store)."""
        if self.store is None or self.newer:
            return 0
        k = 1 - self.slot if self.slot >= 0 else 0
        data = slot_bytes(encode_payload(records), self.sequence + 1)
        if len(data) > self._size:
            raise ValueError("a save of %d bytes does not fit a %d-byte slot" % (
                len(data), self._size))
        at = k * self._size
        self.store[at:at + len(data)] = data  # only what it holds: a flash write wears
        self.slot = k
        self.sequence += 1
        self.empty = False
        self.writes += 1
        return len(data)
