"""What the laboratory commands (anneal, compare, ladder, encodings, propagate) share:
they answer classic grids only, so a file of puzzles with constraints is refused in one
line before any work (``jobs.route.classic_only``), with the reason of each command."""

from __future__ import annotations

import io
import sys

from ..files import read_text
from ..jobs.route import classic_only as refuse

PEEK = 65536
"""Bytes of a file read to tell f-puzzles input from a plain grid file."""
WHY = {
    "anneal": "its moves swap digits within boxes and its cost counts row and column "
    "clashes only, blind to a puzzle's other rules",
    "compare": "its in-house UP and FL engines run on the classic formula; rate gives a "
    "puzzle with constraints its rung, count --method all cross-checks its solvers",
    "ladder": "it climbs the classic encodings' rule formulas; rate gives a puzzle with "
    "constraints its rung on its own CNF",
    "encodings": "it compares the classic CNF encodings; a puzzle with constraints has one "
    "encoding",
    "propagate": "--encoding encodes classic grids; write a puzzle's CNF with encode and "
    "propagate that file",
}
"""Why each laboratory command refuses puzzles with constraints (docs/variants.md)."""


def classic_only(path: str, command: str) -> None:
    """UsageError (one line, exit 2) when path holds puzzles with constraints. Standard
    input, once read, is put back for the command's own reader."""
    from ..variants.puzzle import is_rules_text, parse_rules_text

    if path == "-":
        text, source = read_text(path)
        sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8")
    else:
        try:
            with open(path, "rb") as fp:
                head = fp.read(PEEK)
        except (OSError, ValueError):
            return  # the command's reader reports it
        if not is_rules_text(head.decode("utf-8", "replace").lstrip("\ufeff")):
            return
        text, source = read_text(path)
    if is_rules_text(text):
        refuse(parse_rules_text(text, source), command, WHY[command])
