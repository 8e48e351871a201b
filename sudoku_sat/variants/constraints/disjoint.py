"""Disjoint groups (f-puzzles ``disjointgroups``): the cells in the same position of every
region (the k-th cell of each region in reading order) hold every digit once. It depends
on the regions, so an instance carries them. sigh: ``.DisjointSets``, on square grids
only (its ``isSquare``), a square shape's boxes (``.Shape~6x6~9``: its 2x3 boxes). Nothing
is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...model.constraint import Constraint
from ...model.drawing import Canvas
from ...model.geometry import Regions, default_regions
from ._global import GroupRule


@dataclass(frozen=True)
class DisjointGroups(GroupRule):
    """The k-th cell of every region, for each k, all different."""

    regions_of: Regions = ()
    key = "disjointgroups"
    rule = "disjoint-groups"
    label_name = "disjoint groups"
    sigh_name = "DisjointSets"
    sigh_names = ("DisjointSets",)
    sudoku_names = sigh_names
    square_names = sigh_names
    from_zero = True
    any_shape = True

    @classmethod
    def instance(cls, size: int, regions: Regions) -> Constraint:
        return cls(regions or default_regions(size))

    def settle(self, others: Sequence[Constraint]) -> Constraint:
        for c in others:
            own = c.regions()
            if own is not None and own != self.regions_of:
                return DisjointGroups(own)
        return self

    def groups(self, size: int, regions: Regions) -> list[tuple[int, ...]]:
        ordered = [sorted(r) for r in self.regions_of or default_regions(size)]
        return [tuple(r[k] for r in ordered) for k in range(len(ordered[0]))]  # a shape's

    def draw(self, canvas: Canvas) -> list[str]:
        return []


FAMILY = (DisjointGroups,)
