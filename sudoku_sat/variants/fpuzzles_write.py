"""f-puzzles JSON and links written from a :class:`Puzzle` (what f-puzzles' import reads):
the size, the grid (givens, and each cell rule's value: jigsaw regions, pencil marks),
then each rule family under its key, written by its own module (``write_value``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..errors import UsageError
from ..model.constraint import Constraint
from ..model.geometry import MAX_SIZE, MIN_SIZE, cell_name, has_default_boxes
from ..model.puzzle import Puzzle
from . import extra_cells
from .constraints.jigsaw import Jigsaw


def check_size(size: int) -> None:
    """UsageError unless f-puzzles draws grids of that size (4x4 to 16x16)."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise UsageError(
            f"f-puzzles holds grids of {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}, "
            f"not {size}x{size}: use another format"
        )


def to_fpuzzles(puzzle: Puzzle) -> dict[str, Any]:
    """The f-puzzles object of a puzzle (what f-puzzles' import reads). f-puzzles draws
    grids of 4x4 to 16x16 only: UsageError for any other size, rather than a file that
    neither f-puzzles nor this reader opens."""
    size = puzzle.size
    check_size(size)
    if puzzle.shaped:
        raise UsageError(
            f"{puzzle.origin}: f-puzzles writes N x N grids of N digits, not a {puzzle.dims}"
            " grid: use --format sigh or line"
        )
    if puzzle.low != 1:
        raise UsageError(
            f"{puzzle.origin}: f-puzzles writes the digits 1..{size}, not from 0: "
            "use --format sigh or line"
        )

    def name(cell: int) -> str:
        return cell_name(size, cell) if cell < size * size else puzzle.cell_name(cell)

    families: dict[type[Constraint], list[Constraint]] = {}
    for constraint in puzzle.constraints:
        families.setdefault(type(constraint), []).append(constraint)
    in_cells = {
        kind.cell_key: kind.write_cells(instances)
        for kind, instances in families.items()
        if kind.cell_key
    }
    if not has_default_boxes(size) and not puzzle.own_regions:  # f-puzzles draws no boxes
        in_cells[Jigsaw.cell_key] = Jigsaw.write_cells([Jigsaw(puzzle.regions)])
    grid: list[list[dict[str, Any]]] = []
    for r in range(size):
        row = []
        for c in range(size):
            k = r * size + c
            cell: dict[str, Any] = {}
            if puzzle.grid[k]:
                cell.update(value=puzzle.grid[k], given=True)
            for key, values in in_cells.items():
                if k in values:
                    cell[key] = values[k]
            row.append(cell)
        grid.append(row)
    out: dict[str, Any] = {"size": size, "grid": grid}
    if puzzle.extra:
        out[extra_cells.KEY] = extra_cells.write_extra(puzzle)
    for kind, instances in families.items():
        if kind.key:
            out[kind.key] = kind.write_value(instances, name)
    if puzzle.solution is not None:
        out["solution"] = list(puzzle.grid_part(puzzle.solution))
    return out


def dumps(puzzle: Puzzle) -> str:
    """One line of f-puzzles JSON."""
    return json.dumps(to_fpuzzles(puzzle), separators=(",", ":"))


def link(puzzle: Puzzle) -> str:
    """An f-puzzles link to the puzzle."""
    import lzstring

    data: str = lzstring.LZString().compressToBase64(dumps(puzzle))
    return "https://www.f-puzzles.com/?load=" + data


@dataclass(frozen=True)
class FPuzzles:
    """A puzzle in f-puzzles' form: ``data`` (the object), ``json`` (one line of JSON, what
    ``--format fpuzzles`` prints) and ``link`` (an f-puzzles link, which needs lzstring)."""

    data: dict[str, Any]

    @property
    def json(self) -> str:
        return json.dumps(self.data, separators=(",", ":"))

    @property
    def link(self) -> str:
        try:
            import lzstring
        except ImportError:
            from ..errors import missing_extra

            raise missing_extra("writing f-puzzles links", "variants") from None
        packed: str = lzstring.LZString().compressToBase64(self.json)
        return "https://www.f-puzzles.com/?load=" + packed
