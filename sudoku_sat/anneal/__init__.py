"""Simulated annealing for Sudoku: Sirdey's annealer as published, and a swap annealer.

Layers, bottom up: :mod:`.params` (parameters and schedule formulas), :mod:`.model`
(cost, puzzle tables, starts, the RNG), :mod:`.results` (what tries return, traces),
:mod:`.reference` (pure-Python tries) and :mod:`.kernel` (the same tries compiled with
numba), :mod:`.driver` (runs tries, picks the back-end), :mod:`.trace` (CSV) and
:mod:`.plot` (matplotlib).
"""

from __future__ import annotations

from .driver import anneal, solve_engine
from .model import cost
from .params import VARIANTS, SirdeyParams, SwapParams, final_temperature, level_count, max_cost
from .results import AnnealResult, Trace

__all__ = [
    "VARIANTS",
    "AnnealResult",
    "SirdeyParams",
    "SwapParams",
    "Trace",
    "anneal",
    "cost",
    "final_temperature",
    "level_count",
    "max_cost",
    "solve_engine",
]
