"""Compile (or load) the numba kernels once, before the test workers start.

``python tests/warm_kernels.py GROUP`` runs a few small commands in this process that
reach every compiled kernel of that group; numba writes each one into the per-user cache
(:mod:`sudoku_sat.kernel_cache`), and every test worker started afterwards loads it
from there instead of compiling it again. ``tests/conftest.py`` runs the two groups side
by side (one per core) before ``pytest -n`` starts its workers; with a warm cache this
takes a few seconds. The commands check nothing: the tests do.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from typer.testing import CliRunner

from sudoku_sat.cli import app

HARD = "700000400020070080003008009000500300060020090001007006000300900030040060009001005"
GROUPS: dict[str, list[list[str]]] = {
    "search": [  # the EUP search, greedy emptying, witnesses, RUP checking
        ["unique", "-", "--method", "eup"],  # 40 copies: past bulk.SMALL's pure-Python start
        ["count", "-", "--method", "eup"],
        ["generate", "-k", "1", "--seed", "1"],
        ["generate", "-k", "1", "--seed", "1", "--method", "eup"],
        ["generate", "-n", "4", "-k", "1", "--seed", "1"],
    ],
    "propagation": [  # UP/FL kernels, the batch ladder, GAC, annealing
        ["propagate", "--encoding", "minimal", "-", "--method", "fl:numba"],
        ["propagate", "--encoding", "minimal", "-", "--method", "fl2:numba"],
        ["rate", "-"],
        ["ladder", "--dataset", "-", "--depth"],
        ["unique", "-", "--certify", "{tmp}/certs"],
        ["explain", "-"],
        ["solve", "-", "--method", "gac"],
        ["solve", "-", "--method", "up"],
        ["solve", "-", "--method", "fl"],
        ["anneal", "-", "--method", "sirdey", "--tries", "1", "--max-iterations", "2000"],
        ["anneal", "-", "--method", "swap", "--tries", "1", "--max-iterations", "2000"],
    ],
}


def warm(group: str) -> None:
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as tmp:
        for command in GROUPS[group]:
            args = [a.replace("{tmp}", tmp) for a in command]
            many = args[0] in ("unique", "count") and "--certify" not in args
            result = runner.invoke(app, args, "\n".join([HARD] * (40 if many else 1)))
            print(result.exit_code, " ".join(args), flush=True)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    warm(sys.argv[1])
