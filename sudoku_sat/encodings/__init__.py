"""The encodings laboratory: one registry for every way of writing a Sudoku as CNF.

``encode(grid, n, encoding=..., amo=...)`` returns a :class:`Formula` (clauses, variable
count, clauses per named part) for any of ``ENCODINGS``:

- ``minimal``, ``natural``, ``extended`` (the default: the Centrale formula,
  unchanged) and ``augmented``: rules from :mod:`.variants`, after the statement's clue
  parts F1 and F2 when a grid is given;
- ``reduced``: the extended rules simplified by the clues (:mod:`.reduced`); it needs a
  grid and records it in :attr:`Formula.givens`.

``amo`` picks the at-most-one encoding of :mod:`.amo` (``pairwise`` is the statement's).
Grid variables are always x(i,j,k) = N²·i + N·j + k; auxiliaries (triads, counters)
come after N³. ``decode_model`` reads any solver's model back into the grid, ignoring
auxiliaries, and uses the givens for ``reduced``. ``comments`` and ``read_comments``
write and read the DIMACS comment lines that let ``decode --cnf`` recover them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from ..dimacs import dumps
from ..encoding import decode, f1, f2, num_vars
from ..errors import DimacsError, SudokuSatError
from ..grid import MAX_ORDER, MIN_ORDER, Clause, Grid
from .amo import AMO_METHODS, Allocator
from .reduced import decode_reduced, fixed_literals, simplify
from .variants import VARIANTS, rule_parts

ENCODINGS = (*VARIANTS, "reduced")
DEFAULT_ENCODING = "extended"
DEFAULT_AMO = "pairwise"

Part = tuple[str, list[Clause]]


@dataclass(frozen=True)
class Formula:
    """A CNF in named parts; ``clauses`` is their concatenation in order."""

    n: int
    encoding: str
    amo: str
    nvars: int
    parts: tuple[Part, ...]
    givens: Grid | None = None

    @property
    def clauses(self) -> list[Clause]:
        return [c for _, part in self.parts for c in part]

    def counts(self) -> dict[str, int]:
        """Clauses per part, in order."""
        return {name: len(part) for name, part in self.parts}

    def __len__(self) -> int:
        return sum(len(part) for _, part in self.parts)

    @property
    def aux_vars(self) -> int:
        """Variables beyond the grid's N³."""
        return self.nvars - num_vars(self.n)

    def dimacs(self) -> str:
        """The DIMACS text, comments first (what ``sudoku-sat encode`` writes)."""
        return dumps(self.nvars, self.clauses, comments(self))


def check_names(encoding: str, amo: str) -> None:
    """SudokuSatError unless encoding and amo are known names."""
    if encoding not in ENCODINGS:
        raise SudokuSatError(f"unknown encoding {encoding!r}; known: {', '.join(ENCODINGS)}")
    if amo not in AMO_METHODS:
        raise SudokuSatError(f"unknown --amo {amo!r}; known: {', '.join(AMO_METHODS)}")


@lru_cache(maxsize=8)
def _rules(n: int, variant: str, amo: str) -> tuple[int, tuple[Part, ...]]:
    alloc = Allocator(num_vars(n) + 1)
    parts = tuple(rule_parts(n, variant, amo, alloc))
    return alloc.top, parts


def clear_cache() -> None:
    """Forget the cached rule formulas (a 64x64 one holds millions of clauses)."""
    _rules.cache_clear()


def rules(n: int, encoding: str = DEFAULT_ENCODING, amo: str = DEFAULT_AMO) -> Formula:
    """The rule formula alone (no clues); ``reduced`` has none of its own (the
    extended rules are returned). Parts are shared with a cache: do not mutate them."""
    check_names(encoding, amo)
    variant = "extended" if encoding == "reduced" else encoding
    top, parts = _rules(n, variant, amo)
    return Formula(n, encoding, amo, top, parts)


def encode(
    grid: Grid | None,
    n: int,
    encoding: str = DEFAULT_ENCODING,
    amo: str = DEFAULT_AMO,
    *,
    with_f2: bool = True,
) -> Formula:
    """The formula of grid in an encoding: clue parts F1 (and F2) then the rules, or for
    ``reduced`` the rules simplified by the clues. ``grid=None``: the rules alone."""
    base = rules(n, encoding, amo)
    if grid is None:
        if encoding == "reduced":
            raise SudokuSatError("the reduced encoding needs a grid (no --rules-only)")
        return base
    if encoding == "reduced":
        parts = tuple(simplify(base.parts, fixed_literals(grid, n)))
        return Formula(n, encoding, amo, base.nvars, parts, tuple(grid))
    clue_parts: list[Part] = [("F1", f1(grid, n))]
    if with_f2:
        clue_parts.append(("F2", f2(grid, n)))
    return Formula(n, encoding, amo, base.nvars, (*clue_parts, *base.parts))


def nvars(n: int, encoding: str = DEFAULT_ENCODING, amo: str = DEFAULT_AMO) -> int:
    """Variables of an encoding: N³ plus its auxiliaries."""
    return rules(n, encoding, amo).nvars


def decode_model(
    literals: Sequence[int], n: int, givens: Grid | None = None
) -> tuple[Grid, list[int]]:
    """The grid of a model on any encoding (auxiliaries ignored) and the cells given
    several values; with the givens of a reduced formula, only free candidates count."""
    if givens is None:
        return decode(list(literals), n)
    return decode_reduced(literals, n, givens)


def comments(formula: Formula) -> list[str]:
    """The comment lines naming the encoding and, for ``reduced``, the givens."""
    lines = [f"encoding {formula.encoding} amo {formula.amo} order {formula.n}"]
    if formula.givens is not None:
        lines.append("givens " + ",".join(map(str, formula.givens)))
    return lines


@dataclass(frozen=True)
class Header:
    """What a CNF's comment lines say about its encoding."""

    encoding: str
    amo: str
    n: int
    givens: Grid | None


def read_comments(lines: Sequence[str], source: str = "<cnf>") -> Header | None:
    """The :class:`Header` recorded by :func:`comments`, or None when absent."""
    found: Header | None = None
    givens: Grid | None = None
    for line in lines:
        fields = line.split()
        if len(fields) == 6 and fields[0] == "encoding" and fields[2] == "amo":
            if fields[1] not in ENCODINGS or not (fields[5].isascii() and fields[5].isdigit()):
                raise DimacsError(f"bad encoding comment {line!r}", source)
            found = Header(fields[1], fields[3], int(fields[5]), None)
        elif fields[:1] == ["givens"] and len(fields) == 2:
            try:
                givens = tuple(int(v) for v in fields[1].split(","))
            except ValueError:
                raise DimacsError(f"bad givens comment {line[:40]!r}...", source) from None
    if found is None:
        return None
    if found.encoding == "reduced":
        if givens is None or len(givens) != found.n**4:
            raise DimacsError("reduced CNF without a valid 'givens' comment line", source)
        return Header(found.encoding, found.amo, found.n, givens)
    return found


def infer_order(literals: Sequence[int]) -> int | None:
    """The order whose variable count, in some encoding, is exactly the highest
    variable of literals (a solver prints every variable); None when none matches."""
    top = max((abs(lit) for lit in literals), default=0)
    for n in range(MIN_ORDER, MAX_ORDER + 1):
        if num_vars(n) > top:
            break
        for encoding in VARIANTS:
            for amo in AMO_METHODS:
                if _nvars_quick(n, encoding, amo) == top:
                    return n
    return None


@cache
def _nvars_quick(n: int, variant: str, amo: str) -> int:
    from .counts import variable_count

    return variable_count(n, variant, amo)


__all__ = [
    "AMO_METHODS",
    "DEFAULT_AMO",
    "DEFAULT_ENCODING",
    "ENCODINGS",
    "Formula",
    "Header",
    "check_names",
    "clear_cache",
    "comments",
    "decode_model",
    "encode",
    "infer_order",
    "nvars",
    "read_comments",
    "rules",
]
