"""The cell constraints of the registry (quadruple, clone, minimum, maximum, the
indexers): malformed items refused in one line naming the key, the rules checked
directly on grids, sigh's strings, and every variant command on one puzzle per key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.errors import InputError
from sudoku_sat.model.geometry import cell_name
from sudoku_sat.variants.fpuzzles import parse_variants

from .conftest import IN_CI

if not IN_CI:
    pytest.importorskip("ortools")

DATA = Path(__file__).parent / "data" / "constraints"
KEYS = ("quadruple", "clone", "minimum", "maximum", "columnindexer", "rowindexer")
RUNNER = CliRunner()


def _empty(size: int = 6, **keys: object) -> str:
    return json.dumps({"size": size, "grid": [[{}] * size] * size, **keys})


QUAD = ["R1C1", "R1C2", "R2C1", "R2C2"]
MALFORMED = [
    ("quadruple", [{"cells": QUAD, "values": [1, 2, 3, 4, 5]}], "1 to 4 digits"),
    ("quadruple", [{"cells": ["R1C1", "R1C2", "R2C1", "R2C3"], "values": [1]}], "around one"),
    ("quadruple", [{"cells": ["R1C6", "R1C7", "R2C6", "R2C7"], "values": [1]}], "outside"),
    ("quadruple", [{"cells": ["R1C6", "R2C1", "R2C6", "R3C1"], "values": [1]}], "around one"),
    ("quadruple", [{"cells": QUAD, "values": [7]}], "not a digit 1..6"),
    ("quadruple", [{"cells": QUAD, "values": ["x"]}], "not a whole number"),
    ("clone", [{"cells": ["R1C1", "R1C2"], "cloneCells": ["R3C3"]}], "one by one"),
    ("clone", [{"cells": ["R1C1"], "cloneCells": ["R9C9"]}], "outside"),
    ("minimum", [{"cell": "R0C1"}], "outside"),
    ("maximum", [{"cell": 5}], "not a cell name"),
    ("columnindexer", [{"cells": ["R1C1", "R7C1"]}], "outside"),
    ("rowindexer", {"cells": ["R1C1"]}, "list of objects"),
]


@pytest.mark.parametrize("key,value,words", MALFORMED)
def test_malformed_items_are_one_line_errors(key: str, value: object, words: str) -> None:
    with pytest.raises(InputError) as err:
        parse_variants(_empty(**{key: value}), "x.json")
    message = str(err.value)
    assert f"'{key}'" in message and words in message and "\n" not in message
    assert message.startswith("x.json:1")


def _read(size: int, **keys: object) -> list:
    (puzzle,) = parse_variants(_empty(size, **keys), "x")
    return list(puzzle.constraints)


def test_a_repeated_quadruple_digit_counts_twice() -> None:
    (quad,) = _read(6, quadruple=[{"cells": ["R2C3", "R2C4", "R3C3", "R3C4"], "values": [1, 1]}])
    grid = [0] * 36
    grid[8], grid[9], grid[14], grid[15] = 1, 2, 3, 1  # R2C3, R2C4, R3C3, R3C4
    assert quad.holds(grid, 6)
    grid[15] = 4
    assert not quad.holds(grid, 6)


def test_neighbouring_extremum_cells_do_not_compare() -> None:
    low, high, other = _read(
        6, minimum=[{"cell": "R1C1"}], maximum=[{"cell": "R1C2"}, {"cell": "R1C3"}]
    )
    assert low.others == (6, 1) and high.others == (7, 0) and other.others == (8, 3)


def test_in_a_session_extremum_cells_assume_the_skeleton_steps() -> None:
    """A minimum cell's comparisons are the skeleton's "a < b" selectors, assumed: no
    clause (alone, 2N support clauses a neighbour)."""
    from sudoku_sat.variants.encode import encode_clues, encode_variant

    (puzzle,) = parse_variants(_empty(6, minimum=[{"cell": "R1C1"}, {"cell": "R3C3"}]), "p")
    clauses, _, assumed = encode_clues(puzzle, 10_000)
    assert (len(clauses), len(assumed)) == (0, 2 + 4)
    assert encode_variant(puzzle).parts["minimum"] == (2 + 4) * 2 * 6


def test_indexers_point_along_their_line() -> None:
    column, row = _read(9, columnindexer=[{"cells": ["R1C1"]}], rowindexer=[{"cells": ["R1C5"]}])
    grid = [0] * 81
    grid[0], grid[2] = 3, 1  # R1C1 = 3: the 1 of row 1 is in column 3
    assert column.holds(grid, 9)
    grid[2] = 4
    assert not column.holds(grid, 9)
    grid[4], grid[6 * 9 + 4] = 7, 1  # R1C5 = 7: the 1 of column 5 is in row 7
    assert row.holds(grid, 9)


def test_sigh_strings() -> None:
    def name(cell: int) -> str:
        return cell_name(6, cell)

    clone, low, column, quad = _read(
        6,
        quadruple=[{"cells": QUAD, "values": [2, 1]}],
        clone=[{"cells": ["R1C1", "R1C2"], "cloneCells": ["R1C2", "R3C3"]}],
        minimum=[{"cell": "R6C6"}],
        columnindexer=[{"cells": ["R1C1", "R2C1"]}],
    )
    assert quad.sigh(name) == ".Quad~R1C1~1~2"
    assert clone.sigh(name) == ".SameValues~2~R1C1~R1C2.SameValues~2~R1C2~R3C3"
    assert low.sigh(name) == ".GreaterThan~R5C6~R6C5~R6C6"  # each > R6C6, its neighbour
    assert column.sigh(name) == ".Indexing~C~R1C1~R2C1"


def _first(key: str) -> str:
    line = (DATA / f"{key}.jsonl").read_text().splitlines()[1]
    return json.dumps(json.loads(line)["puzzle"])


@pytest.mark.parametrize("key", KEYS)
def test_every_command_on_a_puzzle(key: str, tmp_path: Path) -> None:
    path = tmp_path / f"{key}.json"
    path.write_text(_first(key))
    (puzzle,) = parse_variants(path.read_text(), str(path))

    def run(*args: str) -> str:
        result = RUNNER.invoke(app, [*args])
        assert result.exit_code == 0, (args, result.output)
        return result.output

    assert run("unique", str(path)).startswith("unique")
    assert run("count", str(path), "--cap", "3").strip() == "1"
    (solved,) = parse_variants(run("solve", str(path), "--format", "fpuzzles"), "solved")
    assert solved.constraints == puzzle.constraints and 0 not in solved.grid
    assert "true candidates" in run("candidates", str(path))
    cnf = tmp_path / "p.cnf"
    run("encode", str(path), "-o", str(cnf))
    assert f"rules {puzzle.constraints[0].rule}" in cnf.read_text()
    svg = tmp_path / "p.svg"
    run("show", str(path), "--svg", str(svg))
    assert svg.read_text().startswith("<svg")
    run("certify", str(path), str(tmp_path / "certs"))
    cert = tmp_path / "certs" / "puzzle-00001"
    checked = run("check-proof", f"{cert}.cnf", f"{cert}.drup")
    assert "CNF is F_regle" in checked
