"""The 9x9 count kernel of the bulk path: the same counts as the EUP kernel it was
written from, at every cap, on dataset samples, contradictions and blank grids (the
comparison with PySAT is tests/test_bulk.py, through the bulk path)."""

from __future__ import annotations

import random

import pytest

from .conftest import EASY, dataset_path

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from sudoku_sat.bulk import characters, parse_lines, unpacked  # noqa: E402
from sudoku_sat.engines import count9  # noqa: E402
from sudoku_sat.engines.eup import compiled  # noqa: E402

CLASH_ROW = "11" + "." * 79
CLASH_BOX = "1" + "." * 9 + "1" + "." * 70
BLANK = "." * 81


def sample(name: str, k: int) -> list[str]:
    lines = parse_lines(dataset_path(name).read_text())
    assert lines is not None
    return random.Random(1).sample(lines.rows, k)


def counts(rows: list[str], cap: int) -> list[int]:
    return list(count9.count_lines(characters("".join(rows).encode()), cap).tolist())


def eup_counts(rows: list[str], cap: int) -> list[int]:
    found, _ = compiled.count_batch(unpacked("".join(rows).encode()), cap, *compiled.tables(3))
    return list(found.tolist())


@pytest.mark.parametrize(
    ("name", "k"),
    [
        ("puzzles2_17_clue", 300),
        ("puzzles5_forum_hardest_1905_11+", 60),
        ("puzzles7_serg_benchmark", 200),
        ("counts_reference.txt", 0),
    ],
)
def test_counts_equal_the_eup_kernels_at_every_cap(name: str, k: int) -> None:
    if k:
        rows = sample(name, k)
    else:
        rows = [line.split(":")[0][:81] for line in dataset_path(name).read_text().split()]
        rows = [row for row in rows if len(row) == 81]
    for cap in (1, 2, 3, 10):
        assert counts(rows, cap) == eup_counts(rows, cap)


def test_clashes_blanks_and_caps() -> None:
    rows = [CLASH_ROW, CLASH_BOX, BLANK, EASY, BLANK.replace(".", "0"), "1" * 81]
    assert counts(rows, 2) == [0, 0, 2, 1, 2, 0]
    assert counts(rows, 0) == [0] * 6
    assert counts(rows, 50) == [0, 0, 50, 1, 50, 0]
    assert counts([EASY[:80] + ("1" if EASY[80] != "1" else "2")], 2) == [0]


def test_an_empty_chunk() -> None:
    assert count9.count_lines(np.zeros((0, 81), np.uint8), 2).tolist() == []
