"""Every batch command on a Dask LocalCluster and on local processes: output identical to
--jobs 1; Ctrl-C leaves no output file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.gridio import format_line

from .conftest import EASY, TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION, dataset_path, sample
from .test_signals import children

distributed = pytest.importorskip("distributed")
runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]


pytestmark = pytest.mark.xdist_group("dask")


@pytest.fixture
def address(dask_address: str) -> str:
    """The run's Dask LocalCluster (tests/conftest.py)."""
    return dask_address


@pytest.fixture(scope="module")
def puzzles(tmp_path_factory: pytest.TempPathFactory) -> str:
    """150 puzzles of the 17-clue set, three classics, a contradictory grid, an emptied one.

    Each has one solution or none: for a puzzle with several, which one a PySAT solver
    returns depends on what it solved before (docs/cluster.md), so solve --method pysat may
    print another of them on another executor."""
    lines = [format_line(p.grid, p.n) for p in sample("puzzles2_17_clue", 150, seed=3)]
    lines += [EASY, TRES_DIFFICILE, "11" + "." * 79, "." + TRES_DIFFICILE_SOLUTION[1:]]
    lines += [format_line(p.grid, p.n) for p in sample("puzzles3_magictour_top1465", 1)]
    path = tmp_path_factory.mktemp("batch") / "puzzles.txt"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


@pytest.fixture(scope="module")
def fewer(puzzles: str, tmp_path_factory: pytest.TempPathFactory) -> str:
    """40 of those puzzles, the five classics and odd grids among them: for rate and
    ladder, which take 10 to 100 times longer a puzzle than count and solve."""
    lines = Path(puzzles).read_text().splitlines()
    path = tmp_path_factory.mktemp("fewer") / "puzzles.txt"
    path.write_text("\n".join(lines[:35] + lines[150:]) + "\n")
    return str(path)


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, [*args, "-q"])
    return result.exit_code, result.stdout


COMMANDS = [
    ("count", "--cap", "3"),
    ("count", "--cap", "3", "--method", "pysat"),
    ("unique",),
    ("solve", "--format", "line"),
    ("solve", "--format", "line", "--method", "eup"),
]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_cluster_and_local_processes_print_what_one_process_prints(
    command: tuple[str, ...], puzzles: str, address: str
) -> None:
    name, *options = command
    reference = run(name, puzzles, *options, "--jobs", "1")
    assert reference[1].count("\n") == 155
    assert run(name, puzzles, *options, "--scheduler", address) == reference
    if command == COMMANDS[0]:
        assert run(name, puzzles, *options, "--jobs", "2") == reference
        assert run(name, puzzles, *options) == reference  # no option: this process


def test_rate_on_the_cluster_and_local_processes_prints_what_one_process_prints(
    fewer: str, address: str
) -> None:
    reference = run("rate", fewer, "--jobs", "1")
    assert reference[0] == 1  # the contradictory grid is not rated
    assert reference[1].count("\n") == 41 and "unsat 1" in reference[1].splitlines()[-1]
    assert run("rate", fewer, "--scheduler", address) == reference
    assert run("rate", fewer, "--jobs", "2") == reference


def untimed(output: str) -> dict[str, object]:
    """ladder's JSON without its one measured value, the time per puzzle."""
    data = json.loads(output)
    for entry in data.get("rows", []) + data.get("depth", []):
        entry.pop("ms_per_puzzle")
    return data


@pytest.mark.parametrize("mode", [(), ("--depth", "--encodings", "extended,augmented")], ids=str)
def test_ladder_on_the_cluster_and_local_processes_gives_what_one_process_gives(
    mode: tuple[str, ...], fewer: str, address: str
) -> None:
    command = ("ladder", "--dataset", fewer, *mode, "--json")
    code, reference = run(*command, "--jobs", "1")
    assert code == 0 and untimed(reference)["puzzles"] == 40
    for where in (["--scheduler", address], ["--jobs", "2"]):
        code, out = run(*command, *where)
        assert code == 0 and untimed(out) == untimed(reference)


def test_generate_and_minimize_reproduce_their_seed_on_the_cluster(
    address: str, tmp_path: Path
) -> None:
    made = run("generate", "-k", "6", "--seed", "8", "--stats", "--json")
    clustered = run("generate", "-k", "6", "--seed", "8", "--json", "--scheduler", address)
    strip = ("seconds", "stats")
    assert made[0] == clustered[0] == 0
    mine, theirs = json.loads(made[1]), json.loads(clustered[1])
    assert [{k: v for k, v in r.items() if k not in strip} for r in mine] == [
        {k: v for k, v in r.items() if k not in strip} for r in theirs
    ]
    path = tmp_path / "made.txt"
    path.write_text("\n".join(str(r["solution"]) for r in mine) + "\n")
    minimized = run("minimize", str(path), "--seed", "4")
    assert minimized[0] == 0 and minimized[1].count("\n") == 6
    assert run("minimize", str(path), "--seed", "4", "--scheduler", address) == minimized


def test_compare_dataset_on_the_cluster_matches_one_process(address: str, tmp_path: Path) -> None:
    dataset = str(dataset_path("puzzles3_magictour_top1465"))
    outputs = []
    for where in (["--jobs", "1"], ["--scheduler", address]):
        out = tmp_path / f"summary{len(outputs)}.json"
        code, _ = run("compare", "--dataset", dataset, "--limit", "40", "-o", str(out), *where)
        assert code == 0
        outputs.append(json.loads(out.read_text()))
    timing = ("mean_seconds", "p95_seconds", "mean_decisions", "mean_conflicts")
    for summary in outputs:
        for engine in summary["engines"]:
            for key in timing:
                engine.pop(key)
    assert outputs[0] == outputs[1]


def test_ctrl_c_leaves_no_output_file_and_stops(tmp_path: Path) -> None:
    out = tmp_path / "summary.json"
    dataset = str(dataset_path("puzzles2_17_clue"))
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "sudoku_sat", "compare", "--dataset", dataset]
    proc = subprocess.Popen(
        [*command, "--json", "-o", str(out), "--jobs", "2", "-q"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while len(children(proc.pid)) < 2 and time.monotonic() < deadline:  # workers at work
            assert proc.poll() is None, "the run ended before Ctrl-C"
            time.sleep(0.05)
        time.sleep(0.5)
        assert proc.poll() is None, "the run ended before Ctrl-C"
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
    assert proc.returncode != 0
    assert list(tmp_path.iterdir()) == []  # neither the file nor a temp file beside it


@pytest.mark.parametrize(
    "command", ["solve", "count", "unique", "compare", "generate", "minimize", "rate", "ladder"]
)
def test_every_batch_command_takes_jobs_and_scheduler(command: str) -> None:
    # rich takes its width from COLUMNS: at 80 it cuts DASK_SCHEDULER_ADDRESS short
    text = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"}).stdout
    assert "--jobs" in text and "--scheduler" in text and "DASK_SCHEDULER_ADDRESS" in text


def test_jobs_and_scheduler_together_are_refused(puzzles: str) -> None:
    result = runner.invoke(
        app, ["count", puzzles, "--jobs", "2", "--scheduler", "tcp://127.0.0.1:9"]
    )
    assert result.exit_code == 2
    assert result.stderr.strip().endswith("--jobs and --scheduler are mutually exclusive")
