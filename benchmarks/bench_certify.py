"""Certified uniqueness per second: prove, then check with the in-house checker, in one run.

    python benchmarks/bench_certify.py            # the table of docs/certify.md
    python benchmarks/bench_certify.py --quick    # a smoke run

For each dataset sample (fixed seed): every puzzle is certified (``--method auto``:
failed literals, CDCL when they leave cells open) and its proof checked by the in-house
RUP checker against F_regle ∧ clues(P) ∧ ¬S (F_regle indexed once), in memory; a proof
that fails aborts the run. The peer in the same run is PySAT's uncertified uniqueness
check (count with cap 2, rules loaded once). On a smaller sub-sample, each checker reads
the written CNF and proof texts as ``check-proof`` does: the in-house checker (parse,
index the 12,000 clauses, check) and dratify (its own parser and checker).
Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

from sudoku_sat.grid import Grid
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.proofs.check import PuzzleChecker, check_texts
from sudoku_sat.proofs.external import dratify_available
from sudoku_sat.proofs.formula import cnf_text
from sudoku_sat.proofs.proof import sha256_text
from sudoku_sat.proofs.prover import Certificate, Prover
from sudoku_sat.proofs.store import proof_text
from sudoku_sat.puzzles.counting import PysatCounter

DATASETS = Path(__file__).resolve().parents[2] / "shared" / "datasets"
SETS = ("puzzles2_17_clue", "puzzles3_magictour_top1465")
GOAL = 1000.0
"""Certified-and-checked puzzles per second on 17-clue with the in-house checker."""


def load_sample(folder: Path, name: str, k: int, seed: int) -> list[Grid]:
    """k puzzles of a dataset drawn at random with a fixed seed."""
    path = folder / name
    puzzles = parse_puzzles(path.read_text(), str(path))
    return [p.grid for p in random.Random(seed).sample(puzzles, min(k, len(puzzles)))]


def certify_all(
    grids: list[Grid], prover: Prover, checker: PuzzleChecker
) -> tuple[list[Certificate], dict[str, float]]:
    """Every puzzle certified and checked in memory; the seconds of each stage."""
    certs: list[Certificate] = []
    prove = check = 0.0
    for grid in grids:
        t0 = time.perf_counter()
        cert = prover.certify(grid)
        t1 = time.perf_counter()
        if not isinstance(cert, Certificate):
            raise SystemExit(f"no certificate for a dataset puzzle: {cert.reason}")
        verdict = checker.check(cert)
        t2 = time.perf_counter()
        if not verdict.ok:
            raise SystemExit(f"the in-house checker rejects a proof: {verdict.reason}")
        certs.append(cert)
        prove += t1 - t0
        check += t2 - t1
    return certs, {"prove": prove, "check": check}


def python_check_ms(certs: list[Certificate]) -> float:
    """Mean ms of the in-house check on the pure-Python back-end (no numba)."""
    checker = PuzzleChecker(3, backend="python")
    start = time.perf_counter()
    if not all(checker.check(c).ok for c in certs):
        raise SystemExit("the pure-Python checker rejects a proof")
    return (time.perf_counter() - start) / max(1, len(certs)) * 1e3


def pysat_rate(grids: list[Grid]) -> float:
    """Uncertified uniqueness checks per second (PySAT, cap 2)."""
    with PysatCounter(3) as counter:
        start = time.perf_counter()
        counts = [counter.count(g, 2) for g in grids]
        seconds = time.perf_counter() - start
    if any(c != 1 for c in counts):
        raise SystemExit("PySAT found a puzzle that is not unique")
    return len(grids) / seconds


def file_checks(certs: list[Certificate], checker: str) -> float:
    """Mean seconds of check-proof's work (parse both texts, check) with one checker."""
    total = 0.0
    for cert in certs:
        cnf = cnf_text(cert.puzzle, cert.n, cert.solution)
        proof = proof_text(cert, sha256_text(cnf), "puzzle.cnf")
        start = time.perf_counter()
        report = check_texts(cnf, proof, checker)
        total += time.perf_counter() - start
        if not report.ok:
            raise SystemExit(f"{checker} rejects a proof: {report.verdicts}")
    return total / max(1, len(certs))


def measure(grids: list[Grid], sub: int) -> dict[str, object]:
    """One dataset's row. The prover and the checker are built (F_regle indexed, numba
    kernels loaded) before the clock starts, as PySAT's solver is for the peer."""
    with Prover(3) as prover:
        checker = PuzzleChecker(3)
        certify_all(grids[:5], prover, checker)  # warm-up: first calls load the kernels
        start = time.perf_counter()
        certs, stages = certify_all(grids, prover, checker)
        seconds = time.perf_counter() - start
    methods = Counter(c.method for c in certs)
    row: dict[str, object] = {
        "puzzles": len(grids),
        "methods": "/".join(str(methods[m]) for m in ("up", "fl", "cdcl")),
        "rate": len(grids) / seconds,
        "prove_ms": stages["prove"] / len(grids) * 1e3,
        "check_ms": stages["check"] / len(grids) * 1e3,
        "python_ms": python_check_ms(certs),
        "lemmas": sum(c.proof.lemmas for c in certs) / len(certs),
        "pysat": pysat_rate(grids),
        "ours_file_ms": file_checks(certs[:sub], "rup") * 1e3,
        "dratify_ms": file_checks(certs[:sub], "dratify") * 1e3 if dratify_available() else None,
        "sub": min(sub, len(certs)),
    }
    return row


def table(results: dict[str, dict[str, object]]) -> str:
    """The Markdown table: one row per dataset."""
    lines = [
        "| dataset | puzzles | up/fl/cdcl | certified+checked/s | prove ms | ours check ms "
        "| ours check ms (python) | lemmas | PySAT unique/s (uncertified) | x PySAT "
        "| file check: ours ms | dratify ms |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, r in results.items():
        ratio = float(r["rate"]) / float(r["pysat"])  # type: ignore[arg-type]
        dratify = "n/a" if r["dratify_ms"] is None else f"{r['dratify_ms']:.1f}"
        lines.append(
            f"| {name} | {r['puzzles']} | {r['methods']} | {r['rate']:,.0f} | "
            f"{r['prove_ms']:.3f} | {r['check_ms']:.3f} | {r['python_ms']:.3f} | "
            f"{r['lemmas']:.1f} | "
            f"{r['pysat']:,.0f} | {ratio:.2f} | {r['ours_file_ms']:.1f} | {dratify} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> str:
    """Run the benchmark, print the table and the goal line, and return them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few puzzles only")
    parser.add_argument("-k", type=int, default=2000, help="puzzles per dataset")
    parser.add_argument("--sub", type=int, default=20, help="puzzles for the file checks")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--datasets", type=Path, default=DATASETS)
    args = parser.parse_args(argv)
    k, sub = (10, 1) if args.quick else (args.k, args.sub)
    results = {name: measure(load_sample(args.datasets, name, k, args.seed), sub) for name in SETS}
    rate = float(results[SETS[0]]["rate"])  # type: ignore[arg-type]
    verdict = "met" if rate >= GOAL else "not met"
    text = table(results) + f"\n\nGoal >= {GOAL:,.0f}/s on 17-clue: {verdict} ({rate:,.0f}/s)."
    print(text)
    return text


if __name__ == "__main__":
    main(sys.argv[1:])
