"""Write ``benchmarks/data/killers.jsonl``: 36 real published killer puzzles for the killer
benchmark of issue 40, each with its origin, in the test files' shape ({origin, expect,
puzzle}, the puzzle as f-puzzles JSON with its solution).

- the 18 real killers of ``tests/data/constraints/killercage.jsonl``, as they are there;
- from sigh's Interactive-Sudoku-Solver ``data/collections.js`` (github.com/sigh/
  Interactive-Sudoku-Solver, MIT): the extreme killers with a published solution
  ("Wecoc #1 [mod A]", "Wecoc #2", "tarek unsolvable #41", from forum.enjoysudoku.com's
  "Killing with flowers" thread) and 15 more of "tarek all" (rcbroughton.co.uk's forum),
  whose source gives no solution grid: the solution written is the only one CP-SAT and
  sudoku-sat find (the origin says so).

    python benchmarks/make_killers.py PATH/TO/collections.js

sigh's two killer formats are read here: sudocue's long one (``3x3:d:k:`` then a number
per cell, sum * 256 + cage id; ``d``: both diagonals) and the compact one of 81
characters (a sum character, or an arrow to the cell whose cage it joins; a sum of 0 is
a cage with no sum, as sigh reads it).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from sudoku_sat.model.geometry import cell_name
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.solve import Session

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests" / "data" / "constraints" / "killercage.jsonl"
OUT = ROOT / "benchmarks" / "data" / "killers.jsonl"
SIGH = "via sigh's Interactive-Sudoku-Solver data/collections.js"
EXTREME = ("Wecoc #1 [mod A]", "Wecoc #2", "tarek unsolvable #41")
TAREK = (2, 4, 6, 8, 11, 14, 17, 20, 24, 29, 33, 37, 38, 39, 41)
"""The entries of "tarek all" taken (counted from 1; the tests hold 1, 9, 22, 27, 31, 36, 40)."""
TAREK_SRC = "http://rcbroughton.co.uk/sudoku/forum/viewtopic.php?f=3&t=434#p2453"
NO_SOLUTION = " (no solution published: the solution is the one CP-SAT and sudoku-sat find)"
STEPS = {"v": 9, "^": -9, "<": -1, ">": 1, "`": -10, "'": -8, ",": 8, ".": 10}


def long_format(text: str) -> tuple[list[tuple[int, list[int]]], bool]:
    """Cages (sum, cells) and the diagonal flag of sudocue's ``3x3:?:k:`` format."""
    parts = text.split(":")
    cages: dict[int, tuple[int, list[int]]] = {}
    for i, part in enumerate(parts[3 : 3 + 81]):
        value = int(part)
        if value // 256:
            cages.setdefault(value % 256, (value // 256, []))[1].append(i)
    return list(cages.values()), parts[1] == "d"


def compact_format(text: str) -> list[tuple[int, list[int]]]:
    """Cages (sum, cells) of the 81-character format: a cell's character is its cage's
    sum (0-9, A-Z from 10, a-j from 36) or an arrow to the cell whose cage it joins."""
    cages: dict[int, tuple[int, list[int]]] = {}
    for i in range(81):
        root = i
        while text[root] in STEPS:
            root += STEPS[text[root]]
        ch = text[root]
        total = int(ch) if ch.isdigit() else ord(ch) - (55 if ch.isupper() else 61)
        cages.setdefault(root, (total, []))[1].append(i)
    return list(cages.values())


def fpuzzle(cages: list[tuple[int, list[int]]], diagonal: bool, title: str) -> dict[str, object]:
    out: dict[str, object] = {
        "size": 9,
        "title": title,
        "grid": [[{} for _ in range(9)] for _ in range(9)],
        "killercage": [
            {"cells": [cell_name(9, c) for c in cells], **({"value": str(t)} if t else {})}
            for t, cells in cages
        ],
    }
    if diagonal:
        out["diagonal+"] = out["diagonal-"] = True
    return out


def entries(js: str) -> list[tuple[str, str, str | None, str]]:
    """(name, input, solution or None, source) of the killers taken from collections.js."""
    found = []
    for name in EXTREME:
        block = js[js.index(f"name: '{name}'") :]
        block = block[: block.index("}")]
        src = re.search(r"src: '([^']*)'", block)
        solution = re.search(r"solution: '(\d{81})'", block)
        text = re.search(r"input: '([^']*)'", block)
        assert src and solution and text
        found.append((name, text.group(1), solution.group(1), src.group(1)))
    tarek = js[js.index("export const TAREK_ALL") :]
    tarek = tarek[: tarek.index("],\n);")]
    strings = re.findall(r"^\s+'([^']{81})',$", tarek, re.M)
    for k in TAREK:
        found.append((f"tarek all #{k}", strings[k - 1], None, TAREK_SRC))
    return found


def main(collections: str) -> None:
    lines = [
        "# 36 real published killers for the killer benchmark of issue 40 "
        "(benchmarks/make_killers.py): {origin, expect, puzzle}"
    ]
    for line in TESTS.read_text().splitlines():
        if line.startswith("{") and not json.loads(line)["origin"].startswith("made"):
            lines.append(line)
    for name, text, solution, src in entries(Path(collections).read_text()):
        if text.startswith("3x3:"):
            cages, diagonal = long_format(text)
        else:
            cages, diagonal = compact_format(text), False
        puzzle = fpuzzle(cages, diagonal, name)
        (p,) = parse_variants(json.dumps(puzzle), name)
        with Session() as s:
            found = s.solutions(p, 3)
        assert len(cpsat.solutions(p, 3, 900.0)) == len(found) == 1, name
        grid = "".join(map(str, found[0]))
        assert solution is None or grid == solution, name
        puzzle["solution"] = [int(d) for d in grid]
        note = (
            ""
            if solution
            else " (no solution published: the solution is the one CP-SAT and sudoku-sat find)"
        )
        origin = f"{name}: {src}, {SIGH}{note}"
        lines.append(
            json.dumps({"origin": origin, "expect": 1, "puzzle": puzzle}, separators=(",", ":"))
        )
        print(name, "ok", file=sys.stderr)
    OUT.write_text("\n".join(lines) + "\n")
    print(f"{len(lines) - 1} killers -> {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
