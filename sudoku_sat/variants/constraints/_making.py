"""What the constraints' ``make`` share (not a family: no ``FAMILY``): the shapes a setter
draws on a full grid, each kept only where the grid's digits obey the rule.

- :func:`paths`: lines of king-neighbour cells (renban, whispers, between, ...), grown by
  a randomized depth-first search from a random start: each prefix must still fit the
  rule (``fits``, so hopeless branches are cut at once), the whole line must hold it
  (``done``: the class's own ``holds``). Lines never share a cell.
- :func:`mirrored`: lines grown from their middle outwards, one cell at each end at a
  time (palindromes, zippers: the rule pairs the i-th cell from each end).
- :func:`some`: a random share of the candidates a rule offers (cells, clues).

The number of lines or clues is the setter's choice, not the rule's (:func:`lines_wanted`,
:func:`few_wanted`, or the class's own): enough that the puzzle needs few givens, few
enough that the CP-SAT check of every given stays quick (docs/variants.md measures
``generate --rule R -k 3`` for every rule).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import TypeVar

T = TypeVar("T")

Fits = Callable[[list[int]], bool]
"""A test on the cells of a line (or of a prefix of it)."""


@cache
def king_neighbours(cell: int, n: int) -> tuple[int, ...]:
    """The cells a king's move from cell inside an N x N grid."""
    r, c = divmod(cell, n)
    return tuple(
        rr * n + cc
        for rr in (r - 1, r, r + 1)
        for cc in (c - 1, c, c + 1)
        if (rr, cc) != (r, c) and 0 <= rr < n and 0 <= cc < n
    )


def lines_wanted(n: int) -> int:
    """How many lines a made puzzle gets by default: N (9 on a 9x9)."""
    return n


def few_wanted(n: int) -> int:
    """How many clues of a strong sum rule a made puzzle gets: N/2 + 1 (5 on a 9x9). With
    N of them (zippers, region sum lines, little killers) the rule alone nearly fixes the
    grid: a made 9x9 then kept as few as 2 givens, and one in six took CP-SAT 10 s to
    70 s of CPU to check; with N/2 + 1, 13 to 17 givens and about a second."""
    return n // 2 + 1


def grow(
    n: int,
    rng: random.Random,
    fits: Fits,
    done: Fits,
    length: int,
    used: set[int],
    budget: int = 200,
) -> list[int] | None:
    """One line of length cells from a random free start, every prefix fitting and the
    whole line done; None when none was found within budget steps."""
    free = [c for c in range(n * n) if c not in used]
    if not free:
        return None
    path = [rng.choice(free)]
    steps = 0

    def search() -> bool:
        nonlocal steps
        if len(path) == length:
            return done(path)
        options = [c for c in king_neighbours(path[-1], n) if c not in used and c not in path]
        rng.shuffle(options)
        for c in options:
            steps += 1
            if steps > budget:
                return False
            path.append(c)
            if fits(path) and search():
                return True
            path.pop()
        return False

    return list(path) if fits(path) and search() else None


def paths(
    n: int,
    rng: random.Random,
    fits: Fits,
    done: Fits,
    lengths: tuple[int, int],
    want: int,
) -> list[tuple[int, ...]]:
    """Up to want lines of lengths[0]..lengths[1] cells sharing no cell (:func:`grow`),
    in at most 20 tries a line."""
    used: set[int] = set()
    out: list[tuple[int, ...]] = []
    for _ in range(20 * want):
        if len(out) >= want:
            break
        line = grow(n, rng, fits, done, rng.randint(*lengths), used)
        if line is not None:
            out.append(tuple(line))
            used.update(line)
    return out


Pair = Callable[[list[int], int, int], bool]
"""Whether cells p (before the line's first) and q (after its last) may extend it."""


def mirrored(
    n: int,
    rng: random.Random,
    middle: Callable[[set[int]], list[int] | None],
    pair: Pair,
    lengths: tuple[int, int],
    want: int,
) -> list[tuple[int, ...]]:
    """Up to want lines sharing no cell, each grown from a middle (one cell or two,
    ``middle(used)``) by a pair of cells at a time, one beside each end, while ``pair``
    allows one, up to lengths[1] cells; kept when at least lengths[0] long."""
    used: set[int] = set()
    out: list[tuple[int, ...]] = []
    for _ in range(20 * want):
        if len(out) >= want:
            break
        line = middle(used)
        if line is None:
            continue
        most = rng.randint(*lengths)
        while len(line) + 2 <= most:
            taken = used.union(line)
            options = [
                (p, q)
                for p in king_neighbours(line[0], n)
                for q in king_neighbours(line[-1], n)
                if p != q and p not in taken and q not in taken and pair(line, p, q)
            ]
            if not options:
                break
            p, q = rng.choice(options)
            line = [p, *line, q]
        if len(line) >= lengths[0]:
            out.append(tuple(line))
            used.update(line)
    return out


def middles(
    n: int, rng: random.Random, both: Callable[[int, int], bool]
) -> Callable[[set[int]], list[int] | None]:
    """The middles of :func:`mirrored`: one free cell, or (every other time) two
    neighbouring free cells a and b for which both(a, b) holds."""

    def middle(used: set[int]) -> list[int] | None:
        free = [c for c in range(n * n) if c not in used]
        if not free:
            return None
        a = rng.choice(free)
        if rng.random() < 0.5:
            return [a]
        pairs = [b for b in king_neighbours(a, n) if b not in used and both(a, b)]
        return [a, rng.choice(pairs)] if pairs else [a]

    return middle


def some(rng: random.Random, options: Sequence[T], want: int) -> list[T]:
    """want of the options (all when fewer), in random order."""
    return rng.sample(list(options), min(want, len(options)))
