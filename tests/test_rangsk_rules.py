"""The f-puzzles readings of the f-puzzles solver add-on (rangsk's SudokuSolver) beside
f-puzzles' own: digital-root cages (a cosmetic ``cage`` whose value is ``DRn``), slow
thermometers (``slowthermometer``); sizes without boxes in docs/variants.md and
tests/test_fpuzzles_sizes.py."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from itertools import product
from pathlib import Path

import pytest

from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.constraints.digital_root import DigitalRootCage
from sudoku_sat.variants.constraints.thermometer import SlowThermometer
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.sigh_write import to_sigh
from sudoku_sat.variants.solve import Session, enumerate_solutions

from .conftest import IN_CI
from .test_constraint_registry import _cnf_holds, _cpsat_holds

if not IN_CI:
    pytest.importorskip("ortools")

SIGH = Path(__file__).resolve().parents[2] / "shared" / "peers" / "sigh" / "count.mjs"


def _read(**keys: object) -> Puzzle:
    grid = [[{} for _ in range(9)] for _ in range(9)]
    (p,) = parse_variants(json.dumps({"size": 9, "grid": grid, **keys}))
    return p


def test_only_a_digital_root_makes_a_cage_a_rule() -> None:
    cosmetic = [
        {"cells": ["R1C1", "R1C2"], "value": "12"},
        {"cells": ["R1C1", "R1C2"], "value": "D"},
        {"cells": ["R1C1", "R1C2"]},
        {"cells": [f"R{r}C{c}" for r in (1, 2) for c in range(1, 6)], "value": "DR3"},
    ]
    assert _read(cage=cosmetic).constraints == ()
    p = _read(cage=[*cosmetic, {"cells": ["R1C1", "R1C2"], "value": "DR 5"}])
    assert p.constraints == (DigitalRootCage((0, 1), 5),)


def test_the_sums_are_the_root_every_nine_as_the_add_on_steps() -> None:
    assert DigitalRootCage((0, 1), 5).sums(9) == (5, 14)
    assert DigitalRootCage((0, 1, 2), 9).sums(9) == (9, 18)
    assert DigitalRootCage((0, 1, 2), 0).sums(9) == (9, 18)
    assert DigitalRootCage(tuple(range(9)), 9).sums(9) == (45,)
    assert DigitalRootCage((0, 1), 3).sums(6) == (3,)  # 12 > 6 + 5
    assert DigitalRootCage((0, 1), 30).sums(9) == ()


@pytest.mark.parametrize("root", [1, 4, 9])
def test_a_digital_root_cage_allows_exactly_its_digit_pairs(root: int) -> None:
    """Two cells (in no common row, column or box, so the cage alone keeps them apart):
    the pairs its clauses, CP-SAT's statement and the direct check allow are the pairs
    of different digits whose sum is root + 9k."""
    cage = DigitalRootCage((0, 40), root)
    p = Puzzle(9, (0,) * 81, constraints=(cage,))
    for a, b in product(range(1, 10), repeat=2):
        grid = (a, *[1] * 39, b, *[1] * 40)
        want = a != b and (a + b) % 9 == root % 9
        assert cage.holds(grid, 9) == want
        assert _cnf_holds(p, (cage,), grid) == want
        assert _cpsat_holds((cage,), grid) == want


@pytest.mark.parametrize("sums", ["combos", "running"])
def test_digital_root_cages_count_the_solutions_as_cpsat(sums: str) -> None:
    """Cages of 2 and 3 cells on a 9x9, most of two allowed sums (one selector per digit
    set of every allowed sum in ``combos``, the one-hot sums in ``running``), some
    digits given: the session's count and a solver's of the puzzle's own are CP-SAT's,
    and every solution holds."""
    rng = random.Random(sums)
    (grid,) = cpsat.solutions(Puzzle(9, (0,) * 81), 1)
    for _ in range(3):
        free, cages = rng.sample(range(81), 81), []
        while len(free) > 51:  # cages of different digits over 30 cells or so
            size, group = rng.randint(2, 3), [free.pop()]
            for c in list(free):
                if len(group) < size and grid[c] not in {grid[k] for k in group}:
                    group.append(c)
                    free.remove(c)
            cells = tuple(sorted(group))
            cages.append(DigitalRootCage(cells, sum(grid[c] for c in cells) % 9))
        shown = set(rng.sample(free, 24))
        p = Puzzle(9, tuple(d if c in shown else 0 for c, d in enumerate(grid)), "t", ())
        p = p.with_constraints(tuple(cages))
        with Session(sums=sums) as session:
            found = session.solutions(p, 20)
        assert len(found) == cpsat.count(p, 20) == len(enumerate_solutions(p, 20, sums=sums))
        assert all(c.holds(g, 9) for g in found for c in cages)


def test_a_slow_thermometer_rises_where_its_cells_see_each_other() -> None:
    line = (0, 1, 11, 12)  # r1c1 r1c2 (one row), r2c3 (one box), r2c4 (one row)
    slow = SlowThermometer(line)
    assert slow.rises(9, Puzzle(9, (0,) * 81).regions) == [1, 1, 1]
    apart = SlowThermometer((2, 12))  # r1c3 to r2c4: other row, column and box
    assert apart.rises(9, Puzzle(9, (0,) * 81).regions) == [0]
    assert apart.holds((0, 0, 5, *[0] * 9, 5, *[0] * 68), 9)
    assert not apart.holds((0, 0, 6, *[0] * 9, 5, *[0] * 68), 9)
    p = Puzzle(9, (0,) * 81, constraints=(apart,))
    equal = [0] * 81
    equal[2] = equal[12] = 5
    assert cpsat.count(p.with_givens(tuple(equal)), 1) == 1
    with Session() as s:
        assert s.solutions(p.with_givens(tuple(equal)), 1)
        down = list(equal)
        down[12] = 4
        assert not s.solutions(p.with_givens(tuple(down)), 1)


@pytest.mark.skipif(shutil.which("node") is None or not SIGH.exists(), reason="no sigh")
def test_sigh_counts_the_or_of_cages_as_the_digital_root_cages(tmp_path: Path) -> None:
    """The made digital-root puzzles of the tests, written as sigh's Or of one cage per
    sum: sigh's solver counts each as sudoku-sat does."""
    path = Path(__file__).parent / "data" / "constraints" / "cage.jsonl"
    cases = [json.loads(line) for line in path.read_text().splitlines() if line[:1] == "{"]
    puzzles = [parse_variants(json.dumps(c["puzzle"]))[0] for c in cases]
    text = "".join(to_sigh(p) + "\n" for p in puzzles)
    assert all(".Or.Cage~" in line for line in text.splitlines())
    strings = tmp_path / "cages.sigh.txt"
    strings.write_text(text)
    done = subprocess.run(
        ["node", str(SIGH), str(strings), "3"], capture_output=True, text=True, timeout=600
    )
    counts = [int(line.split("\t")[0]) for line in done.stdout.splitlines()]
    assert counts == [min(c["expect"], 3) for c in cases], done.stderr[-300:]
