"""Chaos construction and its clues (``variants/constraints/chaos.py``, ``chaos_clues.py``):
the regions solved for, counted as sigh counts them (one labelling a partition), checked
against an enumeration of every 4x4 Latin square and every tiling by connected regions,
and CP-SAT; sigh's real puzzles answered with their published solutions."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

import sudoku_sat as ss
from sudoku_sat.errors import InputError
from sudoku_sat.model.builder import DEFAULT_SUMS, Builder
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.constraints.chaos import orthogonal
from sudoku_sat.variants.constraints.chaos_clues import ChaosArrow, ChaosCount
from sudoku_sat.variants.constraints.chaos_same import same_label
from sudoku_sat.variants.encode import encode_variant
from sudoku_sat.variants.fpuzzles_write import dumps
from sudoku_sat.variants.sigh import parse_sigh
from sudoku_sat.variants.sigh_write import to_sigh
from sudoku_sat.variants.solve import (
    Session,
    blocking,
    decode_model,
    enumerate_solutions,
    open_solver,
)

DATA = Path(__file__).parent / "data" / "extra" / "chaos.jsonl"
REAL = [
    json.loads(line)
    for line in DATA.read_text().splitlines()
    if line.strip() and not line.startswith("#")
]
QUICK = {
    "Calm Construction",
    "Cavernous Construction: 6x6",
    "Chaos Construction: 6x6",
    "Chaos Construction - easier",
    "Chaos Construction: cell count",
    "Chaos Construction: cell count [harder]",
    "Stretching",
}
"""The real puzzles the session answers in about a second or less (the others take 1 to
3 s since the shared same-region literals of chaos_same.py, 1 to 20 s before them;
Calm Construction took 64 s on the reach layers before the per-label ones)."""


@cache
def latin4() -> tuple[tuple[int, ...], ...]:
    """Every 4x4 Latin square (576), by PySAT on a grid with no boxes."""
    (p,) = parse_sigh(".Shape~4x4.NoBoxes")
    return tuple(enumerate_solutions(p, 1000))


@cache
def tilings4() -> tuple[tuple[int, ...], ...]:
    """Every partition of the 4x4 grid into 4 connected regions of 4 cells, labelled in
    the order the regions first appear in reading order (sigh's canonical labels)."""
    out: list[tuple[int, ...]] = []

    def grow(region: frozenset[int], free: frozenset[int]) -> set[frozenset[int]]:
        if len(region) == 4:
            return {region}
        found: set[frozenset[int]] = set()
        for c in region:
            for m in orthogonal(4, c):
                if m in free and m not in region:
                    found |= grow(region | {m}, free)
        return found

    def place(labels: list[int], k: int) -> None:
        if k > 4:
            out.append(tuple(labels))
            return
        first = labels.index(0)
        free = frozenset(c for c, v in enumerate(labels) if v == 0)
        for region in grow(frozenset({first}), free):
            nxt = labels[:]
            for c in region:
                nxt[c] = k
            place(nxt, k + 1)

    place([0] * 16, 1)
    return tuple(out)


@cache
def chaos4() -> tuple[tuple[int, ...], ...]:
    """Every Latin square with every tiling whose regions hold all four digits: the
    solutions of a 4x4 chaos construction with no boxes, by its direct check."""
    regions = [
        [[c for c, k in enumerate(t) if k == label] for label in range(1, 5)] for t in tilings4()
    ]
    return tuple(
        (*g, *t)
        for g in latin4()
        for t, cells in zip(tilings4(), regions, strict=True)
        if all(len({g[c] for c in region}) == 4 for region in cells)
    )


def brute(p: Puzzle) -> list[tuple[int, ...]]:
    """Every solution of a 4x4 chaos puzzle (a chaos construction, no boxes, and more
    rules), by the rules' direct checks."""
    return sorted(s for s in chaos4() if p.problem(s) is None)


def test_the_enumeration_is_complete() -> None:
    assert len(latin4()) == 576
    assert len(tilings4()) == 117  # the tilings of a 4x4 square by tetrominoes


@pytest.mark.parametrize(
    "text",
    [
        ".Shape~4x4.ChaosConstruction.NoBoxes.~R1C1_1~R2C3_1~R4C4_4",
        ".Shape~4x4.ChaosConstruction.NoBoxes.ChaosCount~R1C1.ChaosCount~R4C4.~R2C2_4",
        ".Shape~4x4.ChaosConstruction.NoBoxes.ChaosArrow~R2C2.~R1C1_3~R4C1_2",
        ".Shape~4x4.ChaosConstruction.NoBoxes.ChaosArrow~R1C4~1~CC4~CC3~-~CC4~CC8.~R3C3_4~R1C1_1",
        ".Shape~4x4.ChaosConstruction.NoBoxes.ChaosCount~R3C2~1~CC1~CC2~CC5~CC6.~R1C1_2~R2C4_3",
        ".Shape~4x4.ChaosConstruction.NoBoxes.SameValues~2~CC1~CC6.~R2C2_3~R4C3_1",
        ".Shape~4x4.ChaosConstruction.NoBoxes.ChaosCount~R1C1~~CC1~CC16.~R1C1_3",
        ".Shape~4x4.ChaosConstruction.NoBoxes.CountDistinct~R1C1~CC1~CC2~CC6~CC11.~R2C2_1~R1C1_2~R4C4_3",
        ".Shape~4x4.ChaosConstruction.NoBoxes.CountDistinct~R4C4~CC1~CC4~CC13~CC16~CC6.~R1C1_1~R4C4_4~R2C3_2",
    ],
)
def test_counts_agree_with_every_square_and_tiling_and_cp_sat(text: str) -> None:
    (p,) = parse_sigh(text)
    expected = brute(p)
    assert sorted(enumerate_solutions(p, 100_000)) == expected
    assert sorted(cpsat.solutions(p, 100_000)) == expected
    assert ss.count(p, 100_000) == len(expected)


@pytest.mark.parametrize(
    "text",
    [
        ".Shape~5x5.ChaosConstruction.NoBoxes.~R1C1_1~R1C2_2~R2C1_3~R3C3_4~R5C5_5~R4C2_1",
        ".Shape~5x5.ChaosConstruction.NoBoxes.ChaosCount~R3C3.CountDistinct~R1C5~CC1~CC5~CC21"
        ".~R1C1_2~R2C2_3~R5C1_4~R4C4_1~R3C5_5",
        ".Shape~4x6.ChaosConstruction.NoBoxes.RegionSize~4.~R1C1_1~R1C6_5~R2C2_3~R2C4_5~R3C3_3"
        "~R3C5_5~R4C2_1~R4C5_6~R1C3_4~R2C6_6~R3C2_4~R4C3_2~R1C4_6~R4C6_4~R2C1_2",
    ],
)
def test_the_redundant_clauses_keep_every_solution(text: str) -> None:
    """The pairs, triples and first-cell bounds (``chaos_same.py``, ``chaos.py``) and the
    second count-distinct leave the solutions of the rules alone (``implied=False``)
    as they were, every one of them checked directly."""
    (p,) = parse_sigh(text)
    found = {}
    for implied in (False, True):
        with open_solver(encode_variant(p, implied=implied)) as s:
            out = []
            while s.solve():
                out.append(decode_model(s.get_model(), p.size, p.cells))
                s.add_clause(blocking(out[-1], p.size))
        found[implied] = sorted(out)
    assert found[True] == found[False] and 1 < len(found[True]) < 2_000
    assert all(p.problem(g) is None for g in found[True])


def test_one_same_literal_a_pair_for_the_formula() -> None:
    """The construction and its clues share the "same region" literal of two region
    cells: two counts over the same cells add no pair of their own."""
    one, two = (
        parse_sigh(".Shape~4x4.ChaosConstruction.NoBoxes" + ".ChaosCount~R1C1" * k)[0]
        for k in (1, 2)
    )
    assert encode_variant(two).nvars - encode_variant(one).nvars < 16  # the count's counter
    b = Builder(one, DEFAULT_SUMS)
    assert same_label(b, 17, 20) == same_label(b, 20, 17) != same_label(b, 17, 21)
    assert len(b.clauses) == 2 * 3 * 4  # each literal's clauses added once


def test_the_counts_of_the_enumeration_are_not_trivial() -> None:
    (p,) = parse_sigh(".Shape~4x4.ChaosConstruction.NoBoxes.~R1C1_1~R1C2_2")
    assert ss.count(p, 20_000) == len(brute(p)) == len(chaos4()) // 12  # 4! / 2 labellings
    assert 576 * 117 > len(chaos4()) > 0
    (q,) = parse_sigh(".Shape~4x4.ChaosConstruction.NoBoxes.ChaosCount~R1C1~~CC1~CC16.~R1C1_3")
    assert brute(q) == []  # CC1 and CC16 are 6 steps apart: the count is 1, not 3


def test_the_short_forms_read_as_sigh_expands_them() -> None:
    (p,) = parse_sigh(".Shape~4x4.ChaosConstruction.ChaosArrow~R2C2.ChaosCount~R1C4")
    arrow, count = p.of(ChaosArrow)[0], p.of(ChaosCount)[0]
    assert isinstance(arrow, ChaosArrow) and isinstance(count, ChaosCount)
    cc = 16  # CC1, the region cell of r1c1
    assert arrow.arms == ((cc + 5, cc + 4), (cc + 5, cc + 6, cc + 7), (cc + 5, cc + 1),
                          (cc + 5, cc + 9, cc + 13))  # fmt: skip
    assert count.cells == (cc + 3, cc + 7, cc + 2, cc + 6)


@pytest.mark.parametrize(
    "text, says",
    [
        (".ChaosCount~R1C1", "needs a chaos construction"),
        (".ChaosConstruction.ChaosArrow~R1C1~2", "offset"),
        (".ChaosConstruction.ChaosArrow~R1C1~~CC1~CC2~-~CC3", "same cell"),
        (".ChaosConstruction.ChaosCount~CC1~~CC2", "no grid cell"),
        (".ChaosConstruction.ChaosCount~R1C1~~CC82", "CC82"),
        (".ChaosConstruction~x", "ChaosConstruction"),
    ],
)
def test_bad_clues_are_one_line_errors(text: str, says: str) -> None:
    with pytest.raises(InputError) as err:
        parse_sigh(text)
    assert says in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("case", REAL, ids=[c["origin"][:30] for c in REAL])
def test_real_puzzle_with_its_published_solution(case: dict[str, object]) -> None:
    """Every real puzzle: its published grid solves it (the regions found for it), and
    it is written back and read again the same; the quick ones are unique with it."""
    p = ss.parse(str(case["sigh"]))
    solution = tuple(int(ch) for ch in str(case["solution"]))
    assert case["expect"] == 1 and p.problem(solution) is None
    with Session() as session:
        (regions,) = session.solutions(p.with_givens(solution), 1)
    assert p.problem(regions) is None
    for q in (parse_sigh(to_sigh(p))[0], ss.parse(dumps(p))):
        assert sorted(map(repr, q.constraints)) == sorted(map(repr, p.constraints))
        assert (q.grid, q.extra) == (p.grid, p.extra)
    if str(case["origin"]).split(":")[0] in QUICK or case["origin"].startswith(tuple(QUICK)):
        with Session() as session:
            verdict = session.unique(p)
        assert verdict.verdict == "unique" and p.grid_part(verdict.solutions[0]) == solution


def test_cp_sat_agrees_on_a_real_puzzle() -> None:
    case = next(c for c in REAL if c["origin"].startswith("Chaos Construction: cell count:"))
    p = ss.parse(str(case["sigh"]))
    with Session() as session:
        assert cpsat.solutions(p, 2) == session.solutions(p, 2)


def test_drawn() -> None:
    case = next(c for c in REAL if c["origin"].startswith("Chaos Construction: 6x6"))
    svg = ss.parse(str(case["sigh"])).svg()
    assert svg.count(">CC") == 36 and 'stroke="#4060a0"' in svg


def test_unique_names_the_files_solution_of_the_grid_alone(tmp_path: Path) -> None:
    """A file's solution holds the grid's digits, the one found the region cells too:
    ``unique`` compares the grid's part (it said "not the file's solution")."""
    from typer.testing import CliRunner

    from sudoku_sat.cli import app

    case = next(c for c in REAL if str(c["origin"]).startswith("Cavernous Construction: 6x6"))
    p = ss.parse(str(case["sigh"]))
    text = json.loads(dumps(p))
    text["solution"] = [int(ch) for ch in str(case["solution"])]
    path = tmp_path / "chaos.json"
    path.write_text(json.dumps(text) + "\n")
    result = CliRunner().invoke(app, ["unique", str(path)])
    assert result.output.strip() == "unique (the file's solution)", result.output
