"""``redundant``: the givens and rule instances a unique puzzle does not need.

- ``removable``: the members each of which can be removed alone with the puzzle still
  unique (one call each: the other members and "not the solution" are UNSAT);
- ``keep``: one minimal set to keep (``questions.keep_set``): the needed members, and of
  the removable ones those that could not be dropped after the others were (givens are
  dropped first, then rule instances in the puzzle's order); removing any one more member of it
  gives several solutions;
- ``reduced``: the puzzle of the kept members alone (its solution recorded), what
  ``redundant -o`` writes as f-puzzles JSON.

A puzzle with no solution or several has nothing redundant: ``verdict`` says which. The
second method (``check``) confirms that each member is removable exactly when listed, that
the reduced puzzle is unique and that every member kept is needed in it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..model.puzzle import Puzzle
from . import check
from .members import Member, reduced, selectable
from .oracle import Oracle
from .questions import Pool, keep_set, needed


@dataclass(frozen=True)
class Redundant:
    """The answer of ``redundant`` on one puzzle: ``verdict`` (unique, several, none),
    ``removable`` and ``keep`` (members), ``reduced`` (the puzzle of the kept members,
    None unless unique) and ``checked`` (the second method)."""

    verdict: str
    puzzle: Puzzle
    removable: tuple[Member, ...] = ()
    keep: tuple[Member, ...] = ()
    reduced: Puzzle | None = None
    checked: str = ""
    total: int = 0
    """How many members the puzzle has."""

    def lines(self) -> list[str]:
        """The answer as the command line prints it."""
        if self.verdict != "unique":
            return [f"{self.verdict}: only a unique puzzle has members to spare"]
        out = [f"unique: {len(self.removable)} removable, each alone"]
        out += [f"  {m}" for m in self.removable]
        out.append(f"a minimal set to keep ({len(self.keep)} of {self.total}):")
        return out + [f"  {m}" for m in self.keep]

    def record(self) -> dict[str, Any]:
        """The answer's JSON fields: ``verdict``, ``removable``, ``keep``."""
        return {
            "verdict": self.verdict,
            "removable": [m.record() for m in self.removable],
            "keep": [m.record() for m in self.keep],
            "checked": self.checked,
        }

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def svg(self) -> str:
        """The puzzle drawn with what it keeps, the removable members faded."""
        from .drawing import draw_redundant

        return draw_redundant(self)

    def _repr_svg_(self) -> str:
        return self.svg()


def redundant(puzzle: Puzzle, method: str = "auto") -> Redundant:
    """The answer of ``redundant`` on a puzzle, checked by the second method (method:
    ``auto`` or ``cpsat``, ``check.CHECKS``)."""
    name = check.method_name(puzzle, method)
    s = selectable(puzzle)
    everyone = list(range(len(s.members)))
    with Oracle(s) as o:
        grids = Pool(o, everyone).first(2)
        if len(grids) != 1:
            verdict = "none" if not grids else "several"
            return Redundant(verdict, puzzle, checked=name, total=len(everyone))
        wanted = needed(o, everyone, grids[0])
        spare = [m for m in everyone if m not in wanted]
        keep, found = keep_set(o, everyone, spare, grids[0])
    check.check_needed(s, wanted, keep, {**wanted, **found}, grids[0], method)
    return Redundant(
        "unique",
        puzzle,
        removable=tuple(s.members[m] for m in spare),
        keep=tuple(s.members[m] for m in keep),
        reduced=replace(reduced(s, keep), solution=grids[0], origin=puzzle.origin),
        checked=name,
        total=len(everyone),
    )
