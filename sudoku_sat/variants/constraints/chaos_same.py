""" "Same region" literals of a chaos construction's region cells (``chaos.py``), made
once a pair for the whole formula, and the redundant clauses over them.

- ``same_label(b, a, c)``: s <-> region cells a and c hold one label, made on first use
  and kept in ``Builder.shared``, its clauses added at once (unguarded, as the order
  literals are): the construction and its clues (``chaos_clues.py``: every arm and
  count) share one literal a pair, so what the solver learns about two cells sharing a
  region is learnt once.
- ``pair_clauses``: one literal for every two cells within size - 1 steps (the farthest
  two cells of one region can be), and s -> their digits differ (a region's digits all
  differ; before, only for orthogonal neighbours).
- ``neighbour_clauses``: each cell shares a region with a neighbour, one clause a cell
  over the same literals (the labels' form, one clause a label, stays in ``chaos.py``).
- ``box_clauses``: three cells pairwise within reach whose bounding box has rows +
  columns > size + 1 share no region two by two: a connected set holding the three
  spans a tree of at least rows + columns - 1 cells (the rectilinear Steiner bound).

Measured on the 15 real puzzles (tests/data/extra/chaos.jsonl; Glucose 4, a solver of
each puzzle's own, to 2 solutions; conflicts; /tmp scripts of 2026-12-04 18:40-19:10
UTC, load 2-3 on the 2 cores), on the hardest three ("9", "12", "14" of the file, 0-based;
67k, 133k, 203k conflicts before, nearly all of them finding the first solution, the
second answer costing under 1,500):

- the literals shared by the clues alone: 89k, 133k, 162k;
- and the pairs within reach with their digits apart: 64k, 104k, 117k (twice the
  clauses: 175,000 a puzzle);
- and the bounds on the first cells (``chaos.py``): 33k, 91k, 155k;
- and the triples (``box_clauses``, 9,468 triples at 9x9): 27k, 64k, 143k, and 306,000
  conflicts for the 15 against 492,000;
- and a neighbour in one's region over the same literals: 26k, 63k, 38k (shuffled
  clauses: 31k, 66k, 50k), 191,000 for the 15;
- and CountDistinct over region cells counted again over the same literals
  (``count_distinct.py``): "12" 12k, 140,000 for the 15, 13.0 s CPU in one script
  (kept: all of these);
- not kept: beside the pairs, a cell's region holding every digit within reach (one
  helper a pair and digit: x(c,d) or some same(c,m) and x(m,d)): 65k, 111k, 214k and
  three times the time; the order of first appearance dropped (the regions' labels
  free, the connection unchanged): 323k, 160k, 194k; transitivity over the same
  literals of three cells at most 2 steps apart: 26k, 64k, 187k; a pair of neighbours of
  one region has a third cell of it beside them: no change.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from ...grid import Clause

if TYPE_CHECKING:
    from ...model.builder import Builder


Triple = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]
"""The pairs (a, c), (a, e), (c, e) of three places a < c < e."""


def same_region(b: Builder, a: int, c: int) -> tuple[int, list[Clause]]:
    """A literal s with s -> (a's region cell holds c's label), a and c region cells
    (or any two cells holding one digit each: s -> they hold the same digit)."""
    s = b.fresh()
    out = []
    for k in b.digits():
        out.append([-s, -b.x(a, k), b.x(c, k)])
        out.append([-s, -b.x(c, k), b.x(a, k)])
    return s, out


def same_exactly(b: Builder, a: int, c: int) -> tuple[int, list[Clause]]:
    """A literal s <-> cells a and c hold the same digit."""
    s, out = same_region(b, a, c)
    for k in b.digits():
        out.append([s, -b.x(a, k), -b.x(c, k)])
    return s, out


def same_label(b: Builder, a: int, c: int) -> int:
    """The formula's one literal s <-> cells a and c hold the same digit (region cells:
    one label), its clauses added to b when first made."""
    key = ("same", min(a, c), max(a, c))
    s = b.shared.get(key)
    if s is None:
        s, clauses = same_exactly(b, a, c)
        b.shared[key] = s
        b.add(clauses)
    return s


def steps(a: int, c: int, cols: int) -> int:
    """The orthogonal steps between two places of a grid of cols columns."""
    return abs(a // cols - c // cols) + abs(a % cols - c % cols)


def pair_clauses(
    b: Builder, places: int, cols: int, size: int, implied: bool = True
) -> tuple[dict[tuple[int, int], int], list[Clause]]:
    """(a, c) -> same(a, c) for places a < c of one region's reach (orthogonal neighbours
    only, without implied), and the clauses: s -> their digits differ."""
    n = b.n
    same: dict[tuple[int, int], int] = {}
    out: list[Clause] = []
    for a in range(places):
        for c in range(a + 1, places):
            apart = steps(a, c, cols)
            if apart > (size - 1 if implied else 1):
                continue
            s = same[(a, c)] = same_label(b, n * n + a, n * n + c)
            da, dc = (a // cols) * n + a % cols, (c // cols) * n + c % cols
            out += [[-s, -b.x(da, d), -b.x(dc, d)] for d in b.digits()]
    return same, out


def near(a: int, rows: int, cols: int) -> list[int]:
    """The places orthogonally next to place a of a rows x cols grid."""
    r, c = divmod(a, cols)
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [i * cols + j for i, j in steps if 0 <= i < rows and 0 <= j < cols]


def neighbour_clauses(
    same: dict[tuple[int, int], int], places: int, rows: int, cols: int
) -> list[Clause]:
    """Each place shares a region with an orthogonal neighbour (regions of 2 cells or
    more): one clause a place over the same literals, whatever the label."""
    return [[same[(min(a, m), max(a, m))] for m in near(a, rows, cols)] for a in range(places)]


def too_far(pairs: Iterable[tuple[int, int]], cols: int, size: int) -> Iterator[Triple]:
    """The three pairs of every three places, pairwise among pairs, whose bounding box is
    too large for a region of size cells (rows + columns > size + 1)."""
    known = set(pairs)
    later: dict[int, list[int]] = {}
    for a, c in sorted(known):
        later.setdefault(a, []).append(c)
    for a, after in later.items():
        for i, c in enumerate(after):
            for e in after[i + 1 :]:
                if (c, e) not in known:
                    continue
                rows = [a // cols, c // cols, e // cols]
                across = [a % cols, c % cols, e % cols]
                if max(rows) - min(rows) + max(across) - min(across) + 2 > size + 1:
                    yield (a, c), (a, e), (c, e)


def box_clauses(same: dict[tuple[int, int], int], cols: int, size: int) -> list[Clause]:
    """Three places pairwise within reach whose bounding box is too large for a region
    of size cells: no two of them share one."""
    out: list[Clause] = []
    for p, q, r in too_far(same, cols, size):
        x, y, z = same[p], same[q], same[r]
        out += [[-x, -y], [-x, -z], [-y, -z]]
    return out


def cpsat_pairs(m: Any, lab: list[Any], digit: list[Any], rows: int, cols: int, size: int) -> None:
    """CP-SAT's statement of the same: for every two places within reach a Boolean <->
    one label (a function of the cells, as CP-SAT's enumeration needs), their digits
    apart under it; places farther apart on other labels; a neighbour of one's region;
    the triples too far apart, at most one pair of them."""
    places = rows * cols
    same: dict[tuple[int, int], Any] = {}
    for a in range(places):
        for c in range(a + 1, places):
            if steps(a, c, cols) > size - 1:
                m.Add(lab[a] != lab[c])
                continue
            s = same[(a, c)] = m.NewBoolVar("")
            m.Add(lab[a] == lab[c]).OnlyEnforceIf(s)
            m.Add(lab[a] != lab[c]).OnlyEnforceIf(s.Not())
            m.Add(digit[a] != digit[c]).OnlyEnforceIf(s)
    for a in range(places):
        m.AddBoolOr([same[(min(a, e), max(a, e))] for e in near(a, rows, cols)])
    for p, q, r in too_far(same, cols, size):
        m.AddAtMostOne([same[p], same[q], same[r]])
