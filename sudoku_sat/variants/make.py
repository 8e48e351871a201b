"""Making variant puzzles: a random solution under the global rules, clues drawn from it
for the per-clue rules, then givens (and, for killer, cage sums) removed while unique.
A rule of the constraint registry draws its clues through its classes' own ``make``
(:func:`registry_clues`).

Emptying runs on one incremental solver: the rules once, the solution's blocking clause
once, every given and every cage sum behind a selector literal, assumed while kept. A
clue set is unique iff the solver finds no model under its assumptions. One pass in
random order gives a minimal puzzle, since removing clues only adds solutions: a clue
that could not go earlier cannot go later. ``check_minimal`` verifies the result with
CP-SAT (``cpsat``), a different method.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace

from ..errors import SolverError, UsageError
from ..grid import Grid
from .constraints import by_rule, rule_names
from .encode import encode_variant
from .model import (
    RULE_NAMES,
    Arrow,
    Cage,
    Dot,
    Variant,
    cell_name,
    classic,
    default_regions,
    orthogonal_pairs,
    with_rules,
)
from .solve import blocking, decode_model, open_solver, solver_for

KINDS = RULE_NAMES
"""The 13 rule sets of the model generate makes (the same 13 names as the CLI's); it
makes every rule of the constraint registry too (:func:`known_kinds`)."""
GLOBAL = {
    "x": "x",
    "windoku": "windoku",
    "anti-knight": "anti-knight",
    "anti-king": "anti-king",
    "non-consecutive": "non-consecutive",
    "disjoint-groups": "disjoint-groups",
}


def random_solution(puzzle: Variant, rng: random.Random, solver: str | None = None) -> Grid | None:
    """A random grid obeying the puzzle's rules (givens kept), or None if there is none."""
    size = puzzle.size
    with open_solver(encode_variant(puzzle), solver or solver_for(puzzle)) as s:
        chosen: list[int] = []
        cells = list(range(size * size))
        rng.shuffle(cells)
        for cell in cells[: 2 * size]:
            digits = list(range(1, size + 1))
            rng.shuffle(digits)
            for d in digits:
                if s.solve(assumptions=[*chosen, cell * size + d]):
                    chosen.append(cell * size + d)
                    break
            else:
                return None
        if not s.solve(assumptions=chosen):
            return None
        return decode_model(s.get_model(), size)


def jigsaw_regions(size: int, rng: random.Random, swaps: int = 400) -> tuple[tuple[int, ...], ...]:
    """Random connected regions of N cells: the default boxes after random cell swaps
    between neighbouring regions that keep both regions connected."""
    region = [0] * (size * size)
    for k, cells in enumerate(default_regions(size)):
        for c in cells:
            region[c] = k
    pairs = orthogonal_pairs(size)
    for _ in range(swaps):
        a, b = rng.choice(pairs)
        ra, rb = region[a], region[b]
        if ra == rb:
            continue
        # move a to rb and some c of rb (neighbour of ra's cells) to ra
        others = [c for c in range(size * size) if region[c] == rb and c != b]
        rng.shuffle(others)
        for c in others:
            region[a], region[c] = rb, ra
            if _connected(region, ra, size) and _connected(region, rb, size):
                break
            region[a], region[c] = ra, rb
    groups: dict[int, list[int]] = {}
    for c, k in enumerate(region):
        groups.setdefault(k, []).append(c)
    return tuple(sorted(tuple(g) for g in groups.values()))


def _connected(region: list[int], k: int, size: int) -> bool:
    cells = {c for c, r in enumerate(region) if r == k}
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        c = todo.pop()
        r, col = divmod(c, size)
        for rr, cc in ((r + 1, col), (r - 1, col), (r, col + 1), (r, col - 1)):
            nb = rr * size + cc
            if 0 <= rr < size and 0 <= cc < size and nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


def known_kinds() -> list[str]:
    """Every name generate takes: the 13 rule sets, then the registry's rules."""
    return [*KINDS, *rule_names()]


def split_kinds(names: Iterable[str]) -> list[str]:
    """The rule names of repeated or comma-separated options (``killer,thermometer``),
    each once, in order."""
    return list(dict.fromkeys(k.strip() for name in names for k in name.split(",")))


def check_kinds(kinds: list[str], size: int) -> None:
    """UsageError for an unknown rule set or a size it does not fit."""
    for kind in kinds:
        if kind not in KINDS and kind not in rule_names():
            raise UsageError(f"unknown rule {kind!r}; known: {', '.join(known_kinds())}")
    if "windoku" in kinds and size != 9:
        raise UsageError("windoku needs a 9x9 grid")


def base(kinds: list[str], size: int, rng: random.Random) -> Variant:
    """The empty puzzle of the rule sets before clues: global rules, jigsaw regions."""
    check_kinds(kinds, size)
    blank = classic(size, (0,) * (size * size), "+".join(kinds) or "classic")
    blank = with_rules(blank, [GLOBAL[k] for k in kinds if k in GLOBAL])
    if "jigsaw" in kinds:
        return replace(blank, regions=jigsaw_regions(size, rng), jigsaw=True)
    return blank


def _neighbours(size: int, cell: int, diagonal: bool) -> list[int]:
    r, c = divmod(cell, size)
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if diagonal:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    return [
        (r + dr) * size + c + dc for dr, dc in steps if 0 <= r + dr < size and 0 <= c + dc < size
    ]


def _cages(size: int, solution: Grid, rng: random.Random) -> tuple[Cage, ...]:
    free = set(range(size * size))
    cages = []
    order = list(free)
    rng.shuffle(order)
    for start in order:
        if start not in free:
            continue
        cells, want = [start], rng.randint(2, 4)
        free.discard(start)
        while len(cells) < want:
            options = [
                nb
                for c in cells
                for nb in _neighbours(size, c, False)
                if nb in free and solution[nb] not in {solution[x] for x in cells}
            ]
            if not options:
                break
            nb = rng.choice(options)
            cells.append(nb)
            free.discard(nb)
        cages.append(Cage(tuple(sorted(cells)), sum(solution[c] for c in cells)))
    return tuple(cages)


def _thermometers(
    size: int, solution: Grid, rng: random.Random, want: int
) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []
    used: set[int] = set()
    for _ in range(200 * want):
        if len(out) >= want:
            break
        line = [rng.randrange(size * size)]
        while True:
            steps = [
                nb
                for nb in _neighbours(size, line[-1], True)
                if nb not in used and nb not in line and solution[nb] > solution[line[-1]]
            ]
            if not steps:
                break
            line.append(rng.choice(steps))
        if len(line) >= 3 and not used & set(line):
            out.append(tuple(line))
            used.update(line)
    return tuple(out)


def _arrows(size: int, solution: Grid, rng: random.Random, want: int) -> tuple[Arrow, ...]:
    out: list[Arrow] = []
    used: set[int] = set()
    for _ in range(400 * want):
        if len(out) >= want:
            break
        circle = rng.randrange(size * size)
        if circle in used or solution[circle] < 3:
            continue
        line: list[int] = []
        total, at = 0, circle
        while total < solution[circle]:
            steps = [
                nb
                for nb in _neighbours(size, at, True)
                if nb not in used
                and nb not in line
                and nb != circle
                and total + solution[nb] <= solution[circle]
            ]
            if not steps:
                break
            at = rng.choice(steps)
            line.append(at)
            total += solution[at]
        if total == solution[circle] and len(line) >= 2:
            out.append(Arrow((circle,), tuple(line)))
            used.update([circle, *line])
    return tuple(out)


def _dots(size: int, solution: Grid, kinds: tuple[str, ...]) -> tuple[Dot, ...]:
    out = []
    for a, b in orthogonal_pairs(size):
        x, y = solution[a], solution[b]
        if "difference" in kinds and abs(x - y) == 1:
            out.append(Dot("difference", (a, b), 1))
        elif "ratio" in kinds and (x == 2 * y or y == 2 * x):
            out.append(Dot("ratio", (a, b), 2))
        elif "sum" in kinds and x + y in (10, 5):
            out.append(Dot("sum", (a, b), x + y))
    return tuple(out)


def registry_clues(
    puzzle: Variant, kind: str, solution: Grid, rng: random.Random, among: int = 1
) -> Variant:
    """The puzzle with instances of the registry rule kind drawn from solution by each of
    its classes' ``make``; with among other clue rules in the puzzle, 1/among of them
    (renban with killer: all 9 lines left the cage sums so few that CP-SAT took 1.5 s to
    count a puzzle, 20 s of CPU to check 3)."""
    n, regions = puzzle.size, puzzle.regions
    made = [c for cls in by_rule()[kind] for c in cls.make(solution, n, regions, rng)]
    if among > 1:
        kept = sorted(rng.sample(range(len(made)), -(-len(made) // among)))
        made = [made[k] for k in kept]
    return replace(puzzle, constraints=(*puzzle.constraints, *made))


def with_clues(
    puzzle: Variant, kind: str, solution: Grid, rng: random.Random, among: int = 1
) -> Variant:
    """The puzzle with the clues of a per-clue rule set drawn from solution (a registry
    rule's share when among clue rules: :func:`registry_clues`)."""
    n = puzzle.size
    if kind not in KINDS:
        return registry_clues(puzzle, kind, solution, rng, among)
    if kind == "killer":
        return replace(puzzle, cages=_cages(n, solution, rng))
    if kind == "thermometer":
        return replace(puzzle, thermometers=_thermometers(n, solution, rng, n))
    if kind == "arrow":
        return replace(puzzle, arrows=_arrows(n, solution, rng, n))
    if kind == "kropki":
        return replace(
            puzzle,
            dots=_dots(n, solution, ("difference", "ratio")),
            negative=frozenset({"difference", "ratio"}),
        )
    if kind == "xv":
        return replace(puzzle, dots=_dots(n, solution, ("sum",)), negative=frozenset({"xv"}))
    if kind == "odd-even":
        cells = rng.sample(range(n * n), n * n // 3)
        odd = tuple(sorted(c for c in cells if solution[c] % 2))
        even = tuple(sorted(c for c in cells if not solution[c] % 2))
        return replace(puzzle, odd=odd, even=even)
    return puzzle


def minimize(
    puzzle: Variant,
    solution: Grid,
    rng: random.Random,
    sums: bool = False,
    clues: Grid | None = None,
    solver: str | None = None,
) -> Variant:
    """Remove givens (every cell given at first, or the clues' cells) and, when sums, cage
    totals, while the puzzle stays unique: one pass in random order, on one incremental
    solver."""
    size = puzzle.size
    full = replace(puzzle, givens=tuple(solution))
    formula = encode_variant(full, givens=False, guard_sums=sums)
    cells = [c for c in range(size * size) if clues is None or clues[c]]
    with open_solver(formula, solver or solver_for(puzzle)) as s:
        s.add_clause(blocking(solution, size))
        kept = {("given", c): c * size + solution[c] for c in cells}
        for k, lit in formula.selectors.items():
            kept[("sum", k)] = lit
        order = [key for key in kept if key[0] == "given"]
        rng.shuffle(order)
        tail = [key for key in kept if key[0] == "sum"]
        rng.shuffle(tail)
        for key in order + tail:
            lit = kept.pop(key)
            if s.solve(assumptions=list(kept.values())):
                kept[key] = lit
    givens = tuple(solution[c] if ("given", c) in kept else 0 for c in range(size * size))
    cages = tuple(
        cage if not sums or ("sum", k) in kept else Cage(cage.cells, None)
        for k, cage in enumerate(puzzle.cages)
    )
    return replace(puzzle, givens=givens, cages=cages, solution=tuple(solution))


def make(
    kind: str | list[str],
    size: int,
    rng: random.Random,
    minimal: bool = True,
    solver: str | None = None,
) -> tuple[Variant, Grid]:
    """A puzzle of the rule set(s) and its solution: unique and minimal (no given, and no
    cage sum, can go) when minimal, else the clues with every cell given."""
    kinds = [kind] if isinstance(kind, str) else list(kind)
    for _ in range(50):
        start = base(kinds, size, rng)
        solution = random_solution(start, rng, solver)
        if solution is None:
            continue
        puzzle = start
        among = sum(1 for k in kinds if k not in GLOBAL and k != "jigsaw") or 1
        for k in kinds:
            puzzle = with_clues(puzzle, k, solution, rng, among)
        if not minimal:
            return replace(puzzle, givens=tuple(solution), solution=tuple(solution)), solution
        made = minimize(puzzle, solution, rng, "killer" in kinds, solver=solver)
        return made, solution
    raise UsageError(f"found no {size}x{size} grid for {'+'.join(kinds)} in 50 tries")


def minimize_puzzle(v: Variant, seed: int, solver: str | None = None) -> Variant:
    """A minimal puzzle made of v's givens (a subset) with the same single solution, its
    cage sums kept, checked unique and minimal by CP-SAT (:func:`check_minimal`);
    SolverError when v has no solution or several, or when the check fails."""
    from .solve import Session

    with Session(solver) as session:
        found = session.solutions(v, 2)
    if len(found) != 1:
        raise SolverError(f"{v.origin}: {'no solution' if not found else 'several solutions'}")
    made = minimize(v, found[0], random.Random(seed), clues=v.givens, solver=solver)
    problem = check_minimal(made, sums=False)
    if problem is not None:
        raise SolverError(f"{v.origin}: the minimized puzzle failed its check: {problem}")
    return made


def check_minimal(puzzle: Variant, sums: bool = True) -> str | None:
    """With CP-SAT (not the emptier's SAT solver): None when the puzzle has exactly one
    solution and no given (nor, when sums, cage sum) can be removed, else what is wrong."""
    from . import cpsat

    if cpsat.count(puzzle, 2) != 1:
        return "not unique"
    for c, v in enumerate(puzzle.givens):
        if v:
            fewer = list(puzzle.givens)
            fewer[c] = 0
            if cpsat.count(puzzle.with_givens(tuple(fewer)), 2) == 1:
                return f"given {v} at cell {cell_name(puzzle.size, c)} can be removed"
    for k, cage in enumerate(puzzle.cages if sums else ()):
        if cage.total is not None:
            cages = list(puzzle.cages)
            cages[k] = Cage(cage.cells, None)
            if cpsat.count(replace(puzzle, cages=tuple(cages)), 2) == 1:
                return f"the sum of cage {k + 1} can be removed"
    return None
