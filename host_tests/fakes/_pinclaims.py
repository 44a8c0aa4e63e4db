"""Which fake pins are in use: as in CircuitPython, a pin can be claimed by one object at a time
(``ValueError: <pin> in use``) and ``deinit()`` frees it. Tests call ``reset()`` between runs."""

CLAIMED = {}  # pin -> the object holding it


def claim(pin, owner):
    if pin in CLAIMED:
        raise ValueError("%s in use" % (pin,))
    CLAIMED[pin] = owner


def release(pin, owner):
    if CLAIMED.get(pin) is owner:
        del CLAIMED[pin]


def reset():
    CLAIMED.clear()
