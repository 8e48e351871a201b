"""The project's errors: invalid input raises one of these; the CLI turns it into one line.

A contradictory grid is *not* an error (it is UNSAT); neither is a puzzle an engine
leaves open. Errors are for input that cannot be read and tools that cannot run.
"""

from __future__ import annotations


class SudokuSatError(Exception):
    """Base class of every error the project raises on purpose."""

    exit_code = 2


class InputError(SudokuSatError):
    """Input that cannot be read; the message names the file, line and column."""

    def __init__(self, message: str, source: str = "<input>", line: int = 0, column: int = 0):
        self.source = source
        self.line = line
        self.column = column
        self.reason = message
        where = source
        if line:
            where += f":{line}"
            if column:
                where += f":{column}"
        super().__init__(f"{where}: {message}")


class GridError(InputError):
    """A grid that cannot be parsed: wrong cell count, bad character, value out of range."""


class DimacsError(InputError):
    """A DIMACS file or solver answer that does not follow the format."""


class SolverError(SudokuSatError):
    """A solver that is unknown, missing, crashed or misbehaved."""

    exit_code = 3


class UsageError(SudokuSatError, ValueError):
    """A bad parameter or an unknown name given to a library function (exit code 2).

    It is also a :class:`ValueError`, so library callers may catch either.
    """


DISTRIBUTION = "sudoku-sat-lab"
"""The name on PyPI (``sudoku-sat`` belongs to another project); the command stays sudoku-sat."""


def missing_extra(what: str, extra: str) -> SolverError:
    """The error for an optional dependency that is not installed, naming the extra."""
    return SolverError(f"{what} needs the '{extra}' extra: pip install '{DISTRIBUTION}[{extra}]'")
