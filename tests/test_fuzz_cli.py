"""Fuzzing what a user types beyond grids: f-puzzles JSON structures and option values.

Hypothesis builds f-puzzles objects with every key (known, unknown, cosmetic) given
values of every JSON type, grids of the wrong shape, cells of the wrong type, cell names
inside, outside and beside the grid, and nesting; the f-puzzles reader may only raise
InputError (one line). Whole commands (in-process) read the same objects, and every
command's every option gets hostile values (huge, negative, NaN, not a number, paths):
the exit code is in the documented set, an error is one line on stderr, never a
traceback. benchmarks/hostile.py replays a fixed corpus of the same kinds as whole
processes, with signals and leftovers counted.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sudoku_sat.cli import COMMANDS, app, load
from sudoku_sat.errors import InputError
from sudoku_sat.variants.fpuzzles import parse_variants

from .conftest import TRES_DIFFICILE

runner = CliRunner()
EXIT_CODES = {0, 1, 2, 3, 4}
KEYS = [
    "size", "grid", "solution", "killercage", "extraregion", "thermometer", "arrow",
    "difference", "ratio", "xv", "odd", "even", "negative", "diagonal+", "diagonal-",
    "antiknight", "antiking", "nonconsecutive", "disjointgroups", "palindrome", "title",
    "cage", "line", "unknown", "givenPencilMarks", "value", "region",
]  # fmt: skip
CELL_NAMES = st.one_of(
    st.builds(lambda r, c: f"R{r}C{c}", st.integers(-1, 18), st.integers(-1, 18)),
    st.sampled_from(["r1c1", " R1 C2 ", "R1C", "RC", "", "R٣C1", "R99999999999C1", "X"]),
)
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(allow_nan=True),
    st.text(max_size=8), CELL_NAMES, st.sampled_from(["X", "V", "ratio", "xv", "3", "-2"]),
)  # fmt: skip
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.sampled_from(["cells", "value", "lines", "cell", "given"]), inner),
    ),
    max_leaves=20,
)


@st.composite
def cell(draw: st.DrawFn) -> Any:
    """A grid cell: usually an object with a value, sometimes anything."""
    if draw(st.integers(0, 5)) == 0:
        return draw(JSON)
    keys = st.sampled_from(["value", "given", "region", "givenPencilMarks", "c"])
    return draw(st.dictionaries(keys, st.one_of(st.integers(-1, 17), JSON), max_size=2))


@st.composite
def fpuzzles(draw: st.DrawFn) -> dict[str, Any]:
    """An f-puzzles object: a size, a grid near that size, then any keys with any values."""
    size = draw(st.sampled_from([4, 6, 9, 9, 9, 16, 0, 3, 17, -1, True, "9"]))
    side = size if isinstance(size, int) and 0 < size <= 16 else 9
    rows = side + draw(st.sampled_from([0, 0, 0, 0, -1, 1]))
    grid: list[Any] = [[{} for _ in range(side)] for _ in range(max(rows, 0))]
    for _ in range(draw(st.integers(0, 4)) if grid else 0):
        row = draw(st.integers(0, len(grid) - 1))
        grid[row][draw(st.integers(0, side - 1))] = draw(cell())
    if grid and draw(st.integers(0, 9)) == 0:
        grid[draw(st.integers(0, len(grid) - 1))] = draw(JSON)
    data: dict[str, Any] = {"size": size, "grid": grid}
    for key in draw(st.lists(st.sampled_from(KEYS), max_size=4)):
        data[key] = draw(JSON)
    return data


READER_EXAMPLES = 150
COMMAND_EXAMPLES = 40
"""Whole commands in-process (10 ms to 1 s each); benchmarks/hostile.py runs thousands."""


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None, max_examples=READER_EXAMPLES)
@given(fpuzzles(), st.booleans())
def test_fpuzzles_reader_raises_only_input_errors(data: dict[str, Any], per_line: bool) -> None:
    text = json.dumps(data) if per_line else json.dumps(data, indent=1)
    try:
        puzzles = parse_variants(text, "<fuzz>")
    except InputError as exc:
        assert "\n" not in str(exc)
        return
    for puzzle in puzzles:
        assert all(0 <= v <= puzzle.size for v in puzzle.grid)


def assert_clean(result: Any) -> None:
    """An exit code of the documented set, no traceback, an error in one line."""
    assert result.exit_code in EXIT_CODES, (result.exit_code, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    if result.exit_code >= 2:
        lines = [line for line in result.stderr.split("\n")[:-1] if not line.startswith("note:")]
        assert len(lines) == 1 and lines[0].startswith("sudoku-sat: "), result.stderr


@settings(
    suppress_health_check=[HealthCheck.too_slow], deadline=None, max_examples=COMMAND_EXAMPLES
)
@given(
    fpuzzles(),
    st.sampled_from([["show", "-"], ["encode", "-"], ["show", "-", "--format", "fpuzzles"]]),
)
def test_commands_on_fpuzzles_json_exit_cleanly(data: dict[str, Any], command: list[str]) -> None:
    assert_clean(runner.invoke(app, command, input=json.dumps(data)))


DASK = ("--scheduler", "--connect-timeout")
"""Left to tests/test_batch_cluster.py: each value would start Dask's client (seconds)."""


def options() -> list[tuple[str, str]]:
    """(command, option) for every option of every command that takes a value."""
    out = []
    for name in COMMANDS:
        for param in load(name).params:
            flag = getattr(param, "is_flag", False)
            if param.param_type_name == "option" and not flag and param.opts[0] not in DASK:
                out.append((name, param.opts[0]))
    return out


ARGUMENTS = {
    "check-proof": ["f.cnf", "f.drup"], "decode": ["ans.txt"], "propagate": ["f.cnf"],
    "generate": ["--seed", "1", "--order", "2"], "census": [], "certify": ["p.txt", "certs"],
    "anneal": ["p.txt", "--tries", "1", "--max-iterations", "200000"],
}  # fmt: skip
"""Each command's arguments beside the hostile option, which comes last and so wins over
them: generate makes a 4x4 puzzle (a 9x9 one certified took 2.5 s), anneal tries once
for a bounded time (its defaults, 10 tries with no cap, took 21 s at --t0 7.6e15)."""
HOSTILE = st.one_of(
    st.integers(-(10**40), 0).map(str),
    st.integers(10**7, 10**40).map(str),
    st.floats().map(str),
    st.sampled_from(["nan", "inf", "-inf", "", "abc", "٣", "x" * 3000, "/nonexistent/x", "."]),
    st.text(max_size=12).filter(lambda t: not t.startswith(("/", "~"))),  # nothing outside
)


@pytest.fixture(scope="module")
def every_option() -> list[tuple[str, str]]:
    return options()


@settings(
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    deadline=None,
    max_examples=COMMAND_EXAMPLES,
)
@given(data=st.data())
def test_every_option_with_hostile_values_exits_cleanly(
    data: st.DataObject, every_option: list[tuple[str, str]], tmp_path_factory: Any
) -> None:
    command, option = data.draw(st.sampled_from(every_option))
    value = data.draw(HOSTILE)
    folder = tmp_path_factory.mktemp("opt")
    (folder / "p.txt").write_text(TRES_DIFFICILE + "\n")
    (folder / "f.cnf").write_text("p cnf 2 2\n1 0\n-1 2 0\n")
    (folder / "f.drup").write_text("2 0\n0\n")
    (folder / "ans.txt").write_text("SAT\n1 0\n")
    arguments = ARGUMENTS.get(command, ["p.txt"])
    here = os.getcwd()
    os.chdir(folder)  # an output path drawn as a value lands in the test's folder
    try:
        result = runner.invoke(app, [command, *arguments, option, value, *quiet(command)])
    finally:
        os.chdir(here)
    assert_clean(result)


def quiet(command: str) -> list[str]:
    return ["-q"] if command in ("generate", "minimize", "rate") else []
