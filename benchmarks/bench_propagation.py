"""Throughput of the in-house UP and FL engines against PySAT, on the same puzzles.

(a) UP fixpoint of formula_initiale (F_regle loaded once, the F1 ∧ F2 units of each
    puzzle as level 0 / assumptions): in-house ``unit_propagate`` against PySAT
    minisat22 ``propagate`` on a clean solver holding the rules once, and against a
    fresh PySAT solver per puzzle (load the rules, propagate, delete). Goal: >= 0.1x
    the clean PySAT propagate.
(b) FL fixpoint: in-house ``failed_literals`` against the same fixpoint probed literal
    by literal with PySAT ``propagate`` as the UP oracle (same rounds, same skipping).
    Goal: >= 1x.

Puzzles: a fixed-seed sample of each of the four datasets. The unit lists are built
before any timing. Each puzzle runs ``--repeat`` times on each side, alternating, and the
fastest try of each side is kept (the machine is shared and noisy). Every fixpoint is compared with
PySAT's and the mismatches are printed in the table. Prints Markdown tables.

    python benchmarks/bench_propagation.py [--per-dataset K] [--repeat R] [--quick]
"""

from __future__ import annotations

import argparse
import functools
import operator
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from sudoku_sat.accel import numba_available
from sudoku_sat.encoding import num_vars, rules
from sudoku_sat.engines.completion import grid_units, rules_propagator
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.lab.crosscheck import PysatOracle

DATASETS_DIR = Path(__file__).resolve().parents[2] / "shared" / "datasets"
DATASETS = (
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
)


def load_units(per_dataset: int, seed: int) -> dict[str, list[list[int]]]:
    """The F1 ∧ F2 unit literals of a fixed-seed sample of each dataset."""
    out: dict[str, list[list[int]]] = {}
    for name in DATASETS:
        path = DATASETS_DIR / name
        lines = [s for s in path.read_text().splitlines() if s.strip() and s[0] != "#"]
        chosen = random.Random(seed).sample(lines, min(per_dataset, len(lines)))
        puzzles = parse_puzzles("\n".join(chosen), str(path))
        out[name] = [grid_units(p.grid, p.n) for p in puzzles]
    return out


def paired_min(
    runs: Sequence[Callable[[list[int]], object]], items: list[list[int]], repeat: int
) -> list[float]:
    """Total seconds of each run over the items, keeping per item the fastest of
    ``repeat`` tries; the runs alternate on each item, so both see the same machine."""
    totals = [0.0] * len(runs)
    for item in items:
        best = [float("inf")] * len(runs)
        for _ in range(repeat):
            for k, run in enumerate(runs):
                start = time.perf_counter()
                run(item)
                best[k] = min(best[k], time.perf_counter() - start)
        totals = [t + b for t, b in zip(totals, best, strict=True)]
    return totals


def backends() -> list[str]:
    """The in-house back-ends to time: numba when installed, and pure Python."""
    return ["numba", "python"] if numba_available() else ["python"]


@dataclass
class Timing:
    """Seconds summed over puzzles: in-house per back-end, then PySAT; and the rest."""

    puzzles: int
    ours: list[float]
    pysat: float
    fresh: float = 0.0  # seconds per puzzle for a fresh PySAT solver (table a)
    probes: int = 0  # in-house probes (table b)
    mismatches: int = 0

    def __add__(self, other: Timing) -> Timing:
        k = self.puzzles + other.puzzles
        return Timing(
            k,
            [a + b for a, b in zip(self.ours, other.ours, strict=True)],
            self.pysat + other.pysat,
            (self.fresh * self.puzzles + other.fresh * other.puzzles) / k,
            self.probes + other.probes,
            self.mismatches + other.mismatches,
        )


def time_up(units: list[list[int]], repeat: int, fresh: int) -> Timing:
    """Table (a) on one sample: both back-ends against a clean PySAT propagate."""
    props = [rules_propagator(3, b) for b in backends()]
    oracle = PysatOracle(num_vars(3), rules(3))
    solver = oracle.propagator
    runs: list[Callable[[list[int]], object]] = [p.unit_propagate for p in props]
    *ours, clean = paired_min([*runs, lambda u: solver.propagate(assumptions=u)], units, repeat)
    sample = units[:fresh]
    fresh_s = paired_min([_fresh_propagate], sample, 1)[0] / max(1, len(sample))
    bad = sum(
        set(p.unit_propagate(u).literals) != set(solver.propagate(assumptions=u)[1])
        for u in units
        for p in props
    )
    oracle.close()
    return Timing(len(units), ours, clean, fresh_s, mismatches=bad)


def _fresh_propagate(units: list[int]) -> None:
    from pysat.solvers import Solver

    solver = Solver(name="m22", bootstrap_with=rules(3))
    solver.propagate(assumptions=units)
    solver.delete()


def time_fl(units: list[list[int]], repeat: int) -> Timing:
    """Table (b) on one sample: both back-ends against FL probed with PySAT propagate."""
    props = [rules_propagator(3, b) for b in backends()]
    oracle = PysatOracle(num_vars(3), rules(3))
    runs: list[Callable[[list[int]], object]] = [p.failed_literals for p in props]
    *ours, theirs = paired_min([*runs, oracle.failed_literals], units, repeat)
    bad = sum(
        set(p.failed_literals(u).literals) != oracle.failed_literals(u).literals
        for u in units
        for p in props
    )
    probes = sum(props[0].failed_literals(u).stats.probes for u in units)
    oracle.close()
    return Timing(len(units), ours, theirs, probes=probes, mismatches=bad)


def up_row(name: str, t: Timing) -> list[object]:
    k = t.puzzles
    return [
        name, k, *(f"{1e6 * x / k:.1f}" for x in t.ours), f"{1e6 * t.pysat / k:.1f}",
        f"{1e6 * t.fresh:.0f}", *(f"{t.pysat / x:.3f}x" for x in t.ours),
        f"{t.fresh * k / t.ours[0]:.0f}x", t.mismatches,
    ]  # fmt: skip


def fl_row(name: str, t: Timing) -> list[object]:
    k = t.puzzles
    return [
        name, k, *(f"{1e3 * x / k:.3f}" for x in t.ours), f"{1e3 * t.pysat / k:.3f}",
        f"{t.probes / k:.0f}", *(f"{t.pysat / x:.2f}x" for x in t.ours), t.mismatches,
    ]  # fmt: skip


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(str(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-dataset", type=int, default=200, help="puzzles per dataset")
    parser.add_argument("--repeat", type=int, default=5, help="timed passes, best kept")
    parser.add_argument("--fresh", type=int, default=50, help="puzzles for the fresh solver")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a few puzzles, one pass")
    args = parser.parse_args(argv)
    if args.quick:
        args.per_dataset, args.repeat, args.fresh = 4, 1, 2
    units = load_units(args.per_dataset, args.seed)
    names = backends()
    up = {name: time_up(us, args.repeat, args.fresh) for name, us in units.items()}
    fl = {name: time_fl(us, args.repeat) for name, us in units.items()}
    up_rows = [up_row(name, t) for name, t in up.items()]
    up_rows.append(up_row("all", functools.reduce(operator.add, up.values())))
    fl_rows = [fl_row(name, t) for name, t in fl.items()]
    fl_rows.append(fl_row("all", functools.reduce(operator.add, fl.values())))
    up_headers = [
        "dataset", "puzzles", *(f"in-house UP ({b})" for b in names),
        "PySAT propagate (clean)", "PySAT fresh solver",
        *(f"ratio {b} vs clean" for b in names), f"{names[0]} vs fresh", "mismatches",
    ]  # fmt: skip
    fl_headers = [
        "dataset", "puzzles", *(f"in-house FL ({b})" for b in names), "FL by PySAT propagate",
        "probes", *(f"ratio {b}" for b in names), "mismatches",
    ]  # fmt: skip
    return "\n\n".join(
        [
            "(a) UP fixpoint, µs per puzzle (goal: in-house >= 0.1x the clean PySAT propagate)",
            table(up_headers, up_rows),
            "(b) FL fixpoint, ms per puzzle (goal: in-house >= 1x FL probed with PySAT propagate)",
            table(fl_headers, fl_rows),
        ]
    )


if __name__ == "__main__":
    sys.stdout.write(main() + "\n")
