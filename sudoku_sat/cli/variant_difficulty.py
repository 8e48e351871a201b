"""``rate`` and ``explain`` on variant puzzles: the ladder on the variant CNF
(:mod:`sudoku_sat.difficulty.variants`), steps naming the constraints behind them."""

from __future__ import annotations

from collections import Counter
from typing import Any

import typer

from ..difficulty.explain import FAILED, Explanation, Step
from ..difficulty.rating import LEVELS
from ..difficulty.variants import RateVariants, cell_name, explain_variant
from ..model.puzzle import Puzzle
from ..variants.text import format_line
from ._common import emit_json, exit_if_any
from .variant_batch import Batch

UNRATED = {"unsat": "not rated: no solution", "multiple": "not rated: several solutions"}
NO_GRID = "variant results name digits as numbers (r1c1=9); no grid is printed"


def rate_variants(puzzles: list[Puzzle], as_json: bool, batch: Batch) -> None:
    """``rate`` on variants: one line per puzzle (its origin and level), then a summary."""
    from ..difficulty.variants import SCORE_UNITS

    ratings = batch.run(RateVariants(), puzzles, "rating")
    if as_json:
        emit_json(
            [
                {"index": k, "origin": p.origin, "rules": p.rules, **r.as_dict()}
                for k, (p, r) in enumerate(zip(puzzles, ratings, strict=True), 1)
            ]
        )
    else:
        for p, r in zip(puzzles, ratings, strict=True):
            said = UNRATED.get(r.status, "")
            if r.level is not None:
                said = f"{r.level} ({r.score} {SCORE_UNITS[r.level]})"
            typer.echo(f"{p.origin}  {said}")
        counts = Counter(r.level or r.status for r in ratings)
        keys = [*LEVELS, "unsat", "multiple"]
        typer.echo("# " + ", ".join(f"{key} {counts[key]}" for key in keys if counts[key]))
    unrated = sum(1 for r in ratings if r.status != "rated")
    exit_if_any(unrated, len(ratings), "not rated (no solution or several)")


def literal_name(size: int, lit: int) -> str:
    """``r4c6=9``, or ``r4c6≠9`` for a negative literal."""
    cell, d = divmod(abs(lit) - 1, size)
    return f"{cell_name(size, cell)}{'=' if lit > 0 else '≠'}{d + 1}"


def describe(step: Step, size: int) -> str:
    """One step in words, with the constraints that forced it."""
    by = "; ".join(step.constraints) or "the cell's own digits"
    if step.rule != FAILED:
        return f"{literal_name(size, step.conclusions[0])} by unit propagation: {by}."
    inner = ""
    if step.inner:
        refuted = ", ".join(literal_name(size, lit) for lit, _ in step.inner)
        inner = f" the failed-literal rule at depth {step.depth - 1} refutes {refuted};"
    return (
        f"failed literal (depth {step.depth}): suppose {literal_name(size, step.probe)};"
        f"{inner} propagating reaches a contradiction through {by}. "
        f"So {literal_name(size, step.conclusions[0])}."
    )


def record(p: Puzzle, e: Explanation) -> dict[str, Any]:
    """An explanation for --json."""
    steps = [
        {
            "rule": s.rule,
            "depth": s.depth,
            "conclusions": list(s.conclusions),
            "premises": list(s.premises),
            "probe": s.probe or None,
            "conflict": list(s.conflict) or None,
            "inner": [[lit, list(clause)] for lit, clause in s.inner],
            "constraints": list(s.constraints),
            "text": describe(s, e.size),
        }
        for s in e.steps
    ]
    return {
        "origin": p.origin,
        "rules": p.rules,
        "puzzle": format_line(e.puzzle),
        "status": e.status,
        "grid": format_line(e.grid),
        "filled_by": list(e.filled_by),
        "steps": steps,
    }


def explain_variants(puzzles: list[Puzzle], as_json: bool, depth: int) -> None:
    """``explain`` on variants: each puzzle step by step."""
    explanations = [explain_variant(p, depth) for p in puzzles]
    if as_json:
        emit_json([record(p, e) for p, e in zip(puzzles, explanations, strict=True)])
    else:
        texts = []
        for p, e in zip(puzzles, explanations, strict=True):
            n = p.size
            lines = [f"puzzle {p.origin}: {n}x{n} {', '.join(p.rules) or 'classic'}"]
            lines += [f"{k:3d}. {describe(s, n)}" for k, s in enumerate(e.steps, 1)]
            lines.append(f"{e.status}: {format_line(e.grid)}")
            texts.append("\n".join(lines))
        typer.echo("\n\n".join(texts))
    unsolved = sum(1 for e in explanations if e.status != "solved")
    exit_if_any(unsolved, len(explanations), "not solved by the rules")
