"""The Python API (sudoku_sat.api): docs/api.md run by doctest, the README's and the
page's Python example run as written, and each function against the command line's
engines."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import sudoku_sat as ss
from sudoku_sat.errors import GridError, InputError, SolverError, SudokuSatError, UsageError

from .conftest import TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION

ROOT = Path(__file__).resolve().parents[1]


def python_blocks(path: Path) -> list[str]:
    """The ```python blocks of a Markdown file that use the API."""
    blocks = re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)
    return [b for b in blocks if "import sudoku_sat" in b]


def test_docs_api_md_passes_doctest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = doctest.testfile(
        str(ROOT / "docs" / "api.md"),
        module_relative=False,
        globs={"tmp": tmp_path, "docs": ROOT / "docs"},
        optionflags=doctest.ELLIPSIS,
    )
    assert result.attempted >= 30 and result.failed == 0


@pytest.mark.parametrize("page", ["README.md", "docs/api.md"])
def test_the_python_example_runs_as_written(
    page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocks = python_blocks(ROOT / page)
    assert blocks, f"{page} has no Python example"
    monkeypatch.chdir(tmp_path)
    for block in blocks:
        exec(compile(block, page, "exec"), {})
    assert (tmp_path / "out" / "puzzle-00001.drup").is_file()


def test_parse_reads_every_grid_format_and_str_reads_back() -> None:
    p = ss.parse(TRES_DIFFICILE)
    rows = "\n".join(TRES_DIFFICILE[i : i + 9] for i in range(0, 81, 9))
    numbers = "\n".join(" ".join(TRES_DIFFICILE[i : i + 9]) for i in range(0, 81, 9))
    for text in (rows, numbers, str(p)):
        assert ss.parse(text) == ss.parse(TRES_DIFFICILE)
    assert str(p) == TRES_DIFFICILE.replace("0", ".")
    with pytest.raises(GridError, match="expected one puzzle, found 2"):
        ss.parse(TRES_DIFFICILE + "\n" + TRES_DIFFICILE)
    with pytest.raises(InputError, match="'grid' must be 9 rows of 9 cells"):
        ss.parse('{"size": 9, "grid": []}')
    with pytest.raises(GridError, match=":1:3: illegal character"):
        ss.parse("12x" + "." * 78)


def test_read_takes_a_file(tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f"# two puzzles\n{TRES_DIFFICILE}\n{TRES_DIFFICILE_SOLUTION}\n")
    first, second = ss.read(path)
    assert ss.solve(first) == second.__class__(9, second.grid, first.origin)
    assert first.origin.endswith("two.txt:2")


@pytest.mark.parametrize("method", ["auto", "eup", "gac", "pysat", "pysat:g4"])
def test_solve_by_every_method_gives_the_one_solution(method: str) -> None:
    solved = ss.solve(ss.parse(TRES_DIFFICILE), method=method)
    assert solved is not None and str(solved) == TRES_DIFFICILE_SOLUTION


def test_a_contradictory_grid_has_no_solution_and_count_zero() -> None:
    clash = ss.parse("11" + "." * 79)
    assert ss.solve(clash) is None and ss.count(clash, cap=5) == 0
    assert not ss.is_unique(clash)


@pytest.mark.parametrize("method", ["auto", "eup", "pysat", "pysat:cd19"])
def test_count_stops_at_the_cap(method: str) -> None:
    blank = ss.parse("." * 81)
    assert ss.count(blank, cap=7, method=method) == 7
    assert ss.count(ss.parse(TRES_DIFFICILE), cap=7, method=method) == 1


def test_unknown_methods_and_caps_are_refused() -> None:
    p = ss.parse(TRES_DIFFICILE)
    with pytest.raises(UsageError):
        ss.count(p, cap=0)
    with pytest.raises((UsageError, SolverError)):
        ss.count(p, method="nonsense")
    with pytest.raises((UsageError, SolverError)):
        ss.solve(p, method="pysat:nonsense")
    with pytest.raises((UsageError, SolverError)):
        ss.solve(p, method="bin:no-such-solver-here")


def test_a_propagation_engine_that_stops_short_is_a_solver_error() -> None:
    hardest = ss.parse(
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    )
    with pytest.raises(SolverError, match="partial"):
        ss.solve(hardest, method="up")


def test_minimize_refuses_a_puzzle_with_several_solutions() -> None:
    with pytest.raises(SolverError, match="several"):
        ss.minimize(ss.parse("." * 81))


def test_encode_matches_the_cli_encoding() -> None:
    cnf = ss.encode(ss.parse(TRES_DIFFICILE), encoding="minimal", amo="sequential")
    text = cnf.dimacs()
    assert f"p cnf {cnf.nvars} {len(cnf.clauses)}" in text.splitlines()
    with pytest.raises(SudokuSatError, match="unknown encoding"):
        ss.encode(ss.parse(TRES_DIFFICILE), encoding="nonsense")
