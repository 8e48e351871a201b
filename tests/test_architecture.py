"""The layout's rules, checked on the source: layers, no import cycle, small modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "sudoku_sat"
GROUND = {
    "arguments",
    "errors",
    "files",
    "grid",
    "gridio",
    "gridtext",
    "alphabet",
    "gridsvg",
    "encoding",
    "dimacs",
    "accel",
    "kernel_cache",
    "signals",
    "deadline",
    "result",
    "version",
}
MAX_LINES = 400


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def top_level_imports(path: Path, everywhere: bool = False) -> set[str]:
    """Modules of sudoku_sat imported at module level (or, everywhere=True, also inside
    functions), not only for type checking, resolved to absolute dotted names."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    tree = ast.parse(path.read_text())
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }
    for node in ast.walk(tree) if everywhere else tree.body:
        if id(node) in typing_only:
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


def graph(everywhere: bool = False) -> dict[str, set[str]]:
    known = modules()
    return {
        name: {t for t in top_level_imports(path, everywhere) if t in known and t != name}
        for name, path in known.items()
    }


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the directed graph (its nodes, the first repeated at the end), or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (cycle := visit(node)) is not None:
            return cycle
    return None


def module_graph() -> dict[str, set[str]]:
    """Every import between modules, inside functions too (a lazy import is still a
    dependency); a package's __init__ handing on its own submodules is not an edge."""
    return {
        name: {t for t in targets if not t.startswith(name + ".")}
        for name, targets in graph(everywhere=True).items()
    }


def first_level(name: str) -> str:
    """sudoku_sat.engines.eup.reference -> engines; sudoku_sat.grid -> grid."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def package_graph() -> dict[str, set[str]]:
    """The module graph folded onto first-level packages and modules."""
    folded: dict[str, set[str]] = {}
    for name, targets in module_graph().items():
        mine = first_level(name)
        folded.setdefault(mine, set()).update(first_level(t) for t in targets)
        folded[mine].discard(mine)
    return folded


def test_no_import_cycle_between_modules() -> None:
    cycle = find_cycle(module_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_import_cycle_between_first_level_packages() -> None:
    cycle = find_cycle(package_graph())
    assert cycle is None, "package cycle: " + " -> ".join(cycle or [])


def test_the_cycle_finder_finds_cycles() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None
    assert first_level("sudoku_sat.engines.eup.reference") == "engines"


def test_the_ground_floor_imports_only_the_ground_floor() -> None:
    for name, targets in graph().items():
        short = name.removeprefix("sudoku_sat.")
        if short in GROUND:
            above = {
                t for t in targets if t.removeprefix("sudoku_sat.").split(".")[0] not in GROUND
            }
            assert not above, f"{name} (ground floor) imports {sorted(above)}"


def test_only_the_cli_imports_the_package_itself() -> None:
    """The package's __init__ stands above the library (it hands on the API): a library
    module that imported it, for ``__version__`` say, would be an arrow running back up."""
    for name, targets in module_graph().items():
        if name == "sudoku_sat" or name.startswith(("sudoku_sat.cli", "sudoku_sat.__main__")):
            continue
        assert "sudoku_sat" not in targets, f"{name} imports the package sudoku_sat itself"


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
