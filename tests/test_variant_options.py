"""Every command with every option its --help shows, on one small variant file: each
option is honoured (the command runs) or refused in one line (exit 2); a new option that
no table below places fails the test, so none can be silently ignored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import COMMANDS, app, load

KILLER = {
    "size": 4,
    "grid": [
        [{"value": 1}, {"value": 2}, {}, {}],
        [{}, {}, {}, {}],
        [{}, {}, {"value": 4}, {}],
        [{}, {}, {}, {}],
    ],
    "killercage": [
        {"cells": ["R4C2", "R4C3"], "value": "5"},
        {"cells": ["R3C2", "R3C3", "R3C4"]},
        {"cells": ["R1C2", "R1C3", "R1C4", "R2C4"]},
        {"cells": ["R1C1", "R2C1", "R3C1"], "value": "7"},
        {"cells": ["R4C1"]},
        {"cells": ["R2C2", "R2C3"], "value": "5"},
        {"cells": ["R4C4"]},
    ],
}
SOLUTION = "1234432121433412"
"""The killer's one solution; both its diagonals differ too, so --rule x keeps it unique."""
SAMPLE = {
    "--method": "pysat:m22",
    "--timeout": "5",
    "--format": "line",
    "--encoding": "minimal",
    "--amo": "sequential",
    "--alphabet": "A-D",
    "--order": "2",
    "--jobs": "1",
    "--scheduler": "tcp://127.0.0.1:1",
    "--connect-timeout": "0.3",
    "--rule": "x",
    "--cap": "3",
    "--index": "1",
    "--max-level": "2",
    "--count": "1",
    "--fill": "permute",
    "--empty": "anneal",
    "--seed": "1",
    "--t0": "1",
    "--t-final": "0.1",
    "--step": "0.1",
    "--difficulty": "singles",
    "--size": "4",
    "--limit": "1",
    "--tries": "1",
    "--methods": "pysat:m22",
    "--encodings": "extended",
    "--depth": "",
}
"""A value for each option (flags take none); the tables below override per command."""
PER_COMMAND = {
    ("count", "--method"): "all",
    ("unique", "--method"): "all",
    ("generate", "--method"): "pysat",
    ("generate", "--format"): "grid",
    ("generate", "--alphabet"): "A-D",
    ("minimize", "--method"): "pysat",
    ("minimize", "--format"): "grid",
    ("certify", "--method"): "fl",
    ("check-proof", "--method"): "rup",
    ("anneal", "--method"): "swap",
    ("propagate", "--method"): "fl",
    ("propagate", "--encoding"): "extended",
    ("ladder", "--methods"): "up,fl",
    ("ladder", "--max-level"): "1",
    ("why", "--method"): "cpsat",
    ("redundant", "--method"): "cpsat",
}
REFUSED = {
    "solve": {"--encoding", "--amo", "--order"},
    "count": {"--alphabet", "--order"},
    "unique": {"--alphabet", "--order"},
    "candidates": {"--alphabet", "--order"},
    "show": {"--order"},
    "encode": {"--encoding", "--amo", "--no-f2", "--alphabet", "--order"},
    "decode": {"--order", "--cnf"},
    "explain": {"--alphabet", "--order"},
    "rate": {"--alphabet", "--order"},
    "certify": {"--method", "--alphabet", "--order"},
    "generate": {
        "--fill",
        "--empty",
        "--symmetric",
        "--t0",
        "--t-final",
        "--step",
        "--alphabet",
        "--shape",  # beside --size: the shape says the grid
    },
    "minimize": {
        "--empty",
        "--symmetric",
        "--t0",
        "--t-final",
        "--step",
        "--order",
        "--alphabet",
    },
    "propagate": {"--encoding"},
    "why": {"--alphabet", "--order"},
    "redundant": {"--alphabet", "--order"},
}
"""The options each command refuses on the variant file; every other one is honoured.
(Since issue 38, explain --svg draws the puzzle's own grid, and --rule adds its global
rules to f-puzzles input too, as the API always did: the CLI and the API agree.)"""
WHOLE = {"anneal", "compare", "ladder", "encodings"}
"""Commands that take classic grids only: every run on the variant file is one line."""
UNREACHABLE = 3
"""--scheduler at an address nobody listens on: honoured, it tries (exit 3, one line)."""
runner = CliRunner()


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("variant-options")
    puzzle = tmp / "killer.json"
    puzzle.write_text(json.dumps(KILLER) + "\n")
    answer = tmp / "answer.txt"
    lits = [c * 4 + int(d) for c, d in enumerate(SOLUTION)]
    answer.write_text("SAT\n" + " ".join(map(str, lits)) + " 0\n")
    cnf = tmp / "killer.cnf"
    assert runner.invoke(app, ["encode", str(puzzle), "-o", str(cnf)]).exit_code == 0
    certs = tmp / "certs"
    assert runner.invoke(app, ["unique", str(puzzle), "--certify", str(certs)]).exit_code == 0
    return {"puzzle": puzzle, "answer": answer, "cnf": cnf, "certs": certs, "tmp": tmp}


def base(command: str, f: dict[str, Path]) -> list[str]:
    """The command's arguments on the variant file, before the option under test."""
    p = str(f["puzzle"])
    return {
        "certify": [p, str(f["tmp"] / "cert-out")],
        "decode": [str(f["answer"]), "--puzzle", p],
        "generate": ["--rule", "killer", "--size", "4", "--seed", "2"],
        "ladder": ["--dataset", p],
        "encodings": ["--dataset", p],
        "propagate": [str(f["cnf"])],
        "check-proof": [
            str(f["certs"] / "puzzle-00001.cnf"),
            str(f["certs"] / "puzzle-00001.drup"),
        ],
    }.get(command, [p])


def option_args(command: str, flag: str, is_flag: bool, f: dict[str, Path]) -> list[str]:
    """The option with a value that makes sense for the command."""
    paths = {"--certify", "--out-dir", "--svg", "--output", "--plot", "--trace"}
    if is_flag or flag == "--depth":
        return [flag]
    if flag in paths:
        suffix = {"--svg": ".svg", "--plot": ".png", "--trace": ".csv"}.get(flag, "")
        return [flag, str(f["tmp"] / f"{command}{flag}{suffix}")]
    if flag == "--cnf":
        return [flag, str(f["cnf"])]
    if flag == "--puzzle":
        return [flag, str(f["puzzle"])]
    if flag == "--json" and command in ("ladder",):
        return [flag, "-"]
    return [flag, PER_COMMAND.get((command, flag), SAMPLE.get(flag, "1"))]


def cases() -> list[tuple[str, str, bool]]:
    out = []
    for name in COMMANDS:
        if name == "census":
            continue  # reads no puzzle: its 4x4 census has no variant input
        command = load(name)
        for param in command.params:
            flags = [o for o in param.opts if o.startswith("--")]
            if not flags or flags[0] == "--help" or param.param_type_name == "argument":
                continue
            out.append((name, max(flags, key=len), bool(getattr(param, "is_flag", False))))
    return out


@pytest.mark.parametrize(("command", "flag", "is_flag"), cases())
def test_every_option_is_honoured_or_refused_in_one_line(
    command: str, flag: str, is_flag: bool, files: dict[str, Path]
) -> None:
    first = base(command, files)
    if (command, flag) == ("propagate", "--encoding"):
        first = [str(files["puzzle"])]  # puzzles instead of a CNF: the variant file itself
    args = [command, *first, *option_args(command, flag, is_flag, files)]
    result = runner.invoke(app, args)
    errors = [line for line in result.stderr.splitlines() if line.startswith("sudoku-sat:")]
    if command in WHOLE or flag in REFUSED.get(command, set()):
        assert result.exit_code == 2, (args, result.stdout, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert errors and (command in WHOLE or flag in errors[0]), result.stderr
    elif flag == "--scheduler":
        assert result.exit_code == UNREACHABLE, (args, result.stderr)
        assert len(errors) == 1 and "scheduler" in errors[0], result.stderr
    else:
        assert result.exit_code == 0, (args, result.stdout, result.stderr)
        assert not errors, result.stderr
