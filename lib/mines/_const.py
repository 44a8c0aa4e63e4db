"""``const`` for the engine's named constants, defined once for every module that uses it.

On MicroPython and CircuitPython the compiler folds ``NAME = const(value)`` by the name ``const``
alone (and drops ``_NAME`` from the module entirely); at run time ``micropython.const`` is the
identity. Under CPython it is Blinka's ``micropython.const`` (also the identity) when Blinka is
installed, else the identity defined here.
Bound by assignment rather than ``from micropython import const`` plus a fallback ``def``:
mypy with the micropython/circuitpython stubs reports that pair as a conditional redefinition.
"""

try:
    import micropython
    const = micropython.const
except (ImportError, AttributeError):  # CPython without Blinka
    def _identity(value):
        return value
    const = _identity
