"""Reading text with clear errors; atomic writes that leave nothing half-written."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_sat.errors import InputError
from sudoku_sat.files import atomic_path, atomic_write, check_writable, read_text


def test_atomic_write_replaces_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    atomic_write(target, lambda fp: fp.write("new é\n"))
    assert target.read_text(encoding="utf-8") == "new é\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_failed_write_leaves_the_old_file_and_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")

    def broken(fp: object) -> None:
        fp.write("half")  # type: ignore[attr-defined]
        raise RuntimeError("writer died")

    with pytest.raises(RuntimeError):
        atomic_write(target, broken)
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_missing_folder(tmp_path: Path) -> None:
    target = tmp_path / "nope" / "f.png"
    with pytest.raises(InputError, match="cannot write: no such folder"):
        check_writable(target)
    with pytest.raises(InputError, match="cannot write"), atomic_path(target):
        pass
    check_writable(tmp_path / "fine.txt")
    check_writable(None)


def test_read_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        read_text(tmp_path / "absent.txt")
    with pytest.raises(InputError, match="is a directory"):
        read_text(tmp_path)
    (tmp_path / "latin1.txt").write_bytes(b"caf\xe9")
    with pytest.raises(InputError, match="not UTF-8"):
        read_text(tmp_path / "latin1.txt")


def test_a_directory_is_not_a_file_to_write(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a directory"):
        check_writable(tmp_path)
