"""One path a command (issue 38): no command module of sudoku_sat/cli and no function of
sudoku_sat/api.py asks what kind of puzzle it holds; that question is asked in one
place, jobs/route.py, where the engine is chosen. Checked on the syntax tree, so
docstrings and messages may speak of constraints freely."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "sudoku_sat"
FORBIDDEN = {"constraints", "engine_of", "engines", "is_classic", "SESSION", "CLASSIC", "LARGE"}
"""The names that tell a puzzle's kind or engine: attributes, names or imports."""
ALLOWED = {
    ("_shown.py", "show_solution"): {"own_regions"},
    ("_shown.py", "show_pencil"): {"own_regions"},
    ("explain.py", "describe_named"): {"constraints"},
    ("explain.py", "record"): {"constraints"},
}
"""(file, function) -> the names it may use: a puzzle's shape read to draw it, and the
constraints an explanation's step names as its reasons (``Step.constraints``, words
printed, not the puzzle's rules)."""
SHAPE = {"own_regions"}
"""Shape names allowed only where ALLOWED says."""
FILES = sorted((ROOT / "cli").glob("*.py")) + [ROOT / "api.py"]


def kind_questions(path: Path) -> list[str]:
    """Each use of a forbidden name in path: 'line: name (in function)'."""
    tree = ast.parse(path.read_text(), str(path))
    found: list[str] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        names: list[str] = []
        if isinstance(node, ast.Attribute):
            names.append(node.attr)
        elif isinstance(node, ast.Name):
            names.append(node.id)
        elif isinstance(node, ast.ImportFrom | ast.Import):
            names += [alias.name.rsplit(".", 1)[-1] for alias in node.names]
        for name in names:
            allowed = ALLOWED.get((path.name, function), set())
            if (name in FORBIDDEN or name in SHAPE) and name not in allowed:
                found.append(f"{path.name}:{getattr(node, 'lineno', 0)}: {name} (in {function})")
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, "<module>")
    return found


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_no_command_and_no_api_function_branches_on_puzzle_kind(path: Path) -> None:
    assert kind_questions(path) == []


def test_the_check_sees_a_branch(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from x import engine_of\n"
        "def f(p):\n"
        "    if p.constraints or p.is_classic:\n"
        "        return p.own_regions\n"
    )
    assert [q.split(": ", 1)[1] for q in kind_questions(bad)] == [
        "engine_of (in <module>)",
        "constraints (in f)",
        "is_classic (in f)",
        "own_regions (in f)",
    ]
