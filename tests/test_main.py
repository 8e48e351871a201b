"""The ``sudoku-sat`` command's entry (sudoku_sat.__main__): OpenBLAS is asked for one
thread before anything imports numpy, unless the user chose a number."""

from __future__ import annotations

import os
import subprocess
import sys

PROBE = (
    "import os, sys\nfrom sudoku_sat import __main__ as m\n"
    "sys.argv = ['sudoku-sat', '--version']\n"
    "try:\n    m.main()\nexcept SystemExit:\n    pass\n"
    "print(os.environ.get('OPENBLAS_NUM_THREADS'))"
)


def run(env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, check=True
    )
    return done.stdout.splitlines()[-1]


def test_openblas_gets_one_thread_unless_the_user_chose() -> None:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    assert run(env) == "1"
    assert run({**env, "OPENBLAS_NUM_THREADS": "4"}) == "4"
