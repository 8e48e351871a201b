"""The layout's rules, checked on the source: every import of the package counted (type-only
and function-level ones too), no import cycle, no arrow back up a floor, small modules.

``ALLOWED_TODAY`` below is a temporary allow-list of today's offending arrows (issue 38):
it may only shrink, and the tests fail on a new offender as on a stale entry."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "sudoku_sat"
ALLOWED_TODAY: frozenset[tuple[str, str]] = frozenset()
"""Today's offending imports (importer, imported), each one arrow of a circle or one arrow
back up, that the checks below forgive until the variant model is rebuilt. The list only
shrinks: an entry whose arrow is gone, or no longer closes a circle nor climbs a floor,
fails :func:`test_the_allow_list_holds_only_todays_offenders`. Empty it, never add to it."""

FLOORS: tuple[tuple[str, ...], ...] = (
    ("sudoku_sat", "__main__", "cli", "api", "bytecode"),
    ("jobs",),
    ("difficulty", "setting"),
    ("lab", "puzzles", "variants"),
    ("encodings", "proofs", "bulk"),
    ("engines",),
    ("anneal", "batch", "sat"),
    ("model", "gridio"),
    (
        "arguments",
        "errors",
        "files",
        "grid",
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
        "methods",
    ),
)
"""The floors, top first (docs/layout.md): each first-level package or module of
``sudoku_sat`` stands on one, and imports only from its own floor or lower ones
(``sudoku_sat`` is the package's ``__init__``)."""

MAX_LINES = 400


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def modules() -> dict[str, Path]:
    """Every module of the package and its file: read once per test process (the source
    does not change during a run), not once per test (a few hundred use it)."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports(path: Path) -> set[str]:
    """Every module of sudoku_sat that the file names in an import (see :func:`named`)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    return names_in(parsed(path), package)


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of a module of the package, parsed once per test process."""
    return ast.parse(path.read_text())


def named(source: str, package: str) -> set[str]:
    """The modules of sudoku_sat a source in ``package`` names in an import (see
    :func:`names_in`)."""
    return names_in(ast.parse(source), package)


def names_in(tree: ast.Module, package: str) -> set[str]:
    """The modules of sudoku_sat a syntax tree in ``package`` names in an import, as absolute
    dotted names: at module level, inside functions (a lazy import is still a dependency)
    and under ``if TYPE_CHECKING:`` (a type the module needs is a dependency too). ``from A
    import B`` names A and A.B (B may be a submodule); callers keep the modules."""
    found: set[str] = set()
    for node in ast.walk(tree):
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


@functools.cache
def module_graph() -> dict[str, set[str]]:
    """Every import between modules of the package, each an arrow importer -> imported. A
    package's ``__init__`` importing its own submodule is an arrow too: when that submodule
    imports the ``__init__`` back, Python runs into a half-made module. Parsed once per
    test process; the tests only read it."""
    known = modules()
    return {
        name: {t for t in imports(path) if t in known and t != name} for name, path in known.items()
    }


def forgiven(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """The graph less the arrows of :data:`ALLOWED_TODAY`."""
    return {a: {b for b in targets if (a, b) not in ALLOWED_TODAY} for a, targets in edges.items()}


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


def reaches(edges: dict[str, set[str]], start: str, goal: str) -> bool:
    """Whether a path of arrows leads from start to goal."""
    seen, todo = {start}, [start]
    while todo:
        node = todo.pop()
        if node == goal:
            return True
        fresh = edges.get(node, set()) - seen
        seen |= fresh
        todo.extend(fresh)
    return False


def first_level(name: str) -> str:
    """sudoku_sat.engines.eup.reference -> engines; sudoku_sat.grid -> grid."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def package_graph(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """The module graph folded onto first-level packages and modules."""
    folded: dict[str, set[str]] = {}
    for name, targets in edges.items():
        mine = first_level(name)
        folded.setdefault(mine, set()).update(first_level(t) for t in targets)
        folded[mine].discard(mine)
    return folded


def floor(name: str) -> int:
    """The floor of a module, counted from the top (0); KeyError for one on no floor."""
    level = first_level(name)
    return next(i for i, names in enumerate(FLOORS) if level in names)


def climbs(importer: str, imported: str) -> bool:
    """Whether the arrow runs back up: to a floor above the importer's."""
    return floor(imported) < floor(importer)


def offends(edges: dict[str, set[str]], importer: str, imported: str) -> bool:
    """Whether the arrow climbs a floor, closes a circle of modules or one of packages."""
    mine, theirs = first_level(importer), first_level(imported)
    return (
        climbs(importer, imported)
        or reaches(edges, imported, importer)
        or (mine != theirs and reaches(package_graph(edges), theirs, mine))
    )


def test_no_import_cycle_between_modules() -> None:
    cycle = find_cycle(forgiven(module_graph()))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_import_cycle_between_first_level_packages() -> None:
    cycle = find_cycle(package_graph(forgiven(module_graph())))
    assert cycle is None, "package cycle: " + " -> ".join(cycle or [])


def test_every_package_stands_on_one_floor() -> None:
    placed = [name for names in FLOORS for name in names]
    assert len(placed) == len(set(placed)), "a package on two floors"
    unplaced = {first_level(name) for name in modules()} - set(placed)
    assert not unplaced, f"on no floor (add them to FLOORS and docs/layout.md): {unplaced}"


def test_no_arrow_runs_back_up_a_floor() -> None:
    up = [
        f"{a} -> {b}"
        for a, targets in sorted(forgiven(module_graph()).items())
        for b in sorted(targets)
        if climbs(a, b)
    ]
    assert not up, "arrows back up a floor: " + ", ".join(up)


def test_the_allow_list_holds_only_todays_offenders() -> None:
    """Each forgiven arrow still exists and still offends: one mended leaves the list."""
    edges = module_graph()
    for importer, imported in sorted(ALLOWED_TODAY):
        assert imported in edges.get(importer, set()), (
            f"stale ALLOWED_TODAY entry: {importer} no longer imports {imported}: remove it"
        )
        assert offends(edges, importer, imported), (
            f"stale ALLOWED_TODAY entry: {importer} -> {imported} closes no circle and "
            "climbs no floor any more: remove it"
        )


TYPE_ONLY_AND_LAZY = """
from typing import TYPE_CHECKING
import json
from . import grid
from ..errors import UsageError

if TYPE_CHECKING:
    from .model import Variant


def draw() -> None:
    from sudoku_sat.gridsvg import document
    import sudoku_sat.accel
"""


def test_every_import_counts_type_only_and_function_level_ones() -> None:
    found = named(TYPE_ONLY_AND_LAZY, "sudoku_sat.variants")
    assert {
        "sudoku_sat.variants.grid",
        "sudoku_sat.errors",
        "sudoku_sat.variants.model",
        "sudoku_sat.gridsvg",
        "sudoku_sat.accel",
    } <= found
    assert not any(name.startswith(("json", "typing")) for name in found)


def test_the_cycle_finder_finds_cycles() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None
    assert reaches({"a": {"b"}, "b": {"c"}}, "a", "c")
    assert not reaches({"a": {"b"}, "b": {"c"}}, "c", "a")
    assert first_level("sudoku_sat.engines.eup.reference") == "engines"
    assert climbs("sudoku_sat.grid", "sudoku_sat.cli.solve")
    assert not climbs("sudoku_sat.cli.solve", "sudoku_sat.grid")
    assert not climbs("sudoku_sat.puzzles.large", "sudoku_sat.variants.model")


def test_an_arrow_offends_when_it_climbs_or_closes_a_circle() -> None:
    grid, errors, files = "sudoku_sat.grid", "sudoku_sat.errors", "sudoku_sat.files"
    assert not offends({grid: {errors}, errors: set()}, grid, errors)
    assert offends({grid: {errors}, errors: {files}, files: {grid}}, grid, errors)
    assert offends({grid: {"sudoku_sat.cli.solve"}}, grid, "sudoku_sat.cli.solve")
    eup, prop = "sudoku_sat.engines.eup.bits", "sudoku_sat.engines.propagation.index"
    package_circle = {eup: {prop}, "sudoku_sat.engines": {grid}, grid: {"sudoku_sat.engines"}}
    assert offends(package_circle, grid, "sudoku_sat.engines")


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
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
                assert not any(n.split(".")[0] in ("typer", "rich") for n in names), name


def test_the_library_never_imports_the_cli() -> None:
    """Only ``python -m sudoku_sat`` and the byte-compiler (which compiles what the command
    line loads) stand beside the CLI; the rest of the library never reaches it."""
    beside = ("sudoku_sat.__main__", "sudoku_sat.bytecode")
    for name, targets in module_graph().items():
        if not name.startswith("sudoku_sat.cli") and name not in beside:
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
