"""Generation: speed of greedy puzzles against a plain PySAT emptier, clue histograms, fills.

Run: .venv/bin/python benchmarks/bench_generation.py [--quick] [--speed K] [--greedy K]
     [--annealed K] [--seed S]
Prints four Markdown tables, all measured in this one process:

1. Minimal 9x9 puzzles per second, full grid included, against a straightforward greedy
   emptier written here: one incremental PySAT solver (m22) that fills a grid with random
   phases and then, per clue in random order, counts the puzzle's solutions up to 2 by
   blocking the first model (clause guarded by a fresh selector). The variants run in
   interleaved rounds on the same seeds, so machine noise hits all of them alike. The
   goal is ours >= 0.5x the baseline, full-grid generation included.
2. Clue-count histograms: K greedy puzzles, K annealed puzzles with the default schedule,
   and with the report's best schedule (Ti=1, Tf=0.15, step=0.0002), against the report's
   22-23 clues. Goal: annealed mean <= 22 at <= 10 s per puzzle.
3. Full grids per second and success rate of each fill method, 9x9 and 16x16.
4. The exhaustive 4x4 search over all 288 grids: the minimum clue count of every grid.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from pysat.solvers import Solver

from sudoku_sat.encoding import clue_assumptions, decode, rules
from sudoku_sat.grid import Grid, clue_count, empty_grid, is_solution
from sudoku_sat.puzzles.checkers import PysatChecker, make_checker
from sudoku_sat.puzzles.emptying import REPORT_SCHEDULE, Schedule, empty_anneal, empty_greedy
from sudoku_sat.puzzles.exhaustive import empty_exhaustive
from sudoku_sat.puzzles.fill import fill, fill_backtrack, fill_permute, random_phases
from sudoku_sat.puzzles.maker import MakeOptions, make_one, rng_for


class PlainEmptier:
    """The baseline: one incremental PySAT solver; fill by random phases; count to 2."""

    def __init__(self, n: int):
        self.n, self.top = n, n**6
        self.selector = self.top
        self.solver = Solver(name="m22", bootstrap_with=rules(n))

    def close(self) -> None:
        self.solver.delete()

    def fill(self, rng: random.Random) -> Grid:
        self.solver.set_phases(random_phases(self.n, rng))
        assert self.solver.solve()
        return decode(self.solver.get_model() or [], self.n)[0]

    def count(self, grid: Grid) -> int:
        self.selector += 1
        clues, found = clue_assumptions(grid, self.n) + [self.selector], 0
        while found < 2 and self.solver.solve(assumptions=clues):
            found += 1
            model = self.solver.get_model() or []
            self.solver.add_clause([-self.selector] + [-v for v in model if 0 < v <= self.top])
        self.solver.add_clause([-self.selector])
        return found

    def make(self, rng: random.Random) -> Grid:
        puzzle = list(self.fill(rng))
        cells = list(range(len(puzzle)))
        rng.shuffle(cells)
        for c in cells:
            value, puzzle[c] = puzzle[c], 0
            if self.count(tuple(puzzle)) != 1:
                puzzle[c] = value
        return tuple(puzzle)


# ---------------------------------------------------------------- 1. speed


_OPEN: list[Any] = []


def close_all() -> None:
    """Free the solvers this script made (before interpreter shutdown, not during)."""
    for thing in _OPEN:
        thing.close()
    _OPEN.clear()


def speed_variants(seed: int) -> dict[str, Callable[[int], Grid]]:
    """Each way to make puzzle i of the run (a 9x9 minimal puzzle, full grid included).

    Every variant has its own solver: they all meet the same puzzles, and a solver that
    had already answered a question would answer it again faster.
    """
    plain = PlainEmptier(3)
    _OPEN.append(plain)

    def ours(kind: str, engine: str = "eup", singles: bool = True) -> Callable[[int], Grid]:
        checker = make_checker(kind, 3)
        _OPEN.append(checker)

        def make(i: int) -> Grid:
            rng = rng_for(seed, i)
            grid = fill_backtrack(empty_grid(3), 3, rng, engine).grid
            assert grid is not None
            return empty_greedy(grid, grid, 3, checker, rng, singles=singles)

        return make

    return {
        "baseline: plain incremental PySAT emptier (this script)": lambda i: plain.make(
            rng_for(seed, i)
        ),
        "ours: EUP fill, greedy with the pysat checker": ours("pysat"),
        "ours (default: checker auto, compiled EUP at 9x9) + independent verification": (
            lambda i: _made(seed, i)
        ),
        "ours: fresh-PySAT fill, greedy with the pysat checker": ours("pysat", "pysat"),
        "ours: EUP fill, pysat checker, no naked-single shortcut": ours("pysat", singles=False),
        "ours: EUP fill, greedy with the eup checker": ours("eup"),
        "ours: EUP fill, greedy with the counter checker": ours("counter"),
    }


def _made(seed: int, i: int) -> Grid:
    made = make_one(MakeOptions(n=3, seed=seed), i)
    assert made.ok and made.puzzle is not None
    return made.puzzle


def speed(total: int, rounds: int, seed: int) -> list[tuple[str, int, float, float]]:
    """(variant, puzzles, seconds, mean clues), variants interleaved in rounds."""
    variants = speed_variants(seed)
    seconds = dict.fromkeys(variants, 0.0)
    clues: dict[str, list[int]] = {name: [] for name in variants}
    per_round = max(1, total // rounds)
    for r in range(rounds):
        for name, make in variants.items():
            start = time.perf_counter()
            grids = [make(r * per_round + k) for k in range(per_round)]
            seconds[name] += time.perf_counter() - start
            clues[name].extend(clue_count(g) for g in grids)
    return [(n, len(clues[n]), seconds[n], statistics.mean(clues[n])) for n in variants]


def speed_table(rows: list[tuple[str, int, float, float]]) -> str:
    base = rows[0][1] / rows[0][2]
    out = [
        "| variant | puzzles | seconds | puzzles/s | vs baseline | mean clues |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, count, secs, mean in rows:
        rate = count / secs
        out.append(
            f"| {name} | {count} | {secs:.2f} | {rate:.1f} | {rate / base:.2f}x | {mean:.2f} |"
        )
    return "\n".join(out)


# ---------------------------------------------------------------- 2. histograms


def histogram_rows(greedy: int, annealed: int, seed: int) -> list[tuple[str, list[int], float]]:
    """(method, clue counts, seconds per puzzle) for greedy and both annealing schedules."""
    rows = []
    for label, count, how in (
        ("greedy", greedy, None),
        (f"anneal, default schedule {_schedule(Schedule())}", annealed, Schedule()),
        (f"anneal, report's schedule {_schedule(REPORT_SCHEDULE)}", annealed, REPORT_SCHEDULE),
    ):
        checker = PysatChecker(3)  # its own solver per row, as in the speed table
        _OPEN.append(checker)
        start, counts = time.perf_counter(), []
        for i in range(count):
            rng = rng_for(seed, i)
            grid = fill_backtrack(empty_grid(3), 3, rng).grid
            assert grid is not None
            if how is None:
                puzzle = empty_greedy(grid, grid, 3, checker, rng)
            else:
                puzzle, _ = empty_anneal(grid, grid, 3, checker, rng, False, how)
            counts.append(clue_count(puzzle))
        rows.append((label, counts, (time.perf_counter() - start) / max(count, 1)))
    return rows


def _schedule(s: Schedule) -> str:
    return f"(Ti={s.ti}, Tf={s.tf}, step={s.step:g}: {s.iterations:,} iterations)"


def histogram_table(rows: list[tuple[str, list[int], float]]) -> str:
    low = min(min(c) for _, c, _ in rows)
    high = max(max(c) for _, c, _ in rows)
    span = range(low, high + 1)
    out = [
        "| method | puzzles | mean clues | min | "
        + " | ".join(str(k) for k in span)
        + " | s/puzzle |",
        "|---|---:|---:|---:|" + "---:|" * len(span) + "---:|",
    ]
    for label, counts, per in rows:
        hist = Counter(counts)
        cells = " | ".join(str(hist.get(k, 0)) for k in span)
        out.append(
            f"| {label} | {len(counts)} | {statistics.mean(counts):.2f} | "
            f"{min(counts)} | {cells} | {per:.3f} |"
        )
    return "\n".join(out)


# ---------------------------------------------------------------- 3. fills


def fill_rows(grids: dict[int, int], seed: int) -> list[tuple[str, int, int, int, float]]:
    """(method, order, tries, successes, seconds) for each fill method and order."""
    methods: dict[str, Callable[[Grid, int, random.Random], Any]] = {
        "backtrack (PySAT, random phases)": lambda g, n, r: fill_backtrack(g, n, r, "pysat"),
        "backtrack (EUP, random branching)": lambda g, n, r: fill_backtrack(g, n, r, "eup"),
        "permute (swaps, equal moves kept)": fill_permute,
        "permute (report's strict descent, 200 restarts)": lambda g, n, r: fill_permute(
            g, n, r, sideways=False
        ),
        "anneal (swap annealer, 10 tries)": lambda g, n, r: fill(g, n, "anneal", r),
    }
    fill(empty_grid(2), 2, "anneal", random.Random(0))  # JIT compile or cache load, untimed
    rows = []
    for n, count in grids.items():
        for label, method in methods.items():
            ok, start = 0, time.perf_counter()
            for i in range(count):
                result = method(empty_grid(n), n, rng_for(seed, i))
                ok += result.grid is not None and is_solution(result.grid, n)
            rows.append((label, n, count, ok, time.perf_counter() - start))
    return rows


def fill_table(rows: list[tuple[str, int, int, int, float]]) -> str:
    out = ["| method | grid | runs | valid grids | s/run |", "|---|---|---:|---:|---:|"]
    for label, n, count, ok, secs in rows:
        out.append(f"| {label} | {n * n}x{n * n} | {count} | {ok} | {secs / count:.4f} |")
    return "\n".join(out)


# ---------------------------------------------------------------- 4. exhaustive 4x4


def all_4x4_grids() -> list[Grid]:
    """The 288 full 4x4 grids, enumerated by PySAT."""
    with Solver(name="m22", bootstrap_with=rules(2)) as solver:
        return [decode(m, 2)[0] for m in solver.enum_models()]


def exhaustive_table(grids: Sequence[Grid]) -> str:
    out = [
        "| search | grids | minimum clues (grids) | checks/grid | s/grid |",
        "|---|---:|---|---:|---:|",
    ]
    for symmetric in (False, True):
        start, mins, checks = time.perf_counter(), Counter[int](), 0
        for grid in grids:
            puzzle, stats = empty_exhaustive(grid, grid, 2, symmetric)
            mins[clue_count(puzzle)] += 1
            checks += stats["checks"]
        per = (time.perf_counter() - start) / len(grids)
        dist = ", ".join(f"{k} ({v})" for k, v in sorted(mins.items()))
        label = "180° symmetric" if symmetric else "any clue set"
        out.append(f"| {label} | {len(grids)} | {dist} | {checks / len(grids):.1f} | {per:.4f} |")
    return "\n".join(out)


# ---------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes, for the smoke test")
    parser.add_argument("--speed", type=int, default=200, help="puzzles per speed variant")
    parser.add_argument("--greedy", type=int, default=1000, help="greedy puzzles (histogram)")
    parser.add_argument("--annealed", type=int, default=100, help="annealed puzzles per schedule")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    if args.quick:
        args.speed, args.greedy, args.annealed = 4, 4, 1
    grid_counts = {3: 1} if args.quick else {3: 50, 4: 3}
    rounds = 1 if args.quick else 5
    print("## 1. Minimal 9x9 puzzles per second (full grid included)\n")
    print(speed_table(speed(args.speed, rounds, args.seed)) + "\n")
    print("## 2. Clue counts of minimal 9x9 puzzles (report: 22-23)\n")
    print(histogram_table(histogram_rows(args.greedy, args.annealed, args.seed)) + "\n")
    print("## 3. Full grids from the empty grid\n")
    print(fill_table(fill_rows(grid_counts, args.seed)) + "\n")
    print("## 4. Exhaustive minimum of every 4x4 grid\n")
    grids = all_4x4_grids()
    print(exhaustive_table(grids[:8] if args.quick else grids))
    close_all()


if __name__ == "__main__":
    main()
