"""The candidate-only encoding, built directly with numpy: propagate first, encode what is left.

The road to large orders (25x25 to 225x225): the clues are propagated to a fixpoint
(naked singles: a placed value leaves every peer; hidden singles: a value with one place
left in a unit goes there), and only the candidates that survive get a variable. At
225x225 the classic formula has 11.4 M variables and billions of pairwise clauses; after
propagation an easy-regime puzzle has a few thousand candidates, or none.

Candidates are a boolean array ``cand[cell, value - 1]`` of shape (N*N, N). Propagation
works on whole arrays (one pass eliminates every placed value from every unit at once),
so no Python loop runs per cell or per variable.

Numbering (documented, read back by ``decode --cnf``): the open cells (more than one
candidate after propagation) in increasing cell order, and in each the candidate values
in increasing order, are variables 1, 2, 3, ...; auxiliaries of the at-most-one
encodings come after them. The CNF written by :func:`write_dimacs` records the
propagated grid (``c givens``) and, per open cell, ``c x CELL FIRST V1 V2 ...``: variable
FIRST + t is the cell holding V(t+1). Roads not taken: the classic numbering
x(i,j,k) = N²i + Nj + k (a solver then allocates all N³ variables: 11.4 M at 225x225,
about a gigabyte in CaDiCaL before the first clause) and a map recomputed from the givens
(right today, but a reader would have to re-implement the propagation's fixpoint).

Clauses, over candidate variables only: per open cell at least one and at most one of its
candidates; per unit and value not yet placed in it, at least one and at most one of the
open cells where the value is a candidate. Every list has two members or more (a list of
one is a single, a list of none a contradiction: propagation settled both).

At-most-one by width: pairwise up to ``PAIRWISE_MAX`` literals (no auxiliary, C(k,2)
binary clauses), Sinz's sequential counter above it (k - 1 auxiliaries, 3k - 4 binary
clauses). The threshold is measured in benchmarks/bench_large.py (docs/large.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import BinaryIO, Literal

import numpy as np
import numpy.typing as npt

from ..grid import Grid

Status = Literal["solved", "open", "contradiction"]
BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]

PAIRWISE_MAX = 8
"""Longest list whose at-most-one is pairwise; longer lists get the sequential counter."""


@dataclass(frozen=True)
class Candidates:
    """The candidates of every cell after propagation, and what propagation concluded."""

    n: int
    cand: BoolArray
    status: Status
    rounds: int = 0

    @property
    def size(self) -> int:
        return self.n * self.n

    def grid(self) -> Grid:
        """Cells with one candidate hold it; the others are 0 (the propagated grid)."""
        return tuple(int(v) for v in fixed_values(self.cand))


def fixed_values(cand: BoolArray) -> npt.NDArray[np.int32]:
    """Per cell its value when it has exactly one candidate, else 0."""
    single = cand.sum(axis=1) == 1
    return np.where(single, cand.argmax(axis=1) + 1, 0).astype(np.int32)


def initial(grid: Grid | npt.ArrayLike, n: int) -> BoolArray:
    """Candidates before propagation: a clue's cell has its value only, an empty cell all."""
    size = n * n
    values = np.asarray(grid, dtype=np.int32).reshape(size * size)
    cand = np.ones((size * size, size), dtype=np.bool_)
    given = values > 0
    cand[given] = False
    cand[np.flatnonzero(given), values[given] - 1] = True
    return cand


def _box_sum(a: npt.NDArray[np.int32] | BoolArray, n: int) -> npt.NDArray[np.int64]:
    """Per block and value, the sum over the block of a (N, N, N) array: shape (n, n, N)."""
    size = n * n
    out: npt.NDArray[np.int64] = a.reshape(n, n, n, n, size).sum(axis=(1, 3), dtype=np.int64)
    return out


def _spread_box(b: BoolArray, n: int) -> BoolArray:
    """A per-block (n, n, N) array back on the cells: shape (N, N, N)."""
    size = n * n
    return np.broadcast_to(b[:, None, :, None, :], (n, n, n, n, size)).reshape(size, size, size)


def propagate(grid: Grid | npt.ArrayLike, n: int, cand: BoolArray | None = None) -> Candidates:
    """Naked and hidden singles to a fixpoint, on whole arrays.

    Each round removes every placed value from its three units, then places every value
    that has one candidate cell left in a unit. A cell without candidates, a value placed
    twice in a unit, a value with no place left in a unit, or a cell asked to hold two
    values is a contradiction (a result, not an error)."""
    size = n * n
    work = initial(grid, n) if cand is None else cand.copy()
    c3 = work.reshape(size, size, size)
    rounds = 0
    while True:
        rounds += 1
        counts = c3.sum(axis=2)
        if not counts.all():
            return Candidates(n, work, "contradiction", rounds)
        placed = c3 & (counts == 1)[:, :, None]
        in_row = placed.sum(axis=1)
        in_col = placed.sum(axis=0)
        in_box = _box_sum(placed, n)
        if in_row.max() > 1 or in_col.max() > 1 or in_box.max() > 1:
            return Candidates(n, work, "contradiction", rounds)
        taken = in_row.astype(bool)[:, None, :] | in_col.astype(bool)[None, :, :]
        taken |= _spread_box(in_box.astype(bool), n)
        before = int(counts.sum())
        c3 &= placed | ~taken
        row_n = c3.sum(axis=1)
        col_n = c3.sum(axis=0)
        box_n = _box_sum(c3, n)
        if not (row_n.all() and col_n.all() and box_n.all()):
            return Candidates(n, work, "contradiction", rounds)
        hidden = (row_n == 1)[:, None, :] | (col_n == 1)[None, :, :]
        hidden |= _spread_box(box_n == 1, n)
        hidden &= c3
        hidden &= ~placed
        cells = hidden.any(axis=2)
        if cells.any():
            if (hidden.sum(axis=2) > 1).any():
                return Candidates(n, work, "contradiction", rounds)
            c3[cells] = hidden[cells]
        after = int(c3.sum())
        if after == before and not cells.any():
            break
    solved = bool((c3.sum(axis=2) == 1).all())
    return Candidates(n, work, "solved" if solved else "open", rounds)


def is_valid(solution: npt.ArrayLike, n: int, puzzle: npt.ArrayLike | None = None) -> bool:
    """Whether solution is a full grid, every unit holding 1..N once, keeping puzzle's clues
    (numpy: a check at 225x225 in milliseconds, independent of any solver)."""
    size = n * n
    grid = np.asarray(solution, dtype=np.int64).reshape(size, size)
    if grid.min() < 1 or grid.max() > size:
        return False
    want = np.arange(1, size + 1)
    boxes = grid.reshape(n, n, n, n).transpose(0, 2, 1, 3).reshape(size, size)
    for units in (grid, grid.T, boxes):
        if not (np.sort(units, axis=1) == want).all():
            return False
    if puzzle is not None:
        clues = np.asarray(puzzle, dtype=np.int64).reshape(size, size)
        if ((clues != 0) & (clues != grid)).any():
            return False
    return True


@dataclass
class CandidateCnf:
    """The candidate-only CNF: variable numbers, clauses grouped by width, the map back."""

    n: int
    givens: npt.NDArray[np.int32]
    """The propagated grid: fixed cells' values, 0 for open cells."""
    var_of: npt.NDArray[np.int32]
    """(N*N, N): the variable of (cell, value - 1), 0 where there is none."""
    primary: int
    """Variables 1..primary are candidates; auxiliaries follow, up to nvars."""
    nvars: int
    groups: list[IntArray] = field(default_factory=list)
    """Clauses as 2-D arrays, one clause per row, all rows of an array of one width."""

    @property
    def nclauses(self) -> int:
        return sum(len(g) for g in self.groups)

    def clauses(self) -> Iterator[list[int]]:
        """Every clause as a list of ints (for PySAT)."""
        for g in self.groups:
            yield from g.tolist()

    def decode(self, true_vars: npt.ArrayLike) -> npt.NDArray[np.int32]:
        """The grid of a model given by its true variables (any order; auxiliaries and
        negative literals ignored): the givens plus each true candidate."""
        lits = np.asarray(true_vars, dtype=np.int64)
        lits = lits[(lits > 0) & (lits <= self.primary)]
        grid: npt.NDArray[np.int32] = self.givens.copy()
        cell_of, value_of = self.cell_value()
        grid[cell_of[lits - 1]] = value_of[lits - 1]
        return grid

    def cell_value(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32]]:
        """Per candidate variable (index var - 1), its cell and value."""
        cells, values = np.nonzero(self.var_of)
        return cells.astype(np.int64), (values + 1).astype(np.int32)


def build(cands: Candidates, pairwise_max: int = PAIRWISE_MAX) -> CandidateCnf:
    """The candidate-only CNF of a propagated puzzle (see the module docstring).

    A solved puzzle gives a CNF without variables or clauses; a contradiction gives one
    empty clause (an empty group of width 0 is not a clause, so the empty clause is
    written as the pair x, ¬x of a fresh variable)."""
    n, size = cands.n, cands.size
    cand = cands.cand
    givens = fixed_values(cand)
    if cands.status == "contradiction":
        var_of = np.zeros(cand.shape, dtype=np.int32)
        return CandidateCnf(n, givens, var_of, 0, 1, [np.array([[1], [-1]], dtype=np.int64)])
    open_cell = (cand.sum(axis=1) > 1)[:, None]
    mask = cand & open_cell
    var_of = np.zeros(cand.shape, dtype=np.int32)
    primary = int(mask.sum())
    var_of[mask] = np.arange(1, primary + 1, dtype=np.int32)
    cnf = CandidateCnf(n, givens, var_of, primary, primary)
    if primary == 0:
        return cnf
    v3 = var_of.reshape(size, size, size)
    boxes = v3.reshape(n, n, n, n, size).transpose(0, 2, 4, 1, 3).reshape(size * size, size)
    lists = (
        var_of[open_cell[:, 0]],
        v3.transpose(0, 2, 1).reshape(size * size, size),
        v3.transpose(1, 2, 0).reshape(size * size, size),
        boxes,
    )
    for table in lists:
        for arr in rows_by_length(table):
            cnf.groups.append(arr.astype(np.int64))
            cnf.groups.extend(at_most_one(arr, cnf, pairwise_max))
    return cnf


def rows_by_length(table: npt.NDArray[np.int32]) -> Iterator[npt.NDArray[np.int32]]:
    """The non-zero entries of each row of table, rows grouped by their count (>= 2):
    one (rows, count) array per count, entries in their column order."""
    present = table != 0
    lengths = present.sum(axis=1)
    for k in np.unique(lengths):
        if k < 2:
            continue
        rows = table[lengths == k]
        yield rows[rows != 0].reshape(-1, int(k))


def at_most_one(arr: npt.NDArray[np.int32], cnf: CandidateCnf, pairwise_max: int) -> list[IntArray]:
    """Binary clauses saying at most one literal of each row of arr is true: pairwise up to
    pairwise_max literals, else a sequential counter whose auxiliaries cnf hands out."""
    rows, k = arr.shape
    x = arr.astype(np.int64)
    if k <= pairwise_max:
        i, j = np.triu_indices(k, 1)
        return [np.stack([-x[:, i], -x[:, j]], axis=2).reshape(-1, 2)]
    s = np.arange(cnf.nvars + 1, cnf.nvars + 1 + rows * (k - 1), dtype=np.int64).reshape(
        rows, k - 1
    )
    cnf.nvars += rows * (k - 1)
    x_sets = np.stack([-x[:, :-1], s], axis=2).reshape(-1, 2)
    s_carry = np.stack([-s[:, :-1], s[:, 1:]], axis=2).reshape(-1, 2)
    x_blocked = np.stack([-x[:, 1:], -s], axis=2).reshape(-1, 2)
    return [x_sets, s_carry, x_blocked]


def dimacs_lines(clauses: IntArray) -> bytes:
    """The DIMACS text of clauses of one width (one per row, each closed by `` 0``),
    built as bytes with numpy: no Python loop per literal."""
    rows, width = clauses.shape
    tokens = np.concatenate([clauses, np.zeros((rows, 1), dtype=np.int64)], axis=1).ravel()
    mag = np.abs(tokens)
    ndig = np.ones(len(tokens), dtype=np.int64)
    power = 10
    while True:
        more = mag >= power
        if not more.any():
            break
        ndig += more
        power *= 10
    maxd = int(ndig.max())
    wide = maxd + 2
    chars = np.zeros((len(tokens), wide), dtype=np.uint8)
    keep = np.zeros((len(tokens), wide), dtype=np.bool_)
    rest = mag.copy()
    for p in range(maxd):
        col = wide - 2 - p
        chars[:, col] = 48 + rest % 10
        keep[:, col] = p < ndig
        rest //= 10
    neg = np.flatnonzero(tokens < 0)
    sign_col = wide - 2 - ndig[neg]
    chars[neg, sign_col] = ord("-")
    keep[neg, sign_col] = True
    last = np.zeros(len(tokens), dtype=np.bool_)
    last[width :: width + 1] = True
    chars[:, wide - 1] = np.where(last, ord("\n"), ord(" "))
    keep[:, wide - 1] = True
    return chars[keep].tobytes()


CHUNK_ROWS = 1 << 18
"""Clauses formatted per numpy call: bounds the memory of the text being built."""


def write_dimacs(fp: BinaryIO, cnf: CandidateCnf, comments: list[str] | None = None) -> None:
    """The CNF in DIMACS to a binary file object: comments, the map back (givens and one
    ``c x`` line per open cell), the header, then the clauses streamed chunk by chunk."""
    head = [f"c {line}" for line in comments or []]
    head.append("c givens " + ",".join(map(str, cnf.givens.tolist())))
    head.extend(map_lines(cnf))
    head.append(f"p cnf {cnf.nvars} {cnf.nclauses}")
    fp.write(("\n".join(head) + "\n").encode())
    for group in cnf.groups:
        for start in range(0, len(group), CHUNK_ROWS):
            fp.write(dimacs_lines(group[start : start + CHUNK_ROWS]))


def map_lines(cnf: CandidateCnf) -> list[str]:
    """``c x CELL FIRST V1 V2 ...`` per open cell: variable FIRST + t is CELL holding V(t+1)."""
    out: list[str] = []
    for cell in np.flatnonzero(cnf.var_of.any(axis=1)).tolist():
        row = cnf.var_of[cell]
        values = (np.flatnonzero(row) + 1).tolist()
        out.append(f"c x {cell} {int(row[values[0] - 1])} " + " ".join(map(str, values)))
    return out


def read_map(lines: list[str], n: int, source: str = "<cnf>") -> CandidateCnf:
    """The numbering recorded by :func:`write_dimacs` (comment lines without their ``c``)."""
    from ..errors import DimacsError

    size = n * n
    givens: npt.NDArray[np.int32] | None = None
    var_of = np.zeros((size * size, size), dtype=np.int32)
    try:
        for line in lines:
            fields = line.split()
            if fields[:1] == ["givens"] and len(fields) == 2:
                givens = np.array([int(v) for v in fields[1].split(",")], dtype=np.int32)
            elif fields[:1] == ["x"] and len(fields) >= 4:
                cell, first = int(fields[1]), int(fields[2])
                values = [int(v) for v in fields[3:]]
                var_of[cell, np.array(values) - 1] = np.arange(first, first + len(values))
    except (ValueError, IndexError):
        raise DimacsError(f"bad candidates map line {line[:40]!r}", source) from None
    if givens is None or len(givens) != size * size:
        raise DimacsError("candidates CNF without a valid 'givens' comment line", source)
    primary = int(var_of.max())
    return CandidateCnf(n, givens, var_of, primary, primary)
