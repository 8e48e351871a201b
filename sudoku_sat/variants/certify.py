"""Certificates of uniqueness for variant puzzles, in the classic certificate's form.

Per unique puzzle: ``puzzle-NNNNN.cnf`` (the variant formula with the givens as units,
and ¬S, the clause that rules out the solution S), ``.sol`` (S) and ``.drup`` (a DRUP
proof that the CNF is UNSAT, from a proof-producing PySAT solver, Glucose 4.2 by
default), the proof checked by the in-house RUP checker before it is written.
The CNF's comments carry the puzzle as f-puzzles JSON and S, so ``check-proof`` also
checks the SAT side (``variant_problems``): S obeys every rule (CP-SAT, independent of
the CNF) and the clauses are exactly the puzzle's encoding and ¬S.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

from ..dimacs import write_cnf
from ..errors import SolverError
from ..files import atomic_write
from ..grid import Grid
from ..model.puzzle import Puzzle
from ..proofs.batch import Outcome
from ..proofs.proof import format_proof, hash_comment, parse_proof, sha256_text
from ..proofs.prover import Refusal
from ..proofs.rup import RupChecker
from ..proofs.store import Written, stem
from .encode import encode_variant
from .fpuzzles_write import dumps
from .sigh_write import to_sigh
from .solve import blocking, decode_model
from .text import format_line


def cnf_text(puzzle: Puzzle, solution: Grid) -> tuple[str, int, list[list[int]]]:
    """The certificate CNF as text, its variable count and clauses."""
    formula = encode_variant(puzzle)
    clauses = [*formula.clauses, blocking(solution, puzzle.size)]
    bare = replace(puzzle, solution=None)
    said = (  # f-puzzles holds neither digits from 0 nor other shapes: sigh's string
        f"fpuzzles {dumps(bare)}" if bare.low == 1 and not bare.shaped else f"sigh {to_sigh(bare)}"
    )
    lines = [
        *formula.comments(),
        said,
        f"variant-solution {format_line(solution)}",
        "certificate: these clauses and not-S are UNSAT iff S is the only solution",
    ]
    out = io.StringIO()
    write_cnf(out, formula.nvars, clauses, lines)
    return out.getvalue(), formula.nvars, clauses


def certify_variant(
    puzzle: Puzzle, solution: Grid, folder: Path | None, index: int, solver: str = "glucose42"
) -> Outcome:
    """The certificate of puzzle number index (solution: its only solution), written into
    folder when one is given: the CNF F ∧ ¬S, the solution, and the solver's DRUP proof,
    checked by the in-house RUP checker first (a proof it rejects is a SolverError)."""
    from pysat.solvers import Solver

    text, nvars, clauses = cnf_text(puzzle, solution)
    with Solver(name=solver, bootstrap_with=clauses, with_proof=True) as s:
        if s.solve():
            other = decode_model(s.get_model(), puzzle.size, puzzle.cells)
            return Outcome(index, refusal=Refusal("several", "several solutions", other))
        lines = s.get_proof()
    proof = parse_proof("\n".join(lines), nvars, f"<{solver} proof>")
    verdict = RupChecker(nvars, clauses).check(proof)
    if not verdict.ok:
        raise SolverError(f"puzzle {index}: the {solver} proof fails the in-house checker")
    method = f"pysat:{solver}"
    if folder is None:
        return Outcome(index, method, verdict=verdict)
    base = stem(index)
    files = Written(folder / f"{base}.cnf", folder / f"{base}.sol", folder / f"{base}.drup")
    how = f"DRUP proof that {files.cnf.name} is UNSAT ({solver} with_proof)"
    atomic_write(files.cnf, lambda fp: fp.write(text))
    atomic_write(files.solution, lambda fp: fp.write(format_line(solution) + "\n"))
    body = format_proof(proof.steps, [hash_comment(sha256_text(text), files.cnf.name), how])
    atomic_write(files.proof, lambda fp: fp.write(body))
    return Outcome(index, method, files, verdict=verdict)


def variant_problems(
    comments: list[str], nvars: int, clauses: list[list[int]], source: str
) -> list[str] | None:
    """For a CNF whose comments carry a variant puzzle and solution: what is wrong with the
    SAT side (empty when nothing is); None when the comments name no variant."""
    from ..errors import InputError
    from .fpuzzles import parse_variants
    from .sigh import parse_sigh
    from .text import SYMBOLS

    fields = dict(c.split(" ", 1) for c in comments if " " in c)
    if not {"fpuzzles", "sigh"} & set(fields) or "variant-solution" not in fields:
        return None
    try:
        if "fpuzzles" in fields:
            (puzzle,) = parse_variants(fields["fpuzzles"].strip(), source)
        else:
            (puzzle,) = parse_sigh(fields["sigh"].strip(), source)
        solution = tuple(SYMBOLS.index(ch) for ch in fields["variant-solution"].strip())
    except (InputError, ValueError):
        return [f"{source}: the puzzle's and 'c variant-solution' comments do not parse"]
    from . import cpsat

    if len(solution) != puzzle.cells or not cpsat.is_solution(puzzle, solution):
        return [f"{source}: the solution in its comments does not solve the puzzle"]
    _, n, expected = cnf_text(puzzle, solution)
    if n != nvars or expected != clauses:
        return [f"{source}: the clauses are not the encoding of the puzzle and not-S"]
    return []
