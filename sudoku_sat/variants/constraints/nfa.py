"""State machines (key ``nfa``, a key of this project: f-puzzles has none and ignores
it): the digits along the cells, read in order as one word, are accepted by a finite
automaton, possibly non-deterministic. The meaning is sigh's NFA ("digits along the
line, read in order, must be accepted by the provided NFA"); a line of several segments
reads a break symbol, N+1, between two of them (sigh's multi-segment machines).

The machine is written as sigh serializes it (its ``NFASerializer``), in base64url
without padding over a string of bits read from the highest bit of each byte: a header
of the format (2 bits: 0 plain, 1 packed), the bits of a state less one (4), the symbols
less one (4), the start states' count and the other accepting states' count (a state's
bits each), which start states accept (one bit each), and for the plain format the bits
of a state's move count (4); then state after state, plain: its move count and each move
as (symbol less one, target), packed: a mask of the symbols it reads (lowest bit symbol
1) and one target each. States are numbered starts first, then the other accepting
states, then the rest; trailing bits are zero. ``decode`` reads it, ``encode`` writes
the plain format.

Shape: ``"nfa": [{"lines": [["R1C1", "R1C2"], ["R3C1"]], "nfa": "TEXT", "name": "..."}]``,
one line a segment, ``name`` only when there is one. sigh: ``.NFA~TEXT~_NAME~R1C1~R1C2~-
~R3C1``: ``_NAME`` (URI-encoded, possibly empty) starts a group, an empty argument starts
another group of that name (each group one instance here), ``-`` separates two segments
of one group. Any cells (sigh asks no adjacency). Clauses and CP-SAT: the machine along
the steps (``_automaton``); the direct check runs the decoded machine on the word.

Made as a setter states a rule as a state machine: a made regex line's pattern
(``regex.Regex.make``) compiled and written as sigh's text, on that line.
"""

from __future__ import annotations

import base64
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import groupby
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ...model.drawing import CELL, tag
from ._automaton import Machine, Steps, accepts, run_clauses, run_cpsat
from .regex import Regex, compiled

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader

SEGMENT = "-"
"""sigh's argument between two segments of one group."""


class Bits:
    """Bits read from the highest of each byte on."""

    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def left(self) -> int:
        return 8 * len(self.data) - self.at

    def read(self, count: int) -> int:
        if count > self.left():
            raise ValueError("the machine's text ends too soon")
        out = 0
        for _ in range(count):
            out = out << 1 | self.data[self.at >> 3] >> (7 - (self.at & 7)) & 1
            self.at += 1
        return out


def width(v: int) -> int:
    """The bits that hold 0..v (1 for 0 and 1, as sigh's requiredBits but at least 1)."""
    return max(1, v.bit_length())


@cache
def decode(text: str) -> Machine:
    """sigh's serialized machine; ValueError when it is not one."""
    if not text:
        return frozenset(), frozenset(), ()
    bits = Bits(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    packed = bits.read(2)
    if packed not in (0, 1):
        raise ValueError("an unknown machine format")
    state_bits, symbols = bits.read(4) + 1, bits.read(4) + 1
    starts, accepts_more = bits.read(state_bits), bits.read(state_bits)
    start_accepts = bits.read(starts)
    count_bits = 0 if packed else bits.read(4)
    moves: list[dict[int, set[int]]] = []
    while (packed and bits.left() >= symbols) or (
        not packed and count_bits and bits.left() >= count_bits
    ):
        here: dict[int, set[int]] = {}
        if packed:
            mask = bits.read(symbols)
            for symbol in range(1, symbols + 1):
                if mask >> (symbol - 1) & 1:
                    here.setdefault(symbol, set()).add(bits.read(state_bits))
        else:
            for _ in range(bits.read(count_bits)):
                symbol = bits.read((symbols - 1).bit_length()) + 1
                here.setdefault(symbol, set()).add(bits.read(state_bits))
        moves.append(here)
    if any(bits.read(1) for _ in range(bits.left())):
        raise ValueError("the machine's text has bits after its end")
    total = max(
        [starts + accepts_more, len(moves)]
        + [t + 1 for h in moves for ts in h.values() for t in ts]
    )
    moves += [{} for _ in range(total - len(moves))]
    accepting = {i for i in range(starts) if start_accepts >> i & 1}
    accepting |= set(range(starts, starts + accepts_more))
    table = tuple(tuple((d, frozenset(ts)) for d, ts in sorted(h.items())) for h in moves)
    return frozenset(range(starts)), frozenset(accepting), table


def encode(machine: Machine, symbols: int) -> str:
    """sigh's plain serialization of a machine on that many symbols (its states
    renumbered: starts first, then the other accepting states, then the rest)."""
    starts, accepting, moves = machine
    order = [*sorted(starts), *sorted(accepting - starts)]
    order += [q for q in range(len(moves)) if q not in set(order)]
    number = {q: i for i, q in enumerate(order)}
    state_bits = width(len(order) - 1)
    counts = [sum(len(ts) for _, ts in moves[q]) for q in order]
    count_bits = max(counts, default=0).bit_length()
    out: list[tuple[int, int]] = [(0, 2), (state_bits - 1, 4), (symbols - 1, 4)]
    out += [(len(starts), state_bits), (len(accepting - starts), state_bits)]
    out += [(sum(1 << i for i, q in enumerate(sorted(starts)) if q in accepting), len(starts))]
    out.append((count_bits, 4))
    for q, count in zip(order, counts, strict=True):
        out.append((count, count_bits))
        for d, ts in moves[q]:
            out += [
                pair
                for t in sorted(number[t] for t in ts)
                for pair in ((d - 1, (symbols - 1).bit_length()), (t, state_bits))
            ]
    text = "".join(format(v, f"0{k}b") for v, k in out if k)
    text += "0" * (-len(text) % 8)
    data = bytes(int(text[i : i + 8], 2) for i in range(0, len(text), 8))
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


@dataclass(frozen=True)
class NFA(Constraint):
    """The cells' digits, segment after segment, accepted by the machine."""

    segments: tuple[tuple[int, ...], ...]
    text: str
    name: str = ""
    key = "nfa"
    rule = "nfa"
    label_name = "state machine"
    sigh_names = ("NFA",)
    any_shape = True
    from_zero = True

    @classmethod
    def checked(cls, segments: list[tuple[int, ...]], text: str, name: str, reader: Reader) -> NFA:
        try:
            decode(text)
        except (ValueError, IndexError) as why:
            raise reader.error(f"{text[:20]!r} is no machine sigh wrote: {why}") from None
        cells = [c for s in segments for c in s]
        if not cells or len(set(cells)) != len(cells):
            raise reader.error("a state machine reads one or more different cells")
        return cls(tuple(segments), text, name)

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        segments = reader.lines(item, 1)
        text, name = item.get("nfa"), item.get("name", "")
        if not isinstance(text, str) or not isinstance(name, str):
            raise reader.error("expected 'nfa', sigh's text of a machine, and a text 'name'")
        return [cls.checked(segments, text, name, reader)]

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        if not args:
            raise reader.error("NFA takes a machine, then cells")
        out: list[Constraint] = []
        label, group = "", list[str]()
        for arg in [*args[1:], ""]:
            if (not arg or arg.startswith("_")) and group:
                parts = [
                    list(g) for brk, g in groupby(group, key=lambda a: a == SEGMENT) if not brk
                ]
                segments = [tuple(reader.cell(c) for c in part) for part in parts]
                out.append(cls.checked(segments, args[0], label, reader))
                group = []
            if arg.startswith("_"):
                label = unquote(arg[1:])
            elif arg:
                group.append(arg)
        return out

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        out: dict[str, Any] = {"lines": [[name(c) for c in s] for s in self.segments]}
        out["nfa"] = self.text
        if self.name:
            out["name"] = self.name
        return out

    def sigh(self, name: Callable[[int], str]) -> str:
        label = quote(self.name, safe="-_.!~*'()").replace(".", "%2E").replace("~", "%7E")
        cells = [
            a
            for i, s in enumerate(self.segments)
            for a in ([SEGMENT] if i else []) + [name(c) for c in s]
        ]
        return "." + "~".join(["NFA", self.text, "_" + label, *cells])

    def word_steps(self) -> Steps:
        """The cells, a None (the break) between two segments."""
        return [c for i, s in enumerate(self.segments) for c in ([None] if i else []) + list(s)]

    def clauses(self, b: Builder) -> list[Clause]:
        return run_clauses(b, decode(self.text), self.word_steps())

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        run_cpsat(m, x, n, decode(self.text), self.word_steps())

    def holds(self, grid: Grid, n: int) -> bool:
        return accepts(
            decode(self.text), [n + 1 if c is None else grid[c] for c in self.word_steps()]
        )

    def draw(self, canvas: Canvas) -> list[str]:
        out = []
        for s in self.segments:
            out.append(canvas.polyline(s, "#8a8", 4, 0.9))
            for c in s:
                x, y = canvas.centre(c)
                out.append(tag("circle", cx=x, cy=y, r=CELL * 0.1, fill="white", stroke="#8a8"))
        return out

    def cells_named(self) -> tuple[int, ...]:
        return tuple(c for s in self.segments for c in s)

    def detail(self, size: int) -> str:
        return self.name

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        out: list[Constraint] = []
        for line in Regex.make(solution, n, regions, rng):
            assert isinstance(line, Regex)
            text = encode(compiled(line.pattern, n), n)
            out.append(cls((line.line,), text))
        return out


FAMILY = (NFA,)
