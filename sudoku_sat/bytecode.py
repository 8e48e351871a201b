"""Byte-compile sudoku-sat and the modules its commands import, once after installing.

Python caches compiled modules in ``__pycache__`` as it imports them, unless it may not
write there or ``PYTHONDONTWRITEBYTECODE`` is set; then every run compiles each module
again: about 140 modules, 0.15 s of each command's start-up (measured: ``sudoku-sat unique``
of one killer, 0.30 s without the cache, 0.16 s with it). ``make`` installs with
``pip --no-compile`` (byte-compiling every installed package doubled the install time), so
``python -m sudoku_sat.bytecode`` compiles what a command needs instead: the package, and
every module loaded by importing the CLI and by reading and solving a variant puzzle and a
classic grid. Reading a cache needs no permission, so the runs after it start fast.
"""

from __future__ import annotations

import compileall
import contextlib
import importlib
import io
import py_compile
import sys
from pathlib import Path

STARTUP = (
    "sudoku_sat.cli",
    "sudoku_sat.variants.fpuzzles",
    "sudoku_sat.variants.solve",
    "sudoku_sat.variants.cpsat",
    "sudoku_sat.bulk",
    "pysat.solvers",
    "pysat.card",
    "numpy",  # the sum shapes' (arrows, sum lines, little killers) first import
    "ortools.sat.python.cp_model",  # CP-SAT, the check of generate --rule, imports pandas:
    # 0.75 s of compiling in every such command without the cache (measured 2026-12-02)
)
"""Modules whose imports a command's start-up pays for (each imports its own)."""


def compile_package() -> int:
    """Byte-compile every module of the package; the number of failures (0 when all
    compiled or were already current)."""
    root = Path(__file__).resolve().parent
    return 0 if compileall.compile_dir(str(root), quiet=1, workers=0) else 1


def compile_loaded() -> int:
    """Byte-compile every loaded module whose cache is missing; the number compiled.
    A folder that refuses writes is passed over (the module still runs, compiled anew)."""
    done = 0
    for module in list(sys.modules.values()):
        source = getattr(module, "__file__", None)
        cached = getattr(module, "__cached__", None)
        if not source or not cached or not source.endswith(".py") or Path(cached).exists():
            continue
        with contextlib.suppress(OSError, py_compile.PyCompileError):
            py_compile.compile(source, cfile=cached, doraise=True)
            done += 1
    return done


def load_startup() -> None:
    """Import the modules of the start-up path, and run ``--help`` in-process (typer loads
    its help and parsing modules lazily)."""
    for name in STARTUP:
        with contextlib.suppress(ImportError):  # an optional extra not installed
            importlib.import_module(name)
    from .cli import app

    quiet = io.StringIO()
    with (
        contextlib.redirect_stdout(quiet),
        contextlib.redirect_stderr(quiet),
        contextlib.suppress(SystemExit),
    ):
        app(["unique", "--help"], prog_name="sudoku-sat")


def main() -> None:
    load_startup()
    failed = compile_package()
    compiled = compile_loaded()
    if failed:
        print("byte-compiled what could be (a folder refused writes)")
    else:
        print(f"byte-compiled sudoku-sat and {compiled} modules it imports")


if __name__ == "__main__":
    main()
