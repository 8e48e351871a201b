"""The rules of sigh's solver that f-puzzles lacks (issue 42: greater-than signs, pairwise
tables, global entropy and mod 3, anti-taxicab, Dutch flatmates, value indexing, Or and
And): sigh's table text against the relations of its real puzzles, each class's sigh
string read back to the same instances, what the readers refuse, an Or's members kept
out of a session's shortcuts, and, where Node and sigh's checkout are there, sigh's own
count of every puzzle in these rules' data files against the expected one."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import tempfile
from functools import cache
from pathlib import Path

import pytest

from sudoku_sat.errors import InputError
from sudoku_sat.model.constraint import Constraint
from sudoku_sat.model.geometry import cell_name
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.model.reading import Reader, Source
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.constraints.antitaxicab import AntiTaxicab
from sudoku_sat.variants.constraints.composite import And, Or
from sudoku_sat.variants.constraints.connected import ConnectedValues
from sudoku_sat.variants.constraints.dutchflatmates import DutchFlatmates
from sudoku_sat.variants.constraints.global_entropy import GlobalEntropy, GlobalMod
from sudoku_sat.variants.constraints.greaterthan import GreaterThan
from sudoku_sat.variants.constraints.nfa import NFA, decode, encode
from sudoku_sat.variants.constraints.pairwise import PairAll, PairLine, decode_table, encode_table
from sudoku_sat.variants.constraints.pencil import PencilMarks
from sudoku_sat.variants.constraints.regex import PatternError, Regex, compiled
from sudoku_sat.variants.constraints.replicate import Replicate, decode_targets, encode_targets
from sudoku_sat.variants.constraints.thermometer import Thermometer
from sudoku_sat.variants.constraints.valueindexing import ValueIndexing
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.solve import Session

from .conftest import IN_CI
from .test_constraint_registry import SIZE, _made

if not IN_CI:
    pytest.importorskip("ortools")

DATA = Path(__file__).parent / "data" / "constraints"
KEYS = (
    "greaterthan",
    "pair",
    "pairx",
    "globalentropy",
    "globalmod",
    "antitaxicab",
    "dutchflatmates",
    "valueindexing",
    "regex",
    "nfa",
    "connectedvalues",
    "replicate",
    "or",
    "and",
)
CLASSES: tuple[type[Constraint], ...] = (
    GreaterThan,
    PairLine,
    PairAll,
    GlobalEntropy,
    GlobalMod,
    AntiTaxicab,
    DutchFlatmates,
    ValueIndexing,
    Regex,
    NFA,
    ConnectedValues,
    Replicate,
    Or,
    And,
)
SIGH = Path(__file__).resolve().parents[2] / "shared" / "peers" / "sigh"


def _reader(size: int = SIZE) -> Reader:
    return Reader(Source("test", "", 1, False), size, "test")


def test_sigh_tables_of_real_puzzles_are_their_relations() -> None:
    """Odd/Even Thermo's Pair and Cold Sauerkraut's PairX (sigh's examples), decoded:
    rising by an even step, and digits at least 2 apart; encoded back to the same text."""
    digits = range(1, 10)
    thermo = {(d, e) for d in digits for e in digits if e > d and (e - d) % 2 == 0}
    nabner = {(d, e) for d in digits for e in digits if abs(d - e) > 1}
    for text, relation in (("UFVQFUAFQAE", thermo), ("8H_xf8H_xf8H_B", nabner)):
        table = decode_table(text, 9, _reader())
        assert set(table) == relation
        assert encode_table(table, 9) == text


def test_binary_is_pair_in_the_other_alphabet() -> None:
    """sigh's legacy Binary swaps ``-`` and ``_`` of Pair's table text."""
    (pair,) = PairLine.read_sigh("Pair", ["8H_xf8H_xf8H_B", "_", "R1C1", "R1C2"], _reader())
    (binary,) = PairLine.read_sigh("Binary", ["8H-xf8H-xf8H-B", "_", "R1C1", "R1C2"], _reader())
    assert pair == binary


def _sigh_items(text: str) -> list[tuple[str, list[str]]]:
    """(name, arguments) of each item of a string without composites."""
    return [(part.split("~")[0], part.split("~")[1:]) for part in text.split(".")[1:]]


@pytest.mark.parametrize("cls", CLASSES, ids=[k.__name__ for k in CLASSES])
def test_sigh_strings_read_back_to_the_same_instances(cls: type[Constraint]) -> None:
    """Each made instance's sigh string, read by the class's own ``read_sigh`` (an Or's
    and an And's members handed over as sigh's reader hands them)."""
    _, instances = _made(cls)
    reader = _reader()
    for c in instances:
        text = c.sigh(lambda k: cell_name(SIZE, k))
        if isinstance(c, Replicate):
            reader.members = tuple((m,) for m in c.members)  # type: ignore[attr-defined]
            head = text.split(".")[1].split("~")
            assert cls.read_sigh(head[0], head[1:], reader) == [c]
            continue
        if isinstance(c, Or | And):
            reader.members = tuple((m,) for m in c.members)  # type: ignore[attr-defined]
            (name, args), *_ = _sigh_items(text.split(".End")[0])
            assert cls.read_sigh(name, [], reader) == [c]
            continue
        ((name, args),) = _sigh_items(text)
        assert name in cls.sigh_names
        assert cls.read_sigh(name, args, reader) == [c], text


def test_pair_groups_split_by_name_and_by_an_empty_argument() -> None:
    """sigh's named groups (its Odd/Even Thermo puzzle's shape): ``_NAME`` starts one, an
    empty argument another of the same name; each group is one instance."""
    args = ["UFVQFUAFQAE", "_Odd-Even%20Thermo", "r1c2", "r1c3", "", "r2c8", "r2c7"]
    args += ["_", "r9c8", "r9c9"]
    found = [c for c in PairLine.read_sigh("Pair", args, _reader()) if isinstance(c, PairLine)]
    assert [(c.cells, c.name) for c in found] == [
        ((1, 2), "Odd-Even Thermo"),
        ((16, 15), "Odd-Even Thermo"),
        ((79, 80), ""),
    ]
    assert found[0].sigh(lambda k: cell_name(SIZE, k)).startswith(".Pair~UFVQFUAFQAE~_Odd-Even%20")


def test_readers_refuse_what_says_nothing() -> None:
    reader = _reader()
    with pytest.raises(InputError, match="no neighbour"):
        GreaterThan.read_sigh("GreaterThan", ["R1C1", "R3C3"], reader)
    with pytest.raises(InputError, match="symmetric"):
        PairAll.read_sigh("PairX", [encode_table(((1, 2),), 9), "_", "R1C1", "R1C2"], reader)
    with pytest.raises(InputError, match="two cells"):
        PairLine.read_sigh("Pair", ["UFVQFUAFQAE", "_", "R1C1"], reader)
    with pytest.raises(InputError, match="no argument"):
        AntiTaxicab.read_sigh("AntiTaxicab", ["1"], reader)
    with pytest.raises(InputError, match="constraints"):
        Or.read_sigh("Or", [], reader)


PATTERNS = (
    "[124578]*3.*",
    "([^1-3][47][69]|[47]123[69])*",
    "(12|2.3|3..4|4...5|5....6).*",
    ".?([^47]|471)*",
    "1{2,3}",
    "(1|23){1,}4?",
    "[2-4]{0,2}(3|)1+",
    "((1|2)(3|4)?)*",
)


@pytest.mark.parametrize("pattern", PATTERNS)
def test_the_automaton_accepts_what_python_matches(pattern: str) -> None:
    """Every word of up to 5 digits on 1..4, run through the automaton built here, against
    Python's own regular expressions (the digits 5..9 of the patterns read no digit)."""
    from itertools import product

    n = 9
    starts, accepting, moves = compiled(pattern, n)
    for length in range(6):
        for word in product(range(1, 5), repeat=length):
            states = set(starts)
            for d in word:
                states = {r for q in states for e, rs in moves[q] if e == d for r in rs}
            text = "".join(map(str, word))
            assert bool(states & accepting) == bool(re.fullmatch(pattern, text)), (pattern, text)


@pytest.mark.parametrize("pattern", ["(12", "1{3,2}", "[]", "*1", "[1-0]", "0", "1\\2", "a"])
def test_patterns_outside_the_language_are_refused(pattern: str) -> None:
    with pytest.raises(PatternError):
        compiled(pattern, 9)


def test_sigh_machines_read_and_written() -> None:
    """Sequence sudoku's machine (sigh's examples) accepts arithmetic sequences and not a
    broken one; a compiled pattern written in sigh's plain format reads back accepting
    the same words."""
    from itertools import product

    from sudoku_sat.variants.constraints._automaton import accepts

    line = next(json.loads(x) for x in (DATA / "nfa.jsonl").open() if "Sequence" in x)
    text = line["puzzle"]["nfa"][0]["nfa"]
    machine = decode(text)
    assert all(accepts(machine, w) for w in ([1, 2, 3], [9, 7, 5, 3], [2, 4, 6]))
    assert not accepts(machine, [1, 2, 4])
    for pattern in PATTERNS:
        mine = compiled(pattern, 9)
        again = decode(encode(mine, 9))
        for w in (w for k in range(5) for w in product(range(1, 6), repeat=k)):
            assert accepts(mine, w) == accepts(again, w), (pattern, w)


def test_nfa_segments_read_a_break_between_them() -> None:
    """On a 4x4, the machine "1, the break, 1" over two segments of one cell each (sigh's
    ``-`` argument; the break is the symbol N+1 = 5): both cells hold a 1, counted by the
    session, CP-SAT and the 4x4 grids themselves."""
    moves = (
        ((1, frozenset({1})),),
        ((5, frozenset({2})),),
        ((1, frozenset({3})),),
        (),
    )
    text = encode((frozenset({0}), frozenset({3}), moves), 5)
    (found,) = NFA.read_sigh("NFA", [text, "_", "R1C1", "-", "R3C2"], _reader(4))
    assert isinstance(found, NFA) and found.segments == ((0,), (9,))
    assert found.sigh(lambda k: cell_name(4, k)).endswith("~_~R1C1~-~R3C2")
    p = Puzzle(4, (0,) * 16, "p", constraints=(found,))
    grids = [g for g in _grids4() if g[0] == g[9] == 1]
    assert grids and all(found.holds(g, 4) for g in grids)
    assert cpsat.count(p, 300) == len(grids)
    with Session() as s:
        assert len(s.solutions(p, 300)) == len(grids)


def test_connected_values_on_every_4x4_grid() -> None:
    """The 1s, 2s and 3s of a 4x4 connected (the 1s and 2s never are): the clauses (by the
    session) and CP-SAT count the grids the breadth-first search keeps; a size other than
    3·4 leaves none."""
    assert not any(ConnectedValues((1, 2)).holds(g, 4) for g in _grids4())
    rule = ConnectedValues((1, 2, 3))
    grids = [g for g in _grids4() if rule.holds(g, 4)]
    assert 0 < len(grids) < 288
    p = Puzzle(4, (0,) * 16, "p", constraints=(rule,))
    with Session() as s:
        assert len(s.solutions(p, 300)) == len(grids) == cpsat.count(p, 300)
    wrong = Puzzle(4, (0,) * 16, "p", constraints=(ConnectedValues((1, 2, 3), 7),))
    with Session() as s:
        assert s.solutions(wrong, 3) == [] and cpsat.count(wrong, 3) == 0


def test_replicate_moves_its_template_and_refuses_a_copy_off_the_grid() -> None:
    """Stepped Thermos' targets read back as sigh wrote them; a sign at R1C1>R1C2 copied to
    R2C3 and R3C5 is R2C3>R2C4 and R3C5>R3C6; copied to R1C9 it leaves the grid."""
    reader = _reader()
    targets = decode_targets("JBAAIJAAAJB", 0, reader)
    assert encode_targets(targets, 0) == "JBAAIJAAAJB" and targets[0] == 0
    sign = GreaterThan((0, 1), 9)
    copies = Replicate.of([sign], [11, 22], 0, reader).copies
    assert copies == (GreaterThan((11, 12), 9), GreaterThan((22, 23), 9))
    with pytest.raises(InputError, match="outside"):
        Replicate.of([sign], [8], 0, reader)


def test_an_or_in_a_session_spells_its_members_out() -> None:
    """A thermometer puts the steps "a < b" in the session's skeleton, which a plain
    greater-than sign assumes; inside an Or the sign's clauses must be written out and
    guarded instead: a 4x4 counted by the session, alone and by CP-SAT, all agree."""
    rng = random.Random(4)
    for _ in range(3):
        a = rng.randrange(4, 15)
        b, c = a + 1 if a % 4 < 3 else a - 1, a + 4 if a < 12 else a - 4
        either = Or((GreaterThan((a, b), 4), GreaterThan((c, a), 4), PencilMarks(b, (1,))))
        rules = (Thermometer((0, 1, 2)), either)
        p = Puzzle(4, (0,) * 16, "p", constraints=rules)
        with Session() as s:
            counted = len(s.solutions(p, 300))
        assert counted == cpsat.count(p, 300)
        grids = [g for g in _grids4() if all(r.holds(g, 4) for r in rules)]
        assert counted == len(grids)


def _grids4() -> list[tuple[int, ...]]:
    """The 288 valid 4x4 grids, by backtracking (no SAT)."""
    out: list[tuple[int, ...]] = []
    grid = [0] * 16

    def ok(cell: int, d: int) -> bool:
        r, c = divmod(cell, 4)
        box = {(r // 2 * 2 + i) * 4 + c // 2 * 2 + j for i in range(2) for j in range(2)}
        peers = {r * 4 + k for k in range(4)} | {k * 4 + c for k in range(4)} | box
        return all(grid[p] != d for p in peers if p < cell)

    def fill(cell: int) -> None:
        if cell == 16:
            out.append(tuple(grid))
            return
        for d in range(1, 5):
            if ok(cell, d):
                grid[cell] = d
                fill(cell + 1)
        grid[cell] = 0

    fill(0)
    assert len(out) == 288
    return out


def _cases(key: str) -> list[dict[str, object]]:
    lines = (DATA / f"{key}.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip() and not line.startswith("#")]


@cache
def _sigh_counts() -> tuple[dict[str, list[str]], str]:
    """sigh's counts (to 3) of every key's puzzles, by key, from one Node process over
    all of them (its strings written by the classes' own ``sigh``), and its stderr."""
    from benchmarks.real_variants import to_sigh

    keys = [key for key in KEYS for _ in _cases(key)]
    strings = [
        to_sigh(parse_variants(json.dumps(c["puzzle"]), key)[0])
        for key in KEYS
        for c in _cases(key)
    ]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "sigh.txt"
        path.write_text("".join(text + "\n" for text in strings))
        run = subprocess.run(
            ["node", str(SIGH / "count.mjs"), str(path), "3"], capture_output=True, text=True
        )
    counts = [line.split("\t")[0] for line in run.stdout.splitlines()]
    if len(counts) > len(keys):  # lines that are no counts: every key fails
        counts = ["unread"] * len(keys)
    counts += ["missing"] * (len(keys) - len(counts))  # sigh stopped short
    by_key: dict[str, list[str]] = {key: [] for key in KEYS}
    for key, count in zip(keys, counts, strict=True):
        by_key[key].append(count)
    return by_key, run.stderr[-400:]


@pytest.mark.skipif(
    shutil.which("node") is None or not (SIGH / "count.mjs").exists(),
    reason="Node or sigh's checkout (../shared/peers/sigh) is absent",
)
@pytest.mark.parametrize("key", KEYS)
def test_sigh_counts_these_puzzles_as_expected(key: str) -> None:
    """sigh's solver, an independent implementation, counts each puzzle of the key's data
    file (its strings written by the classes' own ``sigh``) as the file expects (one Node
    process for every key's puzzles: its start-up, not the counting, was most of a key's
    time)."""
    counts, stderr = _sigh_counts()
    assert counts[key] == [str(c["expect"]) for c in _cases(key)], stderr
