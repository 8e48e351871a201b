"""jobs/route.py, the one place that picks a puzzle's engine and honours or refuses the
options a command was given."""

from __future__ import annotations

import pytest

from sudoku_sat.errors import UsageError
from sudoku_sat.jobs.route import (
    CLASSIC,
    CLASSIC_ONLY,
    LARGE,
    REASONS,
    SESSION,
    check_options,
    classic_only,
    engine_of,
    engines,
)
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants.constraints.killer import Cage

from .conftest import TRES_DIFFICILE

CLASSIC_9 = Puzzle(9, tuple(int(ch) for ch in TRES_DIFFICILE))
BLANK_16 = Puzzle(16, (0,) * 256)
BLANK_25 = Puzzle(25, (0,) * 625)
BLANK_6 = Puzzle(6, (0,) * 36)
KILLER = Puzzle(4, (0,) * 16, "killer", constraints=(Cage((12, 13), 4),))


@pytest.mark.parametrize(
    ("p", "engine"),
    [
        (CLASSIC_9, CLASSIC),
        (BLANK_16, CLASSIC),
        (Puzzle(4, (0,) * 16), CLASSIC),
        (BLANK_25, LARGE),
        (KILLER, SESSION),
        (BLANK_6, SESSION),  # 2x3 boxes: the classic engines take square boxes only
    ],
    ids=["9x9", "16x16", "4x4", "25x25", "killer", "6x6"],
)
def test_engine_of_each_kind_of_puzzle(p: Puzzle, engine: str) -> None:
    assert engine_of(p) == engine


def test_a_killer_at_9x9_goes_to_the_session_too() -> None:
    killer = CLASSIC_9.with_constraints((Cage((0, 1), 15),))
    assert engine_of(killer) == SESSION
    assert engines([CLASSIC_9, killer, BLANK_25]) == {CLASSIC, SESSION, LARGE}


def test_check_options_refuses_encoding_on_a_killer_naming_the_flag() -> None:
    with pytest.raises(UsageError) as caught:
        check_options([CLASSIC_9, KILLER], {"encoding": "--encoding"})
    message = str(caught.value)
    assert message.startswith("--encoding: ")
    assert REASONS["encoding"] in message
    assert "\n" not in message


def test_check_options_names_the_flag_as_typed() -> None:
    with pytest.raises(UsageError, match=r"^--t-final: "):
        check_options([KILLER], {"tf": "--t-final"})


@pytest.mark.parametrize("name", sorted(CLASSIC_ONLY))
def test_every_classic_only_option_is_refused_on_a_session_puzzle_only(name: str) -> None:
    flag = "--" + name.rstrip("_").replace("_", "-")
    for classic in (CLASSIC_9, BLANK_16, BLANK_25):
        check_options([classic], {name: flag})  # honoured: no error
    for p in (KILLER, BLANK_6):
        with pytest.raises(UsageError, match=f"^{flag}: "):
            check_options([CLASSIC_9, p], {name: flag})


def test_options_every_engine_honours_pass() -> None:
    check_options([KILLER, BLANK_6], {"method": "--method", "timeout": "--timeout"})
    check_options([], {"encoding": "--encoding"})


def test_classic_only_refuses_a_batch_with_one_session_puzzle() -> None:
    classic_only([CLASSIC_9, BLANK_25], "anneal", "why")
    with pytest.raises(UsageError, match=r"^anneal takes classic grids only: why$"):
        classic_only([CLASSIC_9, KILLER], "anneal", "why")
