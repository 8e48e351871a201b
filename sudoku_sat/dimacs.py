"""DIMACS CNF: one writer, a strict reader, and a parser for solvers' answers.

Writer: comment lines first, then an exact ``p cnf V C``, then one clause per line, each
closed by 0 (cryptominisat rejects clauses spanning lines; picosat and cadical reject a
wrong header). ``write_cnf`` takes a file object; ``dumps`` and ``write_cnf_file``
(atomic, through ``files.atomic_write``) delegate to it.

Reader: checks the header against the content, every literal against the variable
count, every clause for its closing 0, and rejects ``%`` trailers; errors name the line.
Numbers are ASCII (``-``)digits only (``int`` would take ``٣``, ``+3`` or ``1_0``), and a
header beyond DIMACS's 32-bit range (``MAX_VARS``) is refused at once. A leading
byte-order mark is dropped (``files.read_text``).

Answers: SAT-competition output (``s SATISFIABLE`` and ``v ... 0`` lines), minisat's
result file (``SAT`` then the literals, ``UNSAT``, ``INDET``) or a bare literal list.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, TextIO

from .errors import DimacsError
from .files import atomic_write, read_text

AnswerStatus = Literal["SAT", "UNSAT", "UNKNOWN"]
MAX_VARS = 2**31 - 1
"""Largest variable (and clause) count of a header: the solvers' 32-bit int."""


def parse_int(token: str) -> int | None:
    """The value of an ASCII integer token (optional leading ``-``), else None."""
    body = token[1:] if token.startswith("-") else token
    if not (body.isascii() and body.isdigit()) or len(body) > 12:
        return None
    return int(token)


@dataclass(frozen=True)
class Cnf:
    """A CNF formula: variable count, clauses as lists of DIMACS ints, comment lines."""

    nvars: int
    clauses: list[list[int]]
    comments: list[str] = field(default_factory=list)


def write_cnf(
    fp: TextIO, nvars: int, clauses: Sequence[Sequence[int]], comments: Iterable[str] = ()
) -> None:
    """Write comments, the header and the clauses, one per line, to fp."""
    for comment in comments:
        for line in comment.splitlines() or [""]:
            fp.write(f"c {line}\n" if line else "c\n")
    fp.write(f"p cnf {nvars} {len(clauses)}\n")
    chunk: list[str] = []
    for clause in clauses:
        chunk.append(" ".join(map(str, clause)))
        if len(chunk) == 8192:
            fp.write(" 0\n".join(chunk) + " 0\n")
            chunk.clear()
    if chunk:
        fp.write(" 0\n".join(chunk) + " 0\n")


def dumps(nvars: int, clauses: Sequence[Sequence[int]], comments: Iterable[str] = ()) -> str:
    """The DIMACS text of a formula."""
    buf = io.StringIO()
    write_cnf(buf, nvars, clauses, comments)
    return buf.getvalue()


def write_cnf_file(
    path: str | Path, nvars: int, clauses: Sequence[Sequence[int]], comments: Iterable[str] = ()
) -> None:
    """Write a DIMACS file atomically."""
    atomic_write(path, lambda fp: write_cnf(fp, nvars, clauses, comments))


def parse_cnf(text: str, source: str = "<input>") -> Cnf:
    """Parse DIMACS text strictly; raise DimacsError naming the line on any defect."""
    comments: list[str] = []
    clauses: list[list[int]] = []
    header: tuple[int, int] | None = None
    current: list[int] = []
    open_line = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("c") and (header is None or not current):
            comments.append(line[1:].strip())
            continue
        if line.startswith("%"):
            raise DimacsError("'%' trailer is not DIMACS", source, number, 1)
        if line.startswith("p"):
            if header is not None:
                raise DimacsError("second 'p' header", source, number, 1)
            fields = line.split()
            counts = [parse_int(f) for f in fields[2:]]
            if len(fields) != 4 or fields[1] != "cnf" or not all(c is not None for c in counts):
                shown = line if len(line) <= 60 else line[:57] + "..."
                raise DimacsError(f"bad header {shown!r}: expected 'p cnf V C'", source, number, 1)
            nvars, nclauses = (c or 0 for c in counts)
            if nvars < 0 or nclauses < 0 or max(nvars, nclauses) > MAX_VARS:
                raise DimacsError(
                    f"header counts must lie in 0..{MAX_VARS} (DIMACS's 32-bit range)",
                    source,
                    number,
                    1,
                )
            header = (nvars, nclauses)
            continue
        if header is None:
            raise DimacsError("clause before the 'p cnf V C' header", source, number, 1)
        column = 0
        for token in line.split():
            column = raw.index(token, column) + 1
            lit = parse_int(token)
            if lit is None:
                raise DimacsError(f"{token[:20]!r} is not a literal", source, number, column)
            if lit == 0:
                clauses.append(current)
                current = []
            else:
                if abs(lit) > header[0]:
                    raise DimacsError(
                        f"literal {lit} exceeds the {header[0]} variables of the header",
                        source,
                        number,
                        column,
                    )
                if not current:
                    open_line = number
                current.append(lit)
            column += len(token) - 1
    if header is None:
        raise DimacsError("no 'p cnf V C' header", source)
    if current:
        raise DimacsError("last clause is not closed by 0", source, open_line)
    if len(clauses) != header[1]:
        raise DimacsError(f"header announces {header[1]} clauses, found {len(clauses)}", source)
    return Cnf(header[0], clauses, comments)


def compacted(cnf: Cnf) -> tuple[Cnf, list[int]]:
    """The formula over variables 1..m, the m variables its clauses use in increasing order,
    and the map back (``back[new] == old``; ``back[0] == 0``).

    Engines size their arrays by the variable count, so ``p cnf 10000000 1`` is run on
    one variable instead of ten million; the order of variables is kept, so an engine
    does the same work on both and its results map back literal for literal.
    """
    used = sorted({abs(lit) for clause in cnf.clauses for lit in clause})
    if len(used) == cnf.nvars:
        return cnf, list(range(cnf.nvars + 1))
    index = {var: k for k, var in enumerate(used, start=1)}
    clauses = [
        [index[lit] if lit > 0 else -index[-lit] for lit in clause] for clause in cnf.clauses
    ]
    return Cnf(len(used), clauses, cnf.comments), [0, *used]


def map_back(literals: Iterable[int], back: Sequence[int]) -> tuple[int, ...]:
    """Literals of a compacted formula as literals of the original one."""
    return tuple(back[lit] if lit > 0 else -back[-lit] for lit in literals)


def read_cnf(path: str | Path) -> Cnf:
    """Read and strictly parse a DIMACS file (``-`` for stdin)."""
    text, source = read_text(path)
    return parse_cnf(text, source)


@dataclass(frozen=True)
class Answer:
    """A solver's answer: its status and, when SAT, the model's literals."""

    status: AnswerStatus
    literals: list[int]


_STATUS: dict[str, AnswerStatus] = {
    "SATISFIABLE": "SAT",
    "SAT": "SAT",
    "UNSATISFIABLE": "UNSAT",
    "UNSAT": "UNSAT",
    "UNKNOWN": "UNKNOWN",
    "INDET": "UNKNOWN",
    "INDETERMINATE": "UNKNOWN",
}


def _literals(tokens: list[str], source: str, number: int, raw: str) -> list[int]:
    out: list[int] = []
    column = 0
    for token in tokens:
        column = raw.index(token, column) + 1
        lit = parse_int(token)
        if lit is None or abs(lit) > MAX_VARS:
            raise DimacsError(f"{token[:20]!r} is not a literal", source, number, column)
        out.append(lit)
        column += len(token) - 1
    return out


def parse_answer(text: str, source: str = "<answer>") -> Answer:
    """Parse a solver's output into its status and model literals (0s dropped)."""
    status: AnswerStatus | None = None
    literals: list[int] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("c"):
            continue
        head, _, rest = line.partition(" ")
        if head == "s":
            word = rest.strip().upper()
            if word not in _STATUS:
                raise DimacsError(f"unknown status {rest.strip()!r}", source, number, 3)
            status = _STATUS[word]
        elif head == "v":
            literals += _literals(rest.split(), source, number, raw)
        elif line.upper() in _STATUS and status is None:
            status = _STATUS[line.upper()]
        else:
            literals += _literals(line.split(), source, number, raw)
    literals = [lit for lit in literals if lit != 0]
    if status is None:
        if not literals:
            raise DimacsError("no status line and no literals", source)
        status = "SAT"
    return Answer(status, literals)
