"""f-puzzles JSON and links written from a :class:`Variant` (what f-puzzles' import reads)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import UsageError
from .constraint import Constraint
from .model import GLOBAL_RULES, MAX_SIZE, MIN_SIZE, Cage, Variant, cell_name, has_default_boxes


def to_fpuzzles(puzzle: Variant) -> dict[str, Any]:
    """The f-puzzles object of a puzzle (what f-puzzles' import reads). f-puzzles draws
    grids of 4x4 to 16x16 only: UsageError for any other size, rather than a file that
    neither f-puzzles nor this reader opens. Regions are written for a jigsaw and for the
    sizes without default boxes (5, 7, 11, 13, 14)."""
    size = puzzle.size
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise UsageError(
            f"f-puzzles holds grids of {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}, "
            f"not {size}x{size}: use another format"
        )
    regions = puzzle.jigsaw or not has_default_boxes(size)

    def name(cell: int) -> str:
        return cell_name(size, cell)

    region_of = {c: k for k, cells in enumerate(puzzle.regions) for c in cells}
    pencil = dict(puzzle.pencil)
    grid: list[list[dict[str, Any]]] = []
    for r in range(size):
        row = []
        for c in range(size):
            k = r * size + c
            cell: dict[str, Any] = {}
            if puzzle.givens[k]:
                cell.update(value=puzzle.givens[k], given=True)
            if regions:
                cell["region"] = region_of.get(k)
            if k in pencil:
                cell["givenPencilMarks"] = list(pencil[k])
            row.append(cell)
        grid.append(row)
    out: dict[str, Any] = {"size": size, "grid": grid}
    for rule in GLOBAL_RULES:
        if rule in puzzle.rules:
            out[rule] = True
    _put(
        out, "extraregion", [{"cells": [name(c) for c in cells]} for cells in puzzle.extra_regions]
    )
    _put(out, "killercage", [_cage_out(cage, name) for cage in puzzle.cages])
    _put(out, "thermometer", [{"lines": [[name(c) for c in t]]} for t in puzzle.thermometers])
    _put(
        out,
        "arrow",
        [
            {
                "cells": [name(c) for c in a.circle],
                "lines": [[name(a.circle[0])] + [name(c) for c in a.line]],
            }
            for a in puzzle.arrows
        ],
    )
    for kind, key in (("difference", "difference"), ("ratio", "ratio")):
        default = 1 if kind == "difference" else 2
        _put(
            out,
            key,
            [
                {
                    "cells": [name(c) for c in d.cells],
                    **({} if d.value == default else {"value": str(d.value)}),
                }
                for d in puzzle.dots
                if d.kind == kind
            ],
        )
    _put(
        out,
        "xv",
        [
            {"cells": [name(c) for c in d.cells], "value": "X" if d.value == 10 else "V"}
            for d in puzzle.dots
            if d.kind == "sum"
        ],
    )
    _put(out, "odd", [{"cell": name(c)} for c in puzzle.odd])
    _put(out, "even", [{"cell": name(c)} for c in puzzle.even])
    by_key: dict[str, list[Constraint]] = {}
    for constraint in puzzle.constraints:
        by_key.setdefault(constraint.key, []).append(constraint)
    for key, instances in by_key.items():
        out[key] = type(instances[0]).write_value(instances, name)
    if puzzle.negative:
        out["negative"] = sorted(puzzle.negative)
    if puzzle.solution is not None:
        out["solution"] = list(puzzle.solution)
    return out


def _cage_out(cage: Cage, name: Callable[[int], str]) -> dict[str, Any]:
    item: dict[str, Any] = {"cells": [name(c) for c in cage.cells]}
    if cage.total is not None:
        item["value"] = str(cage.total)
    return item


def _put(out: dict[str, Any], key: str, items: list[dict[str, Any]]) -> None:
    if items:
        out[key] = items


def dumps(puzzle: Variant) -> str:
    """One line of f-puzzles JSON."""
    return json.dumps(to_fpuzzles(puzzle), separators=(",", ":"))


def link(puzzle: Variant) -> str:
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
