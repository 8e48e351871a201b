"""The variant session on every supported PySAT solver (variants/solve.py): a solver
that takes no conflict budget (Lingeling) runs without one, on solve, count and unique
(issue 41, item 3: it ended in NotImplementedError)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.sat.pysat import NO_BUDGET, SUPPORTED, built_in
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.solve import Session, budgeted

runner = CliRunner()
KILLER = Path(__file__).resolve().parents[1] / "docs" / "data" / "killer-ukpa.json"
BUILT = [name for name in SUPPORTED if built_in(name)]


@pytest.mark.parametrize("name", BUILT)
def test_no_budget_lists_exactly_the_solvers_without_one(name: str) -> None:
    from pysat.solvers import Solver

    with Solver(name=name, bootstrap_with=[[1, 2]]) as s:
        try:
            s.conf_budget(10)
            takes_one = True
        except NotImplementedError:
            takes_one = False
    assert takes_one == (name not in NO_BUDGET) == budgeted(name)


@pytest.mark.parametrize("name", BUILT)
def test_the_session_finds_the_killer_unique_on_every_solver(name: str) -> None:
    (puzzle,) = parse_variants(KILLER.read_text(), str(KILLER))
    with Session(name) as session:
        assert session.unique(puzzle).verdict == "unique"
        assert len(session.solutions(puzzle, 5)) == 1  # a second puzzle on the same solver


@pytest.mark.parametrize(
    ("command", "said"), [("solve", "|"), ("count", "1"), ("unique", "unique")]
)
def test_lingeling_answers_every_command(command: str, said: str) -> None:
    result = runner.invoke(app, [command, str(KILLER), "--method", "pysat:lgl"])
    assert result.exit_code == 0 and said in result.output, result.output


def _thermo_puzzles() -> list[Puzzle]:
    """4x4 puzzles of one skeleton (a thermometer puts the steps "a < b" in it), each
    with other givens: easy, a handful of conflicts at most."""
    from sudoku_sat.variants.constraints.thermometer import Thermometer

    rules = (Thermometer((0, 1, 2)),)
    givens = [(15, 4), (12, 1), (5, 2), (10, 3), (7, 1)]
    return [
        Puzzle(4, tuple(d if c == cell else 0 for c in range(16)), f"p{k}", constraints=rules)
        for k, (cell, d) in enumerate(givens)
    ]


@pytest.mark.production_sessions
def test_a_skeleton_opens_at_the_fifth_easy_puzzle_of_its_key() -> None:
    """The first four puzzles of a skeleton go on solvers of their own, the fifth opens
    the skeleton; every count agrees with CP-SAT's."""
    puzzles = _thermo_puzzles()
    with Session() as session:
        assert session.SHARE_AFTER == 4
        opened = []
        for p in puzzles:
            assert len(session.solutions(p, 2)) == cpsat.count(p, 2)
            opened.append(len(session._open))
    assert opened == [0, 0, 0, 0, 1]


@pytest.mark.production_sessions
def test_a_key_of_hard_puzzles_keeps_to_solvers_of_their_own() -> None:
    """A puzzle past EASY conflicts starts its key's count again: with every puzzle hard
    no skeleton is ever opened, and the counts stay CP-SAT's."""
    with Session() as session:
        session.EASY = -1
        for p in _thermo_puzzles():
            assert len(session.solutions(p, 50)) == cpsat.count(p, 50)
        assert session._open == {}


def test_the_least_recently_used_skeleton_is_closed_first() -> None:
    """With room for two skeletons, a third key closes the one used longest ago."""
    from sudoku_sat.variants.constraints.antiknight import AntiKnight
    from sudoku_sat.variants.encode import skeleton_key

    thermo = _thermo_puzzles()[0]
    knight = Puzzle(4, (0,) * 16, "k", constraints=(AntiKnight(),))
    plain = Puzzle(4, (1,) + (0,) * 15, "c", constraints=thermo.constraints[:0])
    with Session() as session:
        session.KEEP = 2
        for p in (thermo, knight, thermo, plain):
            session.solutions(p, 2)
        assert set(session._open) == {skeleton_key(thermo), skeleton_key(plain)}


def test_the_cells_and_units_are_made_once_for_every_puzzle_of_a_structure() -> None:
    """Two puzzles of one structure share its clause lists; a 9x9 has 81 cells of one
    digit (1 + 36 clauses each) and 27 units of each digit once (1 + 36 each); a 4x6
    shape of 6 digits has 12 frame cells of 1 (6 clauses each), and its rows of 6 cells
    say each digit once where its columns of 4 say only at most once."""
    from sudoku_sat.variants.encode import encode_variant, structure_clauses

    a, b = (Puzzle(9, (0,) * 81, name) for name in "ab")
    assert encode_variant(a).clauses[:100] == encode_variant(b).clauses[:100]
    assert encode_variant(a).clauses[0] is encode_variant(b).clauses[0]
    assert encode_variant(a).parts["cells"] == 81 * 37
    assert encode_variant(a).parts["units"] == 27 * 9 * 37
    shape = replace(Puzzle(6, (0,) * 36, "s"), rows=4, cols=6)
    cells, units = structure_clauses(6, 36, shape.outside, shape.lines + shape.regions)
    assert len(cells) == 24 * (1 + 15) + 12 * 6
    assert len(units) == 4 * 6 * (1 + 15) + 6 * 6 * 6 + len(shape.regions) * 6 * 16


def test_the_structure_groups_say_what_its_pair_clauses_say() -> None:
    """The cardinal form of a structure: its groups' pairs are exactly the structure's
    pair clauses, and its clauses are the structure's others (9x9, and a 4x6 shape with
    frame cells and columns shorter than the digits)."""
    from sudoku_sat.variants.encode import group_pairs, structure_clauses, structure_groups

    shape = replace(Puzzle(6, (0,) * 36, "s"), rows=4, cols=6)
    nine = Puzzle(9, (0,) * 81, "n")
    for p in (nine, shape):
        args = (p.size, p.cells, p.outside, p.lines + p.regions)
        cells, units = structure_clauses(*args)
        clauses, groups = structure_groups(*args)

        def pair(c: list[int]) -> bool:
            return len(c) == 2 and c[0] < 0 and c[1] < 0

        every = cells + units
        assert sorted(map(sorted, group_pairs(groups))) == sorted(
            sorted(c) for c in every if pair(c)
        )
        assert sorted(map(tuple, clauses)) == sorted(tuple(c) for c in every if not pair(c))


@pytest.mark.production_sessions
@pytest.mark.parametrize("budget", [0, 100, 10**6])
def test_the_cardinal_solver_keeps_exactly_the_288_grids_of_order_2(budget: int) -> None:
    """A puzzle alone on Gluecard (its groups; their pairs added at once with a budget of
    0, later, or never) has exactly the 288 grids of order 2."""
    with Session() as session:
        session.CARDINAL_BUDGET = budget
        grids = session.solutions(Puzzle(4, (0,) * 16, "blank"), 300)
    assert len(set(grids)) == 288


@pytest.mark.production_sessions
def test_a_puzzle_alone_goes_to_gluecard_unless_a_solver_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The default session solves a puzzle of its own on Gluecard; a named solver is
    used as named."""
    calls: list[str] = []
    real = Session._cardinal

    def spy(self: Session, *args: object) -> object:
        calls.append("gluecard")
        return real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Session, "_cardinal", spy)
    (p,) = parse_variants(KILLER.read_text())
    with Session() as session:
        assert session.unique(p).verdict == "unique"
    with Session(solver="g4") as session:
        assert session.unique(p).verdict == "unique"
    assert calls == ["gluecard"]


CONSTRAINTS = sorted((Path(__file__).parent / "data" / "constraints").glob("*.jsonl"))


@pytest.mark.production_sessions
@pytest.mark.parametrize("path", CONSTRAINTS, ids=lambda path: path.stem)
def test_every_puzzle_of_a_rule_alone_on_gluecard_counts_as_its_file_says(path: Path) -> None:
    """Each puzzle of the rule files, real and made (unique, several, none), each on a
    solver of its own as a session's policy has it (Gluecard), counts as the file says
    (to 3), a unique real one to its published solution."""
    for line in path.read_text().splitlines():
        if not line.startswith("{"):
            continue
        case = json.loads(line)
        (p,) = parse_variants(json.dumps(case["puzzle"]))
        with Session() as session:
            found = session.solutions(p, 3)
        assert len(found) == case["expect"], case["origin"]
        if case["expect"] == 1 and p.solution is not None:
            assert p.grid_part(found[0]) == p.grid_part(p.solution), case["origin"]


def test_a_puzzle_past_the_shared_budget_keeps_the_solutions_it_found_there() -> None:
    """A puzzle that spends the shared solver's budget after some solutions goes on
    alone with them blocked: the 288 grids of order 2, each once."""
    with Session() as session:
        session.BUDGET = 1
        grids = session.solutions(Puzzle(4, (0,) * 16, "blank"), 300)
    assert len(grids) == len(set(grids)) == 288
