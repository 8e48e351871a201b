"""Second solutions without a solver: cycle exchanges on a known solution (numpy).

Given a solution S of a puzzle, take two rows r1, r2 of one band and the permutation p
of the columns that sends c to the column where r1 holds S[r2, c]. Exchanging between
r1 and r2 the cells of one cycle of p keeps every row (each row keeps its values), every
column (the two cells of a column swap) and every block (the two cells of a column are
in one block of the band): the grid stays a solution of the rules. If no cell of the
cycle, in either row, is a clue, it agrees with the clues too, so it is a second
solution of the puzzle. The same holds for two columns of one stack (the transposed
grid). This is the move that :func:`sudoku_sat.puzzles.pattern.mixed` makes at random.

All pairs of rows of every band are looked at together: the permutations are an array
of shape (pairs, N), and each cycle's smallest column and whether it meets a clue are
found by pointer doubling (log2 N rounds of ``take_along_axis``), so no Python loop
runs per pair (one runs per clue-free cycle found, to build its grid): about 20 ms at
144x144 (n·C(n,2) = 792 pairs each way).

What it is for: ``count``/``unique`` at large orders (:mod:`sudoku_sat.puzzles.large`)
have S from the first solver call; a puzzle with several solutions then needs no second
call when a trade exists. It only ever finds solutions, never proves there are none, so
it can shortcut a verdict but never change one; every grid it returns has passed
:func:`candidates.is_valid` against the puzzle (the construction is not trusted).

Roads not taken: exchanging two values a, b on a connected set of the cells holding
them (another classic trade, C(N,2) value pairs, 10,296 at 144x144, each a graph to
label) was not tried: on the benchmark's 144x144 30 %-blank instance the closure of the
row and column cycles from the first solution alone found all 256 solutions (4.87 s
in-process; the solver then answers UNSAT). Applying each trade to S only (no closure)
found at most 8 of them, so ``count --cap 10`` still needed solver calls: 38.89 s
against 5.93 s with the closure (whole processes, an earlier version asking the
``cadical`` binary each question).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from ..encodings.candidates import is_valid

IntGrid = npt.NDArray[np.int64]
BoolGrid = npt.NDArray[np.bool_]
SmallGrid = npt.NDArray[np.uint8]


def band_pairs(n: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every pair (r1 < r2) of lines in one band (or stack): two arrays of n·C(n,2)."""
    i, j = np.triu_indices(n, 1)
    first = np.arange(n, dtype=np.int64)[:, None] * n
    return (first + i).ravel(), (first + j).ravel()


def free_cycles(
    grid: IntGrid, clue: BoolGrid, n: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], IntGrid, BoolGrid]:
    """(r1, r2, label, free) for every pair of rows of a band of grid (shape (N, N)).

    label[k, c] is the smallest column of the cycle of c for pair k, free[k, c] whether
    no cell of that cycle is a clue in row r1[k] or r2[k]."""
    size = n * n
    r1, r2 = band_pairs(n)
    where = np.empty((size, size + 1), dtype=np.int64)
    where[np.arange(size)[:, None], grid] = np.arange(size)[None, :]
    step = np.take_along_axis(where[r1], grid[r2], axis=1)
    label = np.broadcast_to(np.arange(size, dtype=np.int64), step.shape).copy()
    met = clue[r1] | clue[r2]
    span = 1
    while span < size:
        label = np.minimum(label, np.take_along_axis(label, step, axis=1))
        met |= np.take_along_axis(met, step, axis=1)
        step = np.take_along_axis(step, step, axis=1)
        span *= 2
    return r1, r2, label, ~met


def exchanged(grid: IntGrid, clue: BoolGrid, n: int) -> Iterator[IntGrid]:
    """Grids made from grid by exchanging one clue-free cycle of two rows of a band (each
    cycle once, smallest pairs first), as new (N, N) arrays; not yet checked."""
    r1, r2, label, free = free_cycles(grid, clue, n)
    for k, c in zip(*np.nonzero(free & (label == np.arange(grid.shape[1]))), strict=True):
        cols = np.flatnonzero(label[k] == label[k, c])
        out = grid.copy()
        out[r1[k], cols], out[r2[k], cols] = grid[r2[k], cols], grid[r1[k], cols]
        yield out


def neighbours(solution: IntGrid, clue: BoolGrid, n: int) -> Iterator[IntGrid]:
    """The grids one exchange away from solution (flat, N*N values), not yet checked:
    row cycles first, then column cycles (a 2-cycle of two rows inside one stack is also
    one of two columns: the same grid may come twice)."""
    size = n * n
    grid = solution.reshape(size, size)
    yield from (other.ravel() for other in exchanged(grid, clue, n))
    for other in exchanged(np.ascontiguousarray(grid.T), np.ascontiguousarray(clue.T), n):
        yield np.ascontiguousarray(other.T).ravel()


def trade_closure(
    found: list[SmallGrid],
    start: int,
    puzzle: npt.ArrayLike,
    n: int,
    cap: int,
) -> None:
    """Append to found (flat solutions of puzzle) the new grids one exchange away from
    found[start:], then from those, ... until found holds cap grids or none is new.

    Disjoint free cycles combine this way (a trade's grid still has the other cycles), so
    k independent cycles give 2^k solutions. Every grid appended is different from every
    other in found and has passed :func:`candidates.is_valid` against puzzle; a grid
    that fails the check is skipped (it would be a bug here, not a solution). Grids are
    kept as uint8 (values up to 225): 1,000 solutions at 225x225 take 51 MB, not 405."""
    size = n * n
    clue = np.asarray(puzzle).reshape(size, size) != 0
    seen = {np.asarray(g, dtype=np.uint8).tobytes() for g in found}
    at = start
    while at < len(found) < cap:
        for other in neighbours(found[at].astype(np.int64), clue, n):
            small = other.astype(np.uint8)
            key = small.tobytes()
            if key in seen or not is_valid(other, n, puzzle):
                continue
            seen.add(key)
            found.append(small)
            if len(found) == cap:
                return
        at += 1
