"""Symbol alphabets of grids: the default one-symbol-per-value alphabet of each size and
the spec syntax of ``--alphabet`` (``1-9A-G``)."""

from __future__ import annotations

from .errors import GridError, InputError

DIGITS = "123456789"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


MAX_SYMBOLS = 36
"""Grids larger than 36x36 (49x49 to 225x225) have no one-symbol alphabet: numbers only."""


def default_alphabet(size: int) -> str:
    """Symbols for values 1..size: digits then letters (``0`` first only for 36x36)."""
    if size > MAX_SYMBOLS:
        raise GridError(
            f"a {size}x{size} grid has no one-symbol-per-cell form: use the numbers format"
        )
    symbols = DIGITS + LETTERS if size <= 35 else "0" + DIGITS + LETTERS
    return symbols[:size]


def digit_symbols(size: int, low: int) -> str:
    """The symbols of the digits low..low+size-1 (``012345678`` for 0..8), digits then
    letters."""
    symbols = "0" + DIGITS + LETTERS
    if not 0 <= low <= 1 or low + size > len(symbols):
        raise GridError(f"no one-symbol form of the digits {low}..{low + size - 1}")
    return symbols[low : low + size]


def expand_alphabet(spec: str, size: int) -> str:
    """Expand a spec such as ``1-9A-G`` into ``size`` symbols for values 1..size."""
    if not spec.isascii() or not spec.isprintable() or " " in spec:
        raise InputError(f"alphabet {spec!r} must be printable ASCII symbols", "--alphabet")
    out: list[str] = []
    i = 0
    while i < len(spec):
        if i + 2 < len(spec) and spec[i + 1] == "-":
            lo, hi = spec[i].upper(), spec[i + 2].upper()
            if ord(lo) > ord(hi):
                raise InputError(f"alphabet range {spec[i : i + 3]!r} is reversed", "--alphabet")
            out.extend(chr(c) for c in range(ord(lo), ord(hi) + 1))
            i += 3
        else:
            out.append(spec[i].upper())
            i += 1
    if len(set(out)) != len(out) or "." in out:
        raise InputError(f"alphabet {spec!r} repeats a symbol or uses '.'", "--alphabet")
    if len(out) < size:
        raise InputError(f"alphabet {spec!r} has {len(out)} symbols, {size} needed", "--alphabet")
    return "".join(out[:size])
