"""The line constraints of issue 34 (renban, whispers, region sum, entropic, modular,
zipper, between, lockout, double arrow, palindrome): malformed items refused in one line
naming the key, sigh's strings, the defaults scaled to the size, and every variant
command run through the CLI on one puzzle per key."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.errors import InputError
from sudoku_sat.model.geometry import cell_name
from sudoku_sat.variants.constraints.entropic_modular import entropic_classes, modular_classes
from sudoku_sat.variants.fpuzzles import parse_variants

from .conftest import IN_CI
from .random_paths import random_path

if not IN_CI:
    pytest.importorskip("ortools")

DATA = Path(__file__).parent / "data" / "constraints"
KEYS = (
    "renban",
    "whispers",
    "regionsumline",
    "entropicline",
    "modularline",
    "zipperline",
    "betweenline",
    "lockout",
    "doublearrow",
    "palindrome",
)
RULES = (
    "renban",
    "whispers",
    "region-sum-line",
    "entropic",
    "modular",
    "zipper",
    "between",
    "lockout",
    "double-arrow",
    "palindrome",
)
RUNNER = CliRunner()


def _empty(size: int, **keys: object) -> str:
    grid = [[{} for _ in range(size)] for _ in range(size)]
    return json.dumps({"size": size, "grid": grid, **keys})


@pytest.mark.parametrize(
    "key,item,says",
    [
        ("renban", {"lines": [["R1C1", "R1C10"]]}, "outside the 9x9 grid"),
        ("whispers", {"lines": [["R1C1"]]}, "at least 2"),
        ("whispers", {"lines": [["R1C1", "R1C2"]], "value": "five"}, "not a whole number"),
        ("whispers", {"lines": [["R1C1", "R1C2"]], "value": 9}, "not from 1 to 8"),
        ("lockout", {"lines": [["R1C1", "R1C2"]], "value": [4]}, "not a whole number"),
        ("betweenline", {"lines": [["R1C1", "R1C3", "R1C4"]]}, "not neighbours"),
        ("regionsumline", {"lines": [["R1C1", "R2C1", "R4C1"]]}, "not neighbours"),
        ("doublearrow", {"lines": [["R1C1", "R1C2"]]}, "at least 3"),
        ("zipperline", {"cells": ["R1C1", "R1C2"]}, "expected 'lines'"),
        ("entropicline", {"lines": [["R1C1", "X"]]}, "not a cell name"),
        ("modularline", {"lines": [["R1C1", "R1C2", "R1C1"]]}, "listed twice"),
    ],
)
def test_malformed_items_are_refused_in_one_line(key: str, item: dict, says: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_variants(_empty(9, **{key: [item]}), "p.json")
    message = str(caught.value)
    assert f"'{key}'" in message and says in message and "\n" not in message
    assert message.startswith("p.json:1")


def test_sigh_strings() -> None:
    line = [["R1C1", "R1C2", "R2C3"]]
    text = _empty(
        9,
        renban=[{"lines": line}],
        whispers=[{"lines": line}, {"lines": line, "value": "4"}],
        regionsumline=[{"lines": line}],
        entropicline=[{"lines": line}],
        modularline=[{"lines": line}],
        zipperline=[{"lines": line}],
        betweenline=[{"lines": line}],
        lockout=[{"lines": line}],
        doublearrow=[{"lines": line}],
    )
    (puzzle,) = parse_variants(text, "p.json")
    got = {c.sigh(lambda cell: cell_name(9, cell)) for c in puzzle.constraints}
    cells = "R1C1~R1C2~R2C3"
    assert got == {
        f".Renban~{cells}",
        f".Whisper~5~{cells}",
        f".Whisper~4~{cells}",
        f".RegionSumLine~{cells}",
        f".Entropic~{cells}",
        f".Modular~3~{cells}",
        f".Zipper~{cells}",
        f".Between~{cells}",
        f".Lockout~4~{cells}",
        f".DoubleArrow~{cells}",
    }


def test_defaults_scale_with_the_size() -> None:
    line = [["R1C1", "R1C2", "R2C3"]]
    (puzzle,) = parse_variants(_empty(6, whispers=[{"lines": line}], lockout=[{"lines": line}]), "")
    assert [c.difference for c in puzzle.constraints] == [3, 3]  # type: ignore[attr-defined]
    assert entropic_classes(9) == (0, 0, 0, 1, 1, 1, 2, 2, 2)
    assert entropic_classes(6) == (0, 0, 1, 1, 2, 2)
    assert entropic_classes(8) == (0, 0, 0, 1, 1, 2, 2, 2)
    assert modular_classes(6) == (1, 2, 0, 1, 2, 0)


def test_region_sum_segments_follow_jigsaw_regions() -> None:
    grid = [[{"region": r} for c in range(4)] for r in range(4)]  # rows as regions
    data = {"size": 4, "grid": grid, "regionsumline": [{"lines": [["R1C4", "R2C1", "R3C1"]]}]}
    with pytest.raises(InputError):  # R1C4 and R2C1 are not neighbours
        parse_variants(json.dumps(data), "")
    data["regionsumline"] = [{"lines": [["R2C3", "R2C4", "R3C4", "R3C3"]]}]
    (puzzle,) = parse_variants(json.dumps(data), "")
    (line,) = [c for c in puzzle.constraints if c.key == "regionsumline"]
    assert line.segments == ((6, 7), (11, 10))  # type: ignore[attr-defined]


def _first_unique(key: str) -> str:
    for text in (DATA / f"{key}.jsonl").read_text().splitlines():
        if text.startswith("{"):
            case = json.loads(text)
            if case["expect"] == 1 and case["puzzle"]["size"] == 6:
                return json.dumps(case["puzzle"])
    raise AssertionError(key)


def test_every_command_on_one_puzzle_per_key(tmp_path: Path) -> None:
    """One file, a 6x6 unique puzzle of each key a line: each command once over it."""
    path = tmp_path / "p.json"
    path.write_text("\n".join(_first_unique(key) for key in KEYS) + "\n")
    p = str(path)

    def run(*args: str) -> list[str]:
        result = RUNNER.invoke(app, list(args))
        assert result.exit_code == 0, (args, result.output)
        return result.output.splitlines()

    assert [line.split()[0] for line in run("unique", p)] == ["unique"] * len(KEYS)
    assert run("count", p) == ["1"] * len(KEYS)
    solved = parse_variants("\n".join(run("solve", p, "--format", "fpuzzles")), "solved")
    assert len(solved) == len(KEYS) and all(0 not in s.grid for s in solved)
    assert sum(line.startswith("# ") for line in run("candidates", p)) == len(KEYS)
    for k, key in enumerate(KEYS, 1):
        cnf = run("encode", p, "--index", str(k))
        assert cnf[1].endswith(f"rules {RULES[k - 1]}"), (key, cnf[1])
        one, svg = tmp_path / f"{key}.json", tmp_path / f"{key}.svg"
        one.write_text(_first_unique(key))
        run("show", str(one), "--svg", str(svg))
        assert "<polyline" in svg.read_text()
    certified = run("certify", p, str(tmp_path / "c"))[-1]
    assert f"{len(KEYS)} of {len(KEYS)} puzzle(s) certified" in certified


def _propagated(key: str, line: list[str], givens: dict[str, int], **extra: object) -> set[int]:
    """The literals unit propagation alone fixes on a 9x9 with one line and these givens."""
    from sudoku_sat.engines.propagation import propagate_cnf
    from sudoku_sat.variants.encode import encode_variant

    grid: list[list[dict]] = [[{} for _ in range(9)] for _ in range(9)]
    for name, d in givens.items():
        grid[int(name[1]) - 1][int(name[3]) - 1] = {"value": d, "given": True}
    data = {"size": 9, "grid": grid, key: [{"lines": [line], **extra}]}
    (puzzle,) = parse_variants(json.dumps(data), "p.json")
    formula = encode_variant(puzzle)
    result = propagate_cnf(formula.nvars, formula.clauses, "up", backend="python")
    assert result.conflict is None
    return set(result.literals)


def _digits(lits: set[int], name: str) -> list[int]:
    """The digits a cell may still hold after propagation."""
    cell = (int(name[1]) - 1) * 9 + int(name[3]) - 1
    return [d for d in range(1, 10) if -(cell * 9 + d) not in lits]


@pytest.mark.parametrize(
    "key,line,givens,extra,cell,left",
    [
        ("whispers", ["R1C1", "R1C2"], {}, {}, "R1C2", [1, 2, 3, 4, 6, 7, 8, 9]),
        ("whispers", ["R1C1", "R1C2"], {"R1C1": 3}, {}, "R1C2", [8, 9]),
        ("whispers", ["R1C1", "R1C2"], {"R1C1": 3}, {"value": 4}, "R1C2", [7, 8, 9]),
        ("renban", ["R1C1", "R1C2", "R1C3"], {"R1C1": 1}, {}, "R1C3", [2, 3]),
        ("renban", ["R1C1", "R2C2", "R3C3", "R4C4"], {"R1C1": 5}, {}, "R4C4", [2, 3, 4, 6, 7, 8]),
        ("entropicline", ["R1C1", "R2C2", "R3C3"], {"R1C1": 2, "R2C2": 5}, {}, "R3C3", [7, 8, 9]),
        ("modularline", ["R1C1", "R2C2", "R3C3"], {"R1C1": 1, "R2C2": 5}, {}, "R3C3", [3, 6, 9]),
        ("betweenline", ["R1C1", "R2C2", "R3C3"], {"R1C1": 3, "R3C3": 7}, {}, "R2C2", [4, 5, 6]),
        ("betweenline", ["R1C1", "R2C2", "R3C3"], {}, {}, "R2C2", [2, 3, 4, 5, 6, 7, 8]),
        ("lockout", ["R1C1", "R2C2", "R3C3"], {"R1C1": 2, "R3C3": 7}, {}, "R2C2", [1, 8, 9]),
        ("lockout", ["R1C1", "R2C1", "R3C2"], {"R1C1": 5}, {}, "R3C2", [1, 9]),
        ("zipperline", ["R1C1", "R1C2", "R1C3"], {"R1C1": 3, "R1C3": 4}, {}, "R1C2", [7]),
        (
            "zipperline",
            ["R1C1", "R2C1", "R2C2", "R1C2"],
            {"R1C1": 3, "R1C2": 6, "R2C1": 5},
            {},
            "R2C2",
            [4],
        ),
        ("doublearrow", ["R1C1", "R2C2", "R3C3"], {"R1C1": 3, "R3C3": 4}, {}, "R2C2", [7]),
        ("regionsumline", ["R1C3", "R1C4", "R1C5"], {"R1C3": 9, "R1C4": 4}, {}, "R1C5", [5]),
    ],
)
def test_unit_propagation_makes_the_setters_deductions(
    key: str, line: list[str], givens: dict[str, int], extra: dict, cell: str, left: list[int]
) -> None:
    assert _digits(_propagated(key, line, givens, **extra), cell) == left


def _random_line(n: int, length: int, rng: random.Random) -> list[str]:
    """A path of neighbouring cells, by name."""
    return [cell_name(n, c) for c in random_path(n, length, rng)]


def test_random_small_puzzles_count_as_cp_sat() -> None:
    """Random 4x4 puzzles with a few lines of any key (and a few givens): the CNF's count
    up to 20 equals CP-SAT's, and every grid found satisfies each line directly."""
    from sudoku_sat.variants import cpsat
    from sudoku_sat.variants.solve import Session

    rng = random.Random(34)
    with Session() as session:
        for _ in range(15):
            data: dict = json.loads(_empty(4))
            for _ in range(rng.randint(1, 3)):
                key = rng.choice(KEYS)
                line = _random_line(4, rng.randint(3, 5), rng)
                if len(line) < 3:
                    continue
                item: dict = {"lines": [line]}
                if key in ("whispers", "lockout") and rng.random() < 0.3:
                    item["value"] = rng.randint(1, 3)
                data.setdefault(key, []).append(item)
            for _ in range(rng.randint(0, 2)):
                c = rng.randrange(16)
                data["grid"][c // 4][c % 4] = {"value": rng.randint(1, 4), "given": True}
            (puzzle,) = parse_variants(json.dumps(data), "random")
            found = session.solutions(puzzle, 20)
            assert len(found) == cpsat.count(puzzle, 20), data
            assert all(c.holds(g, 4) for g in found for c in puzzle.constraints)


@pytest.mark.parametrize(
    "key,item,clauses,assumed",
    [
        ("whispers", {"lines": [["R1C1", "R1C2", "R2C3"]]}, 0, 2),
        ("whispers", {"lines": [["R1C1", "R1C2", "R2C3"]], "value": "4"}, 0, 2),
        ("whispers", {"lines": [["R1C1", "R1C2", "R2C3"]], "value": "2"}, 2 * 18, 0),
        ("betweenline", {"lines": [["R1C1", "R1C2", "R1C3", "R1C4"]]}, 16 + 1 + 2 * 14, 4),
    ],
)
def test_in_a_session_lines_lean_on_the_skeleton(
    key: str, item: dict, clauses: int, assumed: int
) -> None:
    """A session's clue clauses for a line: none for whispers of the default difference
    or one less (a selector a pair in the skeleton, assumed), 2N support clauses a pair
    for another difference, a few short ones on the skeleton's order literals for a
    between line (its middle cells never 1 or 9: assumed)."""
    from sudoku_sat.variants.encode import encode_clues

    (puzzle,) = parse_variants(_empty(9, **{key: [item]}), "p.json")
    found, _, assumptions = encode_clues(puzzle, 10_000)
    assert (len(found), len(assumptions)) == (clauses, assumed)
    if key == "betweenline":
        assert max(len(c) for c in found) <= 3
