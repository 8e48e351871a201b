"""The Python API's arguments, checked before any work is done or any file written.

Every bad argument of a :mod:`sudoku_sat.api` function raises
:class:`~sudoku_sat.errors.UsageError` (also a ``ValueError``) with one line naming the
parameter and the value given. The rules are the command line's (typer checks its
options the same way): a whole number is an ``int`` (or anything with ``__index__``,
such as a numpy integer) and never a ``bool``, within the bounds the option has; a time
is a positive real number, ``inf`` meaning no limit; a method, a name or an alphabet is a
``str``; a flag is a ``bool``; a path is a ``str`` or ``os.PathLike``.

Values are shown shortened, so that a message stays one line: a string is cut to
:data:`SHOWN` characters, and an integer past 60 digits is described by its number of
digits (``str()`` of a 5,000-digit int raises ValueError on Python 3.11 and later).
"""

from __future__ import annotations

import math
import numbers
import operator
import os
from collections.abc import Sequence
from pathlib import Path

from .errors import UsageError

MAX_COUNT = 1_000_000
"""generate's count at most (``generate -k``): a run holds every puzzle number (its chunks)."""
MAX_CAP = 2**63 - 1
"""A larger cap of count and candidates (``--cap``, any whole number from 1) counts as
this one: the compiled engines count in 64-bit integers, and no count one solution at a
time comes near it (a blank 9x9 has 6.7e21 solutions, past it, but would never end)."""
SHOWN = 40
"""Characters of a string shown in a message."""
DIGITS_SHOWN = 60


def shown(value: object) -> str:
    """value as a message shows it: short, on one line."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > DIGITS_SHOWN * 3.32:
            digits = int(value.bit_length() * math.log10(2)) + 1
            return f"a number of {digits:,} digits"
        return repr(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str | bytes):
        text = repr(value)
        return text if len(text) <= SHOWN else text[: SHOWN - 4] + "...'"
    return f"a {type(value).__name__}"


def whole_number(value: object, name: str, low: int, high: int, said: str | None = None) -> int:
    """value as an int from low to high; UsageError for anything else (a bool, a float,
    a string, a number out of range). said: the range as the message words it."""
    number = None
    if not isinstance(value, bool | float | str | bytes):
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            number = None
    if number is None or not low <= number <= high:
        where = f" from {low:,} to {high:,}" if said is None else said
        raise UsageError(f"{name} must be a whole number{where}, not {shown(value)}")
    return number


def optional_number(value: object, name: str, low: int, high: int) -> int | None:
    """None, or value as :func:`whole_number` checks it."""
    return None if value is None else whole_number(value, name, low, high)


def seed_number(value: object, name: str = "seed") -> int | None:
    """None (a fresh seed) or a whole number of at most 4,000 digits, as ``--seed`` takes
    (Python reads at most 4,300 digits of a number from text)."""
    if value is None:
        return None
    return whole_number(value, name, 1 - 10**4000, 10**4000 - 1, " of at most 4,000 digits")


def seconds(value: object) -> float | None:
    """None (no limit) or a positive number of seconds; ``inf`` or more than 10^7 s is no
    limit (:func:`sudoku_sat.deadline.effective_timeout`). 0, negative numbers, NaN,
    strings and bools are refused, as ``--timeout`` refuses them."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise UsageError(f"timeout must be a number of seconds or None, not {shown(value)}")
    big = isinstance(value, numbers.Integral) and int(value) >= 10**7  # float() may overflow
    limit = math.inf if big else float(value)
    if math.isnan(limit) or limit <= 0:
        raise UsageError(
            f"timeout must be a positive number of seconds (inf: no limit), not {shown(value)}"
        )
    return limit


def string(value: object, name: str) -> str:
    """value when it is a str (a method, an encoding, an at-most-one name)."""
    if not isinstance(value, str):
        raise UsageError(f"{name} must be a str, not {shown(value)}")
    return value


def optional_string(value: object, name: str) -> str | None:
    """None, or value when it is a str (an alphabet)."""
    return None if value is None else string(value, name)


def boolean(value: object, name: str) -> bool:
    """value when it is True or False."""
    if not isinstance(value, bool):
        raise UsageError(f"{name} must be True or False, not {shown(value)}")
    return value


def path_name(value: object, name: str) -> str | Path:
    """value when it names a path (a str or os.PathLike, not empty)."""
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str | Path) or not str(value):
        raise UsageError(f"{name} must be a path (str or Path), not {shown(value)}")
    return value


def global_rules(rule: object, other: object = None) -> str | list[str] | None:
    """The global rules given by ``rule`` or its synonym ``rules``: None, a name, or a
    list or tuple of names (their spelling is checked where they are read)."""
    if rule is not None and other is not None:
        raise UsageError("give rule or rules, not both (they are the same parameter)")
    given = rule if other is None else other
    if given is None or isinstance(given, str):
        return given
    if isinstance(given, Sequence) and not isinstance(given, bytes):
        names = list(given)
        if all(isinstance(n, str) for n in names):
            return names
    raise UsageError(f"rule must be a name or a list of names, not {shown(given)}")


def reading_options(
    alphabet: object, order: object, rule: object, rules: object
) -> tuple[str | None, int | None, str | list[str] | None]:
    """parse's and read's options: an alphabet, a box side (2 to 15), global rules."""
    from .grid import MAX_ORDER, MIN_ORDER

    return (
        optional_string(alphabet, "alphabet"),
        optional_number(order, "order", MIN_ORDER, MAX_ORDER),
        global_rules(rule, rules),
    )


def generate_sizes(
    count: object,
    order: object,
    size: object,
    variant: bool,
    orders: tuple[int, int],
    sides: tuple[int, int],
) -> tuple[int, int, int]:
    """generate's count, order and grid side, checked as ``generate -k -n --size`` checks
    them: a classic grid of an order in orders (3 unless given), no size; a variant of a
    side in sides, order**2 when size is not given (both given must agree)."""
    count = whole_number(count, "count", 1, MAX_COUNT)
    if not variant:
        if size is not None:
            raise UsageError("size is for puzzles with rules (with rule); classic grids take order")
        box = optional_number(order, "order", *orders)
        return count, 3 if box is None else box, 0
    box = optional_number(order, "order", 2, math.isqrt(sides[1]))
    if size is None:
        return count, box or 3, (box or 3) ** 2
    side = whole_number(size, "size", *sides)
    if box is not None and box * box != side:
        raise UsageError(f"size {side} and order {box} ({box**2}x{box**2}) disagree")
    return count, box or 0, side


def split_names(rule: str | Sequence[str] | None) -> list[str]:
    """The rule names asked for (``--rule``, ``rule=``): one name, a comma-separated list,
    or several; here, below the readers, so that a classic command loads none of them."""
    raw = [rule] if isinstance(rule, str) else list(rule or ())
    return [name.strip() for text in raw for name in str(text).split(",") if name.strip()]
