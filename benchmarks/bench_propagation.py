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
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from sudoku_sat.completion import grid_units, rules_propagator
from sudoku_sat.crosscheck import PysatOracle
from sudoku_sat.encoding import num_vars, rules
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.propagation import failed_literals, unit_propagate

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


def up_row(name: str, units: list[list[int]], repeat: int, fresh: int) -> list[object]:
    """One row of table (a): µs per puzzle for each side, the ratios, the mismatches."""
    prop = rules_propagator(3)
    oracle = PysatOracle(num_vars(3), rules(3))
    solver = oracle.propagator
    ours, clean = paired_min(
        [lambda u: unit_propagate(prop, u), lambda u: solver.propagate(assumptions=u)],
        units,
        repeat,
    )
    fresh_s = paired_min([_fresh_propagate], units[:fresh], 1)[0] / max(1, min(fresh, len(units)))
    bad = sum(
        set(unit_propagate(prop, u).literals) != set(solver.propagate(assumptions=u)[1])
        for u in units
    )
    oracle.close()
    k = len(units)
    return [
        name, k, f"{1e6 * ours / k:.0f}", f"{1e6 * clean / k:.0f}", f"{1e6 * fresh_s:.0f}",
        f"{clean / ours:.3f}x", f"{fresh_s * k / ours:.1f}x", bad,
    ]  # fmt: skip


def _fresh_propagate(units: list[int]) -> None:
    from pysat.solvers import Solver

    solver = Solver(name="m22", bootstrap_with=rules(3))
    solver.propagate(assumptions=units)
    solver.delete()


def fl_row(name: str, units: list[list[int]], repeat: int) -> list[object]:
    """One row of table (b): ms per puzzle for each side, the ratio, the mismatches."""
    prop = rules_propagator(3)
    oracle = PysatOracle(num_vars(3), rules(3))
    ours, theirs = paired_min(
        [lambda u: failed_literals(prop, u), oracle.failed_literals], units, repeat
    )
    bad = sum(
        set(failed_literals(prop, u).literals) != oracle.failed_literals(u).literals for u in units
    )
    probes = sum(failed_literals(prop, u).stats.probes for u in units) / len(units)
    oracle.close()
    k = len(units)
    return [
        name, k, f"{1e3 * ours / k:.2f}", f"{1e3 * theirs / k:.2f}", f"{probes:.0f}",
        f"{theirs / ours:.2f}x", bad,
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
    everything = [u for us in units.values() for u in us]
    up_rows = [up_row(name, us, args.repeat, args.fresh) for name, us in units.items()]
    up_rows.append(up_row("all", everything, args.repeat, args.fresh))
    fl_rows = [fl_row(name, us, args.repeat) for name, us in units.items()]
    fl_rows.append(fl_row("all", everything, args.repeat))
    return "\n\n".join(
        [
            "(a) UP fixpoint, µs per puzzle (goal: in-house >= 0.1x the clean PySAT propagate)",
            table(
                [
                    "dataset",
                    "puzzles",
                    "in-house UP",
                    "PySAT propagate (clean)",
                    "PySAT fresh solver",
                    "ratio vs clean",
                    "ratio vs fresh",
                    "mismatches",
                ],
                up_rows,
            ),  # fmt: skip
            "(b) FL fixpoint, ms per puzzle (goal: in-house >= 1x FL probed with PySAT propagate)",
            table(
                [
                    "dataset",
                    "puzzles",
                    "in-house FL",
                    "FL by PySAT propagate",
                    "in-house probes",
                    "ratio",
                    "mismatches",
                ],
                fl_rows,
            ),  # fmt: skip
        ]
    )


if __name__ == "__main__":
    sys.stdout.write(main() + "\n")
