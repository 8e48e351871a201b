"""The Dask executor on an in-process LocalCluster: order, progress, errors, no scheduler."""

from __future__ import annotations

import pytest

from sudoku_sat.batch import DaskExecutor, batch_map, chunk_size, open_executor, ramped
from sudoku_sat.batch import cluster as dask_cluster
from sudoku_sat.errors import SolverError

from .conftest import EASY

distributed = pytest.importorskip("distributed")


def squares(chunk: list[int]) -> list[int]:
    return [x * x for x in chunk]


def reciprocals(chunk: list[int]) -> list[float]:
    return [1 / x for x in chunk]


pytestmark = pytest.mark.xdist_group("dask")


@pytest.fixture
def address(dask_address: str) -> str:
    """The run's Dask LocalCluster (tests/conftest.py)."""
    return dask_address


def test_results_come_in_input_order_with_every_chunk_reported(address: str) -> None:
    items = list(range(3000))
    seen: list[int] = []
    with DaskExecutor(address) as executor:
        assert executor.workers == 2
        out = list(batch_map(executor, squares, items, seen.append))
    assert out == [x * x for x in items]
    assert sum(seen) == len(items) and len(seen) == len(ramped(items, chunk_size(len(items))))


def test_a_task_error_reaches_the_caller(address: str) -> None:
    with DaskExecutor(address) as executor, pytest.raises(ZeroDivisionError):
        list(batch_map(executor, reciprocals, [3, 2, 1, 0] * 50))


def test_the_environment_variable_names_the_scheduler(
    address: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dask

    with dask.config.set({"scheduler-address": address}):
        executor = open_executor()
    with executor:
        assert isinstance(executor, DaskExecutor) and executor.address == address
    with dask.config.set({"scheduler-address": address}):
        assert not isinstance(open_executor(jobs=1), DaskExecutor)  # --jobs wins


def test_an_unreachable_scheduler_is_a_solver_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dask_cluster, "CONNECT_TIMEOUT", 1.0)
    with pytest.raises(SolverError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        open_executor(scheduler="tcp://127.0.0.1:9")


def missing_module(chunk: list[int]) -> list[int]:
    raise ModuleNotFoundError("No module named 'sudoku_sat.somewhere'")


def test_a_worker_that_cannot_load_the_task_is_one_solver_error(address: str) -> None:
    with DaskExecutor(address) as executor, pytest.raises(SolverError, match="every worker"):
        list(batch_map(executor, missing_module, [1, 2, 3]))


def _fails(chunk: list[int]) -> list[int]:
    raise SolverError(f"chunk of {len(chunk)} refused")


def test_pickled_results_come_back_equal_and_errors_pass_through() -> None:
    import pickle

    from sudoku_sat.puzzles.tasks import CountTask

    task = CountTask(2, ("eup",))
    chunk = [(2, "1234341221434321"), (2, "0" * 16)]
    sent = dask_cluster.Pickled(task)(chunk)
    assert isinstance(sent, bytes)
    assert pickle.loads(sent) == task(chunk) == [{"eup": 1}, {"eup": 2}]
    assert pickle.loads(pickle.dumps(dask_cluster.Pickled(task))).func == task
    with pytest.raises(SolverError, match="chunk of 1 refused"):
        dask_cluster.Pickled(_fails)([1])


def test_the_bulk_count_runs_one_compiled_call_per_chunk_on_dask(
    address: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("numba")
    from sudoku_sat import bulk
    from sudoku_sat.batch.executor import Serial

    rows = [EASY, "11" + "." * 79, "." * 81] * 7
    lines = bulk.Lines.of(rows, list(range(1, len(rows) + 1)), "<test>")
    monkeypatch.setattr(bulk, "CHUNK", 4)
    with DaskExecutor(address) as executor:
        chunks = list(bulk.bulk_counts(executor, lines, 2, here=False))
    assert [len(c) for c in chunks] == [4, 4, 4, 4, 4, 1]
    assert sum(chunks, []) == [1, 0, 2] * 7
    assert sum(bulk.bulk_counts(Serial(), lines, 2), []) == [1, 0, 2] * 7


@pytest.mark.parametrize("scheduler", ["tcp://ho\x1b[31mst\x07:8786", "tcp://local\nhost:87x86"])
def test_an_address_s_control_characters_are_escaped_in_the_error(scheduler: str) -> None:
    """They reached the terminal raw: an escape sequence recoloured it, a newline split
    the one-line error."""
    with pytest.raises(SolverError) as caught:
        open_executor(scheduler=scheduler, connect_timeout=1.0)
    message = str(caught.value)
    assert message.isprintable(), message
    assert f"cannot reach the Dask scheduler at {scheduler!r}: " in message
