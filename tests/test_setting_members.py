"""``setting.members``: members named as a setter reads them, their JSON records with the
f-puzzles key and the item's place in the file, and puzzles rebuilt from members."""

from __future__ import annotations

import json

from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.setting.members import cells_text, reduced, selectable
from sudoku_sat.variants.constraints.killer import Cage
from sudoku_sat.variants.constraints.thermometer import Thermometer
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.fpuzzles_write import to_fpuzzles


def grid(size: int, givens: dict[tuple[int, int], int] | None = None) -> list[list[dict[str, int]]]:
    rows: list[list[dict[str, int]]] = [[{} for _ in range(size)] for _ in range(size)]
    for (r, c), d in (givens or {}).items():
        rows[r][c] = {"value": d}
    return rows


PUZZLE = {
    "size": 6,
    "grid": grid(6, {(3, 4): 5}),
    "antiknight": True,
    "killercage": [
        {"cells": ["R1C1", "R1C2", "R1C3"], "value": "6"},
        {"cells": ["R2C1", "R3C1", "R3C2"]},
    ],
    "thermometer": [
        {"lines": [["R4C1", "R5C1"], ["R4C2", "R5C2", "R6C2"]]},
        {"lines": [["R6C5", "R6C6"]]},
    ],
    "arrow": [{"cells": ["R2C4"], "lines": [["R2C4", "R2C5", "R2C6"]]}],
    "xv": [{"cells": ["R5C5", "R5C6"], "value": "X"}],
    "ratio": [{"cells": ["R4C5", "R4C6"], "value": 3}],
    "renban": [{"lines": [["R1C5", "R1C6"]]}, {"lines": [["R3C5", "R3C6"]]}],
}


def members() -> list[dict[str, object]]:
    (p,) = parse_variants(json.dumps(PUZZLE), "made.json")
    return [m.record() for m in selectable(p).members]


def test_each_member_carries_its_key_and_its_place_among_the_key_s_instances() -> None:
    records = members()
    keys = [(r["key"], r.get("index")) for r in records]
    assert keys == [
        ("antiknight", None),
        ("arrow", 1),
        ("killercage", 1),
        ("killercage", 2),
        ("ratio", 1),
        ("renban", 1),
        ("renban", 2),
        ("thermometer", 1),
        ("thermometer", 2),
        ("thermometer", 3),
        ("xv", 1),
        ("given", None),
    ]
    assert records[2] == {
        "key": "killercage",
        "index": 1,
        "cells": ["r1c1", "r1c2", "r1c3"],
        "value": 6,
    }
    assert records[0] == {"key": "antiknight", "cells": []}
    assert records[4]["value"] == 3 and records[10]["value"] == "X"
    assert records[-1] == {"key": "given", "cell": "r4c5", "digit": 5}


def test_members_are_named_as_a_setter_reads_them() -> None:
    (p,) = parse_variants(json.dumps(PUZZLE), "made.json")
    names = [m.name for m in selectable(p).members]
    assert names[:4] == [
        "anti-knight",
        "arrow at r2c4 along r2c5-r2c6",
        "killer cage 6 at r1c1-r1c3",
        "killer cage at r2c1,r3c1,r3c2",
    ]
    assert names[8] == "thermometer at r4c2-r6c2"
    assert names[4] == "black dot 3 at r4c5-r4c6" and names[10] == "X at r5c5-r5c6"
    assert names[-1] == "given 5 at r4c5"


def test_cells_text_runs_and_lists() -> None:
    assert cells_text(9, (0,)) == "r1c1"
    assert cells_text(9, (0, 1, 2)) == "r1c1-r1c3"
    assert cells_text(9, (20, 11, 2)) == "r3c3-r1c3"
    assert cells_text(9, (0, 1, 10)) == "r1c1,r1c2,r2c2"


def test_a_classic_grid_has_givens_only() -> None:
    p = Puzzle(4, (1, 0, 0, 0) * 4)
    assert [m.key for m in selectable(p).members] == ["given"] * 4


def test_reduced_keeps_the_members_chosen_and_the_regions() -> None:
    (p,) = parse_variants(json.dumps(PUZZLE), "made.json")
    s = selectable(p)
    kept = reduced(s, [2, 7, 11])
    assert kept.of(Cage) == p.of(Cage)[:1] and kept.of(Thermometer) == p.of(Thermometer)[:1]
    assert kept.grid[3 * 6 + 4] == 5 and sum(1 for d in kept.grid if d) == 1
    assert len(kept.constraints) == 2 and kept.regions == p.regions and kept.solution is None
    whole = reduced(s, range(len(s.members)))
    assert whole.constraints == p.constraints and whole.grid == p.grid


def test_a_member_s_index_is_its_item_s_place_in_the_file_written_back() -> None:
    (p,) = parse_variants(json.dumps(PUZZLE), "made.json")
    written = to_fpuzzles(p)
    for m in selectable(p).members:
        if m.index is not None:
            item = written[m.key][m.index - 1]
            named = [c for line in item.get("lines", [item.get("cells", [])]) for c in line]
            assert {c.lower() for c in named} <= set(m.record()["cells"])
