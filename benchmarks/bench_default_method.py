"""Which counting method is fastest at each order: the measurement behind ``--method auto``.

    python benchmarks/bench_default_method.py            # the docs/counting.md table
    python benchmarks/bench_default_method.py --quick    # a smoke run

``count`` and ``unique`` default to ``--method auto``, which picks per order the method
in ``sudoku_sat.puzzles.counting.AUTO_METHOD``. This script times the two exact in-house
counters the choice is between, eup and pysat, at cap 2 (a uniqueness check) on the same
puzzles in the same process: for 9x9 random samples of three datasets (easy to hardest);
for the other orders, grids filled at random (seed 0) with a share of cells emptied.
Each (method, set) runs in a child process killed after ``--limit`` seconds, so a
method that explodes shows as "> limit" instead of hanging the run. Prints a Markdown
table: seconds per set, the faster method, and the ratio.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from pathlib import Path

from sudoku_sat.grid import Grid, empty_grid
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.puzzles.counting import AUTO_METHOD, Counters
from sudoku_sat.puzzles.fill import fill

DATASETS = Path(__file__).resolve().parents[2] / "shared" / "datasets"
NINE = ("puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106")


def random_puzzles(n: int, k: int, blank: float, seed: int = 0) -> list[Grid]:
    """k grids of order n filled at random, then a share blank of their cells emptied."""
    rng = random.Random(seed)
    out = []
    for _ in range(k):
        grid = list(fill(empty_grid(n), n, "backtrack", rng).grid)
        for cell in rng.sample(range(len(grid)), int(blank * len(grid))):
            grid[cell] = 0
        out.append(tuple(grid))
    return out


def _count_all(n: int, grids: list[Grid], method: str, out: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    start = time.perf_counter()
    with Counters() as counters:
        for grid in grids:
            counters.count(grid, n, 2, method)
    out.put(time.perf_counter() - start)


def timed(n: int, grids: list[Grid], method: str, limit: float) -> float | None:
    """Seconds to check every grid with method, or None past limit (the child is killed)."""
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_count_all, args=(n, grids, method, queue))
    child.start()
    child.join(limit)
    if child.is_alive():
        child.kill()
        child.join()
        return None
    return float(queue.get())


def sets(quick: bool, folder: Path) -> list[tuple[str, int, list[Grid]]]:
    """(label, order, grids) of every set measured."""
    k = 3 if quick else 1
    out: list[tuple[str, int, list[Grid]]] = [
        ("4x4, 70 % blank", 2, random_puzzles(2, 50 // k, 0.7))
    ]
    for name in NINE if (folder / NINE[0]).exists() else ():
        path = folder / name
        puzzles = parse_puzzles(path.read_text(), str(path))
        sample = random.Random(0).sample(puzzles, 200 // (20 if quick else 1))
        out.append((f"9x9 {name}, {len(sample)}", 3, [p.grid for p in sample]))
    out.append(("9x9, 70 % blank", 3, random_puzzles(3, 30 // k, 0.7)))
    out.append(("16x16, 60 % blank", 4, random_puzzles(4, 6 // k, 0.6)))
    out.append(("16x16, 70 % blank", 4, random_puzzles(4, 6 // k, 0.7)))
    if not quick:
        out.append(("25x25, 60 % blank", 5, random_puzzles(5, 3, 0.6)))
        out.append(("25x25, 70 % blank", 5, random_puzzles(5, 3, 0.7)))
    return out


def warm_up(measured: list[tuple[str, int, list[Grid]]]) -> None:
    """Each method counts one grid of each set here, before the children fork: a child
    then times the counting, not the loading of the kernels of its order or the import
    of PySAT (a second or more per child otherwise, paid again by every child)."""
    with Counters() as counters:
        for _, n, grids in measured:
            for method in ("eup", "pysat"):
                counters.count(grids[0], n, 2, method)


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sets, a smoke run")
    parser.add_argument("--limit", type=float, default=120.0, help="seconds per method and set")
    parser.add_argument("--datasets", type=Path, default=DATASETS)
    args = parser.parse_args(argv)
    lines = [
        "| set | order | eup s | pysat s | faster | ratio | auto |",
        "|---|---:|---:|---:|---|---:|---|",
    ]
    measured = sets(args.quick, args.datasets)
    warm_up(measured)
    for label, n, grids in measured:
        eup, pysat = (timed(n, grids, m, args.limit) for m in ("eup", "pysat"))
        shown = [f"{t:.3f}" if t is not None else f"> {args.limit:g}" for t in (eup, pysat)]
        if eup is None and pysat is None:
            faster, ratio = "-", "-"
        elif pysat is None or (eup is not None and eup <= pysat):
            faster, ratio = "eup", "-" if pysat is None else f"{pysat / eup:.1f}x"
        else:
            faster, ratio = "pysat", "-" if eup is None else f"{eup / pysat:.1f}x"
        lines.append(
            f"| {label} | {n} | {shown[0]} | {shown[1]} | {faster} | {ratio} | {AUTO_METHOD[n]} |"
        )
    text = "\n".join(lines)
    print(text)
    return text


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
