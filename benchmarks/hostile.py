"""The hostile corpus: what a user can type, thrown at ``sudoku-sat`` one whole process each.

Run: nice .venv/bin/python benchmarks/hostile.py [--quick] [--jobs 2] [--timeout 60]

It makes its own cases (1,000+; ``--quick``: a sample of ten): every command with every
option given hostile values (huge, negative, not a number, NaN, a folder, a missing
path), malformed grids in every format, f-puzzles JSON and links (wrong types, deep
nesting, bad cell names, every key), DIMACS formulas, solver answers and DRUP proofs,
output paths that cannot be written, and signals (SIGINT, SIGTERM) sent to running
batches. Each case runs as ``python -m sudoku_sat`` in a fresh folder with a private
TMPDIR and a timeout, and is sorted as: a one-line error (exit 2 or 3, one stderr line),
a result (exit 0, 1, 4, or 130/143 after a signal), a traceback (a Python traceback, or
an exit code outside the documented set), an error of more than one line, or a hang
(still running at the timeout). Leftovers: a file left in the private TMPDIR, a temp
file (``.NAME.xxxx``, ``sudoku-sat-*``) left in the case's folder, or a process of the
case still alive after it exited. Prints the table, then every case that is not clean;
then the API's table (``hostile_api.py``: every function of the API with every wrong type).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from hostile_inputs import (  # noqa: E402
    HARD,
    SOLUTION,
    answer_inputs,
    dimacs_inputs,
    grid_inputs,
    issue41_runs,
    json_inputs,
    link_inputs,
    proof_inputs,
)

CODES = {0, 1, 2, 3, 4, 130, 143}
MARK = "SUDOKU_SAT_HOSTILE_CASE"
PYTHON_ERROR = re.compile(r"^[\w.]*(Error|Exception)\b", re.MULTILINE)
"""The last line of a Python traceback (rich draws the frames in a box)."""
GRID_COMMANDS = [
    ["show"],
    ["solve"],
    ["count"],
    ["unique"],
    ["candidates"],
    ["encode"],
    ["rate", "-q"],
    ["explain"],
    ["compare", "--methods", "none"],
    ["minimize", "--seed", "1", "-q"],
    ["anneal", "--tries", "1", "--seed", "1", "--max-iterations", "2000"],
    ["show", "--svg", "o.svg"],
]
JSON_COMMANDS = [["unique"], ["show"], ["solve"], ["encode"], ["show", "--svg", "o.svg"]]
HOSTILE_VALUES = [
    "0",
    "-1",
    "1" + "0" * 30,
    "nan",
    "inf",
    "abc",
    "",
    "٣",
    "x" * 5000,
    "/nonexistent/x",
    "-" + "9" * 30,
    "1e308",
    ".",
    "pysat:zz",
    "-inf",
]
PER_OPTION = 5
"""Hostile values per option, taken in turn from HOSTILE_VALUES (every value is used)."""


@dataclass
class Case:
    """One process to run: its arguments, the files it finds, stdin, a signal to send."""

    name: str
    argv: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    stdin: bytes = b""
    signal_after: tuple[float, int] | None = None


def option_cases() -> list[Case]:
    """Every option of every command with each hostile value, on a quick valid puzzle."""
    from sudoku_sat.cli import COMMANDS, load

    cases = []
    for command in COMMANDS:
        params = load(command).params
        arguments = [p for p in params if p.param_type_name == "argument"]
        base = [command] + ["p.txt" if k == 0 else "out" for k in range(len(arguments))]
        if command in ("check-proof",):
            base = [command, "f.cnf", "f.drup"]
        elif command == "decode":
            base = [command, "ans.txt"]
        elif command == "propagate":
            base = [command, "f.cnf"]
        elif command == "generate":
            base = [command, "--seed", "1"]
        files = {
            "p.txt": HARD.encode() + b"\n",
            "f.cnf": b"p cnf 2 2\n1 0\n-1 2 0\n",
            "f.drup": b"2 0\n0\n",
            "ans.txt": b"SAT\n1 0\n",
        }
        for param in params:
            if param.param_type_name != "option" or getattr(param, "is_flag", False):
                continue
            first = len(cases)
            for value in [
                HOSTILE_VALUES[(first + k) % len(HOSTILE_VALUES)] for k in range(PER_OPTION)
            ]:
                cases.append(Case(f"opt {command} {param.opts[0]}={value[:12]!r}",
                                  [*base, param.opts[0], value], dict(files)))  # fmt: skip
    return cases


def signal_cases(many: bytes) -> list[Case]:
    cases = []
    runs = [
        ["generate", "-k", "200", "--seed", "1"],
        ["solve", "many.txt", "--jobs", "2", "--method", "bin:picosat"],
        ["solve", "many.txt", "--method", "bin:minisat"],
        ["count", "many.txt", "--jobs", "2"],
        ["generate", "--rule", "killer", "-k", "50", "--seed", "1", "-q"],
        ["anneal", "many.txt", "--method", "sirdey", "--seed", "1", "--trace", "t.csv"],
        ["certify", "many.txt", "certs"],
        ["encode", "many.txt", "--out-dir", "cnfs"],
    ]
    for argv in runs:
        for delay, signum in ((1.5, signal.SIGINT), (3.0, signal.SIGTERM), (4.0, signal.SIGINT)):
            name = f"signal {signal.Signals(signum).name} at {delay} s: {' '.join(argv)}"
            cases.append(Case(name, argv, {"many.txt": many}, signal_after=(delay, signum)))
    return cases


def path_cases() -> list[Case]:
    files = {"p.txt": HARD.encode() + b"\n", "d/x": b""}
    argvs = [
        ["encode", "p.txt", "-o", "/nonexistent/x.cnf"],
        ["encode", "p.txt", "-o", "d"],
        ["encode", "p.txt", "-o", "/dev/full"],
        ["show", "p.txt", "--svg", "/dev/full"],
        ["encode", "p.txt", "--out-dir", "p.txt"],
        ["certify", "p.txt", "p.txt"],
        ["solve", "d"],
        ["solve", "/nonexistent"],
        ["solve", "-"],
        ["show", "/dev/null"],
        ["anneal", "p.txt", "--trace", "d", "--tries", "1"],
        ["compare", "p.txt", "--json", "d"],
    ]
    return [Case("path " + " ".join(a), a, dict(files)) for a in argvs]


def issue_cases() -> list[Case]:
    """The cases of issue 33, as its text gives them."""
    deep = b'{"size":9,"grid":' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    p25 = b" ".join([b"1"] + [b"0"] * 624) + b"\n"
    wrong = HARD.encode() + b":1:" + b"1" * 9 + SOLUTION[9:].encode() + b"\n"
    cases = []
    for argv in (["unique"], ["show"], ["encode"], ["solve"], ["count"], ["candidates"],
                 ["certify", "d"], ["show", "--svg", "s.svg"]):  # fmt: skip
        cases.append(
            Case(f"issue: {argv[0]} n.json", [argv[0], "n.json", *argv[1:]], {"n.json": deep})
        )
    cases.append(Case("issue: decode --puzzle n.json", ["decode", "a.txt", "--puzzle", "n.json"],
                      {"n.json": deep, "a.txt": b"SAT\n1 0\n"}))  # fmt: skip
    cases.append(
        Case("issue: generate -k 10^30", ["generate", "-k", "1" + "0" * 30, "--seed", "1"])
    )
    for argv in (
        ["candidates"],
        ["show", "--svg", "s.svg"],
        ["encode", "--rule", "x", "-o", "x.cnf"],
    ):
        cases.append(
            Case(f"issue: {argv[0]} p25.txt", [argv[0], "p25.txt", *argv[1:]], {"p25.txt": p25})
        )
    cases.append(Case("issue: check-proof p cnf 10000000 1", ["check-proof", "b.cnf", "s.drup"],
                      {"b.cnf": b"p cnf 10000000 1\n1 0\n", "s.drup": b"-1 0\n0\n"}))  # fmt: skip
    for command in ("show", "solve", "count", "unique", "compare", "rate", "encode", "candidates"):
        cases.append(
            Case(f"issue: {command} wrong solution field", [command, "w.txt"], {"w.txt": wrong})
        )
    return cases


def corpus() -> list[Case]:
    """Every case, in a fixed order."""
    cases: list[Case] = issue_cases()
    for name, data in grid_inputs().items():
        for command in GRID_COMMANDS:
            cases.append(Case(f"grid {name}: {command[0]}", [command[0], "in.txt", *command[1:]],
                              {"in.txt": data}))  # fmt: skip
        cases.append(Case(f"grid {name}: solve -", ["solve", "-"], stdin=data))
    for k, (name, data) in enumerate({**json_inputs(), **link_inputs()}.items()):
        for command in (JSON_COMMANDS[k % len(JSON_COMMANDS)], JSON_COMMANDS[(k + 2) % 5]):
            cases.append(Case(f"{name}: {command[0]}", [command[0], "in.json", *command[1:]],
                              {"in.json": data}))  # fmt: skip
    for name, data in dimacs_inputs().items():
        cases.append(Case(f"{name}: propagate", ["propagate", "f.cnf"], {"f.cnf": data}))
        cases.append(Case(f"{name}: check-proof", ["check-proof", "f.cnf", "p.drup"],
                          {"f.cnf": data, "p.drup": b"0\n"}))  # fmt: skip
        cases.append(Case(f"{name}: decode --cnf", ["decode", "a.txt", "--cnf", "f.cnf"],
                          {"f.cnf": data, "a.txt": b"SAT\n1 2 0\n"}))  # fmt: skip
    for name, data in proof_inputs().items():
        cases.append(Case(f"{name}: check-proof", ["check-proof", "f.cnf", "p.drup"],
                          {"f.cnf": b"p cnf 2 2\n1 0\n-1 2 0\n", "p.drup": data}))  # fmt: skip
    for name, data in answer_inputs().items():
        cases.append(Case(f"{name}: decode", ["decode", "a.txt"], {"a.txt": data}))
        cases.append(Case(f"{name}: decode --puzzle", ["decode", "a.txt", "--puzzle", "p.txt"],
                          {"a.txt": data, "p.txt": HARD.encode()}))  # fmt: skip
    cases += option_cases()
    cases += path_cases()
    many = "\n".join([HARD] * 400).encode() + b"\n"
    cases += signal_cases(many)
    cases += [
        Case(name, argv, files, signal_after=after) for name, argv, files, after in issue41_runs()
    ]
    return cases


def run_case(case: Case, root: Path, timeout: float) -> dict[str, Any]:
    """Run one case in its own folder with its own TMPDIR; its outcome."""
    folder = Path(tempfile.mkdtemp(dir=root))
    tmp = folder / ".tmp"
    work = folder / "work"
    tmp.mkdir()
    work.mkdir()
    for name, data in case.files.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_bytes(data)
        if name.startswith("bin/"):  # a solver binary of the case's own
            (work / name).chmod(0o755)
    given = {p.relative_to(work) for p in work.rglob("*")}
    marker = f"{os.getpid()}-{folder.name}"
    env = {**os.environ, "TMPDIR": str(tmp), MARK: marker, "PYTHONPATH": str(REPO)}
    env.pop("COLUMNS", None)
    start = time.monotonic()
    stdin = subprocess.DEVNULL if case.signal_after is not None else subprocess.PIPE
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_sat", *case.argv], cwd=work, env=env,
                            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)  # fmt: skip
    hang = False
    try:
        if case.signal_after is not None:
            time.sleep(case.signal_after[0])
            if proc.poll() is None:
                proc.send_signal(case.signal_after[1])
            out, err = proc.communicate(timeout=timeout)
        else:
            out, err = proc.communicate(case.stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        hang = True
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
    seconds = time.monotonic() - start
    orphans = processes_marked(marker)
    for pid in orphans:
        with_suppress_kill(pid)
    left = [str(p.relative_to(folder)) for p in tmp.rglob("*")]
    left += [str(p) for p in work.rglob("*") if p.relative_to(work) not in given and temp_like(p)]
    shutil.rmtree(folder, ignore_errors=True)
    text = err.decode("utf-8", "replace")
    return {"case": case, "code": proc.returncode, "stderr": text, "stdout": out[:200],
            "hang": hang, "left": left, "orphans": orphans, "seconds": seconds}  # fmt: skip


def temp_like(path: Path) -> bool:
    """A temp file of the project's: an atomic write's ``.NAME.xxxx`` or a scratch folder."""
    return path.name.startswith(".") or path.name.startswith("sudoku-sat-")


def processes_marked(marker: str) -> list[int]:
    """Processes still alive whose environment carries the case's marker."""
    found = []
    needle = f"{MARK}={marker}".encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if needle in (entry / "environ").read_bytes().split(b"\0"):
                state = (entry / "stat").read_text().rsplit(")", 1)[-1].split()[0]
                if state != "Z":
                    found.append(int(entry.name))
        except OSError:
            continue
    return found


def with_suppress_kill(pid: int) -> None:
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)


def verdict(outcome: dict[str, Any]) -> str:
    """error, result, traceback, multiline or hang."""
    if outcome["hang"]:
        return "hang"
    code, err = outcome["code"], outcome["stderr"]
    if "Traceback" in err or PYTHON_ERROR.search(err) or code not in CODES:
        return "traceback"
    if code in (2, 3):
        lines = [line for line in err.split("\n") if line and not line.startswith("note:")]
        return "error" if len(lines) == 1 and lines[0].startswith("sudoku-sat: ") else "multiline"
    return "result"


def table(outcomes: list[dict[str, Any]]) -> str:
    counts = Counter(verdict(o) for o in outcomes)
    leftovers = sum(1 for o in outcomes if o["left"] or o["orphans"])
    head = (
        "| cases | one-line errors | results | tracebacks | errors of several lines "
        "| hangs | leftovers |"
    )
    cells = [len(outcomes), counts["error"], counts["result"], counts["traceback"]]
    cells += [counts["multiline"], counts["hang"], leftovers]
    row = "| " + " | ".join(f"{c:,}" for c in cells) + " |"
    return "\n".join([head, "|---:|---:|---:|---:|---:|---:|---:|", row])


def clean(outcome: dict[str, Any]) -> bool:
    """Neither a traceback, an error of several lines, a hang nor a leftover."""
    kind = verdict(outcome)
    return kind in ("error", "result") and not outcome["left"] and not outcome["orphans"]


def finding(outcome: dict[str, Any]) -> str:
    """One line for a case that is not clean: what, the command, the end of its stderr."""
    tail = outcome["stderr"].strip().split("\n")[-3:]
    what = f"{verdict(outcome)} (exit {outcome['code']})"
    left = f" left {outcome['left']}" if outcome["left"] else ""
    orphans = f" orphans {outcome['orphans']}" if outcome["orphans"] else ""
    return f"- {what}: {outcome['case'].name}: {tail}{left}{orphans}"


def api_table(quick: bool) -> str:
    """Every API function with every wrong type (hostile_api.py), in a process of its own."""
    script = Path(__file__).with_name("hostile_api.py")
    argv = [sys.executable, str(script), *(["--quick"] if quick else [])]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=tempfile.gettempdir())
    return done.stdout.strip() or f"- hostile_api.py exited {done.returncode}: {done.stderr[-300:]}"


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="ten cases spread over the corpus")
    parser.add_argument("--jobs", type=int, default=2, help="cases run at once (default 2)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds a case may run")
    parser.add_argument("--match", default="", help="only the cases whose name holds this")
    args = parser.parse_args(argv)
    cases = [c for c in corpus() if args.match in c.name]
    if args.quick:
        cases = cases[:: max(1, len(cases) // 10)][:10]
    root = Path(tempfile.mkdtemp(prefix="hostile-"))
    outcomes = []
    try:
        with ThreadPoolExecutor(args.jobs) as pool:
            for k, outcome in enumerate(pool.map(lambda c: run_case(c, root, args.timeout), cases)):
                outcomes.append(outcome)
                if not clean(outcome):  # as they come: a long run shows its findings at once
                    print(finding(outcome), file=sys.stderr, flush=True)
                if (k + 1) % 100 == 0:
                    print(f"# {k + 1}/{len(cases)} cases", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    text = table(outcomes)
    print(text)
    for outcome in outcomes:
        if not clean(outcome):
            print(finding(outcome))
    if not args.match:  # the API's part: every function with every wrong type
        api = api_table(args.quick)
        print("\n" + api)
        text += "\n\n" + api
    return text


if __name__ == "__main__":
    main()
