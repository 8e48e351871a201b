"""Variant Sudoku: f-puzzles input, 13 rule sets, CNF over the classic numbering, solving,
counting, true candidates and generation (issue 26; docs/variants.md)."""
