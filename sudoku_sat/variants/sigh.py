"""sigh's constraint strings read into puzzles (the format of sigh's Interactive-Sudoku-
Solver, docs/sigh.md): ``.Shape~6x6.Cage~10~R1C1~R1C2.~R1C3_5``.

The text. sigh ignores every space and line break inside a string and skips the lines
that start with ``#``; so does this reader. One choice differs: sigh's app reads a whole
text as one puzzle, while a file here holds puzzles one a line, as sigh's own batch
counter (``count.mjs``) reads them and ``show --format sigh`` writes them. A string may
go on over several lines all the same: a line that does not begin with ``.`` at its
first column (it is indented, as sigh's own data writes long strings, or it begins with
``~``, or in the middle of a cell id) goes on with the string above, and so does every
line while a composite (``.Or`` ... ``.End``) is open; a blank line ends a string. A
string written with one item a line, each line beginning with ``.`` at its first column,
is several puzzles here (``parse`` then says how many it found): indent the lines after
the first, or join them.

Items. ``.`` starts an item, ``~`` separates its arguments; an empty name is sigh's
``Given`` (``.~R1C1_5``: a given; ``.~R4C7_2_4_6_8``: the digits a cell may hold; every
Given of one cell is intersected, as sigh merges them). ``.Shape~RxC~DIGITS`` sets the
grid (``sigh_shape.py``: rows x columns of 1 to 16, the digits 1..N or 0..N-1, N at
least the longer side; a grid that is no N x N square of N digits is a shaped
``Puzzle``). ``Or``, ``And`` and ``Replicate`` open a composite closed by ``.End``:
``And`` is read as its members (all of them must hold, at the top level and inside
another ``And``); ``Or`` and ``Replicate`` need a registry class that lists the name in
``sigh_names``, which gets the parsed members (:attr:`SighReader.members`, one tuple of
instances per member item, an ``And`` member as one tuple); when no class does, a one-
line error naming the composite. Every other item is read by the registry class listing
its name in ``sigh_names`` (``Constraint.read_sigh``). An option sigh keeps once a
puzzle (``Constraint.sigh_once``: ``FullRankTies``; sigh keeps the last) given twice,
differently, is refused. Errors are one-line InputErrors naming the source, the line and
the column of the item."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..errors import InputError
from ..model.constraint import Constraint
from ..model.extra import ExtraCells, extra_names
from ..model.geometry import default_regions
from ..model.puzzle import Puzzle
from ..model.reading import Reader, Source
from .constraints import by_sigh_name, classes
from .constraints.extraregion import ExtraRegion
from .constraints.jigsaw import Jigsaw
from .constraints.pencil import PencilMarks
from .constraints.region_size import RegionSize
from .sigh_cells import row_col, sigh_boxes
from .sigh_shape import Shape, read_shape, shape_refusal, shaped_layout
from .sigh_var import VAR, var_groups

START = re.compile(r"^\.(~|[A-Z][A-Za-z]*~|[A-Z][a-z][A-Za-z]*(\.|$))")
"""The start of a sigh string: a Given, a name with arguments, or a name of two letters
or more with none (a grid line of dots and capitals, ``.A.B``, is not one)."""
COMPOSITES = frozenset({"Or", "And", "Replicate"})
GIVEN, SHAPE, END, AND, NO_BOXES = "Given", "Shape", "End", "And", "NoBoxes"
TOP_ONLY = frozenset({SHAPE, VAR})
"""Items that say what the grid is, read before the rules: never inside a composite."""


def is_sigh_text(text: str) -> bool:
    """True when the first line that is not blank or a comment starts a sigh string."""
    for raw in text.splitlines():
        line = "".join(raw.split())  # sigh ignores spaces: ``.AntiKing .AntiKnight``
        if line and not line.startswith("#"):
            return START.match(line) is not None
    return False


class At(Source):
    """Where one item of a sigh string stands: errors name its line and column."""

    def __init__(self, name: str, line: int, column: int):
        super().__init__(name, "", line, True)
        self.column = column

    def error(self, message: str, key: str | None = None) -> InputError:
        return InputError(message, self.name, self.line, self.column)


class SighReader(Reader):
    """The checked readers of one item, cells named as sigh names them (``R1C1``,
    ``RaC1`` past 9x9) or as f-puzzles does (``R10C1``)."""

    def __init__(
        self,
        where: At,
        size: int,
        key: str,
        regions: tuple[tuple[int, ...], ...],
        extra: dict[str, int] | None = None,
        low: int = 1,
        shape: tuple[int, int] = (0, 0),
    ):
        super().__init__(where, size, key, regions, extra, low, shape)
        self.members: tuple[tuple[Constraint, ...], ...] = ()
        """A composite's members as read: one tuple of instances per member item."""

    def _rc(self, name: Any) -> tuple[int, int]:
        found = row_col(name) if isinstance(name, str) else None
        return found if found is not None else super()._rc(name)


@dataclass
class Node:
    """One item: its name, its arguments, where it starts and a composite's members."""

    name: str
    args: list[str]
    line: int
    column: int
    members: list[Node] = field(default_factory=list)


@cache
def by_name() -> dict[str, type[Constraint]]:
    """sigh name -> the registry class that reads it (``Constraint.sigh_names``), every
    module of the registry imported (the reader asks ``by_sigh_name``, which imports the
    module of the one name)."""
    out: dict[str, type[Constraint]] = {}
    for cls in classes():
        for name in cls.sigh_names:
            if name in out:
                raise RuntimeError(f"sigh name {name!r} read by two classes")
            out[name] = cls
    return out


def parse_sigh(text: str, source: str = "<input>") -> list[Puzzle]:
    """Every puzzle of a text of sigh strings (one a line, wrapped lines joined)."""
    return [_puzzle(chars, source) for chars in _strings(text)]


Chars = list[tuple[str, int, int]]
"""A string's characters with the line and column (from 1) of each."""


OPENS = re.compile(r"\.(?:Or|And|Replicate)(?=[~.]|$)")
CLOSES = re.compile(r"\.End(?=\.|$)")


def _strings(text: str) -> Iterator[Chars]:
    """Each puzzle's characters, spaces and comment lines left out: a blank line ends a
    puzzle; a line beginning with ``.`` at its first column begins one unless a
    composite is open."""
    chars: Chars = []
    depth = 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = "".join(raw.split())
        if not line and chars:
            yield chars
            chars, depth = [], 0
        if not line or line.startswith("#"):
            continue
        if raw[:1] == "." and chars and depth <= 0:
            yield chars
            chars, depth = [], 0
        chars += [(ch, number, col) for col, ch in enumerate(raw, 1) if not ch.isspace()]
        depth += len(OPENS.findall(line)) - len(CLOSES.findall(line))
    if chars:
        yield chars


def _tree(chars: Chars, source: str) -> Node:
    """The items of one string, composites holding their members."""
    ch, line, column = chars[0]
    if ch != ".":
        raise InputError("a sigh string starts with '.'", source, line, column)
    root = Node("", [], line, column)
    stack = [root]
    starts = [k for k, c in enumerate(chars) if c[0] == "."] + [len(chars)]
    for begin, end in zip(starts, starts[1:], strict=False):
        _, line, column = chars[begin]
        name, *args = "".join(c[0] for c in chars[begin + 1 : end]).split("~")
        if name == END:
            if len(stack) == 1:
                raise InputError("'.End' closes no composite", source, line, column)
            stack.pop()
            continue
        node = Node(name or GIVEN, args, line, column)
        stack[-1].members.append(node)
        if name in COMPOSITES:
            stack.append(node)
    if len(stack) > 1:
        top = stack[-1]
        raise InputError(f"'{top.name}' is never closed by '.End'", source, top.line, top.column)
    return root


def _size(root: Node, source: str) -> Shape:
    """The grid's shape: ``.Shape``'s (every one the same), 9x9 of 1..9 without one."""
    sizes = {read_shape(n.args, source, n.line, n.column) for n in root.members if n.name == SHAPE}
    if len(sizes) > 1:
        first = next(n for n in root.members if n.name == SHAPE)
        raise InputError("two different '.Shape's", source, first.line, first.column)
    return sizes.pop() if sizes else Shape()


class _Context:
    """What reading one string's items needs: the source, the size, the regions, the
    names of the cells beyond the grid."""

    def __init__(self, source: str, shape: Shape, extra: tuple[ExtraCells, ...] = ()):
        self.source, self.shape = source, shape
        self.size, self.low = shape.size, shape.low
        self.regions: tuple[tuple[int, ...], ...] = ()
        names = extra_names(extra)
        self.extra = {name: self.size**2 + k for k, name in enumerate(names)}
        self.laid: dict[int, tuple[str, int, int]] = {}
        for g in extra:
            for k, name in enumerate(g.names()):
                if g.columns:
                    self.laid[self.extra[name]] = (g.prefix, *divmod(k, g.columns))

    def reader(self, node: Node) -> SighReader:
        reader = self._reader(node)
        reader.laid = self.laid
        return reader

    def _reader(self, node: Node) -> SighReader:
        return SighReader(
            At(self.source, node.line, node.column),
            self.size,
            node.name,
            self.regions,
            self.extra,
            self.low,
            (self.shape.rows, self.shape.cols),
        )

    def error(self, node: Node, message: str) -> InputError:
        return InputError(message, self.source, node.line, node.column)

    def read(self, node: Node) -> list[Constraint]:
        """The instances of one item (an ``And``: of its members)."""
        if node.name == AND:
            return [c for m in node.members for c in self.read(m)]
        if node.name in TOP_ONLY:
            raise self.error(node, f"'{node.name}' stands only at the top of a string")
        cls = by_sigh_name(node.name)
        if cls is None:
            what = "composite" if node.name in COMPOSITES else "rule"
            raise self.error(node, f"sigh's {node.name!r}: no {what} of this project reads it")
        why = shape_refusal(cls, self.shape, node.name)  # as sigh's solver refuses it
        if why:
            raise self.error(node, f"sigh's {node.name!r} {why}")
        reader = self.reader(node)
        if node.name in COMPOSITES:
            reader.members = tuple(tuple(self.read(m)) for m in node.members)
        return cls.read_sigh(node.name, node.args, reader)


def _puzzle(chars: Chars, source: str) -> Puzzle:
    """One string's puzzle: its shape, its regions first (a jigsaw's, which other rules
    read), then every other item; the givens of one cell intersected."""
    root = _tree(chars, source)
    shape = _size(root, source)
    size = shape.size
    extra = var_groups(root.members, _flat(root.members), size, source, (shape.rows, shape.cols))
    context = _Context(source, shape, extra)
    items = list(_flat([n for n in root.members if n.name not in TOP_ONLY]))
    _once(items, context)
    sized = [c for n in items if n.name in RegionSize.sigh_names for c in context.read(n)]
    layout = [n for n in items if _gives_regions(n.name)]
    pieces = [n for n in layout if n.name != NO_BOXES]
    jigsaws = [c for n in pieces for c in context.read(n)]
    boxless = [c for n in layout if n.name == NO_BOXES for c in context.read(n)]
    if shape.raw:
        found = []  # no regions
    elif shape.rows:
        found = shaped_layout(jigsaws, boxless, sized, shape, lambda why: context.error(root, why))
    else:
        if any(getattr(c, "cells", size) != size for c in sized):
            raise context.error(
                root, f"'RegionSize' on a {size}x{size} grid of {size} digits: {size} only"
            )
        found = _layout(jigsaws, boxless, bool(pieces), size)
    own = [r for c in found if (r := c.regions()) is not None]
    context.regions = own[0] if own else default_regions(size)
    found += sized
    found += [
        c
        for node in items
        if not _gives_regions(node.name) and node.name not in RegionSize.sigh_names
        for c in context.read(node)
    ]
    givens, rules = _givens(found, size, shape.low)
    unique = tuple(dict.fromkeys(rules))
    settled = tuple(c.settle(unique) for c in unique)
    origin = f"{source}:{root.line}"
    return Puzzle(
        size,
        givens,
        origin,
        constraints=settled,
        extra=extra,
        low=shape.low,
        rows=shape.rows,
        cols=shape.cols,
        raw=shape.raw,
    )


def _once(items: list[Node], context: _Context) -> None:
    """InputError at the second item of a rule sigh keeps once a puzzle (``sigh_once``)
    when it says another thing than the first (sigh would keep the last)."""
    first: dict[str, Node] = {}
    for node in items:
        cls = by_sigh_name(node.name)
        if cls is not None and cls.sigh_once:
            seen = first.setdefault(node.name, node)
            if seen.args != node.args:
                raise context.error(
                    node, f"a second '{node.name}', not the first's (sigh keeps one a puzzle)"
                )


def _flat(nodes: list[Node]) -> Iterator[Node]:
    """The top-level items, an ``And``'s members in its place."""
    for node in nodes:
        if node.name == AND:
            yield from _flat(node.members)
        else:
            yield node


def _layout(
    jigsaws: list[Constraint], boxless: list[Constraint], laid: bool, size: int
) -> list[Constraint]:
    """The regions as sigh has them: a jigsaw's pieces replace the boxes with
    ``.NoBoxes``; without it sigh keeps its boxes too, each box that is no piece an extra
    region; ``.NoBoxes`` alone leaves the rows (what its Jigsaw says), beside a layout
    that is the boxes (``laid``, read as no jigsaw) the boxes; with neither, sigh's boxes
    (a jigsaw of them where f-puzzles has none: 14x14)."""
    boxes = tuple(sorted(sigh_boxes(size)))
    rows = tuple(tuple(range(r * size, r * size + size)) for r in range(size))
    if jigsaws:
        pieces = {piece for c in jigsaws for piece in c.regions() or ()}
        kept = [] if boxless or boxes == rows else [b for b in boxes if b not in pieces]
        return [*jigsaws, *(ExtraRegion(b) for b in kept)]
    if boxless:
        return [] if laid else boxless[:1]
    return [Jigsaw(boxes)] if boxes != default_regions(size) else []


def _gives_regions(name: str) -> bool:
    cls = by_sigh_name(name)
    return cls is not None and cls.regions is not Constraint.regions


def _givens(
    found: list[Constraint], size: int, low: int
) -> tuple[tuple[int, ...], list[Constraint]]:
    """The givens (a cell's Givens intersected to one digit) and the other instances, a
    cell left several digits keeping them as pencil marks (sigh's Given is both)."""
    digits: dict[int, set[int]] = {}
    rules: list[Constraint] = []
    for c in found:
        if isinstance(c, PencilMarks):
            digits[c.cell] = digits.get(c.cell, set(range(1, size + 1))) & set(c.digits)
        else:
            rules.append(c)
    grid = [0] * (size * size)
    for cell, left in sorted(digits.items()):
        if len(left) == 1 and cell < size * size:  # an extra cell's digit: a mark
            grid[cell] = left.pop()
        else:
            rules.append(PencilMarks(cell, tuple(sorted(left)), low))
    return tuple(grid), rules
