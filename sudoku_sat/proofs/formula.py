"""The formula a uniqueness certificate refutes: F_regle ∧ clues(P) ∧ ¬S.

P is unique with solution S iff this formula is UNSAT: F_regle ∧ clues(P) holds exactly
the solutions of P, and the blocking clause ¬S (one literal ¬x(c, S_c) per cell) rules
out S alone. Clause order in the CNF file: the clue units F1 and F2 (as in
:func:`sudoku_sat.encoding.encode`), the rules F_regle in statement order, the blocking
clause last. Its comment lines carry the order, the puzzle and the solution, so that
``check-proof`` can rebuild the formula and compare.

The rules' DIMACS text is built once per order and cached: a certificate's CNF is that
text with a few hundred clue units before it and one clause after it.
"""

from __future__ import annotations

from functools import cache

from ..dimacs import Cnf
from ..encoding import blocking_clause, cell_var, num_vars, rule_count, rules
from ..errors import DimacsError
from ..grid import Clause, Grid, geometry
from ..gridio import format_line, is_number, parse_puzzles

TITLE = "sudoku-sat uniqueness certificate: F_regle ∧ clues(P) ∧ ¬S is UNSAT iff P is unique"


def clue_clauses(grid: Grid, n: int) -> list[Clause]:
    """F1 ∧ F2, clause for clause as ``encode(grid, n, with_rules=False)``, with the values
    placed in each unit kept as bitmasks (a tenth of the time: it runs once per puzzle)."""
    geo = geometry(n)
    size = geo.size
    placed = [0] * len(geo.units)
    f1: list[Clause] = []
    for c, k in enumerate(grid):
        if k:
            f1.append([cell_var(n, c, k)])
            f1.extend([-cell_var(n, c, m)] for m in range(1, size + 1) if m != k)
            for u in geo.units_of[c]:
                placed[u] |= 1 << k
    f2: list[Clause] = []
    for c, k in enumerate(grid):
        if not k:
            a, b, d = geo.units_of[c]
            mask = placed[a] | placed[b] | placed[d]
            f2.extend([-cell_var(n, c, m)] for m in range(1, size + 1) if mask >> m & 1)
    return f1 + f2


def extra_clauses(grid: Grid, n: int, solution: Grid) -> list[Clause]:
    """clues(P) ∧ ¬S: what a certificate adds to F_regle."""
    return [*clue_clauses(grid, n), blocking_clause(solution, n)]


def certificate_clauses(grid: Grid, n: int, solution: Grid) -> list[Clause]:
    """The whole formula in file order: clues, F_regle, blocking clause."""
    extra = extra_clauses(grid, n, solution)
    return [*extra[:-1], *rules(n), extra[-1]]


@cache
def _rules_text(n: int) -> str:
    return "".join(" ".join(map(str, (*c, 0))) + "\n" for c in rules(n))


def _line(clause: Clause) -> str:
    return " ".join(map(str, (*clause, 0))) + "\n"


def cnf_text(grid: Grid, n: int, solution: Grid) -> str:
    """The DIMACS text of a certificate's formula, with the puzzle and solution in comments."""
    extra = extra_clauses(grid, n, solution)
    head = (
        f"c {TITLE}\n"
        f"c order {n}\n"
        f"c puzzle {format_line(grid, n)}\n"
        f"c solution {format_line(solution, n)}\n"
        f"p cnf {num_vars(n)} {len(extra) + rule_count(n)}\n"
    )
    clues = "".join(_line(c) for c in extra[:-1])
    return head + clues + _rules_text(n) + _line(extra[-1])


def described(cnf: Cnf, source: str) -> tuple[Grid, Grid, int] | None:
    """The (puzzle, solution, n) a certificate CNF's comments name, or None if it names none."""
    fields = dict(c.split(" ", 1) for c in cnf.comments if " " in c)
    if "puzzle" not in fields or "solution" not in fields:
        return None
    order = int(fields["order"]) if is_number(fields.get("order", "").strip()) else None
    found = [parse_puzzles(fields[k].strip(), source, order=order) for k in ("puzzle", "solution")]
    if any(len(f) != 1 for f in found) or found[0][0].n != found[1][0].n:
        raise DimacsError("the 'c puzzle' and 'c solution' comments are not two grids", source)
    return found[0][0].grid, found[1][0].grid, found[0][0].n
