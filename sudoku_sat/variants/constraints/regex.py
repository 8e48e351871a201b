"""Regular-expression lines (key ``regex``, a key of this project: f-puzzles has none and
ignores it): the digits along the line, read in order as one word, match the pattern as
a whole. The meaning and the pattern language are sigh's Regex: a digit is a character
(``0``-``9``, then ``A``-``Z`` or ``a``-``z`` for 10 and up), ``.`` any digit, ``[...]``
a class (ranges ``a-b`` by character code, ``[^...]`` negated), ``( )``, ``|``, and the
quantifiers ``*``, ``+``, ``?``, ``{n}``, ``{n,}``, ``{n,m}``; white space is dropped, and
a character outside 1..N is refused.

Shape: ``"regex": [{"lines": [["R1C1", "R1C2", "R1C3"]], "pattern": "[124578]*3.*"}]``.
sigh: ``.Regex~PATTERN~R1C1~R1C2~R1C3``, the pattern in base64url without padding (an
older string with ``%`` or ``.`` in it is URI-encoded), an empty argument between two
lines of one pattern.

Encoding: the pattern parsed here (:class:`Parser`), built into an automaton (Thompson:
one piece a character class, joined by empty moves; the empty moves then closed over, so
that each state's moves read one digit), then unrolled along the line as every
automaton rule is (``_automaton``: a state and a move variable a position, kept where
runs from the start still reach an accepting state). CP-SAT: the same automaton made
deterministic in ``AddAutomaton``; the direct check: Python's ``re.fullmatch`` on the
word, a third reading of the pattern.

Made as a setter writes one: a path of 3 to 6 cells, each position a class holding its
digit and one to three others, or any digit.
"""

from __future__ import annotations

import base64
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from itertools import groupby
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ._automaton import Machine, run_clauses, run_cpsat
from ._line import Line
from ._making import lines_wanted, paths

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.reading import Reader


class PatternError(ValueError):
    """A pattern outside sigh's language, or a character outside the grid's digits."""


def value(ch: str) -> int:
    """The digit a character stands for: 0-9, then A (or a) for 10, ..."""
    if "0" <= ch <= "9":
        return ord(ch) - ord("0")
    if ch.isascii() and ch.isalpha():
        return ord(ch.upper()) - ord("A") + 10
    raise PatternError(f"{ch!r} stands for no digit")


class Parser:
    """sigh's pattern language parsed into a tree: ("set", digits), ("cat", parts),
    ("alt", options), ("rep", child, least, most or None)."""

    def __init__(self, pattern: str, n: int, low: int = 1):
        self.low = low
        self.text, self.at, self.n = pattern, 0, n

    def parse(self) -> tuple[Any, ...]:
        tree = self.alternation()
        if self.at < len(self.text):
            raise PatternError(f"unexpected {self.text[self.at]!r} at {self.at}")
        return tree

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def take(self, want: str = "") -> str:
        ch = self.peek()
        if not ch or (want and ch != want):
            raise PatternError(f"expected {want or 'more'} at {self.at}")
        self.at += 1
        return ch

    def alternation(self) -> tuple[Any, ...]:
        options = [self.sequence()]
        while self.peek() == "|":
            self.take()
            options.append(self.sequence())
        return options[0] if len(options) == 1 else ("alt", tuple(options))

    def sequence(self) -> tuple[Any, ...]:
        parts = []
        while self.peek() and self.peek() not in "|)":
            parts.append(self.repeated())
        return parts[0] if len(parts) == 1 else ("cat", tuple(parts))

    def repeated(self) -> tuple[Any, ...]:
        node = self.primary()
        while self.peek() and self.peek() in "*+?{":
            ch = self.take()
            if ch == "{":
                least = self.number()
                most: int | None = least
                if self.peek() == ",":
                    self.take()
                    most = None if self.peek() == "}" else self.number()
                self.take("}")
                if most is not None and most < least:
                    raise PatternError(f"{{{least},{most}}}: the most is below the least")
                node = ("rep", node, least, most)
            else:
                node = ("rep", node, 1 if ch == "+" else 0, None if ch != "?" else 1)
        return node

    def number(self) -> int:
        start = self.at
        while self.peek().isdigit() and self.peek().isascii():
            self.take()
        if start == self.at:
            raise PatternError(f"expected a number at {start}")
        return int(self.text[start : self.at])

    def primary(self) -> tuple[Any, ...]:
        ch = self.take()
        if ch == "(":
            inner = self.alternation()
            self.take(")")
            return inner
        if ch == "[":
            return self.charclass()
        if ch == ".":
            return ("set", frozenset(range(1, self.n + 1)))
        if ch in "*+?{|)":
            raise PatternError(f"unexpected {ch!r} at {self.at - 1}")
        return ("set", frozenset({self.digit(ch)}))

    def charclass(self) -> tuple[Any, ...]:
        negated = self.peek() == "^"
        if negated:
            self.take()
        chars: set[str] = set()
        while self.peek() != "]":
            first = self.take()
            if self.peek() == "-":
                self.take()
                last = self.take()
                if last < first:
                    raise PatternError(f"the range {first}-{last} runs backwards")
                chars.update(chr(k) for k in range(ord(first), ord(last) + 1))
            else:
                chars.add(first)
        self.take("]")
        if not chars:
            raise PatternError("an empty class")
        digits = {self.digit(ch) for ch in chars}
        return ("set", frozenset(set(range(1, self.n + 1)) - digits if negated else digits))

    def digit(self, ch: str) -> int:
        """The index 1..N of the digit ch stands for (the digits start at ``low``)."""
        d, top = value(ch), self.low + self.n - 1
        if not self.low <= d <= top:
            raise PatternError(f"{ch!r} is not a digit {self.low}..{top}")
        return d - self.low + 1


class Automaton:
    """Thompson's construction: states with empty moves and moves reading a digit."""

    def __init__(self) -> None:
        self.empty: list[set[int]] = []
        self.reads: list[list[tuple[frozenset[int], int]]] = []

    def state(self) -> int:
        self.empty.append(set())
        self.reads.append([])
        return len(self.empty) - 1

    def build(self, node: tuple[Any, ...]) -> tuple[int, int]:
        """(start, end) of a piece for node."""
        kind = node[0]
        if kind == "set":
            a, b = self.state(), self.state()
            self.reads[a].append((node[1], b))
            return a, b
        if kind == "cat":
            a = end = self.state()
            for part in node[1]:
                s, e = self.build(part)
                self.empty[end].add(s)
                end = e
            return a, end
        if kind == "alt":
            a, b = self.state(), self.state()
            for option in node[1]:
                s, e = self.build(option)
                self.empty[a].add(s)
                self.empty[e].add(b)
            return a, b
        _, child, least, most = node
        a = end = self.state()
        for _ in range(least):
            s, e = self.build(child)
            self.empty[end].add(s)
            end = e
        if most is None:  # a loop: the child again and again
            s, e = self.build(child)
            self.empty[end].add(s)
            self.empty[e].add(end)
            return a, end
        finish = self.state()
        self.empty[end].add(finish)
        for _ in range(most - least):
            s, e = self.build(child)
            self.empty[end].add(s)
            self.empty[e].add(finish)
            end = e
        return a, finish

    def closure(self, states: set[int]) -> frozenset[int]:
        todo, seen = list(states), set(states)
        while todo:
            for t in self.empty[todo.pop()]:
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
        return frozenset(seen)


@cache
def compiled(pattern: str, n: int, low: int = 1) -> Machine:
    """(start states, accepting states, moves) of the pattern on the digits from low (the
    moves read their indexes 1..n), with no
    empty move left: a state's moves are those of every state its empty moves reach,
    each reading one digit into its target (the targets of reading moves and the start
    are the only states a run stands in; a state accepts when its empty moves reach the
    end)."""
    auto = Automaton()
    start, end = auto.build(Parser(pattern, n, low).parse())
    moves = []
    for q in range(len(auto.empty)):
        by_digit: dict[int, set[int]] = {}
        for p in auto.closure({q}):
            for digits, target in auto.reads[p]:
                for d in digits:
                    by_digit.setdefault(d, set()).add(target)
        moves.append(tuple((d, frozenset(ts)) for d, ts in sorted(by_digit.items())))
    accepting = frozenset(q for q in range(len(auto.empty)) if end in auto.closure({q}))
    return frozenset({start}), accepting, tuple(moves)


def decode_pattern(text: str) -> str:
    """sigh's pattern argument: base64url without padding, or an older URI-encoded one."""
    if "%" in text or "." in text:
        return unquote(text)
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()


def encode_pattern(pattern: str) -> str:
    return base64.urlsafe_b64encode(pattern.encode()).decode().rstrip("=")


def symbol(d: int) -> str:
    """The character of digit d in a word (0-9, then A for 10)."""
    return str(d) if d < 10 else chr(ord("A") + d - 10)


@dataclass(frozen=True)
class Regex(Line):
    """The line's digits, read in order, match the pattern."""

    pattern: str = ""
    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the pattern's characters are digits."""
    key = "regex"
    rule = "regex"
    label_name = "regex line"
    sigh_names = ("Regex",)
    any_shape = True
    from_zero = True
    colour = "#9ab"
    width = 6
    least = 1

    @classmethod
    def checked(cls, line: tuple[int, ...], pattern: str, reader: Reader) -> Regex:
        pattern = re.sub(r"\s", "", pattern)
        try:
            compiled(pattern, reader.size, reader.low)
        except (PatternError, UnicodeDecodeError) as why:
            raise reader.error(f"pattern {pattern!r}: {why}") from None
        return cls(line, pattern, reader.low)

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        lines = reader.paths(item, cls.least)
        pattern = item.get("pattern")
        if not isinstance(pattern, str):
            raise reader.error("expected 'pattern', a regular expression")
        return [cls.checked(line, pattern, reader) for line in lines]

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        if not args:
            raise reader.error("Regex takes a pattern, then cells")
        try:
            pattern = decode_pattern(args[0])
        except (ValueError, UnicodeDecodeError):
            raise reader.error(f"{args[0]!r} is no pattern sigh wrote") from None
        lines = [list(g) for empty, g in groupby(args[1:], key=lambda a: not a) if not empty]
        return cls.read({"lines": lines, "pattern": pattern}, reader)

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {**super().item(name), "pattern": self.pattern}

    def sigh(self, name: Callable[[int], str]) -> str:
        return "." + "~".join(["Regex", encode_pattern(self.pattern), *map(name, self.line)])

    def detail(self, size: int) -> str:
        return self.pattern

    def clauses(self, b: Builder) -> list[Clause]:
        return run_clauses(b, compiled(self.pattern, b.n, self.low), self.line)

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        run_cpsat(m, x, n, compiled(self.pattern, n, self.low), self.line)

    def holds(self, grid: Grid, n: int) -> bool:
        word = "".join(symbol(grid[c] + self.low - 1) for c in self.line)
        return re.fullmatch(self.pattern, word, re.IGNORECASE) is not None

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        lines = paths(n, rng, lambda p: True, lambda p: True, (3, min(6, n)), lines_wanted(n))
        out: list[Constraint] = []
        for line in lines:
            parts = []
            for c in line:
                if rng.random() < 0.25:
                    parts.append(".")
                    continue
                others = [d for d in range(1, n + 1) if d != solution[c]]
                digits = sorted({solution[c], *rng.sample(others, rng.randint(1, 3))})
                parts.append("[" + "".join(symbol(d) for d in digits) + "]")
            out.append(cls(line, "".join(parts)))
        return out


FAMILY = (Regex,)
