"""A solve explained step by step, each step with the weakest rule that works.

Vocabulary of the Centrale 2014 statement: cell (i, j) counts rows and columns from 0,
blocks are numbered 0..N-1 in reading order, x(i, j, k) is "cell (i, j) holds k".

The rules, weakest first (a step always uses the first one that applies):

- **naked single** (rule K1, unit propagation): every other value of the cell is
  excluded, each by a peer that shows it or by an earlier elimination;
- **hidden single** (rules L1, C1, B1, unit propagation): in a row, column or block the
  value has no other place;
- **locked candidates**: in a block, the value can only go in one row (or column), so it
  leaves the rest of that row (pointing); or in a row (or column) it can only go in one
  block, so it leaves the rest of that block (claiming). Unit propagation on the
  augmented encoding does exactly these;
- **failed literal** at depth d (the statement's *règle du littéral infructueux*, III.B):
  supposing a literal l and propagating reaches the empty clause, so ¬l holds. At depth
  1 the propagation is unit propagation on F_regle (naked and hidden singles); at depth
  d > 1 it is unit propagation plus the failed-literal rule at depth d - 1, whose own
  failed literals are listed as the step's ``inner`` ones.

Every step records its ``premises``: literals that are clues or conclusions of earlier
steps, from which the rules entail its conclusions (for a failed literal: every literal
known before the step). The tests replay the steps and check each entailment with PySAT.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..encoding import cell_var as lit
from ..encoding import var_cell as cell_of
from ..grid import Grid, geometry
from .rating import pysat_count
from .rungs import probe, python_propagator

NAKED, HIDDEN, LOCKED, FAILED = (
    "naked single",
    "hidden single",
    "locked candidates",
    "failed literal",
)
RULES = (NAKED, HIDDEN, LOCKED, FAILED)
"""The rules, weakest first."""

MAX_DEPTH = 3
"""Deepest failed-literal depth tried by default."""


@dataclass(frozen=True)
class Step:
    """One deduction: its rule, conclusions and premises (DIMACS literals of x(i, j, k)).

    ``conclusions`` are positive for a value placed, negative for a value eliminated.
    ``unit`` names the unit a single or a locked candidate is about, ``line`` the row or
    column crossing the block for locked candidates (``kind`` pointing or claiming).
    A failed literal has its ``probe``, ``depth``, the ``conflict`` clause reached and
    the ``inner`` failed literals found on the way (depth > 1), each with its conflict.
    """

    rule: str
    conclusions: tuple[int, ...]
    premises: tuple[int, ...]
    unit: tuple[str, int] | None = None
    line: tuple[str, int] | None = None
    kind: str = ""
    probe: int = 0
    depth: int = 0
    conflict: tuple[int, ...] = ()
    inner: tuple[tuple[int, tuple[int, ...]], ...] = ()
    propagated: int = 0
    constraints: tuple[str, ...] = ()
    """Variant puzzles: the constraints that forced the step, clues first, each with its
    cells in r1c1 (``killer cage (sum 9) r1c1 r2c1 r3c1``, ``row 2``)."""

    @property
    def placed(self) -> bool:
        return len(self.conclusions) == 1 and self.conclusions[0] > 0

    @property
    def level(self) -> str:
        """The rule with its depth, e.g. ``failed literal (depth 2)``."""
        return f"{self.rule} (depth {self.depth})" if self.rule == FAILED else self.rule


@dataclass(frozen=True)
class Explanation:
    """The steps of a solve, the grid reached, and the rule behind each filled cell.

    Literals number x(cell, value) as ``cell * N + value`` for the side N (n*n, or
    ``size`` for a variant). ``status``: ``solved``, ``stuck`` (no rule up to the
    deepest depth applies), ``no solution`` or ``several solutions`` (counted by PySAT
    first; then no step is made).
    ``filled_by`` holds, per cell, ``clue``, the level of the strongest rule its
    placement used directly (the placing step and the eliminations among its premises),
    or ``""`` when left open.
    """

    n: int
    puzzle: Grid
    status: str
    grid: Grid
    steps: tuple[Step, ...]
    filled_by: tuple[str, ...] = field(default=())
    size: int = 0
    """A variant's grid side N (its box side ``n`` is 0 when N is not a square); 0 for a
    classic puzzle, whose side is n*n."""

    def _repr_svg_(self) -> str:
        """What a notebook shows: the grid reached, each cell coloured by the rule that
        filled it, with the legend (``explain --svg``'s drawing, less the XML line)."""
        from .svg import render_svg

        return render_svg(self).partition("\n")[2]


class Board:
    """Values, candidates and the eliminations made by steps, for one puzzle."""

    def __init__(self, puzzle: Grid, n: int):
        self.n, self.geo = n, geometry(n)
        self.size = n * n
        self.full = (1 << self.size) - 1
        self.values = list(puzzle)
        self.cand = [self.full] * self.geo.ncells
        self.eliminated: dict[int, int] = {}  # literal -> index of the step that made it
        self.placed_by: dict[int, int] = {}  # cell -> index of the step that placed it
        for c, v in enumerate(puzzle):
            if v:
                self.cand[c] = 1 << (v - 1)
        for c, v in enumerate(puzzle):
            if v:
                self._clear_peers(c, v)

    def _clear_peers(self, cell: int, value: int) -> None:
        bit = ~(1 << (value - 1))
        for p in self.geo.peers[cell]:
            if not self.values[p]:
                self.cand[p] &= bit

    def has(self, cell: int, value: int) -> bool:
        return not self.values[cell] and bool(self.cand[cell] >> (value - 1) & 1)

    def why_not(self, cell: int, value: int) -> int:
        """A known literal that rules value out of cell: the cell's own value, a peer
        showing value, or the elimination itself when a step made it."""
        n = self.n
        if self.values[cell]:
            return lit(n, cell, self.values[cell])
        for p in self.geo.peers[cell]:
            if self.values[p] == value:
                return lit(n, p, value)
        return -lit(n, cell, value)

    def place(self, cell: int, value: int, index: int) -> None:
        self.values[cell] = value
        self.cand[cell] = 1 << (value - 1)
        self.placed_by[cell] = index
        self._clear_peers(cell, value)

    def eliminate(self, cell: int, value: int, index: int) -> None:
        self.cand[cell] &= ~(1 << (value - 1))
        self.eliminated[-lit(self.n, cell, value)] = index

    def known(self) -> list[int]:
        """Every literal established so far: values placed, eliminations by steps."""
        n = self.n
        placed = [lit(n, c, v) for c, v in enumerate(self.values) if v]
        return placed + [e for e in self.eliminated if self.values[cell_of(n, e)[0]] == 0]

    def values_of(self, cell: int) -> list[int]:
        return [k for k in range(1, self.size + 1) if self.cand[cell] >> (k - 1) & 1]

    def broken(self) -> bool:
        """True when a cell has no value left or a unit no place for a value."""
        if any(not self.values[c] and not self.cand[c] for c in range(self.geo.ncells)):
            return True
        for unit in self.geo.units:
            seen = 0
            for c in unit:
                seen |= self.cand[c]
            if seen != self.full:
                return True
        return False


def _naked(board: Board) -> Step | None:
    n = board.n
    for c in range(board.geo.ncells):
        if not board.values[c] and board.cand[c] and board.cand[c] & (board.cand[c] - 1) == 0:
            v = board.cand[c].bit_length()
            premises = [board.why_not(c, w) for w in range(1, board.size + 1) if w != v]
            return Step(NAKED, (lit(n, c, v),), tuple(premises))
    return None


UNIT_KINDS = ("row", "column", "block")


def unit_name(geo_size: int, u: int) -> tuple[str, int]:
    """(kind, number) of unit u of geometry.units (rows, then columns, then blocks)."""
    return UNIT_KINDS[u // geo_size], u % geo_size


def _hidden(board: Board) -> Step | None:
    n, geo = board.n, board.geo
    for u, unit in enumerate(geo.units):
        shown = {board.values[c] for c in unit}
        for v in range(1, board.size + 1):
            if v in shown:
                continue
            places = [c for c in unit if board.has(c, v)]
            if len(places) == 1:
                c = places[0]
                premises = [board.why_not(o, v) for o in unit if o != c]
                return Step(HIDDEN, (lit(n, c, v),), tuple(premises), unit_name(board.size, u))
    return None


def _intersections(board: Board) -> Iterator[tuple[int, int]]:
    """(block unit index, line unit index) for every block and row or column crossing it."""
    geo, size = board.geo, board.size
    for b in range(size):
        block = set(geo.blocks[b])
        for line in range(2 * size):
            if block & set(geo.units[line]):
                yield 2 * size + b, line


def _locked(board: Board) -> Step | None:
    n, geo, size = board.n, board.geo, board.size
    for b, line in _intersections(board):
        block, row = geo.units[b], geo.units[line]
        inside = set(block) & set(row)
        for v in range(1, size + 1):
            for kind, confined, target in (("pointing", block, row), ("claiming", row, block)):
                spots = [c for c in confined if board.has(c, v)]
                if not spots or not set(spots) <= inside:
                    continue
                hit = [c for c in target if c not in inside and board.has(c, v)]
                if hit:
                    premises = [board.why_not(c, v) for c in confined if c not in inside]
                    unit = unit_name(size, b if kind == "pointing" else line)
                    other = unit_name(size, line if kind == "pointing" else b)
                    conclusions = tuple(-lit(n, c, v) for c in hit)
                    return Step(LOCKED, conclusions, tuple(premises), unit, other, kind)
    return None


def _probes(board: Board) -> Iterator[int]:
    """Literals worth supposing: each open candidate placed (cells with fewest
    candidates first), then each removed."""
    n = board.n
    open_cells = [c for c in range(board.geo.ncells) if not board.values[c]]
    open_cells.sort(key=lambda c: (bin(board.cand[c]).count("1"), c))
    pairs = [(c, v) for c in open_cells for v in board.values_of(c)]
    yield from (lit(n, c, v) for c, v in pairs)
    yield from (-lit(n, c, v) for c, v in pairs)


def _failed(board: Board, depth: int) -> Step | None:
    n = board.n
    prop = python_propagator(n)
    premises = board.known()
    if prop.root(premises) is not None:
        return None
    for literal in _probes(board):
        before = prop.propagations
        conflict, inner = probe(prop, literal, depth)
        if conflict is not None:
            return Step(
                FAILED,
                (-literal,),
                tuple(premises),
                probe=literal,
                depth=depth,
                conflict=tuple(conflict),
                inner=tuple(inner),
                propagated=prop.propagations - before,
            )
    return None


def next_step(board: Board, max_depth: int = MAX_DEPTH) -> Step | None:
    """The first step the weakest applicable rule gives, or None."""
    for rule in (_naked, _hidden, _locked):
        step = rule(board)
        if step is not None:
            return step
    for depth in range(1, max_depth + 1):
        step = _failed(board, depth)
        if step is not None:
            return step
    return None


def _apply(board: Board, step: Step, index: int) -> None:
    for conclusion in step.conclusions:
        cell, value = cell_of(board.n, conclusion)
        if conclusion > 0:
            board.place(cell, value, index)
        else:
            board.eliminate(cell, value, index)


STRENGTH = {NAKED: 0, HIDDEN: 1, LOCKED: 2, FAILED: 3}


def _strength(step: Step) -> tuple[int, int]:
    return STRENGTH[step.rule], step.depth


def _filled_by(board: Board, puzzle: Grid, steps: list[Step]) -> tuple[str, ...]:
    out = []
    for c, v in enumerate(board.values):
        if puzzle[c]:
            out.append("clue")
        elif not v:
            out.append("")
        else:
            step = steps[board.placed_by[c]]
            used = [steps[board.eliminated[p]] for p in step.premises if p in board.eliminated]
            out.append(max([step, *used], key=_strength).level)
    return tuple(out)


def explain(puzzle: Grid, n: int, max_depth: int = MAX_DEPTH) -> Explanation:
    """Solve puzzle by the weakest rules that work, one step at a time.

    A puzzle without exactly one solution (counted by PySAT) is not explained: no rule
    can fix every cell, and deep probing of a nearly empty grid would cost hours."""
    board = Board(puzzle, n)
    steps: list[Step] = []
    solutions = 0 if board.broken() else pysat_count(puzzle, n)
    if solutions != 1:
        status = "no solution" if solutions == 0 else "several solutions"
        return Explanation(n, puzzle, status, puzzle, (), _filled_by(board, puzzle, []))
    status = "stuck"
    while status == "stuck" and 0 in board.values:
        step = next_step(board, max_depth)
        if step is None:
            break
        _apply(board, step, len(steps))
        steps.append(step)
    if 0 not in board.values:
        status = "solved"
    grid = tuple(board.values)
    return Explanation(n, puzzle, status, grid, tuple(steps), _filled_by(board, puzzle, steps))


def locked_closure(puzzle: Grid, n: int) -> tuple[str, int]:
    """Naked singles, hidden singles and locked candidates to their fixpoint on the grid:
    (status solved/partial/unsat, cells left open). The grid-level twin of unit
    propagation on the augmented encoding."""
    board = Board(puzzle, n)
    index = 0
    while not board.broken() and 0 in board.values:
        step = next_step(board, 0)
        if step is None:
            break
        _apply(board, step, index)
        index += 1
    left = board.values.count(0)
    return ("unsat" if board.broken() else "solved" if left == 0 else "partial"), left
