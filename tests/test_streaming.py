"""Batches of puzzles with constraints stream (issue 41, item 13): each answer is written
as soon as it and every one before it are found, and a signal keeps every finished line.

The file holds three real killers (answered in milliseconds), the hard pencil-mark
puzzle of ``benchmarks/data/hard_variants/`` (17-24 s CPU), then enough killers for the
batch's chunks to hold more than one puzzle (193 puzzles cut for 64 chunks: 4 a chunk):
before the fix the first four lines came out together once the hard puzzle was done
(with four puzzles alone every chunk held one, fix or not). The waits are generous
margins, never a timed assertion.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_sat.batch.executor import MIN_CHUNKS, Serial, map_ramped, streamed
from sudoku_sat.jobs import solving
from sudoku_sat.jobs.counting import plan
from sudoku_sat.jobs.making import plan_generate, plan_minimize
from sudoku_sat.puzzles.maker import MakeOptions
from sudoku_sat.variants.puzzle import parse_any

from .test_signals import REPO

HARD = REPO / "benchmarks" / "data" / "hard_variants" / "pencilmarks.jsonl"
KILLERS = REPO / "tests" / "data" / "constraints" / "killercage.jsonl"
MARGIN = 30.0


def puzzles(path: Path) -> list[dict[str, object]]:
    """The f-puzzles objects of a data file (one JSON record a line, # comments)."""
    lines = [line for line in path.read_text().splitlines() if line.startswith("{")]
    return [json.loads(line)["puzzle"] for line in lines]


def batch(tmp_path: Path) -> Path:
    """Three real killers, the hard pencil-mark puzzle, then killers again up to
    3 * MIN_CHUNKS + 1 puzzles (so the unstreamed chunks would hold more than one), one
    JSON a line."""
    path = tmp_path / "batch.jsonl"
    killers = puzzles(KILLERS)
    chosen = [*killers[:3], puzzles(HARD)[0]]
    while len(chosen) <= 3 * MIN_CHUNKS:
        chosen += killers[: 3 * MIN_CHUNKS + 1 - len(chosen)]
    path.write_text("".join(json.dumps(p) + "\n" for p in chosen))
    return path


def test_a_task_on_constraints_runs_one_puzzle_a_chunk(tmp_path: Path) -> None:
    items = parse_any(batch(tmp_path).read_text(), "batch")
    job, work = plan(items[:3], 2)
    assert streamed(job)
    many = work * 700
    sizes = {len(chunk) for chunk in map_ramped(Serial(), StreamedCount(), many)}
    assert sizes == {1}
    plain = [len(chunk) for chunk in map_ramped(Serial(), lambda c: [0] * len(c), many)]
    assert plain[:3] == [8, 16, 32]  # a task not marked streamed: chunks ramp up
    classic, _ = plan(parse_any("1" + "." * 80, "classic"), 2)
    assert not streamed(classic)


def test_every_batch_on_constraints_is_streamed_and_no_classic_one(tmp_path: Path) -> None:
    """unique and count are tested above; solve, minimize and generate --rule were also
    written at the end (item 13)."""
    killers = parse_any(batch(tmp_path).read_text(), "batch")[:3]
    classic = parse_any("1" + "." * 80, "classic")
    options = MakeOptions(seed=1)
    for plan_of in (
        lambda ps: solving.plan(ps)[0],
        lambda ps: plan_minimize(ps, options)[0],
    ):
        assert streamed(plan_of(killers)) and not streamed(plan_of(classic))
    assert streamed(plan_generate(["killer"], 9, options))
    assert not streamed(plan_generate([], 9, options))


class StreamedCount:
    """A task marked streamed that answers each item with its chunk's length."""

    streamed = True

    def __call__(self, chunk: list[object]) -> list[int]:
        return [len(chunk)] * len(chunk)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_unique_writes_each_answer_as_it_comes_and_keeps_them_on_a_signal(
    tmp_path: Path, signum: int
) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudoku_sat", "unique", str(batch(tmp_path))],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        start_new_session=True,
    )
    assert proc.stdout is not None
    first = [proc.stdout.readline() for _ in range(3)]  # before the hard puzzle is done
    assert proc.poll() is None, "the batch ended before its hard puzzle"
    assert all(line.startswith("unique") for line in first), first
    os.kill(proc.pid, signum)
    try:
        rest, err = proc.communicate(timeout=MARGIN)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"still running {MARGIN} s after the signal")
    assert proc.returncode == 128 + signum
    assert rest == "" and "(3 lines written)" in err, (rest, err)
