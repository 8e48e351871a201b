"""DRUP proofs as text: a strict reader that names lines and columns, and a writer.

A DRUP proof is a sequence of clauses, each closed by ``0``: a line ``l1 l2 ... 0`` adds a
lemma (which must be RUP: assigning the negation of its literals and propagating must
reach a conflict), a line ``d l1 l2 ... 0`` deletes a clause, and the empty lemma
``0`` ends the refutation. Lines starting with ``c`` are comments. This is the text
format of the SAT competitions, which drat-trim and dratify read.

The writer puts one step per line. Its first comment line names the formula the proof
refers to by the SHA-256 of the CNF file's bytes: ``c sha256 <64 hex digits> NAME``.
The reader is stricter than drat-trim: one step per line (what every solver writes), a
literal beyond the formula's variable count is an error, not a new variable.

Roads not taken: binary DRAT (smaller, but not readable and not what PySAT returns);
LRAT with hints (checking would be linear, but no PySAT solver emits it).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..dimacs import parse_int
from ..errors import DimacsError

HASH_LINE = re.compile(r"^c\s+sha256\s+([0-9a-f]{64})\b")


@dataclass(frozen=True)
class Step:
    """One proof line: an added lemma (``delete`` False) or a deletion, with its line number."""

    lits: tuple[int, ...]
    delete: bool = False
    line: int = 0

    def text(self) -> str:
        body = " ".join(map(str, (*self.lits, 0)))
        return f"d {body}" if self.delete else body


@dataclass(frozen=True)
class Proof:
    """The steps of a proof and the formula hash its comments record (None if absent)."""

    steps: tuple[Step, ...]
    sha256: str | None = None

    @property
    def lemmas(self) -> int:
        return sum(1 for s in self.steps if not s.delete)


def sha256_text(text: str) -> str:
    """The SHA-256 of a text's UTF-8 bytes, in hex: how a proof names its formula."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def parse_proof(text: str, nvars: int | None = None, source: str = "<proof>") -> Proof:
    """Read DRUP text strictly; DimacsError names the line and column of any defect.

    ``nvars`` bounds the literals (the formula's variable count) when given.
    """
    steps: list[Step] = []
    digest: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("c"):
            match = HASH_LINE.match(line)
            if match and digest is None:
                digest = match.group(1)
            continue
        steps.append(_step(raw, number, nvars, source))
    return Proof(tuple(steps), digest)


def _step(raw: str, number: int, nvars: int | None, source: str) -> Step:
    tokens = raw.split()
    delete = tokens[0] == "d"
    lits: list[int] = []
    column = 0
    closed = False
    for position, token in enumerate(tokens):
        column = raw.index(token, column) + 1
        if position == 0 and delete:
            column += len(token) - 1
            continue
        if closed:
            raise DimacsError(
                "text after the closing 0 (one step per line)", source, number, column
            )
        lit = parse_int(token)
        if lit is None:
            raise DimacsError(f"{token[:20]!r} is not a literal", source, number, column)
        if lit == 0:
            closed = True
        elif nvars is not None and abs(lit) > nvars:
            message = f"literal {lit} exceeds the formula's {nvars} variables"
            raise DimacsError(message, source, number, column)
        else:
            lits.append(lit)
        column += len(token) - 1
    if not closed:
        raise DimacsError("step is not closed by 0", source, number, len(raw.rstrip()) + 1)
    return Step(tuple(lits), delete, number)


def format_proof(steps: Iterable[Step | Sequence[int]], comments: Iterable[str] = ()) -> str:
    """The text of a proof: comment lines, then one step per line."""
    head = [f"c {c}" if c else "c" for c in comments]
    body = [s.text() if isinstance(s, Step) else " ".join(map(str, (*s, 0))) for s in steps]
    return "\n".join([*head, *body]) + "\n"


def hash_comment(digest: str, name: str = "") -> str:
    """The comment (without its ``c``) that names the formula by its SHA-256."""
    return f"sha256 {digest} {name}".rstrip()
