"""``python -m sudoku_sat``: the same CLI as ``sudoku-sat``."""

from .cli import app

app(prog_name="sudoku-sat")
