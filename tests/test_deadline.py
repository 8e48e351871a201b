"""Time limits: a user's --timeout read once, and the deadline in-house engines check."""

from __future__ import annotations

import time

import pytest

from sudoku_sat.deadline import Deadline, TimedOut, effective_timeout
from sudoku_sat.errors import SudokuSatError


def test_effective_timeout() -> None:
    assert effective_timeout(None) is None and effective_timeout(float("inf")) is None
    assert effective_timeout(1e10) is None and effective_timeout(2.5) == 2.5
    for bad in (float("nan"), 0.0, -1.0, float("-inf")):
        with pytest.raises(SudokuSatError):
            effective_timeout(bad)


def test_deadline() -> None:
    assert not Deadline(None).passed() and not Deadline(float("inf")).passed()
    soon = Deadline(0.01)
    assert not soon.passed()
    time.sleep(0.03)
    assert soon.passed()
    with pytest.raises(TimedOut, match="timeout after 0.01 s"):
        soon.check()
