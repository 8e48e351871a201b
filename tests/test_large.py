"""Large orders: numpy propagation, the candidate-only CNF, its DIMACS, and the default
commands at every order 2..15 (small instances: mostly propagated, so the suite stays quick).

Counts are checked against PySAT on the full formula (an independent encoding
and solver), on puzzles with one solution, several, and none."""

from __future__ import annotations

import functools
import io
import random
import shutil
from pathlib import Path

import numpy as np
import pytest

from sudoku_sat.dimacs import parse_cnf
from sudoku_sat.encodings.candidates import (
    build,
    dimacs_lines,
    is_valid,
    propagate,
    read_map,
    write_dimacs,
)
from sudoku_sat.grid import MAX_ORDER, MIN_ORDER, Grid
from sudoku_sat.gridio import format_numbers, parse_puzzles
from sudoku_sat.puzzles.checkers import PysatChecker
from sudoku_sat.puzzles.counting import PysatCounter
from sudoku_sat.puzzles.large import count_large, solve_large
from sudoku_sat.puzzles.pattern import as_grid, blanked, mixed, random_grid

from .test_cli import run

ORDERS = range(MIN_ORDER, MAX_ORDER + 1)


def random_puzzle(n: int, seed: int, blank: float) -> Grid:
    return as_grid(blanked(random_grid(n, seed), blank, seed))


def mixed_puzzles(n: int, count: int) -> list[Grid]:
    """Puzzles of a pattern grid with many blanks, some with a wrong clue added."""
    rng = random.Random(n)
    out: list[Grid] = []
    for seed in range(count):
        grid = list(random_puzzle(n, seed, rng.choice((0.5, 0.7, 0.9))))
        if seed % 3 == 2:
            cell = rng.randrange(len(grid))
            grid[cell] = rng.randrange(1, n * n + 1)
        out.append(tuple(grid))
    return out


@pytest.mark.parametrize("n", (2, 3))
def test_candidate_counts_agree_with_pysat_on_the_full_formula(n: int) -> None:
    seen = set()
    with PysatCounter(n) as reference:
        for puzzle in mixed_puzzles(n, 24):
            expected = reference.count(puzzle, cap=6)
            assert count_large(puzzle, n, cap=6) == expected
            seen.add(min(expected, 2))
    assert seen == {0, 1, 2}  # unique, several and contradictory puzzles were all met


def benchmark_puzzles(n: int) -> list[Grid]:
    """Puzzles like the benchmark's (a mixed pattern grid, some blanked), with one, several
    (past 2, and far past the cap) and no solutions (a wrong clue).

    Far past the cap: 50 % blank at order 5, 40 % at order 6, already far past the cap
    of 7 (the count 7 is asserted below). More blanks cost seconds a count: at 90 % blank
    an order-5 count takes 2 to 3 s, and at order 6 cadical195 needs seconds for the
    first model of the candidate CNF (9 s of the suite's time per count)."""
    out: list[Grid] = []
    for seed, blank in enumerate((0.25, 0.3, 0.35, 0.5 if n < 6 else 0.4)):
        grid = mixed(random_grid(n, seed), n, 10 * n**3, seed + 1)
        puzzle = blanked(grid, blank, seed).ravel()
        out.append(as_grid(puzzle))
        clash = puzzle.copy()
        cell = int(np.flatnonzero(clash == 0)[0])
        clash[cell] = grid.ravel()[cell] % (n * n) + 1
        out.append(as_grid(clash))
    return out


@functools.cache
def reference_counts(n: int) -> list[tuple[Grid, int, int]]:
    """(puzzle, cap, min(count, cap)) by PySAT's cadical195 on the full formula, its
    at-most-ones in the product encoding: F_regle's pairwise ones are 3.3 million clauses
    at order 6, 10 to 50 s to build and load, the product's 0.5 million take 3 s."""
    reference = PysatChecker(n, "cadical195", amo="product")
    try:
        counted = [(p, reference.count(p, cap=7)) for p in benchmark_puzzles(n)]
    finally:
        reference.close()
    # counted up to 7 once; up to 2 that is min(count, 2), no second count needed
    return [(p, cap, min(count, cap)) for p, count in counted for cap in (2, 7)]


@pytest.mark.parametrize("n", (5, 6))
def test_large_counts_agree_with_pysat_on_the_full_formula(
    n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the trades' shortcut and without it (every further solution then comes from
    the solver, started at the last one by its phases). One test for both, so that the
    reference (the full formula of order 6 loaded into PySAT, seconds) is built once per
    order, not once per test worker."""
    import sudoku_sat.puzzles.large as large

    references = reference_counts(n)
    for with_trades in (True, False):
        if not with_trades:
            monkeypatch.setattr(large, "trade_closure", lambda *args: None)
        for puzzle, cap, expected in references:
            assert count_large(puzzle, n, cap) == expected, (with_trades, cap, expected)
    seen = {min(expected, 3) for _, _, expected in references}
    assert seen == {0, 1, 2, 3}  # unique, several, far more and contradictory puzzles
    assert max(expected for _, _, expected in references) == 7  # far past: the cap of 7


@pytest.mark.parametrize("pairwise_max", (2, 4, 100))
def test_every_amo_width_gives_the_same_solutions(pairwise_max: int) -> None:
    from pysat.solvers import Solver

    puzzle = random_puzzle(3, 4, 0.55)
    cnf = build(propagate(puzzle, 3), pairwise_max)
    found = 0
    with Solver(name="m22", bootstrap_with=list(cnf.clauses())) as sat:
        while sat.solve():
            true = [lit for lit in sat.get_model() or [] if 0 < lit <= cnf.primary]
            assert is_valid(cnf.decode(true), 3, puzzle)
            sat.add_clause([-lit for lit in true])
            found += 1
    with PysatCounter(3) as reference:
        assert found == reference.count(puzzle, cap=10_000)


def test_propagation_settles_singles_and_finds_contradictions() -> None:
    full = random_grid(4, 1)
    one_blank = full.ravel().copy()
    one_blank[[0, 17, 200]] = 0
    result = propagate(one_blank, 4)
    assert result.status == "solved" and as_grid(np.array(result.grid())) == as_grid(full)
    clash = full.ravel().copy()
    clash[1] = clash[0]
    assert propagate(clash, 4).status == "contradiction"
    assert propagate(np.zeros(81, dtype=np.int32), 3).status == "open"


def test_is_valid_rejects_every_kind_of_defect() -> None:
    full = random_grid(3, 7)
    assert is_valid(full, 3)
    swapped = full.copy()
    swapped[0, [0, 1]] = swapped[0, [1, 0]]  # rows still fine, columns and blocks not
    assert not is_valid(swapped, 3)
    holed = full.copy()
    holed[4, 4] = 0
    assert not is_valid(holed, 3)
    clue = np.zeros_like(full)
    clue[0, 0] = full[0, 0] % 9 + 1
    assert not is_valid(full, 3, clue)


def test_dimacs_bytes_read_back_by_the_strict_reader() -> None:
    puzzle = random_puzzle(3, 2, 0.7)
    cnf = build(propagate(puzzle, 3), 3)
    buf = io.BytesIO()
    write_dimacs(buf, cnf, ["a comment"])
    parsed = parse_cnf(buf.getvalue().decode(), "mem")
    assert parsed.nvars == cnf.nvars and parsed.clauses == list(cnf.clauses())
    lines = [line[1:].strip() for line in buf.getvalue().decode().splitlines() if line[0] == "c"]
    back = read_map(lines, 3)
    assert (back.var_of == cnf.var_of).all() and (back.givens == cnf.givens).all()
    wide = np.array([[-1234567, 8, -9], [10, -20, 3000000000]], dtype=np.int64)
    assert dimacs_lines(wide) == b"-1234567 8 -9 0\n10 -20 3000000000 0\n"


def test_solve_large_without_the_binary_uses_pysat_and_checks_the_grid() -> None:
    puzzle = random_puzzle(5, 3, 0.45)
    by_pysat = solve_large(puzzle, 5, binary=None)
    assert by_pysat.status == "solved" and by_pysat.solver == "cadical195"
    assert is_valid(by_pysat.grid, 5, puzzle)
    clash = list(puzzle)
    clash[0], clash[1] = 1, 1
    assert solve_large(tuple(clash), 5, binary=None).status == "unsat"


def light_puzzle(n: int) -> Grid:
    """A puzzle of order n with about 4 % of its cells blank: propagation solves it."""
    return random_puzzle(n, n, 0.04)


@pytest.mark.parametrize("n", ORDERS)
def test_every_default_command_runs_at_every_order(n: int, tmp_path: Path) -> None:
    puzzle = light_puzzle(n)
    path = tmp_path / "p.txt"
    path.write_text(format_numbers(puzzle, n) + "\n")
    code, out, err = run("solve", str(path), "--format", "numbers")
    assert code == 0, err
    (solved,) = parse_puzzles(out, "out")
    assert solved.n == n and is_valid(solved.grid, n, puzzle)
    assert run("unique", str(path))[0] == 0
    code, out, _ = run("count", str(path))
    assert code == 0 and out.strip() == "1"
    code, out, _ = run("show", str(path), "--format", "numbers")
    assert code == 0 and parse_puzzles(out, "out")[0].grid == puzzle
    cnf = tmp_path / "p.cnf"
    code, _, err = run("encode", str(path), "--encoding", "candidates", "-o", str(cnf))
    assert code == 0, err
    answer = tmp_path / "answer.txt"
    answer.write_text(solver_answer(cnf))
    code, out, err = run("decode", str(answer), "--cnf", str(cnf), "--format", "numbers")
    assert code == 0, err
    assert parse_puzzles(out, "out")[0].grid == solved.grid


def solver_answer(cnf: Path) -> str:
    """The cadical binary's answer on cnf, or PySAT's in the same output form."""
    import subprocess

    if shutil.which("cadical"):
        done = subprocess.run(["cadical", "-q", str(cnf)], capture_output=True, text=True)
        return done.stdout
    from pysat.solvers import Solver

    parsed = parse_cnf(cnf.read_text(), str(cnf))
    with Solver(name="cadical195", bootstrap_with=parsed.clauses) as sat:
        assert sat.solve()
        return "s SATISFIABLE\nv " + " ".join(map(str, sat.get_model() or [])) + " 0\n"


def test_unique_and_count_at_large_order_on_several_and_no_solutions(tmp_path: Path) -> None:
    n = 5
    several = random_puzzle(n, 5, 0.5)
    clash = list(light_puzzle(n))
    clash[0] = 0
    clash[1] = clash[25] = clash[0 + 2] % 25 + 1 if clash[2] else 1
    path = tmp_path / "p.txt"
    path.write_text(format_numbers(several, n) + "\n\n" + format_numbers(tuple(clash), n))
    reference = PysatChecker(n, amo="product")  # the full formula: another encoding, solver
    expected = [reference.count(several, cap=50), reference.count(tuple(clash), cap=50)]
    reference.close()
    assert expected[0] >= 2 and expected[1] == 0
    code, out, _ = run("count", str(path), "--cap", "50")
    assert code == 0 and out.split() == [str(c) if c < 50 else ">=50" for c in expected]
    code, _, err = run("unique", str(path))
    assert code == 4 and "several" in err and "no solution" in err


def test_orders_past_fifteen_are_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(format_numbers(light_puzzle(3), 3) + "\n")
    code, out, err = run("solve", str(path), "--order", "16")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("n", (7, 9, 15))
def test_generate_and_minimize_past_their_range_are_one_line_errors(n: int, tmp_path: Path) -> None:
    code, out, err = run("generate", "--order", str(n), "-q")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    if n > 8:
        path = tmp_path / "p.txt"
        path.write_text(format_numbers(light_puzzle(n), n) + "\n")
        code, out, err = run("minimize", str(path), "-q")
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
        assert "minimize" in err


def test_bench_large_row_runs_the_commands_and_checks_the_solution(tmp_path: Path) -> None:
    from .conftest import load_benchmark

    bench = load_benchmark("bench_large")
    line = bench.row(3, 0.3, 1, 60.0, tmp_path)
    cells = [cell.strip() for cell in line.strip("|").split("|")]
    assert cells[0] == "9x9" and cells[4] == "yes" and cells[3].endswith("MB")
    assert "(unique)" in cells[5] or "(several)" in cells[5]


def test_bench_large_sweep_states_its_command_and_times_cadical(tmp_path: Path) -> None:
    from .conftest import load_benchmark

    bench = load_benchmark("bench_large")
    lines = bench.sweep([3], [0.0, 0.6], 0, 60.0)
    assert lines[0].startswith("`benchmarks/bench_large.py --sweep --orders 3 --blanks 0,0.6")
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in lines[4:]]
    assert rows[0][:2] == ["9x9", "0%"] and rows[0][-1] == "solved by propagation"
    assert rows[1][-1] in ("SAT", "solved by propagation")
