"""The killer batch of issue 40: ``sudoku-sat unique FILE`` on the 36 real killers of
``benchmarks/data/killers.jsonl`` as one whole process, beside sigh's solver counting the
same puzzles to 2 (``node count.mjs FILE 2``, ``../shared/peers/sigh``) as one Node
process, rounds alternated (ours, sigh's, ours, ...), then each puzzle's CPU time in one
``Session`` (the SAT path) and on the killer kernel (``variants/killer_search.py``, where
``auto`` sends them), the hardest first.

    python benchmarks/bench_killers.py [--rounds 5]

Prints, per command, the median and range of the wall and CPU (user + system) time of a
whole process, and the ratio sigh / sudoku-sat of each round's pair (above 1: faster than
sigh), then each puzzle's CPU (and the kernel's search nodes). Every verdict must be
"unique (the file's solution)" and every sigh count 1.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from real_variants import SIGH, to_sigh  # noqa: E402

from sudoku_sat.variants.fpuzzles import parse_variants  # noqa: E402
from sudoku_sat.variants import killer_search  # noqa: E402
from sudoku_sat.variants.solve import Session  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "killers.jsonl"


def cases() -> list[tuple[str, dict[str, object]]]:
    """(name, f-puzzles object) of every killer of the data file."""
    out = []
    for line in DATA.read_text().splitlines():
        if line.startswith("{"):
            case = json.loads(line)
            out.append((case["origin"].split(":")[0], case["puzzle"]))
    return out


def timed(cmd: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds of one whole process, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def summary(label: str, values: list[float]) -> str:
    return f"{label} median {statistics.median(values):.2f} s ({min(values):.2f}-{max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    named = cases()
    puzzles = [parse_variants(json.dumps(p), name)[0] for name, p in named]
    ours = [str(Path(sys.executable).parent / "sudoku-sat"), "unique"]
    print(f"{len(named)} killers; load average {os.getloadavg()[0]:.1f} at the start")
    with tempfile.TemporaryDirectory() as folder:
        fp, sigh = Path(folder) / "killers.jsonl", Path(folder) / "killers.sigh"
        fp.write_text("".join(json.dumps(p) + "\n" for _, p in named))
        sigh.write_text("".join(to_sigh(p) + "\n" for p in puzzles))
        theirs = ["node", str(SIGH / "count.mjs"), str(sigh), "2"]
        a_wall, a_cpu, b_wall, b_cpu = [], [], [], []
        for _ in range(args.rounds):
            wall, cpu, out = timed([*ours, str(fp)])
            assert out.count("unique (the file's solution)") == len(named), out
            a_wall.append(wall)
            a_cpu.append(cpu)
            wall, cpu, out = timed(theirs)
            assert [line.split("\t")[0] for line in out.splitlines()] == ["1"] * len(named)
            b_wall.append(wall)
            b_cpu.append(cpu)
    print(summary("sudoku-sat unique, wall", a_wall), summary("CPU", a_cpu))
    print(summary("sigh count.mjs 2, wall", b_wall), summary("CPU", b_cpu))
    ratio = [b / a for a, b in zip(a_wall, b_wall, strict=True)]
    ratio_cpu = [b / a for a, b in zip(a_cpu, b_cpu, strict=True)]
    print(
        f"sigh / sudoku-sat: wall {statistics.median(ratio):.2f}x, CPU "
        f"{statistics.median(ratio_cpu):.2f}x (medians of the {args.rounds} pairs)"
    )
    killer_search.solutions(puzzles[0], 2)  # the kernel loaded before the clock starts
    for label, solve in (
        ("one session", Session().unique),
        ("the killer kernel (what auto runs)", lambda p: killer_search.solutions(p, 2)),
    ):
        times = []
        nodes: dict[str, int] = {}
        for (name, _), p in zip(named, puzzles, strict=True):
            start = time.process_time()
            out = solve(p)
            times.append((time.process_time() - start, name))
            if isinstance(out, tuple):  # the kernel's (solutions, nodes)
                nodes[name] = out[1]
        times.sort(reverse=True)
        median = statistics.median(t for t, _ in times)
        hardest = ", ".join(
            f"{name} {t:.2f} s" + (f" ({nodes[name]:,} nodes)" if name in nodes else "")
            for t, name in times[:6]
        )
        total = sum(t for t, _ in times)
        searched = f", {sum(nodes.values()):,} nodes" if nodes else ""
        print(
            f"{label}, CPU per puzzle: total {total:.2f} s{searched}, median {median:.3f} s; "
            f"{hardest}"
        )
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
