"""Shared fixtures: seed grids, dataset samples, temporary files."""

from __future__ import annotations

import functools
import importlib.util
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from hypothesis import settings

from sudoku_sat.gridio import Puzzle, parse_puzzles

ROOT = Path(__file__).resolve().parents[1]
DATASETS = Path(os.environ.get("SUDOKU_SAT_DATASETS") or ROOT.parent / "shared" / "datasets")
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
os.environ.setdefault("SUDOKU_SAT_COMPILE", "foreground")
"""The tests compile kernels where they are needed, never in the background (sudoku_sat.accel):
each test sees the back-end it asks for, and no process outlives the run."""

# The seed report's grids (../shared/seeds/004 and the annealing issue).
EASY = "002370900007568402080090000100040800204000706006020001000050010501932600003086200"
TRES_DIFFICILE = "700000400020070080003008009000500300060020090001007006000300900030040060009001005"
# Its unique solution (checked by tests/test_solvers.py against every solver).
TRES_DIFFICILE_SOLUTION = (
    "798635421126974583453218679972586314564123897381497256617352948835749162249861735"
)


def dataset_path(name: str) -> Path:
    """The path of a shared dataset; skip (or fail under CI) when the folder is absent."""
    path = DATASETS / name
    if not path.exists():
        if IN_CI:
            pytest.fail(f"dataset {path} missing under CI")
        pytest.skip(f"../shared/datasets not found beside the repo ({path})")
    return path


def need_binary(binary: str) -> None:
    """Skip without the solver binary, but fail under CI, which installs it."""
    if shutil.which(binary) is None:
        if IN_CI:
            pytest.fail(f"{binary} is not installed under CI (.ci/run installs it)")
        pytest.skip(
            f"{binary} not installed (apt-get install minisat cadical picosat cryptominisat)"
        )


def load_benchmark(name: str) -> object:
    """Import benchmarks/NAME.py as a module, so a test can run its main() quickly."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"benchmarks_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def sample(name: str, k: int, seed: int = 0) -> list[Puzzle]:
    """k puzzles drawn at random (fixed seed) from a shared dataset."""
    puzzles = dataset_puzzles(dataset_path(name))
    return random.Random(seed).sample(puzzles, min(k, len(puzzles)))


@functools.cache
def dataset_puzzles(path: Path) -> tuple[Puzzle, ...]:
    """Every puzzle of a dataset file, read once per test process: the 17-clue set takes
    0.6 s of CPU to read and dozens of tests sample it (a Puzzle is frozen, so sharing
    them is safe)."""
    return tuple(parse_puzzles(path.read_text(), str(path)))


@pytest.fixture
def easy() -> Puzzle:
    return parse_puzzles(EASY)[0]


@pytest.fixture
def hard() -> Puzzle:
    return parse_puzzles(TRES_DIFFICILE)[0]


@pytest.fixture
def hard_solution() -> tuple[int, ...]:
    return tuple(int(ch) for ch in TRES_DIFFICILE_SOLUTION)


# Hypothesis: twice as many examples under CI as by hand; a thousand everywhere cost 25 s
# more of the suite's time (the round trips of tests/test_gridio.py, test_dimacs.py and
# test_certify_proof.py take 6-8 ms an example). tests/test_fuzz.py sizes the fuzz of the
# readers (600 under CI: 1 ms an example) and of whole commands (70 ms an example) apart.
settings.register_profile("ci", max_examples=300, deadline=None)
settings.register_profile("dev", max_examples=150, deadline=None)
settings.load_profile("ci" if IN_CI else os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_configure(config: pytest.Config) -> None:
    """Under ``pytest -n N`` (``make test``), before the workers start: compile or load
    the numba kernels once, two groups side by side (tests/warm_kernels.py), so that the
    workers load them from the cache instead of each compiling them again."""
    workers = getattr(config.option, "numprocesses", None)
    if not workers or hasattr(config, "workerinput") or importlib.util.find_spec("numba") is None:
        return
    warm = ROOT / "tests" / "warm_kernels.py"
    runs = [
        subprocess.Popen([sys.executable, str(warm), group], stdout=subprocess.DEVNULL)
        for group in ("search", "propagation")
    ]
    for run in runs:
        run.wait()


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a ``--dist loadgroup`` worker: the ``@group`` suffix on the node id of every
    test marked ``xdist_group``, which the scheduler reads to send a group to one worker.

    pytest-xdist writes it to ``item._nodeid``; pytest 9 reads the id from ``item._id``
    (a NodeId), so the suffix was lost and the Dask modules ran on both workers, each
    starting its own LocalCluster. Nothing is done where xdist's suffix took."""
    DASK["left"] = sum("dask_address" in getattr(item, "fixturenames", ()) for item in items)
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        groups = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                         for m in item.iter_markers("xdist_group")})  # fmt: skip
        if groups and "@" not in item.nodeid and hasattr(item, "_id"):
            from _pytest.nodeid import coerce_node_id

            item._id = coerce_node_id(f"{item.nodeid}@{'_'.join(groups)}")


@pytest.fixture(scope="session", autouse=True)
def one_click_group() -> Iterator[None]:
    """typer's CliRunner builds an app's click group again at each invoke, reading the
    signature of every command loaded so far (47 ms a run once they all are, most of a
    short command's time); the group is the same each time, so each app's is built once a
    process (the lazy group still loads a command's module on its first run)."""
    import typer.testing

    real = getattr(typer.testing, "_get_command")  # noqa: B009 (private: typed nowhere)
    built: dict[int, tuple[object, object]] = {}

    def once(app: typer.Typer) -> object:
        if id(app) not in built:
            built[id(app)] = (app, real(app))  # the app kept, so its id is not reused
        return built[id(app)][1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(typer.testing, "_get_command", once)
        yield


@pytest.fixture(autouse=True)
def shared_sessions(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test's variant sessions put every puzzle on the shared solver, its
    skeleton's path (``Session.SHARE_AFTER`` 0), which a session otherwise takes from a
    skeleton's fifth easy puzzle on: the tests check that path on every rule, and the
    solver of a puzzle's own by ``count`` and ``encode_variant``. A test marked
    ``production_sessions`` keeps the session's own policy (tests/test_variants_solve.py)."""
    if request.node.get_closest_marker("production_sessions"):
        yield
        return
    from sudoku_sat.variants.solve import Session

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Session, "SHARE_AFTER", 0)
        yield


DASK: dict[str, Any] = {"left": 0, "cluster": None}
"""The tests collected here that use the cluster, and the cluster while it runs."""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    """The cluster closed after the last test that uses it, not at the end of the
    session: its scheduler (a thread of this process) and its two workers otherwise
    keep ticking through the rest of the run. Each worker counts the tests it collected;
    under ``--dist loadgroup`` one worker runs them all, elsewhere the count never
    reaches 0 and the cluster closes with the session, as before."""
    yield
    if "dask_address" in getattr(item, "fixturenames", ()):
        DASK["left"] -= 1
        if DASK["left"] == 0 and DASK["cluster"] is not None:
            DASK["cluster"].close()
            DASK["cluster"] = None


@pytest.fixture(scope="session")
def dask_address() -> Iterator[str]:
    """The run's one Dask LocalCluster: two single-threaded worker processes on 127.0.0.1.

    Modules that use it carry ``pytestmark = pytest.mark.xdist_group("dask")``, so under
    ``pytest -n N --dist loadgroup`` they all run in one worker, which starts it once."""
    distributed = pytest.importorskip("distributed")
    os.environ["PYTHONPATH"] = os.pathsep.join(  # the workers unpickle tests' functions
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])
    )
    local = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    )
    DASK["cluster"] = local
    try:
        yield str(local.scheduler_address)
    finally:
        if DASK["cluster"] is not None:
            DASK["cluster"].close()
            DASK["cluster"] = None


def run_command(
    *args: str, stdin: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """The command line run as a user types it (``python -m sudoku_sat ARGS``), stdin
    given, its output captured as text."""
    return subprocess.run(
        [sys.executable, "-m", "sudoku_sat", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
