"""The API's arguments (sudoku_sat/arguments.py): every bad one is the project's error in
one line, checked before any work or any file written; the API and the CLI agree."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import sudoku_sat as ss
from sudoku_sat.arguments import MAX_COUNT, shown
from sudoku_sat.errors import SolverError, UsageError

ROOT = Path(__file__).resolve().parents[1]
KILLER = ROOT / "docs" / "data" / "killer-ukpa.json"
EASY = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def killer() -> ss.Puzzle:
    return ss.read(KILLER)[0]


@pytest.mark.parametrize("cap", [math.nan, math.inf, 1.5, True, "2", None, 0, -1, 10**4001])
def test_count_refuses_a_cap_that_is_not_a_whole_number_from_1(cap: Any) -> None:
    """NaN made count loop for ever on a blank grid and answer 0 on a unique killer;
    1.5 and True were taken as caps (issue 41, item 12)."""
    for p in (killer(), ss.parse("." * 16)):
        with pytest.raises(UsageError, match="^cap must be a whole number from 1 up, not"):
            ss.count(p, cap=cap)
        with pytest.raises(UsageError, match="^cap must be"):
            ss.candidates(p, counts=True, cap=cap)


def test_any_cap_from_1_counts_as_the_cli_does() -> None:
    """10**30 reached numba's typing as it was (item 22); --cap takes it."""
    for cap in (2**63 - 1, 2**63, 10**30):
        assert ss.count(ss.parse(EASY), cap=cap) == 1
        assert ss.count(killer(), cap=cap) == 1
        assert ss.candidates(killer(), counts=True, cap=cap).solvable


def test_generate_stops_at_the_cli_limit() -> None:
    """generate -k stops at 1,000,000; the API had no limit (item 12)."""
    for count in (MAX_COUNT + 1, 10**9, -1, 0, 1.5, True, "2"):
        with pytest.raises(UsageError, match="^count must be a whole number from 1 to 1,000,000"):
            ss.generate(count=count, order=2, seed=1)  # type: ignore[arg-type]


P = ss.parse(EASY)
ORDER = "^order must be a whole number from 2 to 6"
CALLS: list[tuple[str, Callable[[], object], str]] = [
    ("count cap '2'", lambda: ss.count(P, cap="2"), "^cap must be"),  # type: ignore[arg-type]
    ("generate count 1.5", lambda: ss.generate(count=1.5), "^count must be"),  # type: ignore[arg-type]
    ("certify None", lambda: ss.certify(P, None), "^directory must be a path"),  # type: ignore[arg-type]
    ("solve method None", lambda: ss.solve(P, method=None), "^method must be a str"),  # type: ignore[arg-type]
    ("count method None", lambda: ss.count(killer(), method=None), "^method must be"),  # type: ignore[arg-type]
    ("generate order 10", lambda: ss.generate(order=10), ORDER),
    ("generate order 0", lambda: ss.generate(order=0), ORDER),
    ("parse order '2'", lambda: ss.parse(EASY, order="2"), "^order must be"),  # type: ignore[arg-type]
    ("parse rule 1", lambda: ss.parse(EASY, rule=1), "^rule must be a name"),  # type: ignore[arg-type]
    ("encode amo None", lambda: ss.encode(P, amo=None), "^amo must be a str"),  # type: ignore[arg-type]
    ("candidates counts 1", lambda: ss.candidates(P, counts=1), "^counts must be True"),  # type: ignore[arg-type]
    ("minimize seed 1.5", lambda: ss.minimize(killer(), seed=1.5), "^seed must be"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("call", CALLS, ids=[c[0] for c in CALLS])
def test_every_bad_argument_is_a_usage_error_in_one_line(
    call: tuple[str, Callable[[], object], str],
) -> None:
    """A numba TypingError, TypeError, AttributeError, OverflowError or bare ValueError
    before (item 22)."""
    _, run, message = call
    with pytest.raises(UsageError, match=message) as caught:
        run()
    assert "\n" not in str(caught.value)


def test_a_huge_number_is_shown_by_its_digits() -> None:
    assert shown(10**5000) == "a number of 5,001 digits"
    assert shown("x" * 100).endswith("...'") and len(shown("x" * 100)) == 40
    with pytest.raises(UsageError, match="not a number of 5,001 digits$"):
        ss.generate(count=10**5000)


@pytest.mark.parametrize("timeout", [-1, 0, math.nan, "1", True, -math.inf])
def test_variant_solve_refuses_the_timeouts_the_classic_path_refuses(timeout: Any) -> None:
    """-1, 0, NaN and '1' were taken on a variant (item 23)."""
    for p in (killer(), ss.parse(EASY)):
        with pytest.raises(UsageError, match="^timeout must be"):
            ss.solve(p, timeout=timeout)


def test_variant_solve_honours_a_timeout() -> None:
    k = killer()
    for timeout in (30, 1.5, math.inf, 10**30):
        solved = ss.solve(k, timeout=timeout)
        assert solved is not None and solved.grid == k.solution


def test_variant_generate_and_minimize_take_pysat_as_the_cli_and_docs_do() -> None:
    """docs/api.md and the CLI take pysat on variants; the API refused it (item 24)."""
    pytest.importorskip("ortools")
    (p,) = ss.generate(rule="killer", size=4, seed=1, method="pysat")
    assert p.rules == ["killer"] and ss.is_unique(p)
    made = ss.minimize(killer(), seed=1, method="pysat")
    assert made.constraints and ss.is_unique(made)
    with pytest.raises(UsageError, match="eup empties classic grids only"):
        ss.generate(rule="killer", size=4, seed=1, method="eup")


def test_generate_takes_every_rule_parse_takes() -> None:
    """parse(rule='diagonal+') worked, generate(rule='diagonal+') was refused (item 24)."""
    pytest.importorskip("ortools")
    (p,) = ss.generate(rule="diagonal+", size=4, seed=1)
    assert [c.key for c in p.constraints] == ["diagonal+"]
    (q,) = ss.generate(rule=["diagonal-", "killer"], size=4, seed=2)
    keys = {c.key for c in q.constraints}
    assert "diagonal-" in keys and "diagonal+" not in keys and "killercage" in keys


def test_generate_refuses_what_it_ignored() -> None:
    """count=-1 gave [] and size won over order silently (item 24)."""
    with pytest.raises(UsageError, match="^count must be"):
        ss.generate(count=-1)
    with pytest.raises(UsageError, match="^size 4 and order 3 \\(9x9\\) disagree$"):
        ss.generate(rule="killer", order=3, size=4)
    with pytest.raises(UsageError, match="^give rule or rules, not both"):
        ss.parse(EASY, rule="x", rules="anti-king")


def test_the_api_makes_the_puzzles_the_cli_makes_from_a_seed() -> None:
    pytest.importorskip("ortools")
    from typer.testing import CliRunner

    from sudoku_sat.cli import app

    result = CliRunner().invoke(app, ["generate", "--rule", "killer", "--size", "4", "-k", "2",
                                      "--seed", "5", "-q"])  # fmt: skip
    assert result.exit_code == 0, result.output
    made = ss.generate(rule="killer", size=4, count=2, seed=5)
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    assert [ss.parse(line).constraints for line in lines] == [p.constraints for p in made]


@pytest.mark.parametrize("method", ["bogus", None, "eup", "bin:cadical", "pysat:nosuch"])
def test_certify_checks_everything_before_making_the_folder(tmp_path: Path, method: Any) -> None:
    """certify(p, DIR, method='bogus') made DIR before refusing (item 25)."""
    for p in (ss.parse(EASY), killer()):
        target = tmp_path / "certs" / "sub"
        with pytest.raises((UsageError, SolverError)):
            ss.certify(p, target, method=method)
        assert not (tmp_path / "certs").exists()
