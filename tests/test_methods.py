"""sudoku_sat.methods: one grammar, NAME[:DETAIL], for every --method and --methods."""

from __future__ import annotations

import pytest

from sudoku_sat.errors import UsageError
from sudoku_sat.methods import (
    CHECK,
    COMPARE,
    COUNT,
    LEVELS,
    SOLVE,
    Method,
    one_backend,
    parse_method,
    parse_methods,
    spelled,
)


@pytest.mark.parametrize(
    ("text", "accepted", "method"),
    [
        ("auto", SOLVE, Method("auto")),
        ("pysat", SOLVE, Method("pysat")),
        ("pysat:g4", SOLVE, Method("pysat", "g4")),
        (" bin:cadical ", SOLVE, Method("bin", "cadical")),
        ("fl2:python", LEVELS, Method("fl2", "python")),
        ("rup:numba", CHECK, Method("rup", "numba")),
        ("all", COUNT, Method("all")),
    ],
)
def test_a_method_reads_as_name_and_detail(
    text: str, accepted: tuple[str, ...], method: Method
) -> None:
    assert parse_method(text, accepted) == method
    assert str(method) == text.strip()


@pytest.mark.parametrize(
    ("text", "accepted", "message"),
    [
        ("ganak", SOLVE, "unknown method; this command takes auto, pysat[:NAME], bin:NAME"),
        ("bin", SOLVE, "bin needs a program"),
        ("bin:", SOLVE, "bin needs a program"),
        ("pysat:", SOLVE, "nothing after ':'"),
        ("eup:fast", SOLVE, "eup takes no ':' detail"),
        ("up:gpu", LEVELS, "the back-end is one of auto, numba, python"),
        ("", COUNT, "unknown method"),
    ],
)
def test_a_bad_method_is_one_line_naming_what_the_command_takes(
    text: str, accepted: tuple[str, ...], message: str
) -> None:
    with pytest.raises(UsageError, match=r"^--method") as raised:
        parse_method(text, accepted)
    assert message in str(raised.value) and "\n" not in str(raised.value)


def test_a_list_of_methods_and_none() -> None:
    assert parse_methods("up, fl ,pysat:m22,bin:kissat", COMPARE) == (
        Method("up"),
        Method("fl"),
        Method("pysat", "m22"),
        Method("bin", "kissat"),
    )
    assert parse_methods("none", COMPARE) == ()
    with pytest.raises(UsageError, match="^--methods 'eup'"):
        parse_methods("up,eup", COMPARE)


def test_in_house_methods_share_one_backend() -> None:
    assert one_backend(parse_methods("up:python,fl:python", LEVELS)) == "python"
    assert one_backend(parse_methods("up,pysat:g4", COMPARE)) == "auto"
    with pytest.raises(UsageError, match="same back-end"):
        one_backend(parse_methods("up:python,fl", LEVELS))


def test_help_spells_every_name() -> None:
    assert spelled(("auto", "pysat", "bin", "fl")) == "auto, pysat[:NAME], bin:NAME, fl[:python]"
