"""The qqwing cross-check: singles here iff qqwing says Simple or Easy."""

from __future__ import annotations

from sudoku_sat.difficulty.qqwing import (
    QQWING_LEVELS,
    contingency,
    qqwing_generate,
    qqwing_levels,
    singles_mismatches,
)
from sudoku_sat.difficulty.rating import rate
from sudoku_sat.gridio import format_line, parse_puzzles
from tests.conftest import EASY, TRES_DIFFICILE, need_binary, sample


def test_the_seed_grids() -> None:
    need_binary("qqwing")
    assert qqwing_levels([EASY, TRES_DIFFICILE]) == ["Simple", "Expert"]


def test_singles_iff_simple_or_easy_on_dataset_and_qqwing_samples() -> None:
    need_binary("qqwing")
    # half the sample it had (qqwing takes up to half a second to make one Simple puzzle)
    lines = [format_line(p.grid, 3) for p in sample("puzzles2_17_clue", 30, seed=11)]
    lines += [format_line(p.grid, 3) for p in sample("puzzles3_magictour_top1465", 10, seed=11)]
    for level in ("simple", "easy", "intermediate"):
        made, seconds = qqwing_generate(5, level)
        assert len(made) == 5 and seconds > 0
        lines += made
    theirs = qqwing_levels(lines)
    ours = [rate(parse_puzzles(line)[0].grid, 3).level for line in lines]
    assert singles_mismatches(ours, theirs) == []
    assert set(theirs) <= set(QQWING_LEVELS)
    # both sides of the equivalence occur in the sample
    assert "singles" in ours and any(level != "singles" for level in ours)


def test_an_impossible_puzzle_is_named() -> None:
    need_binary("qqwing")
    assert qqwing_levels(["11" + "." * 79]) == ["impossible"]


def test_contingency_counts_pairs() -> None:
    table = contingency(["singles", "fl", "singles"], ["Easy", "Expert", "Simple"])
    assert table == {"singles": {"Easy": 1, "Simple": 1}, "fl": {"Expert": 1}}
    assert singles_mismatches(["singles", "fl"], ["Intermediate", "Expert"]) == [0]
