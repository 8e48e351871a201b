"""The killer search (sudoku_sat.variants.killer_search on sudoku_sat.engines.killer):
its solutions are CP-SAT's and the SAT session's on real killers (the tests' 18, a few
of the benchmark's 36, their made ones of several and no solutions), its counts are the
exhaustive counts of small made killers, and ``auto`` routes only the puzzles it fits."""

from __future__ import annotations

import json
import random
from itertools import permutations
from pathlib import Path

from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat, killer_search
from sudoku_sat.variants.constraints.diagonal import DiagonalMinus, DiagonalPlus
from sudoku_sat.variants.constraints.killer import Cage
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.make import make
from sudoku_sat.variants.methods import VariantTask
from sudoku_sat.variants.solve import Session

REPO = Path(__file__).resolve().parents[1]
TESTS = REPO / "tests" / "data" / "constraints" / "killercage.jsonl"
BENCH = REPO / "benchmarks" / "data" / "killers.jsonl"
CHEAP = ("hs killers #2", "hs killers #3", "hs killers #5", "hs killers #7", "hs killers #8")
"""Killers of the benchmark that CP-SAT answers in a fraction of a second."""


def cases(path: Path) -> list[tuple[str, Puzzle]]:
    out = []
    for line in path.read_text().splitlines():
        if line.startswith("{"):
            case = json.loads(line)
            name = case["origin"].split(":")[0]
            out += [(name, p) for p in parse_variants(json.dumps(case["puzzle"]), name)]
    return out


def valid(p: Puzzle, grid: tuple[int, ...]) -> bool:
    """True when grid keeps the puzzle's givens, houses and rules."""
    houses = [*p.lines, *p.regions]
    kept = all(d == 0 or d == g for d, g in zip(p.grid, grid, strict=True))
    apart = all(len({grid[c] for c in h}) == len(h) for h in houses)
    return kept and apart and all(c.holds(grid, p.size) for c in p.constraints)


def test_the_tests_killers_agree_with_the_sat_session() -> None:
    with Session() as s:
        for name, p in cases(TESTS):
            assert killer_search.fits(p), name
            found, _ = killer_search.solutions(p, 3)
            theirs = s.solutions(p, 3)
            if len(found) < 3:
                assert sorted(found) == sorted(theirs), name
            else:  # several: any three of them
                assert len(theirs) == 3 and len(set(found)) == 3, name
                assert all(valid(p, g) for g in found), name
            if p.solution is not None and len(found) == 1:
                assert found[0] == p.solution, name


def test_cheap_killers_of_the_benchmark_agree_with_cpsat() -> None:
    named = dict(cases(BENCH))
    for name in CHEAP:
        p = named[name]
        found, _ = killer_search.solutions(p, 2)
        assert sorted(found) == sorted(cpsat.solutions(p, 2, lean=True)), name
        assert found == [p.solution], name


def grids4() -> list[tuple[int, ...]]:
    """Every 4x4 sudoku grid (288), by brute force over the rows."""
    rows = list(permutations(range(1, 5)))
    boxes = [
        [r * 4 + c for r in (br, br + 1) for c in (bc, bc + 1)] for br in (0, 2) for bc in (0, 2)
    ]
    out = []
    for a in rows:
        for b in rows:
            for c in rows:
                for d in rows:
                    g = a + b + c + d
                    cols = all(len({g[r * 4 + k] for r in range(4)}) == 4 for k in range(4))
                    if cols and all(len({g[i] for i in box}) == 4 for box in boxes):
                        out.append(g)
    return out


def made_cages(rng: random.Random, size: int, number: int) -> tuple[Cage, ...]:
    """number cages of 1 to 3 cells in a row or a column, apart, with random totals or none."""
    used: set[int] = set()
    out = []
    while len(out) < number:
        length = rng.randint(1, 3)
        r, c = rng.randrange(size), rng.randrange(size - length + 1)
        down = rng.random() < 0.5
        cells = tuple(
            sorted((c + k) * size + r if down else r * size + c + k for k in range(length))
        )
        if used & set(cells):
            continue
        used |= set(cells)
        total = rng.randint(length * (length + 1) // 2, length * (2 * size - length + 1) // 2)
        out.append(Cage(cells, None if rng.random() < 0.2 else total))
    return tuple(out)


def test_counts_of_made_4x4_killers_are_the_exhaustive_counts() -> None:
    grids = grids4()
    assert len(grids) == 288
    rng = random.Random(40)
    seen = set()
    for _ in range(40):
        cages = made_cages(rng, 4, rng.randint(1, 5))
        p = Puzzle(4, (0,) * 16, constraints=cages)
        expect = [g for g in grids if valid(p, g)]
        found, _ = killer_search.solutions(p, 300)
        assert sorted(found) == sorted(expect), cages
        seen.add(min(len(expect), 2))
    assert seen == {0, 1, 2}  # none, one and several among them


def test_counts_of_made_6x6_x_killers_are_cpsats() -> None:
    """Cages cut from an X grid of CP-SAT's (their totals its sums, some left out, one
    in three put off by one): none, one or several solutions."""
    rng = random.Random(6)
    x = (DiagonalMinus(), DiagonalPlus())
    (grid,) = cpsat.solutions(Puzzle(6, (0,) * 36, constraints=x), 1)
    seen = set()
    for k in range(9):
        cages = []
        for cage in made_cages(rng, 6, 8):
            total = sum(grid[c] for c in cage.cells) + (k % 3 == 0 and not cages)
            cages.append(Cage(cage.cells, None if rng.random() < 0.3 else total))
        p = Puzzle(6, (0,) * 36, constraints=(*cages, *x))
        found, _ = killer_search.solutions(p, 20)
        theirs = cpsat.solutions(p, 20)
        if len(found) < 20:
            assert sorted(found) == sorted(theirs), cages
        else:  # past the cap: any twenty of them
            assert len(theirs) == 20 and len(set(found)) == 20, cages
            assert all(valid(p, g) for g in found), cages
        seen.add(min(len(found), 2))
    assert len(seen) >= 2


def tiling(rng: random.Random, size: int) -> list[tuple[int, ...]]:
    """The grid cut into cages of 1 to 4 cells grown from random cells (every cell in
    one): the law of 45 then gives innie, outie and innie-outie sums of 2 and 3 cells."""
    free = set(range(size * size))
    out = []
    while free:
        cage = [min(free)]
        free.discard(cage[0])
        for _ in range(rng.randint(0, 3)):
            c = rng.choice(cage)
            near = [c + d for d in (1, -1, size, -size) if c + d in free]
            near = [x for x in near if abs(x % size - c % size) <= 1]
            if near:
                cage.append(rng.choice(near))
                free.discard(cage[-1])
        out.append(tuple(sorted(cage)))
    return out


def test_tiled_6x6_killers_are_cpsats() -> None:
    """Grids cut into cages, their totals a CP-SAT grid's, one in ten left out and
    one put off by one in every third: the sums of bounds the law of 45 gives (with two
    and three open cells, exact) keep every solution CP-SAT finds and add none."""
    rng = random.Random(45)
    (grid,) = cpsat.solutions(Puzzle(6, (0,) * 36), 1)
    seen = set()
    for k in range(12):
        cages = []
        for cells in tiling(rng, 6):
            total = sum(grid[c] for c in cells) + (k % 3 == 0 and not cages)
            cages.append(Cage(cells, None if rng.random() < 0.1 else total))
        p = Puzzle(6, (0,) * 36, constraints=tuple(cages))
        found, _ = killer_search.solutions(p, 30)
        theirs = cpsat.solutions(p, 30)
        if len(found) < 30:
            assert sorted(found) == sorted(theirs), cages
        else:
            assert len(theirs) == 30 and len(set(found)) == 30, cages
            assert all(valid(p, g) for g in found), cages
        seen.add(min(len(found), 2))
    assert seen == {0, 1, 2}


def test_givens_count_too() -> None:
    p = Puzzle(4, (1, 2) + (0,) * 14, constraints=(Cage((2, 3), 7),))
    found, _ = killer_search.solutions(p, 30)
    assert found and all(g[:2] == (1, 2) and g[2] + g[3] == 7 for g in found)
    assert sorted(found) == sorted(cpsat.solutions(p, 30))
    clash = Puzzle(4, (1, 1) + (0,) * 14, constraints=(Cage((2, 3), 7),))
    assert killer_search.solutions(clash, 2)[0] == []


def test_auto_routes_killers_only() -> None:
    killer = Puzzle(4, (0,) * 16, constraints=(Cage((0, 1), 3),))
    assert killer_search.fits(killer)
    assert not killer_search.routed(killer, 2, timeout=5.0)  # the kernel cannot stop
    assert not killer_search.routed(killer, killer_search.MOST_KEPT + 1)
    (thermo,) = parse_variants(
        json.dumps(
            {"size": 4, "grid": [[{}] * 4] * 4, "thermometer": [{"lines": [["R1C1", "R1C2"]]}]}
        )
    )
    assert not killer_search.fits(thermo)
    answer = VariantTask("auto", 100, 100).answer(killer)
    assert len(answer.solutions) < 100
    assert sorted(answer.solutions) == sorted(cpsat.solutions(killer, 100))
    assert answer.solver == ("auto:killer" if killer_search.routed(killer, 100) else "auto")
    assert VariantTask("auto", 2, 2).answer(thermo).solver == "auto"
    timed = VariantTask("auto", 2, 2, timeout=5.0).answer(killer)
    assert timed.solver == "auto" and timed.status == "solved"


def test_anti_knight_and_anti_king_are_cpsats() -> None:
    """Made 6x6 puzzles of each move rule, with one given less and one given wrong: the
    moves are the kernel's peers (``KERNEL_RULES``), the solutions CP-SAT's."""
    for kind in ("anti-knight", "anti-king"):
        rng = random.Random(kind)
        for _ in range(3):
            p, _ = make(kind, 6, rng)
            assert killer_search.fits(p)
            first = next(c for c, v in enumerate(p.grid) if v)
            fewer = p.with_givens(tuple(0 if c == first else v for c, v in enumerate(p.grid)))
            wrong = p.with_givens(
                tuple(v % 6 + 1 if c == first else v for c, v in enumerate(p.grid))
            )
            for q in (p, fewer, wrong):
                found, _ = killer_search.solutions(q, 40)
                theirs = cpsat.solutions(q, 40)
                if len(theirs) < 40:
                    assert sorted(found) == sorted(theirs), (kind, q.grid)
                else:
                    assert len(set(found)) == 40 and all(valid(q, g) for g in found)
            assert len(killer_search.solutions(p, 2)[0]) == 1


def test_puzzles_of_the_same_rules_share_their_tables_and_keep_their_trees() -> None:
    """The tables are built once for the rules (the givens are the search's start), and
    the conflict scores a search changes are its own copy: the same puzzle twice makes
    the same tree."""
    p = dict(cases(TESTS))["hs killers #5"]  # 1,265 nodes: its guesses fail and score
    first = killer_search.solutions(p, 2)
    hits = killer_search._tables.cache_info().hits
    assert killer_search.solutions(p, 2) == first
    other = p.with_givens(tuple(p.solution or (0,) * p.ncells)[:1] + (0,) * (p.ncells - 1))
    killer_search.solutions(other, 2)
    assert killer_search._tables.cache_info().hits == hits + 2


def rooted(p: Puzzle, start: list[int]) -> list[int]:
    """The kernel's propagation of start (a mask per cell) on the puzzle's tables, every
    sum and house dirty as at the root of ``count``; [] on a contradiction."""
    import numpy as np

    from sudoku_sat.engines import killer_layout as k
    from sudoku_sat.engines.killer_propagate import propagate

    tab, _ = killer_search._tables(p)
    at = int(tab[k.CELLS]) + 1
    w, hw = int(tab[k.W]), int(tab[k.HW])
    work = np.zeros(at + 2 * w + hw + int(tab[k.CW]), np.int64)
    for s in range(int(tab[k.SUMS])):
        work[at + int(tab[int(tab[k.SAME]) + s]) * w + (s >> 6)] |= np.int64(1) << (s & 63)
    for h in range(int(tab[k.HOUSES])):
        work[at + 2 * w + (h >> 6)] |= np.int64(1) << (h & 63)
    st = np.array(start, np.int64)
    return [int(m) for m in st] if propagate(st, 0, tab, work) else []


def test_a_digit_whose_places_in_a_house_are_in_one_cage_is_the_cages() -> None:
    """r1c3 + r1c4 + r2c3 = 8 ({1,2,5} or {1,3,4}) with 5 gone from the rest of row 1:
    the cage holds the 5 (``killer_propagate.held``), so {1,2,5}. No other rule of the
    kernel sees it: the cage spans two boxes and two rows, so no law-of-45 sum is near
    (within one box, the sum of its other cells would find it)."""
    p = Puzzle(9, (0,) * 81, constraints=(Cage((2, 3, 11), 8),))
    full, no_five = 0b111111111, 0b111101111
    st = rooted(p, [no_five, no_five, full, full] + [no_five] * 5 + [full] * 72)
    assert all(st[c] & ~0b10011 == 0 for c in (2, 3, 11)), st[:12]
    assert st[2] & st[3] & 0b10000


def test_a_cell_splits_on_a_digit_of_two_places_in_one_of_its_houses() -> None:
    """``killer.split``: a cell of three candidates or more, one of them with two places
    in its row, splits on it (that digit, then the rest); of two candidates, never."""
    import numpy as np

    from sudoku_sat.engines.killer import split

    tab, _ = killer_search._tables(Puzzle(4, (0,) * 16))
    st = np.full(16, 0b1111, np.int64)
    st[0], st[1], st[2], st[3] = 0b0111, 0b1100, 0b1011, 0b1001  # 2: r1c1 and r1c3
    st[4], st[8], st[12] = 0b1101, 0b1101, 0b1101  # 2 in column 1: r1c1 alone
    assert split(st, 0, tab) in (0b0010, 0b0100, 0b0001)
    assert split(st, 1, tab) == 0
