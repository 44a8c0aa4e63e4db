"""``const`` for the engine's named constants, defined once for every module that uses it.

On MicroPython and CircuitPython the compiler folds ``NAME = const(value)`` by the name ``const``
alone (and drops ``_NAME`` from the module entirely); at run time ``micropython.const`` is the
identity. Under CPython there is no ``micropython`` module, so it is the identity here too.
Bound by assignment rather than ``from micropython import const`` plus a fallback ``def``:
mypy with the micropython/circuitpython stubs reports that pair as a conditional redefinition.
"""

try:
    import micropython
    const = micropython.const
except ImportError:  # CPython
    def _identity(value):
        return value
    const = _identity
