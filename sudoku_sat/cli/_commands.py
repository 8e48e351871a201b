"""The table of the commands, known without importing their modules (or typer)."""

from __future__ import annotations

#: Every command: the module under ``sudoku_sat.cli`` that registers it and the first
#: paragraph of its help, known without importing the module, so that ``sudoku-sat --help``
#: and ``--version`` load no command module (tests/test_cli_lazy.py checks both against
#: the modules). A command module is imported when its command runs or shows its help.
COMMANDS: dict[str, tuple[str, str]] = {
    "anneal": (
        "anneal",
        "Solve every puzzle of a file by simulated annealing, restarting up to --tries times.",
    ),
    "candidates": (
        "candidates",
        "The true candidates of every cell: the digits it holds in at least one solution.",
    ),
    "census": (
        "census",
        "Count every 4x4 grid, its uniquely solvable clue sets and its minimal puzzles.",
    ),
    "certify": (
        "certify",
        "Certify that every puzzle has exactly one solution: per unique puzzle, write into "
        "DIRECTORY puzzle-NNNNN.cnf (F_regle ∧ clues ∧ ¬S), .sol (the solution) and .drup (a "
        "DRUP proof that the CNF is UNSAT), checked by the in-house checker first.",
    ),
    "check-proof": (
        "certify",
        "Check that PROOF is a DRUP refutation of CNF: exit 0 verified, 1 refuted, 2 malformed.",
    ),
    "encodings": (
        "encodings",
        "CDCL per encoding: puzzles/s, mean conflicts and disagreements of each PySAT solver "
        "and solver binary on each encoding (docs/encodings.md).",
    ),
    "compare": (
        "compare",
        "Compare the in-house UP and FL engines with CDCL solvers.",
    ),
    "count": (
        "count",
        "Count the solutions of every puzzle: one line per puzzle, in input order.",
    ),
    "unique": (
        "count",
        "Check that every puzzle has exactly one solution: prints unique, several or none.",
    ),
    "encode": (
        "encode",
        "Encode puzzles as DIMACS CNF: formula_initiale = F1 ∧ F2 ∧ F_regle.",
    ),
    "decode": (
        "encode",
        "Turn a SAT solver's answer on an encoded puzzle back into a grid.",
    ),
    "explain": (
        "explain",
        "Solve puzzles step by step, each step with the weakest rule that works.",
    ),
    "generate": (
        "generate",
        "Make unique, minimal puzzles: fill a grid, empty it, verify it independently.",
    ),
    "minimize": (
        "generate",
        "Empty puzzles or solved grids to minimal unique puzzles (subsets of their clues).",
    ),
    "ladder": (
        "ladder",
        "The inference ladder over a dataset, without guessing.",
    ),
    "propagate": (
        "propagate",
        "Propagate a CNF to its fixpoint and print the assigned literals.",
    ),
    "rate": (
        "rate",
        "Rate puzzles by the weakest rung of the propagation ladder that solves them.",
    ),
    "redundant": (
        "redundant",
        "Name the givens and constraints a unique puzzle can do without.",
    ),
    "show": (
        "show",
        "Print puzzles drawn with block separators, or convert them to another format.",
    ),
    "solve": (
        "solve",
        "Solve every puzzle of a file and print the grids.",
    ),
    "why": (
        "why",
        "Say why a puzzle has no solution, several, or one.",
    ),
}
