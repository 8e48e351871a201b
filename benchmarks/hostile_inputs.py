"""The hostile corpus's inputs (benchmarks/hostile.py): malformed grids, f-puzzles JSON
and links, DIMACS formulas, DRUP proofs and solver answers, each by name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HARD = "700000400020070080003008009000500300060020090001007006000300900030040060009001005"
SOLUTION = "798635421126974583453218679972586314564123897381497256617352948835749162249861735"
EASY4 = "1...\n..2.\n.3..\n...4\n"


def grid_inputs() -> dict[str, bytes]:
    """Malformed (and a few valid) grid files, by name."""
    line = HARD.encode()
    rows = "\n".join(HARD[k : k + 9] for k in range(0, 81, 9)).encode()
    numbers = "\n".join(" ".join(HARD[k : k + 9]) for k in range(0, 81, 9)).encode()
    out = {
        "valid-line": line + b"\n",
        "valid-rows": rows + b"\n",
        "valid-numbers": numbers,
        "valid-4x4": EASY4.encode(),
        "empty": b"",
        "comments": b"# nothing\n\n",
        "short": line[:80],
        "long": line + b"1",
        "letters": b"x" * 81,
        "nul": b"\0" * 81,
        "latin1": "é".encode("latin-1") * 81,
        "superscript": ("²" * 81).encode(),
        "arabic": ("٣" * 81).encode(),
        "bom": b"\xef\xbb\xbf" + line,
        "crlf": rows.replace(b"\n", b"\r\n"),
        "clash": b"11" + b"." * 79,
        "blank": b"." * 81,
        "count-nan": line + b":x",
        "count-huge": line + b":" + b"9" * 40,
        "solution-wrong": line + b":1:" + b"1" * 81,
        "solution-short": line + b":1:123",
        "fields": line + b":1:2:3",
        "order-odd": b"1" * 3,
        "numbers-huge": b" ".join([b"9" * 50] * 81),
        "numbers-neg": b" ".join([b"-1"] * 81),
        "numbers-ragged": numbers + b" 5",
        "drawn-broken": b"7 . . | . . .\n-----+\n",
        "binary": bytes(range(256)) * 4,
        "huge-line": b"." * 1_000_000,
        "16-zero": b"0" * 256,
        "25x25-blank": b" ".join([b"0"] * 625),
        "jsonish": b"{",
        "link-ish": b"?load=@@@",
        "mixed": line + b"\n" + EASY4.encode(),
        "tabs": b"\t".join([b"0"] * 81),
    }
    return out


def base_fpuzzles() -> dict[str, Any]:
    grid = [
        [{"value": int(HARD[r * 9 + c])} if HARD[r * 9 + c] != "0" else {} for c in range(9)]
        for r in range(9)
    ]
    return {"size": 9, "grid": grid, "title": "hostile"}


KEY_VALUES: list[Any] = [
    True,
    False,
    None,
    0,
    -1,
    10**30,
    1.5,
    float("nan"),
    "x",
    "",
    [],
    {},
    [1],
    ["R1C1"],
    [{"cells": ["R1C1", "R1C1"], "value": "3"}],
    [{"cells": ["R0C0"]}],
    [{"cells": "R1C1"}],
    [{"cells": ["R1C1", "R1C2"], "value": True}],
    [{"lines": 5}],
    [{"lines": [["R1C1"]]}],
    [{"cell": "R10C1"}],
    [{"cells": ["r1c1", "R1C2"], "value": "X"}],
    [[[[]]]],
]
KEYS = [
    "size",
    "grid",
    "solution",
    "killercage",
    "extraregion",
    "thermometer",
    "arrow",
    "difference",
    "ratio",
    "xv",
    "odd",
    "even",
    "negative",
    "diagonal+",
    "antiknight",
    "palindrome",
    "unknownkey",
    "title",
    "cage",
]


def json_inputs() -> dict[str, bytes]:
    """f-puzzles JSON: every key with every hostile value, grid cells, nesting."""
    out: dict[str, bytes] = {}
    for key in KEYS:
        for k, value in enumerate(KEY_VALUES):
            data = base_fpuzzles()
            data[key] = value
            out[f"json-{key}-{k}"] = json.dumps(data).encode()
    for k, cell in enumerate([True, 5, [], None, "x", {"value": True}, {"value": "5"},
                              {"value": 99}, {"region": [1]}, {"givenPencilMarks": [0, True]},
                              {"value": 10**30}, {"given": "no", "value": 3}]):  # fmt: skip
        data = base_fpuzzles()
        data["grid"][0][0] = cell
        out[f"json-cell-{k}"] = json.dumps(data).encode()
    data = base_fpuzzles()
    data["grid"][1] = [1] * 9
    out["json-row-ints"] = json.dumps(data).encode()
    out["json-deep"] = b'{"size":9,"grid":' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    out["json-deep-object"] = b'{"a":' * 5000 + b"1" + b"}" * 5000
    out["json-truncated"] = json.dumps(base_fpuzzles()).encode()[:-7]
    out["json-two-lines"] = json.dumps(base_fpuzzles()).encode() + b"\n" + b"{"
    out["json-huge-number"] = b'{"size":' + b"9" * 5000 + b"}"
    return out


def link_inputs() -> dict[str, bytes]:
    """f-puzzles links: garbage, truncated, deep nesting, a valid one."""
    try:
        import lzstring
    except ImportError:
        return {}
    pack = lzstring.LZString().compressToBase64
    good = "https://f-puzzles.com/?load=" + pack(json.dumps(base_fpuzzles()))
    deep = '{"size":9,"grid":' + "[" * 20000 + "]" * 20000 + "}"
    return {
        "link-valid": good.encode(),
        "link-truncated": good[:-10].encode(),
        "link-garbage": b"https://f-puzzles.com/?load=@@@@",
        "link-empty": b"?load=",
        "link-deep": ("?load=" + pack(deep)).encode(),
        "link-not-json": ("?load=" + pack("hello")).encode(),
        "link-list": ("?load=" + pack("[1,2]")).encode(),
        "link-percent": b"?load=%ZZ%00",
    }


def dimacs_inputs() -> dict[str, bytes]:
    return {
        "cnf-ok": b"p cnf 2 2\n1 0\n-1 2 0\n",
        "cnf-empty": b"",
        "cnf-no-header": b"1 0\n",
        "cnf-huge-header": b"p cnf 10000000 1\n1 0\n",
        "cnf-beyond": b"p cnf 99999999999 1\n1 0\n",
        "cnf-negative": b"p cnf -1 1\n1 0\n",
        "cnf-literal": b"p cnf 2 1\n3 0\n",
        "cnf-unclosed": b"p cnf 2 1\n1 2\n",
        "cnf-count": b"p cnf 2 5\n1 0\n",
        "cnf-digits": "p cnf 2 1\n٣ 0\n".encode(),
        "cnf-long": b"p cnf 2 1\n" + b"1" * 5000 + b" 0\n",
        "cnf-binary": bytes(range(256)),
        "cnf-two-headers": b"p cnf 1 1\np cnf 1 1\n1 0\n",
        "cnf-unsat": b"p cnf 1 2\n1 0\n-1 0\n",
    }


def proof_inputs() -> dict[str, bytes]:
    return {
        "drup-empty": b"",
        "drup-ok": b"0\n",
        "drup-letters": b"a b 0\n",
        "drup-huge": b"9" * 40 + b" 0\n",
        "drup-unclosed": b"1 2\n",
        "drup-beyond": b"5 0\n",
        "drup-delete": b"d 1 0\nd 0\n0\n",
        "drup-digits": "٣ 0\n".encode(),
        "drup-binary": bytes(range(256)),
        "drup-many": b"1 0\n" * 100_000,
    }


def answer_inputs() -> dict[str, bytes]:
    model = " ".join(str(v) for v in range(1, 730)).encode()
    return {
        "ans-empty": b"",
        "ans-unsat": b"s UNSATISFIABLE\n",
        "ans-garbage": b"s MAYBE\n",
        "ans-all-true": b"s SATISFIABLE\nv " + model + b" 0\n",
        "ans-minisat": b"SAT\n1 2 3 0\n",
        "ans-huge": b"SAT\n" + b"9" * 50 + b" 0\n",
        "ans-binary": bytes(range(256)),
    }


ROOT = Path(__file__).resolve().parents[1]
Run = tuple[str, list[str], dict[str, bytes], tuple[float, int] | None]
"""A case as hostile.py's Case takes it: name, argv, files (``bin/`` ones executable),
the signal to send and when."""
SOLVERS = {
    # solver binaries that misbehave: bin/NAME, each given the formula as its argument
    "flood-out": "yes v 1",
    "flood-err": "yes c >&2",
    "silent": "sleep 300",
    "leaver": 'sleep 300 &\necho "s UNSATISFIABLE"\nexit 20',
    "garbage": 'echo "s SATISFIABLE"; echo "v 1 x 0"; exit 10',
    "minisat-bigfile": 'head -c 100000000 /dev/zero > "$3"; exit 10',
    "crash": "kill -SEGV $$",
}


def binary_runs() -> list[Run]:
    """Solver binaries that write without end, to stdout, stderr or their answer file, say
    nothing, leave a child holding their output, or answer nonsense (issue 41, item 9):
    on a classic grid and on a killer, with and without --timeout."""
    killer = (ROOT / "docs" / "data" / "killer-ukpa.json").read_bytes()
    files = {"p.txt": HARD.encode() + b"\n", "k.json": killer}
    files |= {f"bin/{name}": f"#!/bin/sh\n{body}\n".encode() for name, body in SOLVERS.items()}
    runs: list[Run] = []
    for solver in ["yes", *(f"./bin/{name}" for name in SOLVERS)]:
        for puzzle, timeout in (
            ("p.txt", ["--timeout", "3"]),
            ("k.json", []),
            ("k.json", ["--timeout", "3"]),
        ):
            if solver.endswith("silent") and not timeout:
                continue  # it would run until the harness's own timeout, as asked
            argv = ["solve", puzzle, "--method", f"bin:{solver}", *timeout]
            runs.append((f"binary {' '.join(argv)}", argv, dict(files), None))
    return runs


def pysat_runs() -> list[Run]:
    """Every PySAT solver name on a killer's solve, count and unique (Lingeling takes no
    conflict budget), with --timeout where it cannot be honoured (item 3)."""
    killer = {"k.json": (ROOT / "docs" / "data" / "killer-ukpa.json").read_bytes()}
    runs: list[Run] = []
    for name in ("lgl", "cd15", "cd19", "g4", "m22", "mcb", "ks", "cms"):
        for command in ("solve", "count", "unique"):
            argv = [command, "k.json", "--method", f"pysat:{name}"]
            runs.append((f"pysat {' '.join(argv)}", argv, dict(killer), None))
        argv = ["solve", "k.json", "--method", f"pysat:{name}", "--timeout", "5"]
        runs.append((f"pysat {' '.join(argv)}", argv, dict(killer), None))
    return runs


def scheduler_runs() -> list[Run]:
    """Odd --connect-timeout values and schedulers on loopback only: a closed port, a
    malformed address (item 20); never an address off this machine."""
    files = {"p.txt": HARD.encode() + b"\n"}
    runs: list[Run] = []
    for value in ("0", "-1", "nan", "-inf", "inf", "1e400", "0.001", "1e-300"):
        for command in ("count", "solve", "generate"):
            argv = [command, "p.txt", "--connect-timeout", value]
            if command == "generate":
                argv = ["generate", "-k", "2", "--seed", "1", "--connect-timeout", value]
            runs.append((f"scheduler {' '.join(argv)}", argv, dict(files), None))
        argv = ["count", "p.txt", "--scheduler", "tcp://127.0.0.1:9", "--connect-timeout", value]
        runs.append((f"scheduler {' '.join(argv)}", argv, dict(files), None))
    for address in (
        "tcp://127.0.0.1:0",
        "tcp://127.0.0.1:99999",
        "tcp://[::1]:9",
        "tls://127.0.0.1:9",
    ):
        argv = ["count", "p.txt", "--scheduler", address, "--connect-timeout", "1"]
        runs.append((f"scheduler {' '.join(argv)}", argv, dict(files), None))
    return runs


def signal_runs() -> list[Run]:
    """SIGTERM and SIGINT inside one long PySAT call (the hard pencil-mark puzzle, item
    14), and early in a binary's batch, where a scratch folder was left (item 15)."""
    line = (ROOT / "benchmarks" / "data" / "hard_variants" / "pencilmarks.jsonl").read_text()
    first = next(x for x in line.splitlines() if x.startswith("{"))
    hard = {"pm.json": json.dumps(json.loads(first)["puzzle"]).encode()}
    many = {"many.txt": ("\n".join([HARD] * 400) + "\n").encode()}
    runs: list[Run] = []
    runs_of = [
        (["solve", "pm.json"], hard),
        (["solve", "pm.json", "--timeout", "60"], hard),
        (["solve", "many.txt", "--method", "bin:minisat"], many),
        (["solve", "many.txt", "--method", "bin:cadical", "--jobs", "2"], many),
    ]
    for argv, files in runs_of:
        for delay, signum in ((2.0, 15), (2.5, 2), (3.5, 15)):
            name = f"signal {signum} at {delay} s: {' '.join(argv)}"
            runs.append((name, argv, dict(files), (delay, signum)))
    runs.append(
        (
            "ladder, stderr a pipe",
            ["ladder", "--dataset", "many.txt", "--limit", "3"],
            dict(many),
            None,
        )
    )
    return runs


def issue41_runs() -> list[Run]:
    """The classes of issue 41's items 3, 9, 14, 15, 20 and 21."""
    return binary_runs() + pysat_runs() + scheduler_runs() + signal_runs()
