"""Puzzles whose digits start at 0 (sigh's ``.Shape~9x9~0-8``: ``Puzzle.low``): read,
answered, shown and written back, each rule that reads them compared with the same rule
on the digits from 1 and with CP-SAT; the real puzzles of tests/data/digits with their
published solutions."""

from __future__ import annotations

import json
import re
from itertools import combinations, permutations
from pathlib import Path

import pytest

from sudoku_sat.errors import InputError
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.constraints.regex import encode_pattern
from sudoku_sat.variants.sigh import parse_sigh
from sudoku_sat.variants.sigh_write import to_sigh
from sudoku_sat.variants.solve import Session, enumerate_solutions

from .conftest import run_command

DATA = Path(__file__).parent / "data" / "digits" / "zero.jsonl"
REAL = [json.loads(line) for line in DATA.read_text().splitlines() if line.startswith("{")]
SEVERAL = ("0-indexed: Sums and indexing",)
"""Read, but not unique on what its rules say: sigh counts one solution only through its
Lunchbox handler (sandwiches and lunchboxes), which on digits from 0 keeps the gap
lengths of the unshifted sum (a sandwich of 17 on 0..8 is refused a gap of five cells,
{1,2,3,4,7}), though it accepts such a grid given in full; sigh counts 0 solutions for
``.Shape~4x4~0-3.Sandwich~1~R1`` (0132 starts one)."""
SLOW_CP = ("Regex Line",)
"""CP-SAT takes over a minute on this one (its automaton on 81 cells)."""


def _name(case: dict[str, str]) -> str:
    """A case's title: its origin up to its address or "via"."""
    return re.split(r": (?:https?://|via )", case["origin"])[0]


def _grids4() -> list[tuple[int, ...]]:
    """Every 4x4 sudoku grid (288), digits 1..4."""
    rows = list(permutations(range(1, 5)))
    out = []
    for a in rows:
        for b in rows:
            for c in rows:
                for d in rows:
                    g = (*a, *b, *c, *d)
                    cols_ok = all(len({g[r * 4 + k] for r in range(4)}) == 4 for k in range(4))
                    boxes = [(0, 1, 4, 5), (2, 3, 6, 7), (8, 9, 12, 13), (10, 11, 14, 15)]
                    if cols_ok and all(len({g[i] for i in box}) == 4 for box in boxes):
                        out.append(g)
    return out


GRIDS4 = _grids4()


@pytest.mark.parametrize("case", REAL, ids=_name)
def test_real_puzzle_with_its_published_solution(case: dict[str, str]) -> None:
    """Each real puzzle is read and is unique with its published solution (digits from
    0), here and by CP-SAT, and written back the same (those of ``SEVERAL``: their
    published solution and another, by both)."""
    (p,) = parse_sigh(case["sigh"])
    assert p.low == 0
    solution = tuple(int(ch, 17) + 1 for ch in case["solution"])
    assert p.problem(solution) is None
    with Session() as session:
        verdict = session.unique(p)
    if _name(case) in SEVERAL:
        assert verdict.verdict == "several"
        assert all(p.problem(g) is None for g in verdict.solutions)
        assert len(cpsat.solutions(p, 2)) == 2
    else:
        assert verdict.verdict == "unique" and verdict.solutions[0] == solution
        if not case["origin"].startswith(SLOW_CP):
            assert cpsat.solutions(p, 2) == [solution]
    (q,) = parse_sigh(to_sigh(p))
    assert (q.grid, q.low, sorted(map(repr, q.constraints))) == (
        p.grid,
        p.low,
        sorted(map(repr, p.constraints)),
    )


def _shifted(text: str) -> str:
    """A 4x4 sigh string on the digits 1..4 restated on 0..3: the shape, the givens and
    the digits of the rules that name digits (quadruples) one less."""
    text = text.replace(".Shape~4x4", ".Shape~4x4~0-3")
    text = re.sub(r"(R\dC\d)_(\d)", lambda m: f"{m.group(1)}_{int(m.group(2)) - 1}", text)

    def quad(m: re.Match[str]) -> str:
        return f".Quad~{m.group(1)}" + "".join(f"~{int(d) - 1}" for d in m.group(2)[1:].split("~"))

    return re.sub(r"\.Quad~(R\dC\d)((?:~\d)+)", quad, text)


SHIFT_FREE = [
    ".Thermo~R1C1~R1C2~R1C3.WhiteDot~R2C1~R2C2.Diagonal~1",
    ".Whisper~2~R1C1~R2C2~R3C1.Renban~R4C1~R4C2.Quad~R2C3~1~4",
    ".GreaterThan~R1C1~R1C2.AntiKing.Palindrome~R3C1~R3C2~R3C3~R2C4",
]
"""4x4 rules whose meaning no shift of the digits changes (the givens and the digits a
quadruple names shifted with them)."""


@pytest.mark.parametrize("rules", SHIFT_FREE)
def test_rules_that_no_shift_changes_count_the_same_from_0(rules: str) -> None:
    """The same puzzle on 1..4 and on 0..3: the same solutions (as indexes), here, by
    CP-SAT and by the direct checks of all 288 grids."""
    one = parse_sigh(f".Shape~4x4{rules}.~R1C4_2")[0]
    zero = parse_sigh(_shifted(to_sigh(one)))[0]
    assert zero.low == 0
    with Session() as session:
        found = sorted(session.solutions(zero, 300))
        assert found == sorted(session.solutions(one, 300))
    assert found == sorted(cpsat.solutions(zero, 300))
    assert found == [g for g in GRIDS4 if zero.problem(g) is None]


PAIRS4 = [(a, b) for a in range(16) for b in (a + 1, a + 4) if b < 16 and (b == a + 4 or a % 4 < 3)]
"""The orthogonal neighbours of a 4x4 grid."""


def _kropki(d: int, e: int) -> str:
    """The kropki dot two neighbouring digits take ("": none; 1 and 2: the white)."""
    if abs(d - e) == 1:
        return "WhiteDot"
    return "BlackDot" if d == 2 * e or e == 2 * d else ""


def _seen(heights: list[int]) -> int:
    """Buildings seen along heights, a 0 no building (sigh's skyscraper)."""
    return sum(h > max([0, *heights[:k]]) for k, h in enumerate(heights))


def _hidden(heights: list[int]) -> int | None:
    """The first height lower than one before it (sigh's hidden skyscraper)."""
    return next((h for k, h in enumerate(heights) if k and h < max(heights[:k])), None)


def _counted(digits: list[int]) -> bool:
    """Each digit in as many of the circles as it says, a 0 in none (sigh's counting
    circles)."""
    return all(digits.count(d) == d for d in digits)


def _cuts(digits: list[int], total: int, loop: bool) -> bool:
    """Whether the digits, in order (a loop: from some start), are consecutive runs of at
    least one cell each summing to total (sigh's sum line)."""
    starts = range(len(digits)) if loop else range(1)
    return any(_runs(digits[k:] + digits[:k], total) for k in starts)


def _runs(digits: list[int], total: int) -> bool:
    return not digits or any(
        sum(digits[:k]) == total and _runs(digits[k:], total) for k in range(1, len(digits) + 1)
    )


def _between(digits: list[int]) -> int:
    """The sum of the digits between the smallest and the largest (sigh's lunchbox and
    sandwich)."""
    i, j = sorted((digits.index(min(digits)), digits.index(max(digits))))
    return sum(digits[i + 1 : j])


def _xsum(digits: list[int]) -> int | None:
    """The sum of the first X digits, X the first (none for a 0: sigh's X-sum)."""
    return sum(digits[: digits[0]]) if digits[0] else None


def _room(digits: list[int]) -> int | None:
    """The X-th digit, X the first (none for a 0: sigh's numbered room)."""
    return digits[digits[0] - 1] if digits[0] else None


def _subset_sums(digits: list[int]) -> set[int]:
    """The sums of one digit or more of digits."""
    return {sum(c) for k in range(1, len(digits) + 1) for c in combinations(digits, k)}


def _points(line: list[int], v: int, own: int) -> bool:
    """An indexing cell of number own (its column, or row, from 1) holding v: the v-th
    cell of its line holds own (sigh's indexing: a 0 points nowhere)."""
    return 1 <= v <= len(line) and line[v - 1] == own


def _connected(cells: set[int]) -> bool:
    """Whether the cells of a 4x4 grid are orthogonally connected."""
    seen, todo = {min(cells)}, [min(cells)]
    while todo:
        c = todo.pop()
        near = [c - 4, c + 4] + [c - 1] * (c % 4 > 0) + [c + 1] * (c % 4 < 3)
        for e in near:
            if e in cells and e not in seen:
                seen.add(e)
                todo.append(e)
    return seen == cells


FEW = min(GRIDS4, key=lambda g: sum(bool(_kropki(g[a] - 1, g[b] - 1)) for a, b in PAIRS4))
"""A grid of 0..3 with the fewest neighbours that keep a kropki relation (six)."""
DOTS = {(a, b): dot for a, b in PAIRS4 if (dot := _kropki(FEW[a] - 1, FEW[b] - 1))}
"""Its dots: with ``StrictKropki``, the rule that grid keeps."""
SUMS = {
    ".Cage~3~R1C1~R1C2": lambda v: v[0] + v[1] == 3,
    ".Arrow~R1C1~R1C2~R2C2": lambda v: v[0] == v[1] + v[5],
    ".PillArrow~2~R1C1~R1C2~R2C3": lambda v: 10 * v[0] + v[1] == v[6],
    ".Sum~4~R1C1~R2C2~R3C3": lambda v: v[0] + v[5] + v[10] == 4,
    ".Sum~1_=_2_-1~R1C1~R4C4": lambda v: 2 * v[0] - v[15] == 1,
    ".BlackDot~R1C1~R1C2": lambda v: v[0] == 2 * v[1] or v[1] == 2 * v[0],
    ".V~R1C1~R1C2": lambda v: v[0] + v[1] == 5,
    ".StrictXV": lambda v: all(v[a] + v[b] not in (5, 10) for a, b in PAIRS4),
    ".StrictKropki"
    + "".join(
        f".{dot}~R{a // 4 + 1}C{a % 4 + 1}~R{b // 4 + 1}C{b % 4 + 1}"
        for (a, b), dot in DOTS.items()
    ): lambda v: all(_kropki(v[a], v[b]) == DOTS.get((a, b), "") for a, b in PAIRS4),
    f".Regex~{encode_pattern('[03][0-2]')}~R1C1~R2C2": lambda v: v[0] in (0, 3) and v[5] < 3,
    ".Skyscraper~R1~2~.Skyscraper~C2~~1": lambda v: (
        _seen(v[0:4]) == 2 and _seen([v[13], v[9], v[5], v[1]]) == 1
    ),
    ".HiddenSkyscraper~R1~1~.HiddenSkyscraper~C1~~0": lambda v: (
        _hidden(v[0:4]) == 1 and _hidden([v[12], v[8], v[4], v[0]]) == 0
    ),
    ".RegionSumLine~R1C2~R1C3~R2C3~R3C3": lambda v: v[1] == v[2] + v[6] == v[10],
    ".Zipper~R1C1~R1C2~R1C3": lambda v: v[1] == v[0] + v[2],
    ".Zipper~R1C1~R1C2~R2C2~R2C1": lambda v: v[0] + v[4] == v[1] + v[5],
    ".DoubleArrow~R1C1~R2C2~R3C3~R4C4": lambda v: v[0] + v[15] == v[5] + v[10],
    ".EqualSum~R1C1~-~R2C2~R2C3": lambda v: v[0] == v[5] + v[6],
    ".LookAndSay~1002~R1C1~R1C2~R2C3": lambda v: (
        [v[0], v[1], v[6]].count(0) == 1 and 2 not in (v[0], v[1], v[6])
    ),
    ".EqualityCage~R1C1~R4C4": lambda v: (
        v[0] != v[15] and v[0] % 2 != v[15] % 2 and (v[0] < 2) != (v[15] < 2)
    ),
    ".CountingCircles~R1C1~R1C2~R2C3~R3C1": lambda v: _counted([v[0], v[1], v[6], v[8]]),
    ".SumLine~3~R1C1~R2C1~R2C2": lambda v: _cuts([v[0], v[4], v[5]], 3, False),
    ".SumLine~3~R1C1~R1C2~R1C3~R2C3~R2C2~R2C1~LOOP": lambda v: _cuts(
        [v[0], v[1], v[2], v[6], v[5], v[4]], 3, True
    ),
    ".Lunchbox~1~R1C1~R1C2~R2C1": lambda v: _between([v[0], v[1], v[4]]) == 1,
    ".Sandwich~1~R1.Sandwich~0~C2": lambda v: (
        _between(v[0:4]) == 1 and _between([v[1], v[5], v[9], v[13]]) == 0
    ),
    ".XSum~R1~1~.XSum~C1~~5": lambda v: (
        _xsum(v[0:4]) == 1 and _xsum([v[12], v[8], v[4], v[0]]) == 5
    ),
    ".NumberedRoom~R1~2~.NumberedRoom~C3~~0": lambda v: (
        _room(v[0:4]) == 2 and _room([v[14], v[10], v[6], v[2]]) == 0
    ),
    ".RellikCage~5~R1C1~R1C2~R2C1": lambda v: 5 not in _subset_sums([v[0], v[1], v[4]]),
    ".RellikCage~1~R1C1~R4C4": lambda v: v[0] != v[15] and 1 not in _subset_sums([v[0], v[15]]),
    ".ValueIndexing~R1C1~R1C2~R2C2~R2C3~R2C4": lambda v: (
        1 <= v[1] <= 3 and [v[5], v[6], v[7]][v[1] - 1] == v[0]
    ),
    ".Indexing~C~R1C1~R2C2.Indexing~R~R1C3": lambda v: (
        _points(v[0:4], v[0], 1) and _points(v[4:8], v[5], 2) and _points(v[2::4], v[2], 1)
    ),
    ".LittleKiller~2~R1C2.LittleKiller~4~R1C4": lambda v: (
        v[1] + v[4] == 2 and v[3] + v[6] + v[9] + v[12] == 4
    ),
    ".ContainAtLeast~0_3~R1C1~R2C3~R4C2": lambda v: {0, 3} <= {v[0], v[6], v[13]},
    ".ContainExact~1_1~R1C1~R2C3~R3C2~R4C4": lambda v: [v[0], v[6], v[9], v[15]].count(1) == 2,
    ".CountDistinct~R1C1~R2C3~R3C2~R4C4": lambda v: v[0] == len({v[6], v[9], v[15]}),
    ".ConnectedValues~~0_1_3": lambda v: _connected({c for c in range(16) if v[c] != 2}),
}
"""4x4 rules on digit values, each with its meaning on the digits 0..3 written again
here (v: the grid's digits from 0). sigh's solver counts the same on each string but
the lunchbox and the sandwich, 0 for both (``SEVERAL``: its Lunchbox handler)."""


@pytest.mark.parametrize("rule", sorted(SUMS))
def test_rules_on_values_mean_the_digits_from_0(rule: str) -> None:
    """Each rule on 0..3 against its meaning on the digits, over all 288 grids: the
    session, CP-SAT and the direct checks find exactly the grids that keep it; it is
    written back as it was read (its digits from 0)."""
    (p,) = parse_sigh(f".Shape~4x4~0-3{rule}")
    assert to_sigh(p) == f".Shape~4x4~0-3{rule}"
    meaning = SUMS[rule]
    want = [g for g in GRIDS4 if meaning([d - 1 for d in g])]
    assert 0 < len(want) < len(GRIDS4)
    with Session() as session:
        assert sorted(session.solutions(p, 300)) == want
    assert sorted(cpsat.solutions(p, 300)) == want
    assert [g for g in GRIDS4 if p.problem(g) is None] == want


GLOBAL_MOD6 = (
    ".Shape~6x6~0-5.GlobalMod.~R1C5_2~R2C2_0~R2C3_2~R3C3_0~R3C4_5~R3C5_4~R4C3_5~R5C1_0~R6C2_4"
)
"""A 6x6 puzzle made here on global mod 3 (no 4x4 grid keeps it: a 2x2 square holds
one residue class twice only with 0 and 3)."""


def test_global_mod_from_0_on_a_made_6x6() -> None:
    """Global mod 3 on 0..5 (residues {0,3} {1,4} {2,5}: the index classes of 1..6):
    unique, the same grid as on 1..6, here, by CP-SAT and by a direct check of each
    2x2 square's residues."""
    zero = parse_sigh(GLOBAL_MOD6)[0]
    up = re.sub(r"_(\d)", lambda m: f"_{int(m.group(1)) + 1}", GLOBAL_MOD6)
    one = parse_sigh(up.replace("~0-5", ""))[0]
    with Session() as session:
        found = session.solutions(zero, 2)
        assert found == session.solutions(one, 2)
    assert len(found) == 1 and cpsat.solutions(zero, 2) == found
    v = [d - 1 for d in found[0]]
    squares = [
        (r * 6 + c, r * 6 + c + 1, r * 6 + c + 6, r * 6 + c + 7) for r in range(5) for c in range(5)
    ]
    assert all({v[k] % 3 for k in sq} == {0, 1, 2} for sq in squares)


def _same(labels: tuple[int, ...], cells: tuple[int, ...]) -> int:
    """How many of the cells have the first's region label."""
    return sum(labels[c] == labels[cells[0]] for c in cells)


def _length(labels: tuple[int, ...], start: int, arms: list[list[int]]) -> int:
    """The start and, along each arm, the cells in a row in the start's region."""
    out = 1
    for arm in arms:
        for c in arm:
            if labels[c] != labels[start]:
                break
            out += 1
    return out


CHAOS = {
    ".ChaosCount~R1C1.ChaosCount~R4C4.~R2C2_3": lambda v, t: (
        v[0] == _same(t, (0, 1, 4, 5)) and v[15] == _same(t, (15, 11, 14, 10)) and v[5] == 3
    ),
    ".ChaosArrow~R2C2.~R1C1_2~R4C1_1": lambda v, t: (
        v[5] == _length(t, 5, [[1], [9, 13], [4], [6, 7]]) and v[0] == 2 and v[12] == 1
    ),
    ".ChaosCount~R3C2~1~CC1~CC2~CC5~CC6.~R1C1_1~R2C4_2": lambda v, t: (
        v[9] == _same(t, (0, 1, 4, 5)) - 1 and v[0] == 1 and v[7] == 2
    ),
    ".ChaosArrow~R1C4~1~CC4~CC3~-~CC4~CC8.~R3C3_3~R1C1_0": lambda v, t: (
        v[3] == _length(t, 3, [[2], [7]]) - 1 and v[10] == 3 and v[0] == 0
    ),
}
"""4x4 chaos clues on 0..3 (a chaos construction, no boxes), each with its meaning on
the digits written again here (v: the grid's digits from 0, t: the region labels; the
control's digit is the count or the run's length, less sigh's offset); sigh's solver
counts the same (140, 271, 133, 163)."""


@pytest.mark.parametrize("clues", sorted(CHAOS))
def test_chaos_clues_mean_the_digits_from_0(clues: str) -> None:
    """Each against every 4x4 Latin square with every tiling (``test_chaos.chaos4``):
    the solutions here and by CP-SAT are exactly those that keep its meaning."""
    from .test_chaos import chaos4

    (p,) = parse_sigh(f".Shape~4x4~0-3.ChaosConstruction.NoBoxes{clues}")
    meaning = CHAOS[clues]
    want = sorted(s for s in chaos4() if meaning([d - 1 for d in s[:16]], s[16:]))
    assert len(want) > 0
    assert sorted(enumerate_solutions(p, 100_000)) == want
    assert sorted(cpsat.solutions(p, 100_000)) == want


@pytest.mark.parametrize(
    "rule", ["AntiTaxicab", "Entropic~R1C1~R1C2~R1C3", "GlobalEntropy", "DutchFlatmates"]
)
def test_the_rules_sigh_refuses_on_digits_from_0_are_refused_in_one_line(rule: str) -> None:
    """sigh's solver throws for these four with a value offset: refused here too."""
    name = rule.split("~")[0]
    with pytest.raises(
        InputError, match=rf"^<input>:1:15: sigh's '{name}' on the digits 0\.\.8: sigh's"
    ):
        parse_sigh(f".Shape~9x9~0-8.{rule}")


def test_digits_outside_0_to_n_minus_1_are_refused_in_one_line() -> None:
    with pytest.raises(InputError, match=r"not a digit 0\.\.8"):
        parse_sigh(".Shape~9x9~0-8.~R1C1_9")
    with pytest.raises(InputError, match=r"not a digit 0\.\.8"):
        parse_sigh(".Shape~9x9~0-8.Quad~R1C1~9")
    with pytest.raises(InputError, match=r"outside 0\.\.8"):
        parse_sigh(".Shape~9x9~0-8.LookAndSay~19~R1C1~R1C2")
    with pytest.raises(InputError, match=r"digits 0\.\.8"):
        parse_sigh(".Shape~9x9~0-8.ConnectedValues~~0_9")


def test_the_commands_show_and_write_the_digits_from_0(tmp_path: Path) -> None:
    text = ".Shape~4x4~0-3.Cage~1~R1C1~R1C2.~R2C3_0\n"
    solved = run_command("solve", "--format", "sigh", "-", stdin=text)
    assert solved.returncode == 0, solved.stderr
    line = solved.stdout.strip().splitlines()[-1]
    assert sorted(line[:4]) == ["0", "1", "2", "3"] and line[6] == "0"
    shown = run_command("show", "--format", "sigh", "-", stdin=text)
    assert shown.stdout.strip() == text.strip()
    drawn = run_command("solve", "-", stdin=text)
    assert "0" in drawn.stdout and "4" not in drawn.stdout.split("\n", 1)[1]
    svg = tmp_path / "p.svg"
    assert run_command("show", "--svg", str(svg), "-", stdin=text).returncode == 0
    assert ">0</text>" in svg.read_text()
    refused = run_command("solve", "--format", "fpuzzles", "-", stdin=text)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1 and "from 0" in refused.stderr


def test_a_puzzle_from_0_shows_its_digits_and_is_no_classic_grid() -> None:
    p = Puzzle(4, (1, 2, 0, 0) * 4, low=0)
    assert str(p).startswith("01..") and p.alphabet == "0123" and not p.is_classic
    assert p.value(1) == 0


def test_what_the_commands_say_names_the_digits_from_0() -> None:
    """candidates, why and explain say digits, not their indexes (0..5 on a 6x6)."""
    case = next(c for c in REAL if c["origin"].startswith("0-indexed: 6x6:"))
    candidates = run_command("candidates", "-", stdin=".Shape~4x4~0-3.Cage~1~R1C1~R1C2\n")
    assert candidates.returncode == 0 and "01 01" in candidates.stdout
    assert "4" not in "".join(candidates.stdout.splitlines()[1:])
    needed = run_command("why", "--needed", "-", stdin=case["sigh"] + "\n").stdout
    assert "given 3 at r1c5" in needed and "given 0 at r2c2" in needed
    several = run_command("why", "-", stdin=".Shape~4x4~0-3.~R1C1_0\n").stdout.splitlines()
    assert all(set(line.strip()) <= set("0123") for line in several[1:3])
    steps = run_command("explain", "-", stdin=case["sigh"] + "\n").stdout
    digits = re.findall(r"r\dc\d[=≠](\d)", steps)
    assert digits and "6" not in digits and "0" in "".join(steps.splitlines()[-1:])
