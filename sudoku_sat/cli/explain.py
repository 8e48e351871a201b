"""``explain``: a solve step by step, in the vocabulary of the Centrale statement."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..alphabet import MAX_SYMBOLS, default_alphabet, expand_alphabet
from ..difficulty.explain import (
    FAILED,
    HIDDEN,
    LOCKED,
    MAX_DEPTH,
    NAKED,
    Explanation,
    Step,
)
from ..encoding import var_cell as cell_of
from ..files import atomic_write, check_writable
from ..jobs.difficulty import drawing, explain
from ..model.puzzle import Puzzle
from . import app
from ._common import (
    AlphabetOption,
    GridFormat,
    JsonOption,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    RuleOption,
    emit_json,
    exit_if_any,
    fail,
    guarded,
    load,
)
from ._shown import show_solution

RULE_LETTER = {"row": "L", "column": "C", "block": "B"}


def cell_name(n: int, cell: int) -> str:
    """``r1c1`` ... ``r9c9`` (``r16c16`` at 16x16): row and column from 1, as players write."""
    i, j = divmod(cell, n * n)
    return f"r{i + 1}c{j + 1}"


def symbols_of(n: int, alphabet: str | None = None) -> str:
    """The grid's symbols for values 1..N (``A`` for 10 at 16x16); '' past 36x36 (numbers)."""
    if alphabet is not None:
        return expand_alphabet(alphabet, n * n)
    return default_alphabet(n * n) if n * n <= MAX_SYMBOLS else ""


def shown(value: int, symbols: str = "") -> str:
    """A value as the grid shows it."""
    return symbols[value - 1] if symbols else str(value)


def literal_name(n: int, literal: int, symbols: str = "") -> str:
    """``r4c6=9`` for x(3,5,9) (the cell holds 9), ``r4c6≠9`` for its negation."""
    cell, value = cell_of(n, literal)
    return f"{cell_name(n, cell)}{'=' if literal > 0 else '≠'}{shown(value, symbols)}"


def unit_label(kind: str, k: int) -> str:
    """``row 1`` ... ``block 9``: units numbered from 1 (the library counts from 0)."""
    return f"{kind} {k + 1}"


def _same_unit(n: int, cells: list[int]) -> tuple[str, int] | None:
    size = n * n
    rows = {c // size for c in cells}
    cols = {c % size for c in cells}
    blocks = {(c // size // n) * n + c % size // n for c in cells}
    for kind, found in (("row", rows), ("column", cols), ("block", blocks)):
        if len(found) == 1:
            return kind, found.pop()
    return None


def describe_conflict(n: int, clause: tuple[int, ...], symbols: str = "") -> str:
    """The clause found false, in words, with its sub-formula."""
    pairs = [cell_of(n, lit) for lit in clause]
    cells = sorted({c for c, _ in pairs})
    values = [shown(v, symbols) for v in sorted({v for _, v in pairs})]
    if len(clause) == 1:
        return f"{literal_name(n, clause[0], symbols)} contradicts what is known"
    if all(lit > 0 for lit in clause):
        if len(cells) == 1:
            return f"cell {cell_name(n, cells[0])} has no value left (clause K1 empty)"
        unit = _same_unit(n, cells)
        if len(values) == 1 and unit is not None:
            kind, k = unit
            return (
                f"{unit_label(kind, k)} has no place left for {values[0]} "
                f"(clause {RULE_LETTER[kind]}1 empty)"
            )
    if len(clause) == 2 and all(lit < 0 for lit in clause):
        if len(cells) == 1:
            return (
                f"cell {cell_name(n, cells[0])} would hold both {values[0]} and {values[-1]} "
                "(clause K2 empty)"
            )
        unit = _same_unit(n, cells)
        if unit is not None:
            kind, k = unit
            return (
                f"{values[0]} would stand twice in {unit_label(kind, k)}, at "
                f"{cell_name(n, cells[0])} and "
                f"{cell_name(n, cells[1])} (clause {RULE_LETTER[kind]}2 empty)"
            )
    names = (literal_name(n, lit, symbols) for lit in clause)
    return "the clause " + " ∨ ".join(names) + " is false"


def _reason(n: int, premise: int, steps: dict[int, int], symbols: str) -> str:
    cell, value = cell_of(n, premise)
    if premise < 0:
        return f"{shown(value, symbols)} eliminated at step {steps.get(premise, 0) + 1}"
    return f"{shown(value, symbols)} in {cell_name(n, cell)}"


def describe(step: Step, n: int, eliminated_at: dict[int, int], symbols: str = "") -> str:
    """One step in words: cells r1c1..r9c9, units from 1, the statement's clause names,
    values as the grid shows them (symbols; '' for numbers)."""
    first = step.conclusions[0]
    cell, number = cell_of(n, first)
    value = shown(number, symbols)
    where = f"cell {cell_name(n, cell)}"
    if step.rule == NAKED:
        reasons = [_reason(n, p, eliminated_at, symbols) for p in step.premises]
        return (
            f"naked single: {where} = {value}. Every other value is excluded: "
            + "; ".join(reasons)
            + f". Only {literal_name(n, first, symbols)} is left in its clause K1."
        )
    if step.rule == HIDDEN:
        assert step.unit is not None
        kind, k = step.unit
        return (
            f"hidden single: {where} = {value}, the only place left for {value} in "
            f"{unit_label(kind, k)} "
            f"(clause {RULE_LETTER[kind]}1: the other cells are filled or exclude {value})."
        )
    if step.rule == LOCKED:
        assert step.unit is not None and step.line is not None
        gone = ", ".join(cell_name(n, cell_of(n, c)[0]) for c in step.conclusions)
        return (
            f"locked candidates ({step.kind}): in {unit_label(*step.unit)}, {value} can only "
            f"go where it crosses {unit_label(*step.line)}; so {value} leaves {gone}."
        )
    assert step.rule == FAILED
    probe = literal_name(n, step.probe, symbols)
    inner = ""
    if step.inner:
        refuted = ", ".join(literal_name(n, lit, symbols) for lit, _ in step.inner)
        inner = f" the failed-literal rule at depth {step.depth - 1} refutes {refuted}; then"
    verdict = f"cell {cell_name(n, cell)} {'=' if first > 0 else '≠'} {value}"
    return (
        f"failed literal (depth {step.depth}): suppose {probe}. Propagating,{inner} "
        f"{describe_conflict(n, step.conflict, symbols)}: the empty clause. So {verdict} "
        f"(règle du littéral infructueux, {step.propagated} literals propagated)."
    )


def texts(explanation: Explanation, alphabet: str | None = None) -> list[str]:
    """Each step in words: a classic step by its rule (singles, locked candidates,
    failed literals), a step on a puzzle's own CNF (``size`` set) by the constraints that
    forced it."""
    if explanation.size:
        size = explanation.size
        return [describe_named(step, size, alphabet) for step in explanation.steps]
    n = explanation.n
    symbols = symbols_of(n, alphabet)
    eliminated_at: dict[int, int] = {}
    out = []
    for index, step in enumerate(explanation.steps):
        out.append(describe(step, n, eliminated_at, symbols))
        for lit in step.conclusions:
            if lit < 0:
                eliminated_at[lit] = index
    return out


def literal_named(size: int, lit: int, alphabet: str | None = None) -> str:
    """``r4c6=9``, or ``r4c6≠9`` for a negative literal; the digit in alphabet's symbols
    when given (the digits from 0: ``Puzzle.alphabet``)."""
    cell, d = divmod(abs(lit) - 1, size)
    digit = str(d + 1) if alphabet is None else alphabet[d]
    return f"r{cell // size + 1}c{cell % size + 1}{'=' if lit > 0 else '≠'}{digit}"


def describe_named(step: Step, size: int, alphabet: str | None = None) -> str:
    """A step on a puzzle's own CNF in words, with the constraints that forced it."""

    def said(lit: int) -> str:
        return literal_named(size, lit, alphabet)

    by = "; ".join(step.constraints) or "the cell's own digits"
    if step.rule != FAILED:
        return f"{said(step.conclusions[0])} by unit propagation: {by}."
    inner = ""
    if step.inner:
        refuted = ", ".join(said(lit) for lit, _ in step.inner)
        inner = f" the failed-literal rule at depth {step.depth - 1} refutes {refuted};"
    return (
        f"failed literal (depth {step.depth}): suppose {said(step.probe)};"
        f"{inner} propagating reaches a contradiction through {by}. "
        f"So {said(step.conclusions[0])}."
    )


def render_text(explanation: Explanation, p: Puzzle, alphabet: str | None = None) -> str:
    """The whole explanation as numbered lines, then the outcome."""
    lines = [f"puzzle {show_solution(p, explanation.puzzle, GridFormat.line, alphabet)}"]
    if p.rules:
        lines[0] += f" ({', '.join(p.rules)})"
    said = texts(explanation, alphabet or p.alphabet)
    lines += [f"{k:3d}. {text}" for k, text in enumerate(said, 1)]
    grid = show_solution(p, explanation.grid, GridFormat.line, alphabet)
    lines.append(f"{explanation.status}: {grid}")
    return "\n".join(lines)


def record(
    explanation: Explanation, index: int, p: Puzzle, alphabet: str | None = None
) -> dict[str, object]:
    """An explanation for --json (index from 1, origin ``file:line``): steps with their
    literals (DIMACS numbers) and texts, and the constraints behind each."""
    steps = []
    said = texts(explanation, alphabet or p.alphabet)
    for step, text in zip(explanation.steps, said, strict=True):
        steps.append(
            {
                "rule": step.rule,
                "depth": step.depth,
                "conclusions": list(step.conclusions),
                "premises": list(step.premises),
                "unit": list(step.unit) if step.unit else None,
                "line": list(step.line) if step.line else None,
                "kind": step.kind or None,
                "probe": step.probe or None,
                "conflict": list(step.conflict) or None,
                "inner": [[lit, list(clause)] for lit, clause in step.inner],
                "constraints": list(step.constraints),
                "text": text,
            }
        )
    return {
        "index": index,
        "origin": p.origin,
        "rules": p.rules,
        "puzzle": show_solution(p, explanation.puzzle, GridFormat.line, alphabet),
        "status": explanation.status,
        "grid": show_solution(p, explanation.grid, GridFormat.line, alphabet),
        "filled_by": list(explanation.filled_by),
        "steps": steps,
    }


@app.command("explain")
@guarded
def explain_command(
    puzzles: PuzzlesArg,
    as_json: JsonOption = False,
    svg: Annotated[
        Path | None,
        typer.Option(
            help="Also draw the solve as SVG (one puzzle only): cells coloured by the rule "
            "that filled them, givens in bold, a legend. Written atomically."
        ),
    ] = None,
    depth: Annotated[
        int,
        typer.Option(
            "--max-level",
            min=1,
            max=5,
            metavar="K",
            help="The highest failed-literal level tried: flK (fl1 is fl).",
        ),
    ] = MAX_DEPTH,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    quiet: QuietOption = False,
    rule: RuleOption = None,
) -> None:
    """Solve puzzles step by step, each step with the weakest rule that works.

    Rules, weakest first: naked single (the values excluded, by which cells), hidden
    single (the row, column or block where it is the only place), locked candidates,
    and the failed-literal rule of the statement (III.B) at depth 1, 2, ... Cells are
    named r1c1 ... r9c9 and rows, columns and blocks 1 ... 9; "r4c6=9" is the statement's
    x(3,5,9). Exit code 1 when a
    puzzle is left unsolved (stuck, or a contradiction). A variant puzzle (f-puzzles
    input) is explained on its own CNF: each step names the constraints that forced it,
    the cage, line, dot or outside clue with its cells (docs/variants.md).
    """
    check_writable(svg)
    items = load(puzzles, alphabet, order, rule)
    if svg is not None and len(items) != 1:
        raise fail(f"--svg draws one puzzle; {puzzles} holds {len(items)}")
    explanations = [explain(p, depth) for p in items]
    if svg is not None:
        text = drawing(explanations[0], items[0])
        atomic_write(svg, lambda fp: fp.write(text))
    if as_json:
        records = zip(explanations, items, strict=True)
        emit_json([record(e, k, p, alphabet) for k, (e, p) in enumerate(records, 1)])
    else:
        typer.echo(
            "\n\n".join(
                render_text(e, p, alphabet) for e, p in zip(explanations, items, strict=True)
            )
        )
    unsolved = sum(1 for e in explanations if e.status != "solved")
    exit_if_any(unsolved, len(explanations), "not solved by the rules")
