"""The layout's rules, checked on the source: layers, no import cycle, small modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "sudoku_sat"
GROUND = {"errors", "files", "grid", "gridio", "encoding", "dimacs", "accel", "signals", "deadline"}
MAX_LINES = 400


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def top_level_imports(path: Path) -> set[str]:
    """Modules of sudoku_sat imported at module level (not inside functions, not only for
    type checking), resolved to absolute dotted names."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    tree = ast.parse(path.read_text())
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            elif node.module and node.module.startswith("sudoku_sat"):
                target = node.module
            else:
                continue
            found.add(target)
            found.update(f"{target}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("sudoku_sat"))
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {
        name: {t for t in top_level_imports(path) if t in known and t != name}
        for name, path in known.items()
    }


def test_no_import_cycle() -> None:
    edges = graph()
    # a package's __init__ importing its own submodules is not a cycle of responsibilities
    for name in edges:
        edges[name] = {t for t in edges[name] if not t.startswith(name + ".")}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt) :] + [nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)


def test_the_ground_floor_imports_only_the_ground_floor() -> None:
    for name, targets in graph().items():
        short = name.removeprefix("sudoku_sat.")
        if short in GROUND:
            above = {
                t for t in targets if t.removeprefix("sudoku_sat.").split(".")[0] not in GROUND
            }
            assert not above, f"{name} (ground floor) imports {sorted(above)}"


def test_only_the_cli_knows_typer() -> None:
    for name, path in modules().items():
        if name.startswith("sudoku_sat.cli"):
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
                assert not any(n.split(".")[0] in ("typer", "rich") for n in names), name


def test_the_library_never_imports_the_cli() -> None:
    for name, targets in graph().items():
        if not name.startswith("sudoku_sat.cli") and name != "sudoku_sat.__main__":
            assert not any(t.startswith("sudoku_sat.cli") for t in targets), name


@pytest.mark.parametrize("name", sorted(modules()))
def test_modules_stay_small(name: str) -> None:
    lines = len(modules()[name].read_text().splitlines())
    assert lines <= MAX_LINES, f"{name}: {lines} lines (at most {MAX_LINES}: split it)"


HEAVY = ("numba", "pysat", "typer", "numpy", "dask", "distributed", "click", "rich")
IMPORT_PROBE = """
import json, os, sys
before = dict(os.environ)
import sudoku_sat
after_package = sorted({m.split(".")[0] for m in sys.modules})
sudoku_sat.parse  # the API's module, loaded on first use
after_api = sorted({m.split(".")[0] for m in sys.modules})
print(json.dumps([after_package, after_api, dict(os.environ) == before]))
"""


def test_import_sudoku_sat_loads_no_heavy_module_and_changes_no_environment() -> None:
    import json
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-c", IMPORT_PROBE], capture_output=True, text=True, check=True
    ).stdout
    after_package, after_api, same_environment = json.loads(out)
    assert not set(HEAVY) & set(after_package), after_package
    assert not set(HEAVY) & set(after_api), after_api
    assert same_environment
