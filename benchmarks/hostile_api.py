"""Every function of the Python API with every wrong type (the hostile corpus's API part).

Run: nice .venv/bin/python benchmarks/hostile_api.py [--quick]

A generated table of calls: each public function of ``sudoku_sat.api`` (``parse``,
``read``, ``count``, ... and, for the functions that fork, once more on a variant puzzle,
a published killer) with each of its parameters given, in turn, each hostile value of
:data:`BAD` (None, NaN, infinity, -1, 0, 1.5, True, a string, 10^30, an object), the
other arguments valid. A call must either be refused by the project's documented error
(``sudoku_sat.errors.SudokuSatError``: UsageError, GridError, ...) with a one-line
message, or, where :data:`ACCEPTED` says the value is valid (a seed of -1, a timeout of
1.5 s, ``inf`` for no limit, None for the default), return. Anything else is a finding:
another exception (a TypeError, numba's TypingError, an OverflowError...), a message of
several lines, a value accepted that should have been refused, or a call still running
after :data:`LIMIT` seconds. Each call runs in a fresh folder (``certify`` writes there).
Prints the table, then every finding; ``--quick`` gives each parameter one value.
"""

from __future__ import annotations

import argparse
import inspect
import math
import os
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BAD: dict[str, object] = {
    "None": None,
    "nan": math.nan,
    "inf": math.inf,
    "-1": -1,
    "0": 0,
    "1.5": 1.5,
    "True": True,
    "'2'": "2",
    "10**30": 10**30,
    "object()": object(),
}
SEEDS = {"None", "-1", "0", "10**30"}
ACCEPTED: dict[str, set[str]] = {
    "parse.alphabet": {"None"},
    "parse.order": {"None"},
    "parse.rule": {"None"},
    "parse.rules": {"None"},
    "read.alphabet": {"None"},
    "read.order": {"None"},
    "read.rule": {"None"},
    "read.rules": {"None"},
    "count.cap": {"10**30"},
    "count(variant).cap": {"10**30"},
    "candidates.cap": {"10**30"},
    "candidates(variant).cap": {"10**30"},
    "solve.timeout": {"None", "inf", "1.5", "10**30"},
    "solve(variant).timeout": {"None", "inf", "1.5", "10**30"},
    "candidates.counts": {"True"},
    "candidates(variant).counts": {"True"},
    "generate.order": {"None"},
    "generate.seed": SEEDS,
    "generate.rule": {"None"},
    "generate.size": {"None"},
    "generate.shape": {"None"},
    "generate.no_boxes": {"True"},
    "generate(variant).order": {"None"},
    "generate(variant).size": {"None"},
    "generate(variant).shape": {"None"},
    "generate(variant).no_boxes": {"True"},
    "generate(variant).seed": SEEDS,
    "minimize.seed": SEEDS,
    "minimize(variant).seed": SEEDS,
    "certify.directory": {"'2'"},
    "certify(variant).directory": {"'2'"},
}
"""The hostile values that are valid arguments (function.parameter -> value names)."""
LIMIT = 60
"""Seconds a call may take."""
EASY = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GRID4 = "1234341221434321"
KILLER = REPO / "docs" / "data" / "killer-ukpa.json"


@dataclass(frozen=True)
class Call:
    """One call: the function's row name, the parameter, the value's name, the call."""

    row: str
    parameter: str
    value: str
    run: Callable[[], object]

    @property
    def accepted(self) -> bool:
        return self.value in ACCEPTED.get(f"{self.row}.{self.parameter}", set())


def valid_arguments() -> dict[str, tuple[Callable[..., object], dict[str, object]]]:
    """Each row: the function and a valid set of arguments (quick to answer)."""
    import sudoku_sat as ss

    p = ss.parse(EASY)
    k = ss.read(KILLER)[0]
    full = ss.parse(GRID4)
    rows: dict[str, tuple[Callable[..., object], dict[str, object]]] = {
        "parse": (ss.parse, {"text": EASY, "alphabet": None, "order": None, "rule": None}),
        "read": (ss.read, {"path": "p.txt", "alphabet": None, "order": None, "rule": None}),
        "is_unique": (ss.is_unique, {"p": p, "method": "auto"}),
        "count": (ss.count, {"p": p, "cap": 2, "method": "auto"}),
        "solve": (ss.solve, {"p": p, "method": "auto", "timeout": 60}),
        "candidates": (ss.candidates, {"p": p, "counts": False, "cap": 2}),
        "encode": (ss.encode, {"p": p, "encoding": "extended", "amo": "pairwise"}),
        "generate": (ss.generate, {"count": 1, "order": 2, "seed": 1, "method": "auto"}),
        "minimize": (ss.minimize, {"grid": full, "seed": 1, "method": "auto"}),
        "rate": (ss.rate, {"p": p}),
        "explain": (ss.explain, {"p": p}),
        "certify": (ss.certify, {"p": p, "directory": "out", "method": "auto"}),
        "to_fpuzzles": (ss.to_fpuzzles, {"p": p}),
    }
    for name in ("is_unique", "count", "solve", "candidates", "certify", "rate", "to_fpuzzles"):
        function, arguments = rows[name]
        rows[f"{name}(variant)"] = (function, {**arguments, "p": k})
    rows["minimize(variant)"] = (ss.minimize, {"grid": k, "seed": 1, "method": "auto"})
    made = {"count": 1, "order": 2, "seed": 1, "method": "auto", "rule": "killer", "size": 4}
    rows["generate(variant)"] = (ss.generate, made)
    return rows


def calls(quick: bool = False) -> list[Call]:
    """Every (row, parameter, hostile value), in a fixed order; quick: one value each."""
    out = []
    names = list(BAD)
    for row, (function, arguments) in valid_arguments().items():
        parameters = [
            name
            for name, param in inspect.signature(function).parameters.items()
            if param.kind is not inspect.Parameter.VAR_KEYWORD
        ]
        for parameter in parameters:
            chosen = [names[len(out) % len(names)]] if quick else names
            for value in chosen:
                given = {**arguments, parameter: BAD[value]}
                out.append(Call(row, parameter, value, _bound(function, given)))
    return out


def _bound(function: Callable[..., object], arguments: dict[str, object]) -> Callable[[], object]:
    return lambda: function(**arguments)


class Hang(Exception):
    """A call still running after LIMIT seconds."""


def _alarm(signum: int, frame: object) -> None:
    raise Hang


def outcome(call: Call) -> tuple[str, str]:
    """refused, accepted or a finding (and what happened), for one call in a fresh folder."""
    from sudoku_sat.errors import SudokuSatError

    here = os.getcwd()
    folder = tempfile.mkdtemp(prefix="hostile-api-")
    os.chdir(folder)
    Path("p.txt").write_text(EASY + "\n")
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(LIMIT)
    try:
        call.run()
    except Hang:
        return "hang", f"still running after {LIMIT} s"
    except SudokuSatError as exc:
        text = str(exc)
        if "\n" in text or not text:
            return "multiline", f"{type(exc).__name__}: {text[:200]!r}"
        if call.accepted:
            return "refused a valid value", f"{type(exc).__name__}: {text}"
        return "refused", text
    except Exception as exc:  # noqa: BLE001 - the finding is the exception itself
        first = (str(exc).strip().splitlines() or [""])[0][:160]
        return "other exception", f"{type(exc).__module__}.{type(exc).__name__}: {first}"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        os.chdir(here)
        _remove(Path(folder))
    return ("accepted" if call.accepted else "accepted silently"), ""


def _remove(folder: Path) -> None:
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


def table(results: list[tuple[Call, str, str]], seconds: float) -> str:
    kinds = ["refused", "accepted", "other exception", "multiline", "accepted silently"]
    kinds += ["refused a valid value", "hang"]
    counts = {kind: sum(1 for _, k, _ in results if k == kind) for kind in kinds}
    head = (
        "| API calls | refused in one line | valid, accepted | other exceptions "
        "| messages of several lines | accepted silently | valid, refused | hangs |"
    )
    row = "| " + " | ".join(f"{c:,}" for c in [len(results), *counts.values()]) + " |"
    rows = len({c.row for c, _, _ in results})
    note = f"{rows} rows (functions, variant forks), {len(BAD)} hostile values, {seconds:.0f} s"
    return "\n".join([head, "|---:|---:|---:|---:|---:|---:|---:|---:|", row, "", note])


def findings(results: list[tuple[Call, str, str]]) -> list[str]:
    """One line per call that is neither refused nor accepted as documented."""
    return [
        f"- {kind}: {call.row}({call.parameter}={call.value}): {what}"
        for call, kind, what in results
        if kind not in ("refused", "accepted")
    ]


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="one hostile value per parameter")
    args = parser.parse_args(argv)
    start = time.monotonic()
    results = []
    for call in calls(args.quick):
        kind, what = outcome(call)
        results.append((call, kind, what))
    text = table(results, time.monotonic() - start)
    lines = findings(results)
    print("\n".join([text, *lines]))
    return "\n".join([text, *lines])


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    main()
