"""Making puzzles on sigh's grids that f-puzzles cannot say (``generate --shape``): a
rows x columns grid (``6x8``, ``4x7``), digits from 0 (``9x9~0-8``), more digits than
the longer side (``6x6~9``), sizes without boxes (``5x5``, ``7x7``), ``NoBoxes``.

The empty grid is read by sigh's own reader from ``.Shape~SPEC`` (and ``.NoBoxes``), so
that its regions are the ones sigh lays out (``sigh_shape.shaped_layout``: boxes of the
longer side's cells where they tile the grid, else the rows; ``sigh_cells.sigh_boxes``
for N x N). A rule is made there when sigh's reader reads it there
(``sigh_shape.shape_refusal``: the same one-line refusal), and not for a rule that lays
its own regions (a jigsaw's pieces on a shape: not made).

The clues are drawn on the N x N frame the shape's cells are numbered in (each rule's
``make``, the frame's other cells holding 1), then those naming a cell outside the shape
are dropped, and the puzzle is written as sigh's string and read back (:func:`in_shape`):
what is emptied and checked is then what the string printed says.

Road not taken: a writer of its own for shapes. The sigh writer (``sigh_write.to_sigh``)
already writes ``.Shape``, ``~0-8`` and the layouts, and reading its string back checks
both at every puzzle.
"""

from __future__ import annotations

from functools import cache

from ..errors import UsageError
from ..grid import Grid
from ..model.constraint import Constraint
from ..model.puzzle import Puzzle
from .sigh_shape import Shape, shape_refusal

SOURCE = "--shape"


@cache
def blank_of(spec: str, no_boxes: bool = False) -> Puzzle:
    """The empty grid of sigh's shape spelling ``RxC[~DIGITS]`` (``6x8``, ``9x9~0-8``,
    ``6x6~9``), sigh's regions on it (none but the rows with no_boxes); InputError for a
    spelling sigh's reader refuses, UsageError for a Raw grid or an item after it."""
    from .sigh import parse_sigh

    if "." in spec or spec.split("~")[-1] == "Raw":
        raise UsageError(
            f"--shape {spec}: a shape is RxC[~DIGITS] (6x8, 9x9~0-8, 6x6~9); generate "
            "makes sudoku grids, not Raw ones"
        )
    text = f".Shape~{spec}" + (".NoBoxes" if no_boxes else "")
    return parse_sigh(text, SOURCE)[0]


def shape_of(p: Puzzle) -> Shape:
    """The shape a puzzle's grid has, as sigh's reader says it."""
    return Shape(p.size, p.low, p.rows, p.cols, p.raw)


def is_plain(p: Puzzle) -> bool:
    """True for a grid f-puzzles says (N x N of the digits 1..N): no shape to keep."""
    return not p.shaped and p.low == 1


def check_shape_rules(names: list[str], blank: Puzzle) -> None:
    """UsageError, in sigh's reader's words, for a rule it refuses on the blank's grid,
    or one that lays its own regions there (not made)."""
    from .constraints import rule_classes

    shape = shape_of(blank)
    for name in names:
        for kind in rule_classes(name):
            why = shape_refusal(kind, shape)
            if why:
                raise UsageError(f"rule {name!r} {why}")
            if blank.shaped and kind.regions is not Constraint.regions:
                raise UsageError(
                    f"rule {name!r} on a {blank.dims} grid: generate does not lay its "
                    "regions on a shape yet"
                )


def inside(c: Constraint, p: Puzzle) -> bool:
    """Whether a constraint names cells of the shape only (a global rule names none)."""
    cells = set(p.grid_cells)
    return all(cell in cells for cell in c.cells_named())


def in_shape(p: Puzzle, solution: Grid, names: list[str]) -> Puzzle | None:
    """The puzzle as sigh's string says it: its constraints inside the shape
    (:func:`inside`), written and read back by sigh's writer and reader; None when a rule
    named has no clue left inside the shape (a sandwich's columns of a 4x6 grid span the
    6x6 frame: the maker draws again). UsageError when a clue read back does not hold on
    the solution (a rule whose clues are drawn for the digits 1..N, read on digits from
    0: a cage's total, a dot's ratio): not made there yet."""
    from .constraints import rule_classes
    from .sigh import parse_sigh
    from .sigh_write import to_sigh

    kept = p.with_constraints(tuple(c for c in p.constraints if inside(c, p)))
    read = parse_sigh(to_sigh(kept), SOURCE)[0]
    for c in read.constraints:
        if c.regions() is None and not c.holds(solution, p.size):
            raise UsageError(
                f"rule {c.rule_of()!r} on this grid ({p.dims}): its clues are drawn for an "
                f"N x N grid of the digits 1..N (the {c.label(p.size)} says another thing "
                "here): not made there yet"
            )
    made = {type(c) for c in read.constraints}
    for name in names:
        kinds = set(rule_classes(name))
        if not any(k.drawn_first for k in kinds) and not kinds & made:
            return None
    return read


def grid_clues(p: Puzzle) -> Grid | None:
    """The cells whose givens the emptier may take (a shape's cells), None for all."""
    if not p.shaped:
        return None
    cells = set(p.grid_cells)
    return tuple(int(c in cells) for c in range(p.ncells))
