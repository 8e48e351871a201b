"""Variant Sudoku: f-puzzles input and output, one module per rule family
(``constraints/``), CNF over the classic numbering, solving, counting, true candidates,
generation and certificates (docs/variants.md)."""
