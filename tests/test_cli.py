"""The CLI through typer's CliRunner: encode, decode, solve, show, errors, help."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import COMMANDS as cli_commands
from sudoku_sat.cli import app
from sudoku_sat.dimacs import parse_cnf

from .conftest import TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION, need_binary

runner = CliRunner()
COMMANDS = sorted(cli_commands)  # every command, lazily loaded (tests/test_cli_lazy.py)
HARD_ROWS = "\n".join(TRES_DIFFICILE[i : i + 9] for i in range(0, 81, 9))
HARD_NUMBERS = "\n".join(" ".join(TRES_DIFFICILE[i : i + 9]) for i in range(0, 81, 9))
UNSAT = "77" + TRES_DIFFICILE[2:]


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def hard_file(tmp_path: Path) -> Path:
    path = tmp_path / "hard.txt"
    path.write_text(TRES_DIFFICILE + "\n")
    return path


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command: str) -> None:
    code, out, _ = run(command, "--help")
    assert code == 0 and "Usage" in out and len(out.splitlines()) > 5


def test_foundation_commands_exist() -> None:
    assert {"encode", "decode", "solve", "show"} <= set(COMMANDS)


def test_encode_emits_rules_and_clues(hard_file: Path) -> None:
    code, out, _ = run("encode", str(hard_file))
    assert code == 0
    cnf = parse_cnf(out)
    assert cnf.nvars == 729 and len(cnf.clauses) == 11988 + 24 * 9 + 294
    assert any("81*i + 9*j + k" in c for c in cnf.comments)
    code, out, _ = run("encode", str(hard_file), "--rules-only")
    assert len(parse_cnf(out).clauses) == 11988
    code, out, _ = run("encode", str(hard_file), "--no-f2")
    assert len(parse_cnf(out).clauses) == 11988 + 24 * 9


@pytest.mark.parametrize(
    "text", [TRES_DIFFICILE, HARD_ROWS, HARD_NUMBERS, TRES_DIFFICILE.replace("0", ".")]
)
def test_every_format_and_stdin_give_the_same_formula(text: str, hard_file: Path) -> None:
    reference = parse_cnf(run("encode", str(hard_file))[1]).clauses
    assert parse_cnf(run("encode", "-", stdin=text)[1]).clauses == reference


def test_encode_to_file_and_out_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    many = tmp_path / "many.txt"
    many.write_text(f"# two puzzles\n{TRES_DIFFICILE}\n{UNSAT}\n")
    code, _, err = run("encode", str(many))
    assert code == 2 and "--out-dir" in err
    assert run("encode", str(many), "--out-dir", str(tmp_path / "out"), "-q")[0] == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["many-1.cnf", "many-2.cnf"]
    monkeypatch.chdir(tmp_path)
    assert run("encode", str(many), "--out-dir", "cnf_out", "-q")[0] == 0
    assert len(list((tmp_path / "cnf_out").iterdir())) == 2
    assert run("encode", str(many), "--index", "2", "-o", str(tmp_path / "two.cnf"))[0] == 0
    assert len(parse_cnf((tmp_path / "two.cnf").read_text()).clauses) > 11988


@pytest.mark.parametrize(
    "answer",
    [
        "s SATISFIABLE\nv {lits} 0\n",
        "SAT\n{lits} 0\n",
        "{lits}\n",
    ],
)
def test_decode_formats(answer: str) -> None:
    lits = " ".join(
        str(v if TRES_DIFFICILE_SOLUTION[(v - 1) // 9] == str((v - 1) % 9 + 1) else -v)
        for v in range(1, 730)
    )
    code, out, _ = run("decode", "-", "--format", "line", stdin=answer.format(lits=lits))
    assert code == 0 and out.strip() == TRES_DIFFICILE_SOLUTION


@pytest.mark.parametrize("answer, word", [("s UNSATISFIABLE\n", "UNSAT"), ("INDET\n", "UNKNOWN")])
def test_decode_unsat_and_unknown(answer: str, word: str) -> None:
    code, out, err = run("decode", "-", stdin=answer)
    assert code == 1 and word in err and out == ""


def test_decode_clashing_model() -> None:
    code, _, err = run("decode", "-", stdin="s SATISFIABLE\nv 1 2 0\n")
    assert code == 2 and "several values" in err


def test_solve_line_json_and_unsat(tmp_path: Path) -> None:
    many = tmp_path / "many.txt"
    many.write_text(f"{TRES_DIFFICILE}\n{UNSAT}\n")
    code, out, err = run("solve", str(many), "--format", "line")
    assert code == 1 and out.splitlines()[0] == TRES_DIFFICILE_SOLUTION
    assert out.splitlines()[1] == f"# UNSAT {many}:2: 77{TRES_DIFFICILE[2:].replace('0', '.')}"
    assert "1 of 2" in err
    code, out, _ = run("solve", str(many), "--json")
    records = json.loads(out)
    assert [r["status"] for r in records] == ["solved", "unsat"]
    assert records[0]["solution"] == TRES_DIFFICILE_SOLUTION
    code, out, _ = run("solve", "-", "--method", "pysat:g4", stdin=TRES_DIFFICILE)
    assert code == 0 and "SOLVED by g4" in out and "7 9 8 | 6 3 5 | 4 2 1" in out


@pytest.mark.parametrize("binary", ["minisat", "cadical", "picosat", "cryptominisat5"])
def test_solve_with_binary(binary: str) -> None:
    need_binary(binary)
    code, out, _ = run(
        "solve", "-", "--method", f"bin:{binary}", "--format", "line", stdin=TRES_DIFFICILE
    )
    assert code == 0 and out.strip() == TRES_DIFFICILE_SOLUTION


def test_binary_pipeline_encode_then_decode(tmp_path: Path, hard_file: Path) -> None:
    need_binary("minisat")
    cnf, result = tmp_path / "f.cnf", tmp_path / "result.txt"
    run("encode", str(hard_file), "-o", str(cnf))
    subprocess.run(["minisat", "-verb=0", str(cnf), str(result)], capture_output=True)
    code, out, _ = run("decode", str(result), "--format", "line")
    assert code == 0 and out.strip() == TRES_DIFFICILE_SOLUTION


@pytest.mark.parametrize(
    "args, stdin, words",
    [
        (["solve", "-"], TRES_DIFFICILE[:80], "<stdin>:1:81: expected 81 cells, found 80"),
        (["encode", "-"], TRES_DIFFICILE[:-1] + "?", "<stdin>:1:81: illegal character '?'"),
        (["show", "/no/such/file"], None, "/no/such/file: no such file"),
        (["decode", "-"], "s SATISFIABLE\nv 1 x 0\n", "<stdin>:2:5: 'x' is not a literal"),
        (["solve", "-", "--method", "pysat:zz"], TRES_DIFFICILE, "unknown PySAT solver"),
        (["solve", "-", "--method", "bin:no-such-sat"], TRES_DIFFICILE, "not found on PATH"),
        (["solve", "-", "--method", "no-such-engine"], TRES_DIFFICILE, "unknown method"),
    ],
)
def test_bad_input_is_one_line(args: list[str], stdin: str | None, words: str) -> None:
    code, out, err = run(*args, stdin=stdin)
    assert code in (2, 3) and words in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_show_converts_formats() -> None:
    code, out, _ = run("show", "-", "--format", "numbers", stdin=TRES_DIFFICILE)
    assert code == 0 and out.splitlines()[0] == "7 0 0 0 0 0 4 0 0"
    code, out, _ = run("show", "-", stdin=TRES_DIFFICILE)
    assert out.splitlines()[0] == "# 1/1 <stdin>:1: 9x9 classic: 24 givens"


def test_python_dash_m_entry_point() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "sudoku_sat", "solve", "-", "--format", "line"],
        input=TRES_DIFFICILE,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0 and proc.stdout.strip() == TRES_DIFFICILE_SOLUTION


def test_unwritable_output_is_one_line(tmp_path: Path) -> None:
    target = str(tmp_path / "missing" / "f.cnf")
    code, _, err = run("encode", "-", "-o", target, stdin=TRES_DIFFICILE)
    assert code == 2 and err.strip() == f"sudoku-sat: error: {target}: cannot write: no such folder"


def test_absurd_dimacs_size_is_one_line(tmp_path: Path) -> None:
    huge = tmp_path / "huge.cnf"
    huge.write_text("p cnf 99999999999 0\n")
    code, _, err = run("propagate", str(huge))
    assert code == 2 and "32-bit range" in err and len(err.strip().splitlines()) == 1


def model_literals(solution: str, n: int = 3) -> str:
    size = n * n
    return " ".join(
        str(v if solution[(v - 1) // size] == str((v - 1) % size + 1) else -v)
        for v in range(1, n**6 + 1)
    )


def test_decode_refuses_a_model_that_breaks_the_rules() -> None:
    ones = " ".join(str(81 * i + 9 * j + 1) for i in range(9) for j in range(9))
    code, out, err = run("decode", "-", stdin=f"v {ones} 0\n")
    assert code == 2 and out == "" and "not a solution" in err and "both hold 1" in err
    assert len(err.strip().splitlines()) == 1


def test_decode_with_the_wrong_order_is_refused() -> None:
    answer = f"s SATISFIABLE\nv {model_literals(TRES_DIFFICILE_SOLUTION)} 0\n"
    code, out, err = run("decode", "-", "--order", "2", stdin=answer)
    assert code == 2 and out == "" and "not a solution" in err


def test_decode_checks_the_clues_of_puzzle(tmp_path: Path, hard_file: Path) -> None:
    answer = f"s SATISFIABLE\nv {model_literals(TRES_DIFFICILE_SOLUTION)} 0\n"
    code, out, _ = run("decode", "-", "--puzzle", str(hard_file), "--format", "line", stdin=answer)
    assert code == 0 and out.strip() == TRES_DIFFICILE_SOLUTION
    other = tmp_path / "other.txt"
    other.write_text("1" + "0" * 80 + "\n")
    code, out, err = run("decode", "-", "--puzzle", str(other), stdin=answer)
    assert code == 2 and out == "" and "clue is 1" in err


@pytest.mark.parametrize(
    "args",
    [
        ["show", "-", "--bogus"],
        ["show", "-", "--format", "bogus"],
        ["bogus-command"],
        ["show", "-", "--order", "16"],
    ],
)
def test_usage_errors_are_one_line_exit_2(args: list[str]) -> None:
    code, out, err = run(*args, stdin=TRES_DIFFICILE)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("sudoku-sat: error: ")


def test_line_output_of_unsolved_puzzles_is_a_comment_that_reads_back(tmp_path: Path) -> None:
    many = tmp_path / "many.txt"
    many.write_text(f"{TRES_DIFFICILE}\n{UNSAT}\n")
    code, out, _ = run("solve", str(many), "--format", "line")
    assert code == 1 and out.splitlines()[1].startswith("# UNSAT")
    code, back, _ = run("show", "-", "--format", "line", stdin=out)
    assert code == 0 and back.splitlines() == [TRES_DIFFICILE_SOLUTION]


def test_drawn_output_reads_back(hard_file: Path) -> None:
    code, drawn, _ = run("solve", str(hard_file))
    code, back, _ = run("show", "-", "--format", "line", stdin=drawn)
    assert code == 0 and back.strip() == TRES_DIFFICILE_SOLUTION


def test_a_byte_order_mark_is_tolerated_by_every_reader(tmp_path: Path) -> None:
    grid = tmp_path / "bom.txt"
    grid.write_bytes(b"\xef\xbb\xbf" + TRES_DIFFICILE.encode() + b"\n")
    assert run("show", str(grid), "--format", "line")[1].strip() == TRES_DIFFICILE.replace("0", ".")
    cnf = tmp_path / "bom.cnf"
    cnf.write_bytes(b"\xef\xbb\xbfp cnf 2 1\n1 -2 0\n")
    assert run("propagate", str(cnf))[0] == 0
    answer = tmp_path / "bom.ans"
    answer.write_bytes(
        b"\xef\xbb\xbfs SATISFIABLE\nv "
        + model_literals(TRES_DIFFICILE_SOLUTION).encode()
        + b" 0\n"
    )
    assert run("decode", str(answer), "--format", "line")[1].strip() == TRES_DIFFICILE_SOLUTION


def test_out_dir_naming_a_file_is_one_line_exit_2(tmp_path: Path, hard_file: Path) -> None:
    (tmp_path / "afile").write_text("")
    code, _, err = run("encode", str(hard_file), "--out-dir", str(tmp_path / "afile"))
    assert code == 2 and "not a folder" in err and len(err.strip().splitlines()) == 1
    code, _, err = run("encode", str(hard_file), "--out-dir", "/proc/no/such")
    assert code == 2 and "cannot create the folder" in err


@pytest.mark.parametrize("timeout", ["1e10", "inf"])
def test_huge_timeouts_mean_no_limit(hard_file: Path, timeout: str) -> None:
    code, out, err = run("solve", str(hard_file), "--timeout", timeout, "--format", "line")
    assert code == 0 and out.strip() == TRES_DIFFICILE_SOLUTION, err
    need_binary("minisat")
    code, out, err = run("solve", str(hard_file), "--method", "bin:minisat", "--timeout", timeout)
    assert code == 0 and "SOLVED" in out, err


def cli(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    """The CLI in a child process (real file descriptors)."""
    return subprocess.run(
        [sys.executable, "-m", "sudoku_sat", *args], text=True, capture_output=True, **kwargs
    )  # type: ignore[call-overload]


@pytest.mark.skipif(not Path("/dev/full").is_char_device(), reason="no /dev/full")
def test_stdout_on_a_full_disk_is_one_line_exit_3(hard_file: Path) -> None:
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "sudoku_sat", "show", str(hard_file)],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert proc.returncode == 3 and proc.stderr.count("\n") == 1
    assert "No space left on device" in proc.stderr


def test_closed_stdout_is_one_line_exit_3(hard_file: Path) -> None:
    proc = subprocess.run(
        f'"{sys.executable}" -m sudoku_sat show "{hard_file}" >&-',
        shell=True,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.returncode == 3 and "stdout is closed" in proc.stderr
    assert proc.stderr.count("\n") == 1


def test_utf8_errors_under_a_strict_stdin_are_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"}
    proc = subprocess.run(
        [sys.executable, "-m", "sudoku_sat", "show", "-"],
        input=b"ab\xff\n",
        capture_output=True,
        env=env,
    )
    assert (
        proc.returncode == 2
        and proc.stderr == b"sudoku-sat: error: <stdin>: not UTF-8 text (byte 2)\n"
    )


def fake_solver(tmp_path: Path, body: str) -> str:
    """A solver binary on disk: a shell script with body; its path."""
    script = tmp_path / "fakesat"
    script.write_text("#!/bin/sh\n" + body)
    script.chmod(0o755)
    return str(script)


def test_one_crash_keeps_the_other_results(tmp_path: Path) -> None:
    # crashes (SIGABRT) on the puzzle whose formula has 12,498 clauses, the first one's
    solver = fake_solver(
        tmp_path,
        'if grep -q "^p cnf 729 12498$" "$1"; then kill -ABRT $$; fi\n'
        'echo "s UNSATISFIABLE"; exit 20\n',
    )
    many = tmp_path / "many.txt"
    many.write_text(f"{TRES_DIFFICILE}\n{UNSAT}\n")
    code, out, err = run("solve", str(many), "--method", f"bin:{solver}", "--json")
    records = json.loads(out)
    assert [r["status"] for r in records] == ["crashed", "unsat"]
    assert code == 3 and "1 of 2 puzzle(s) crashed" in err and "many.txt:1" in err
    assert len(err.strip().splitlines()) == 1


def test_pysat_solvers_that_misbehave_are_refused_up_front(hard_file: Path) -> None:
    for args in (
        ["solve", str(hard_file), "--method", "pysat:ks"],
        ["count", str(hard_file), "--method", "pysat:kissat"],
        ["compare", str(hard_file), "--methods", "pysat:m22,pysat:ks"],
        ["solve", str(hard_file), "--method", "pysat:cms"],
        ["solve", str(hard_file), "--method", "pysat:cd19", "--timeout", "5"],
    ):
        code, out, err = run(*args)
        assert code == 3 and out == "", args
        assert len(err.strip().splitlines()) == 1 and "use one of: " in err and "m22" in err


def test_anneal_plot_format_is_checked_before_the_run(tmp_path: Path, hard_file: Path) -> None:
    pytest.importorskip("matplotlib")
    code, out, err = run("anneal", str(hard_file), "--plot", str(tmp_path / "p.txt"), "--seed", "1")
    assert code == 2 and out == "" and "p.txt" in err and len(err.strip().splitlines()) == 1


def test_propagate_sizes_by_the_variables_used(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_sat.engines import propagation

    seen: list[int] = []
    build = propagation.build_propagator

    def spy(nvars: int, *args: object, **kwargs: object) -> object:
        seen.append(nvars)
        return build(nvars, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(propagation, "build_propagator", spy)
    code, out, _ = run("propagate", "-", stdin="p cnf 10000000 2\n10000000 0\n-10000000 5 0\n")
    assert code == 0 and seen == [2] and "v 5 10000000 0" in out


def test_version_names_the_distribution_version() -> None:
    from sudoku_sat import __version__

    code, out, err = run("--version")
    assert code == 0 and out.strip() == f"sudoku-sat {__version__}" and err == ""
