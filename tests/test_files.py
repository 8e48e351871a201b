"""Reading text with clear errors; atomic writes that leave nothing half-written."""

from __future__ import annotations

import io
import os
import stat
from pathlib import Path

import pytest

from sudoku_sat.errors import InputError
from sudoku_sat.files import (
    OutputError,
    atomic_path,
    atomic_write,
    check_folder,
    check_writable,
    read_text,
)


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


def test_stdin_and_files_give_the_same_utf8_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "bad.txt").write_bytes(b"ab\xffc\n")
    with pytest.raises(InputError, match=r"bad.txt: not UTF-8 text \(byte 2\)"):
        read_text(tmp_path / "bad.txt")
    stdin = io.TextIOWrapper(io.BytesIO(b"ab\xffc\n"), encoding="utf-8", errors="strict")
    monkeypatch.setattr("sys.stdin", stdin)
    with pytest.raises(InputError, match=r"<stdin>: not UTF-8 text \(byte 2\)"):
        read_text("-")


def test_a_byte_order_mark_is_dropped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "bom.txt").write_bytes(b"\xef\xbb\xbfabc\n")
    assert read_text(tmp_path / "bom.txt")[0] == "abc\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbfabc\n")))
    assert read_text("-") == ("abc\n", "<stdin>")


def test_new_files_follow_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        atomic_write(tmp_path / "new.txt", lambda fp: fp.write("x"))
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    target.chmod(0o604)
    atomic_write(target, lambda fp: fp.write("new"))
    assert stat.S_IMODE(target.stat().st_mode) == 0o604 and target.read_text() == "new"


def test_writing_through_a_symlink_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real.name)
    atomic_write(link, lambda fp: fp.write("new"))
    assert link.is_symlink() and real.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "real.txt"]


def test_a_device_is_written_in_place_not_replaced() -> None:
    atomic_write("/dev/null", lambda fp: fp.write("x"))
    assert Path("/dev/null").is_char_device()


@pytest.mark.skipif(not Path("/dev/full").is_char_device(), reason="no /dev/full")
def test_a_full_disk_is_an_output_error_exit_3() -> None:
    with pytest.raises(OutputError, match="No space left") as caught:
        atomic_write("/dev/full", lambda fp: fp.write("x" * 100_000))
    assert caught.value.exit_code == 3
    assert Path("/dev/full").is_char_device()


def test_output_folders(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(InputError, match="not a folder"):
        check_folder(tmp_path / "file")
    with pytest.raises(InputError, match="cannot create the folder"):
        check_folder(tmp_path / "file" / "sub")
    assert check_folder(tmp_path / "a" / "b").is_dir()
