"""``why``: what a setter asks after hearing "none", "several" or "unique".

- **none**: a minimal set of givens and rule instances with no solution of its own, each
  member needed (``cores.minimal_core``); with ``smallest``, a smallest one when it is
  proved so within the time limit (``cores.smallest_core``), and ``smallest`` says which
  was given.
- **several**: two solutions, the cells where they differ, and every given (cell, digit)
  that alone would make the puzzle unique (``questions.fixes``; the first ``limit``);
  with ``equal``, the pairs of cells holding equal digits in every solution (at most
  ``cap``).
- **unique**: with ``needed``, the members without which it would have several.

Every answer is confirmed by the second method (``check``) before it is returned, a
disagreement raising SolverError (exit 3). The result draws itself (``svg``, and in a
notebook ``_repr_svg_``) and speaks the command line's words (``lines``, ``record``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import UsageError
from ..grid import Grid
from ..model.puzzle import Puzzle
from ..variants.text import format_line
from . import check
from .cores import minimal_core, smallest_core
from .members import Member, rc, selectable
from .oracle import Oracle
from .questions import Pool, differ, equal_pairs, fixes, free_cells, keep_set, needed, witnesses

SMALLEST_SECONDS = 10.0
"""The default time limit of ``smallest``."""
EQUAL_CAP = 100
"""At most this many pairs of equal cells are listed."""


@dataclass(frozen=True)
class Fix:
    """A given that alone would make the puzzle unique."""

    cell: int
    digit: int
    """The digit's index 1..N (``Puzzle.low``)."""
    size: int
    low: int = 1
    """The puzzle's first digit: what is said is the digit itself."""

    def record(self) -> dict[str, Any]:
        return {"cell": rc(self.size, self.cell), "digit": self.digit + self.low - 1}

    def __str__(self) -> str:
        return f"{self.digit + self.low - 1} at {rc(self.size, self.cell)}"


@dataclass(frozen=True)
class Why:
    """The answer of ``why`` on one puzzle. ``verdict``: none, unique or several.
    none: ``core`` (members), ``smallest`` (True when proved a smallest core);
    several: ``solutions`` (two grids), ``differ`` (cells), ``fixes``, ``fixes_all``
    (False when ``limit`` cut them short), ``equal`` (pairs of cells, when asked) and
    ``equal_capped``; unique: ``needed`` (when asked). ``checked``: the second method."""

    verdict: str
    puzzle: Puzzle
    core: tuple[Member, ...] = ()
    smallest: bool = False
    solutions: tuple[Grid, ...] = ()
    differ: tuple[int, ...] = ()
    fixes: tuple[Fix, ...] = ()
    fixes_all: bool = True
    needed: tuple[Member, ...] | None = None
    equal: tuple[tuple[int, int], ...] | None = None
    equal_capped: bool = False
    checked: str = ""

    def lines(self) -> list[str]:
        """The answer as the command line prints it."""
        n = self.puzzle.size
        if self.verdict == "none" and not self.core:
            return ["none: the grid's regions alone have no solution"]
        if self.verdict == "none":
            which = "a smallest set" if self.smallest else "a minimal set"
            out = [f"none: these {len(self.core)} have no solution together ({which})"]
            return out + [f"  {m}" for m in self.core]
        if self.verdict == "unique":
            if self.needed is None:
                return ["unique"]
            return [f"unique: {len(self.needed)} needed"] + [f"  {m}" for m in self.needed]
        cells = " ".join(rc(n, c) for c in self.differ)
        out = [f"several: two solutions differ in {len(self.differ)} cells: {cells}"]
        out += [f"  {format_line(g, self.puzzle.alphabet)}" for g in self.solutions]
        more = "" if self.fixes_all else ", the first ones"
        fixes = ", ".join(map(str, self.fixes)) or "none"
        out.append(f"givens that would each make it unique ({len(self.fixes)}{more}): {fixes}")
        if self.equal is not None:
            capped = f", the first {len(self.equal)}" if self.equal_capped else ""
            pairs = ", ".join(f"{rc(n, a)}={rc(n, b)}" for a, b in self.equal) or "none"
            out.append(f"cells equal in every solution ({len(self.equal)}{capped}): {pairs}")
        return out

    def record(self) -> dict[str, Any]:
        """The answer's JSON fields (``verdict``, then ``core``, ``solutions``,
        ``differ`` and ``fixes``, or ``needed``)."""
        n = self.puzzle.size
        out: dict[str, Any] = {"verdict": self.verdict}
        if self.verdict == "none":
            out["core"] = [m.record() for m in self.core]
            out["smallest"] = self.smallest
        elif self.verdict == "several":
            out["solutions"] = [format_line(g, self.puzzle.alphabet) for g in self.solutions]
            out["differ"] = [rc(n, c) for c in self.differ]
            out["fixes"] = [f.record() for f in self.fixes]
            if self.equal is not None:
                out["equal"] = [[rc(n, a), rc(n, b)] for a, b in self.equal]
        elif self.needed is not None:
            out["needed"] = [m.record() for m in self.needed]
        out["checked"] = self.checked
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def svg(self) -> str:
        """The puzzle drawn with the answer: the core's (or the needed) members
        highlighted, the differing cells marked, the fixes in pencil."""
        from .drawing import draw_why

        return draw_why(self)

    def _repr_svg_(self) -> str:
        return self.svg()


def why(
    puzzle: Puzzle,
    smallest: bool = False,
    seconds: float = SMALLEST_SECONDS,
    needed_too: bool = False,
    limit: int | None = None,
    equal: bool = False,
    cap: int = EQUAL_CAP,
    method: str = "auto",
) -> Why:
    """The answer of ``why`` on a puzzle, checked by the second method (method: ``auto``
    or ``cpsat``, ``check.CHECKS``)."""
    name = check.method_name(puzzle, method)
    if not seconds > 0:
        raise UsageError(f"the time limit must be a positive number of seconds, not {seconds}")
    s = selectable(puzzle)
    everyone = list(range(len(s.members)))
    with Oracle(s) as o:
        pool = Pool(o, everyone)
        grids = pool.first(2)
        if not grids:
            found: dict[int, Grid] = {}
            core = minimal_core(o, everyone, found) or []
            proved = False
            if smallest:
                core, proved = smallest_core(o, everyone, core, seconds)
            if sorted(found) != core:  # a smaller core than the minimal one
                found = witnesses(o, core)
            check.check_core(s, core, found, method)
            members = tuple(s.members[m] for m in core)
            return Why("none", puzzle, members, smallest=proved, checked=name)
        if len(grids) == 1:
            if not needed_too:
                return Why("unique", puzzle, checked=name)
            wanted = needed(o, everyone, grids[0])
            spare = [m for m in everyone if m not in wanted]
            keep, found = keep_set(o, everyone, spare, grids[0])
            check.check_needed(s, wanted, keep, {**wanted, **found}, grids[0], method)
            members = tuple(s.members[m] for m in sorted(wanted))
            return Why("unique", puzzle, needed=members, checked=name)
        free = free_cells(pool)
        suggested = list(fixes(pool, free, limit))
        complete = limit is None or len(suggested) < limit
        pairs, capped = equal_pairs(pool, free, cap) if equal else ([], False)
    check.check_solutions(puzzle, grids, method)
    check.check_several(puzzle, suggested, complete, pairs if equal else None, capped, method)
    n = puzzle.size
    return Why(
        "several",
        puzzle,
        solutions=tuple(grids),
        differ=tuple(differ(*grids)),
        fixes=tuple(Fix(c, d, n, puzzle.low) for c, d in suggested),
        fixes_all=complete,
        equal=tuple(pairs) if equal else None,
        equal_capped=capped,
        checked=name,
    )
