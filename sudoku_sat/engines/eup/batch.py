"""The EUP engine for many puzzles at once: one compiled call per order, or the reference.

Every function here takes plain grids (tuples of ints) and returns plain Python values,
so callers never see numpy. With numba (the ``fast`` extra) a whole batch goes to
:mod:`.compiled` as one 2-D ``int32`` array and comes back in one call; without it, or
with ``backend="python"``, the pure-Python reference :mod:`.reference` answers puzzle by puzzle,
with the same counts. :func:`backend_name` says which one runs.

Puzzles of several orders in one batch are grouped by order, answered, and put back in
their input order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ...accel import choose_backend
from ...grid import Grid, check_grid
from . import reference as eup

T = TypeVar("T")


def backend_name(backend: str = "auto") -> str:
    """``numba`` or ``python``: what the batch calls run on (SolverError/UsageError as
    :func:`~choose_backend`)."""
    return choose_backend(backend)


def kernel() -> Any:
    """The compiled module (imported on first use, so numba loads only when needed)."""
    from . import compiled as eup_numba

    return eup_numba


def _array(grids: Sequence[Grid], n: int) -> Any:
    """The grids of order n as one checked 2-D ``int32`` array (a row per grid), or None
    when one of them fails :func:`check_grid` (the caller then raises its error).

    Values are packed through ``bytes`` (every valid value fits a byte: N <= 64), which
    also rejects negative and non-integer values; numpy then checks the largest."""
    import numpy as np

    size = n * n
    if any(len(grid) != size * size for grid in grids):
        return None
    packed = bytearray()
    try:
        for grid in grids:
            packed += bytes(grid)
    except (ValueError, TypeError):
        return None
    flat = np.frombuffer(packed, np.uint8)
    if flat.size and int(flat.max()) > size:
        return None
    return flat.astype(np.int32).reshape(len(grids), size * size)


def _plain_array(grids: Sequence[Grid]) -> Any:
    import numpy as np

    return np.array(grids, dtype=np.int32).reshape(len(grids), -1)


def _by_order(items: Sequence[tuple[Grid, int]], answer: Callable[[Any, int], list[T]]) -> list[T]:
    """answer(puzzles, n) run once per order over a checked array of the grids of that
    order (see :func:`_array`), in input order. An invalid grid raises check_grid's
    GridError, for the first invalid item in input order, before any answer is computed."""
    groups: dict[int, list[int]] = {}
    for k, (_, n) in enumerate(items):
        groups.setdefault(n, []).append(k)
    arrays = {n: _array([items[k][0] for k in indices], n) for n, indices in groups.items()}
    if any(array is None for array in arrays.values()):
        _checked(items)  # raises for the first invalid grid
        arrays = {n: _plain_array([items[k][0] for k in groups[n]]) for n in groups}
    if len(groups) == 1:
        ((n, array),) = arrays.items()
        return answer(array, n)
    results: list[Any] = [None] * len(items)
    for n, indices in groups.items():
        for k, value in zip(indices, answer(arrays[n], n), strict=True):
            results[k] = value
    return results


def count_many(items: Sequence[tuple[Grid, int]], cap: int = 2, backend: str = "auto") -> list[int]:
    """min(count, cap) of each (grid, order): one compiled call per order (no solution is
    turned into a grid)."""
    if choose_backend(backend) == "python":
        return [count for count, _ in solve_count_many(items, cap, backend)]

    def answer(puzzles: Any, n: int) -> list[int]:
        compiled = kernel()
        counts, _ = compiled.count_batch(puzzles, cap, *compiled.tables(n))
        return list(counts.tolist())

    return _by_order(items, answer)


def solve_count_many(
    items: Sequence[tuple[Grid, int]], cap: int = 1, backend: str = "auto"
) -> list[tuple[int, Grid | None]]:
    """Per (grid, order): min(count, cap) and the first solution found (None when 0)."""
    if choose_backend(backend) == "python":
        return [_python_solve_count(grid, n, cap) for grid, n in _checked(items)]

    def answer(puzzles: Any, n: int) -> list[tuple[int, Grid | None]]:
        compiled = kernel()
        counts, solutions = compiled.count_batch(puzzles, cap, *compiled.tables(n))
        return [
            (c, tuple(s) if c else None)
            for c, s in zip(counts.tolist(), solutions.tolist(), strict=True)
        ]

    return _by_order(items, answer)


def _checked(items: Sequence[tuple[Grid, int]]) -> Sequence[tuple[Grid, int]]:
    for grid, n in items:
        check_grid(grid, n)
    return items


def _python_solve_count(grid: Grid, n: int, cap: int) -> tuple[int, Grid | None]:
    count, found = eup.run(grid, n, cap)
    return count, eup.to_grid(found[0]) if count else None


def solve_many(items: Sequence[tuple[Grid, int]], backend: str = "auto") -> list[Grid | None]:
    """The first solution of each (grid, order), or None when it has none."""
    return [grid for _, grid in solve_count_many(items, 1, backend)]


def count_one(grid: Grid, n: int, cap: int = 2, backend: str = "auto") -> int:
    """min(count, cap) of one grid."""
    return count_many([(grid, n)], cap, backend)[0]


def other_solution(
    puzzle: Grid, solution: Grid, cells: Sequence[int], n: int, backend: str = "auto"
) -> Grid | None:
    """A solution of puzzle with another value than solution's at one of cells, or None.

    One search per cell, with solution's value removed there (and preferred elsewhere)."""
    check_grid(puzzle, n)
    if choose_backend(backend) == "python":
        return _python_other(puzzle, solution, cells, n)
    import numpy as np

    compiled = kernel()
    found = compiled.other_solution(
        np.array(puzzle, np.int32),
        np.array(solution, np.int32),
        np.array(cells, np.int64),
        *compiled.tables(n),
    )
    return tuple(found.tolist()) if found[0] else None


def _python_other(puzzle: Grid, solution: Grid, cells: Sequence[int], n: int) -> Grid | None:
    t = eup.tables(n)
    for c in cells:
        state, queue = eup.initial_state(puzzle, n)
        state[c] &= ~(1 << (solution[c] - 1))
        if not state[c]:
            continue
        if not state[c] & (state[c] - 1):
            queue.append(c)
        found: list[eup.State] = []
        if eup.propagate(state, queue, t, t.all_units) and eup.search(state, t, 1, found, None):
            return eup.to_grid(found[0])
    return None


def random_solution(grid: Grid, n: int, seed: int, backend: str = "auto") -> Grid | None:
    """A solution of grid found with values tried in a random order drawn from seed.

    The two back-ends draw differently: the same seed gives a valid grid on both, not the
    same one."""
    check_grid(grid, n)
    if choose_backend(backend) == "python":
        return eup.solve_eup(grid, n, random.Random(seed))
    import numpy as np

    compiled = kernel()
    found = compiled.random_solution(np.array(grid, np.int32), seed % 2**32, *compiled.tables(n))
    return tuple(found.tolist()) if found[0] else None


ORDERED_MAX_ORDER = 4
"""Fills up to 16x16 are drawn by :func:`ordered_fill`; above, the lowest open cell first
branches too blindly, and :func:`random_solution` (compiled only) fills them."""


def ordered_fill(grid: Grid, n: int, seed: int, backend: str = "auto") -> Grid | None:
    """A solution of grid drawn from seed, the same on both back-ends (:mod:`.ordered`)."""
    from .ordered import ordered_solution, value_orders

    check_grid(grid, n)
    orders = value_orders(seed, len(grid), n * n)
    if choose_backend(backend) == "python":
        return ordered_solution(grid, n, orders.tolist())
    import numpy as np

    compiled = kernel()
    found = compiled.ordered_solution(np.array(grid, np.int32), orders, *compiled.tables(n))
    return tuple(found.tolist()) if found[0] else None
