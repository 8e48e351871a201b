"""Making puzzles end to end: seeds reproduce, workers agree, bad puzzles are refused."""

from __future__ import annotations

import pytest

from sudoku_sat.batch import LocalProcesses
from sudoku_sat.errors import SudokuSatError
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.puzzles.checkers import independent_of, resolve_checker
from sudoku_sat.puzzles.emptying import Schedule
from sudoku_sat.puzzles.maker import MakeOptions, make_many, make_one, minimize_many, rng_for
from tests.conftest import EASY
from tests.shared_pool import shared_pool


def test_seed_and_index_fix_the_random_stream() -> None:
    assert rng_for(3, 1).random() == rng_for(3, 1).random() != rng_for(3, 2).random()


def test_same_seed_same_puzzles_and_order_does_not_matter() -> None:
    options = MakeOptions(n=3, seed=42)
    forward = [m.puzzle for m in make_many(options, 3)]
    assert forward == [m.puzzle for m in make_many(options, 3)]
    assert make_one(options, 2).puzzle == forward[2]
    assert len(set(forward)) == 3
    assert forward != [m.puzzle for m in make_many(MakeOptions(n=3, seed=43), 3)]


def test_workers_reproduce_the_single_process_run() -> None:
    options = MakeOptions(n=2, seed=5)
    single = [m.puzzle for m in make_many(options, 4)]
    assert [m.puzzle for m in make_many(options, 4, shared_pool())] == single


def test_no_more_workers_than_puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    """--jobs 1000 for one puzzle makes it here, starting no pool of 1000 processes."""
    import concurrent.futures  # LocalProcesses imports its pool from there when it runs

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", None)  # a pool would fail
    options = MakeOptions(n=2, seed=5)
    with LocalProcesses(1000) as executor:
        made = [m.puzzle for m in make_many(options, 1, executor)]
    assert made == [make_one(options, 0).puzzle]


@pytest.mark.parametrize("fill", ["backtrack", "permute", "anneal"])
@pytest.mark.parametrize("how", ["greedy", "anneal"])
def test_every_way_gives_a_verified_puzzle(fill: str, how: str) -> None:
    options = MakeOptions(3, fill, how, schedule=Schedule(1.0, 0.5, 0.001), seed=1)
    made = make_one(options, 0)
    judge = independent_of(resolve_checker("auto", 3), 3)
    assert made.ok and made.verdict is not None and made.verdict.method == judge
    assert made.solution is not None and made.stats["fill_seconds"] >= 0


def test_eup_checker_is_verified_by_pysat_or_the_batch_engine() -> None:
    made = make_one(MakeOptions(n=2, checker="eup", seed=0), 0)
    assert made.ok and made.verdict is not None and made.verdict.method == "pysat"
    pytest.importorskip("numba")
    made = make_one(MakeOptions(n=3, checker="eup", seed=0), 0)
    assert made.ok and made.verdict is not None and made.verdict.method == "batch"
    assert independent_of("auto", 3) == "batch" and independent_of("auto", 4) == "pysat"


def test_the_batch_verifier_counts_like_pysat() -> None:
    pytest.importorskip("numba")
    from sudoku_sat.puzzles.checkers import make_checker

    batch, pysat = make_checker("batch", 3), make_checker("pysat", 3)
    easy = parse_puzzles(EASY)[0].grid
    loose = tuple(v if c < 30 else 0 for c, v in enumerate(easy))
    clash = (1, 1) + (0,) * 79
    for grid in (easy, loose, clash, (0,) * 81):
        assert [batch.count(grid, cap) for cap in (1, 2, 5)] == [
            pysat.count(grid, cap) for cap in (1, 2, 5)
        ]
    assert batch.still_unique(easy, easy, []) and not batch.still_unique(loose, easy, [])


def test_minimize_refuses_non_unique_and_unsat_puzzles() -> None:
    easy = parse_puzzles(EASY)[0].grid
    loose = tuple(v if c < 30 else 0 for c, v in enumerate(easy))
    clash = (1, 1) + (0,) * 79
    made = list(minimize_many(MakeOptions(seed=0), [(3, easy), (3, loose), (3, clash)]))
    assert made[0].ok and made[0].puzzle is not None
    assert all(s in (0, e) for s, e in zip(made[0].puzzle, easy, strict=True))
    assert made[1].puzzle is None and "several solutions" in made[1].detail
    assert made[2].puzzle is None and "no solution" in made[2].detail


@pytest.mark.parametrize(
    ("field", "value"), [("fill", "magic"), ("empty", "magic"), ("checker", "magic")]
)
def test_options_are_checked(field: str, value: str) -> None:
    with pytest.raises(SudokuSatError, match="unknown"):
        MakeOptions(**{field: value})  # type: ignore[arg-type]


def test_exhaustive_is_refused_beyond_4x4() -> None:
    with pytest.raises(SudokuSatError, match="4x4"):
        MakeOptions(n=3, empty="exhaustive")
