"""Shared fixtures: seed grids, dataset samples, temporary files."""

from __future__ import annotations

import importlib.util
import os
import random
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import settings

from sudoku_sat.gridio import Puzzle, parse_puzzles

DATASETS = Path(__file__).resolve().parents[2] / "shared" / "datasets"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

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
    path = dataset_path(name)
    puzzles = parse_puzzles(path.read_text(), str(path))
    return random.Random(seed).sample(puzzles, min(k, len(puzzles)))


@pytest.fixture
def easy() -> Puzzle:
    return parse_puzzles(EASY)[0]


@pytest.fixture
def hard() -> Puzzle:
    return parse_puzzles(TRES_DIFFICILE)[0]


@pytest.fixture
def hard_solution() -> tuple[int, ...]:
    return tuple(int(ch) for ch in TRES_DIFFICILE_SOLUTION)


# Hypothesis: thousands of examples under CI (the fuzz tests of the readers), fewer by hand.
settings.register_profile("ci", max_examples=2000, deadline=None)
settings.register_profile("dev", max_examples=150, deadline=None)
settings.load_profile("ci" if IN_CI else os.environ.get("HYPOTHESIS_PROFILE", "dev"))
