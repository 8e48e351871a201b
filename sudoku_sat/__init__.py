"""sudoku-sat: Sudoku to SAT and back.

Modules: ``grid`` (vocabulary), ``gridio`` (reading and drawing grids), ``encoding`` (the
Centrale 2014 formula), ``dimacs`` (CNF files and solver answers), ``solvers`` (PySAT and
binaries), ``engines`` (in-house engines by name), ``errors``; ``cli`` is the command line.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("sudoku-sat-lab")
except PackageNotFoundError:  # run from a source tree that is not installed
    __version__ = "0.2.0"
